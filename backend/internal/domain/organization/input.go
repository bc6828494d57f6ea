package organization

import (
	"errors"
	"fmt"
	"time"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/report"
	"github.com/rouder/console/internal/domain/validation"
)

// Check-in types and billing types offered by the organization form.
var (
	CheckinTypes = []string{CheckinNoTerminal, "TERMINAL"}
	BillingTypes = []string{"NONE", "MONTHLY", "YEARLY"}
)

// Validate applies docs/product/validation.md to an organization as edited.
func (o Organization) Validate() error {
	return validation.Check(v.ValidateStruct(&o,
		v.Field(&o.Name, validation.Required("組織名"), validation.MaxLength("組織名", 50)),
		v.Field(&o.JKCode, validation.MaxLength("JKコード", 16), validation.ASCII),
		v.Field(&o.PersonInCharge, validation.MaxLength("営業担当", 20)),
		v.Field(&o.ExternalDataIDLabel, validation.Required("主キー名"), validation.MaxLength("主キー名", 20)),
		v.Field(&o.ExternalDataValueLabel, validation.Required("外部データ名"), validation.MaxLength("外部データ名", 20)),
		v.Field(&o.AllowIPAddresses, v.When(o.IPAddressRestriction, validation.Required("許可IPアドレス"), v.By(someEntry)), v.By(allowList)),
		v.Field(&o.CheckinType, validation.OneOf("チェックイン方式が正しくありません。", CheckinTypes...)),
		v.Field(&o.BillingType, validation.OneOf("課金方式が正しくありません。", BillingTypes...)),
		v.Field(&o.ImprovementDueDays, v.By(dueDays)),
		v.Field(&o.ReportRanks, v.By(func(value any) error { _, err := report.ParseRanks(value.(string)); return err })),
		v.Field(&o.StorageSize, nonNegative("ストレージ容量")),
		v.Field(&o.MaxStorageUsage, nonNegative("ストレージ上限")),
		v.Field(&o.ServiceEndDate, v.By(notBefore(o.ServiceStartDate, "サービス終了日はサービス開始日以降の日付にしてください。"))),
	))
}

// Limits of the improvement due days (docs/product/improvement.md#due-dates).
const (
	DefaultImprovementDueDays = 7
	MinImprovementDueDays     = 1
	MaxImprovementDueDays     = 365
)

func dueDays(value any) error {
	n, _ := value.(int)
	switch {
	case n < MinImprovementDueDays:
		return errors.New(validation.MsgMinValue("改善報告の期限日数", MinImprovementDueDays))
	case n > MaxImprovementDueDays:
		return errors.New(validation.MsgMaxValue("改善報告の期限日数", MaxImprovementDueDays))
	}
	return nil
}

// MsgShutsYouOut refuses an allow-list that leaves out the address of the
// user saving it (%s), who is bound by it.
const MsgShutsYouOut = "この設定では、いま接続しているIPアドレス（%s）から操作できなくなります。許可IPアドレスに含めてください。"

// MaxAllowEntries bounds the allow-list: a fixed address per store of a
// large chain fits, and every request of the organization reads the list.
const MaxAllowEntries = 5000

// allowList refuses more than MaxAllowEntries entries, and entries that
// are neither an address nor a CIDR.
func allowList(value any) error {
	s, _ := value.(string)
	n := countEntries(s)
	if n > MaxAllowEntries {
		return fmt.Errorf("許可IPアドレスは%d件以内で入力してください。", MaxAllowEntries)
	}
	if len(ParseAllowList(s)) != n {
		return errors.New("IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。")
	}
	return nil
}

// someEntry refuses a restriction whose list holds only separators (",,,"
// passes Required, and would shut every user out).
func someEntry(value any) error {
	if s, _ := value.(string); countEntries(s) == 0 {
		return errors.New(validation.MsgRequired("許可IPアドレス"))
	}
	return nil
}

func countEntries(s string) int {
	n := 0
	for _, f := range splitAllowList(s) {
		if f != "" {
			n++
		}
	}
	return n
}

func notBefore(start *time.Time, msg string) v.RuleFunc {
	return func(value any) error {
		end, _ := value.(*time.Time)
		if start != nil && end != nil && end.Before(*start) {
			return errors.New(msg)
		}
		return nil
	}
}

// AdminEditable copies onto o what an organization's own administrator may
// change (labels, address restriction, photo library, improvement due days,
// report rank bands); every other field
// keeps its current value. Contract terms and capabilities are the system
// administrator's.
func (o Organization) AdminEditable(edited Organization) Organization {
	o.ExternalDataIDLabel = edited.ExternalDataIDLabel
	o.ExternalDataValueLabel = edited.ExternalDataValueLabel
	o.IPAddressRestriction = edited.IPAddressRestriction
	o.AllowIPAddresses = edited.AllowIPAddresses
	o.AllowPhotoLibrary = edited.AllowPhotoLibrary
	o.ImprovementDueDays = edited.ImprovementDueDays
	o.ReportRanks = edited.ReportRanks
	return o
}

// ServiceEnded reports whether the organization's service has ended by today.
func (o Organization) ServiceEnded(today time.Time) bool {
	return o.ServiceEndDate != nil && o.ServiceEndDate.Before(today)
}

func nonNegative(label string) v.Rule {
	return v.By(func(value any) error {
		if n, _ := value.(int64); n < 0 {
			return errors.New(validation.MsgMinValue(label, 0))
		}
		return nil
	})
}
