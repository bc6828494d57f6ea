package validation

import "time"

// Messages of a period of dates (history exports and reports).
const (
	MsgPeriod        = "期間を入力してください。"
	MsgPeriodOrder   = "期間の開始日は終了日以前の日付を指定してください。"
	MsgPeriodTooLong = "期間は1年以内で指定してください。"
)

// CheckPeriod checks a period of dates, both ends included and at most
// maxDays long, and writes what is wrong under fromField or toField.
func CheckPeriod(from, to time.Time, maxDays int, fromField, toField string, fields map[string]string) {
	switch {
	case from.IsZero():
		fields[fromField] = MsgPeriod
	case to.IsZero():
		fields[toField] = MsgPeriod
	case from.After(to):
		fields[fromField] = MsgPeriodOrder
	case to.Sub(from) >= time.Duration(maxDays)*24*time.Hour:
		fields[fromField] = MsgPeriodTooLong
	}
}
