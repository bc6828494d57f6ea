package export

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/failure"
)

var tokyo = time.FixedZone("JST", 9*3600)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, tokyo) }

func TestNormalizeKeepsOnlyWhatTheTypeUses(t *testing.T) {
	id := int64(3)
	r := Request{HistoryType: Operation, FileType: "", IncludePhoto: true, IncludeMailAddress: true, OnlyLatest: true,
		GroupID: &id, FacilityTagID: &id, CheckListID: &id, SurveyID: &id, Encoding: ShiftJIS}.Normalize()
	if r.FileType != XLSX || r.Encoding != "" || r.IncludePhoto || r.IncludeMailAddress || r.OnlyLatest ||
		r.GroupID != nil || r.FacilityTagID != nil || r.CheckListID != nil || r.SurveyID != nil {
		t.Errorf("an operation export keeps %+v", r)
	}
	r = Request{HistoryType: CheckResult, FileType: CSV, IncludeMailAddress: true, SurveyID: &id, CheckListID: &id}.Normalize()
	if r.Encoding != UTF8 || r.IncludeMailAddress || r.SurveyID != nil || r.CheckListID == nil {
		t.Errorf("a check result CSV keeps %+v", r)
	}
}

func TestValidateNamesEachField(t *testing.T) {
	id := int64(1)
	ok := Request{HistoryType: CheckResult, From: day(2026, 11, 1), To: day(2026, 11, 30), FileType: XLSX}
	if err := ok.Validate(); err != nil {
		t.Fatalf("a good request: %v", err)
	}
	cases := []struct {
		name  string
		r     Request
		field string
		msg   string
	}{
		{"no type", Request{From: ok.From, To: ok.To, FileType: XLSX}, "historyType", MsgHistoryType},
		{"no start", Request{HistoryType: CheckResult, To: ok.To, FileType: XLSX}, "historyDateFrom", MsgPeriod},
		{"no end", Request{HistoryType: CheckResult, From: ok.From, FileType: XLSX}, "historyDateTo", MsgPeriod},
		{"reversed", Request{HistoryType: CheckResult, From: ok.To, To: ok.From, FileType: XLSX}, "historyDateFrom", MsgPeriodOrder},
		{"a year and a day", Request{HistoryType: CheckResult, From: day(2025, 11, 29), To: day(2026, 11, 30), FileType: XLSX}, "historyDateFrom", MsgPeriodTooLong},
		{"bad format", Request{HistoryType: CheckResult, From: ok.From, To: ok.To, FileType: "PDF"}, "historyFileType", MsgFileType},
		{"bad encoding", Request{HistoryType: CheckResult, From: ok.From, To: ok.To, FileType: CSV, Encoding: "EUC"}, "encoding", MsgEncoding},
		{"survey missing", Request{HistoryType: SurveyAnswer, From: ok.From, To: ok.To, FileType: XLSX}, "surveyId", MsgSurvey},
	}
	for _, c := range cases {
		err := c.r.Validate()
		fe, isFailure := failure.As(err)
		if !isFailure || fe.Fields[c.field] != c.msg {
			t.Errorf("%s: %v, want %s: %s", c.name, err, c.field, c.msg)
		}
	}
	year := Request{HistoryType: SurveyAnswer, From: day(2025, 12, 1), To: day(2026, 11, 30), FileType: XLSX, SurveyID: &id}
	if err := year.Validate(); err != nil {
		t.Errorf("exactly a year is allowed: %v", err)
	}
}

func TestFileNamesSayWhatWhichPeriodAndWhen(t *testing.T) {
	r := Request{HistoryType: CheckResult, From: day(2026, 11, 1), To: day(2026, 11, 30), FileType: XLSX}
	asked := time.Date(2026, 11, 25, 6, 30, 12, 0, time.UTC)
	if got := r.FileName(asked, tokyo); got != "チェック結果_20261101-20261130_20261125-153012.xlsx" {
		t.Errorf("XLSX: %s", got)
	}
	r.FileType, r.HistoryType = CSV, Operation
	if got := r.FileName(asked, tokyo); got != "操作履歴_20261101-20261130_20261125-153012.csv" {
		t.Errorf("CSV: %s", got)
	}
	r.HistoryType, r.IncludePhoto = CheckResult, true
	if got := r.FileName(asked, tokyo); got != "チェック結果_20261101-20261130_20261125-153012.zip" || r.SheetExtension() != ".csv" {
		t.Errorf("with photos: %s (sheet %s)", got, r.SheetExtension())
	}
}

func TestGroupNamesSpellThePathTopFirst(t *testing.T) {
	names := map[int64]string{1: "本部", 4: "東日本エリア", 9: "関東ブロック"}
	if got := GroupNames("/1/4/9/", names); got != "本部 > 東日本エリア > 関東ブロック" {
		t.Errorf("got %q", got)
	}
	if got := GroupNames("", names); got != "" {
		t.Errorf("no path: %q", got)
	}
}
