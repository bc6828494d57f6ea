package survey

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
)

func tokyo(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, clock.Tokyo)
}

func valid() Survey {
	s := Defaults(clock.Fixed(tokyo(2026, 11, 22, 10, 0)))
	s.Name, s.Title = "来店アンケート", "ご来店ありがとうございます"
	s.Categories = append(s.Categories, Category{Type: CategoryNormal, Name: "店舗について", Questions: []Question{
		{Type: QuestionRating, Text: "清潔さ", Required: true},
		{Type: QuestionMultiple, Text: "良かった点", Choices: []string{"接客", "味", "価格"}},
		{Type: QuestionFreeText, Text: "ご意見"},
	}})
	id := int64(1)
	for ci := range s.Categories {
		for qi := range s.Categories[ci].Questions {
			s.Categories[ci].Questions[qi].ID = id
			id++
		}
	}
	return s
}

func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	f, ok := failure.As(err)
	if !ok {
		t.Fatalf("not a failure: %v", err)
	}
	return f.Fields
}

func TestDefaults(t *testing.T) {
	// 23:30 UTC on Dec 31 is already Jan 1 in Tokyo: next month is February.
	s := Defaults(clock.Fixed(time.Date(2026, 12, 31, 15, 30, 0, 0, time.UTC)))
	if s.Period.From != tokyo(2027, 2, 1, 0, 0) || s.Period.To != nil {
		t.Errorf("from %v to %v", s.Period.From, s.Period.To)
	}
	if s.RewardType != RewardNone || s.AnswerLimit != LimitOnce || s.AnswerLimitRange != RangeFacility || !s.AvailableImprovement ||
		s.TermsOfService != DefaultTermsOfService {
		t.Errorf("defaults: %+v", s)
	}
	if len(s.Categories) != 3 || s.Categories[0].Type != CategoryNPS || s.Categories[1].Type != CategoryAttribute ||
		s.Categories[2].Type != CategoryMail || s.Categories[0].Questions[0].Type != QuestionNPS || len(s.Categories[1].Questions) != 3 {
		t.Errorf("categories: %+v", s.Categories)
	}
	if err := valid().Validate(); err != nil {
		t.Errorf("a valid survey: %v", err)
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*Survey)
		field string
		msg   string
	}{
		{"name required", func(s *Survey) { s.Name = "" }, "surveyName", "アンケート名は必須です"},
		{"name too long", func(s *Survey) { s.Name = strings.Repeat("あ", 101) }, "surveyName", "アンケート名は100文字以内です。"},
		{"title required", func(s *Survey) { s.Title = "" }, "surveyTitle", "タイトルは必須です"},
		{"description", func(s *Survey) { s.Description = strings.Repeat("a", 2001) }, "surveyDescription", "説明は2000文字以内です。"},
		{"from required", func(s *Survey) { s.Period.From = time.Time{} }, "fromDate", "開始日は必須です"},
		{"to before from", func(s *Survey) { to := s.Period.From.AddDate(0, 0, -1); s.Period.To = &to }, "toDate", "終了日は開始日以降の日付にしてください。"},
		{"limit", func(s *Survey) { s.AnswerLimit = "TWICE" }, "answerLimit", "回答制限が正しくありません。"},
		{"limit days", func(s *Survey) { s.AnswerLimit = LimitDays }, "answerLimitDays", "回答制限日数は1以上で入力してください。"},
		{"limit days max", func(s *Survey) { s.AnswerLimit, s.AnswerLimitDays = LimitDays, 366 }, "answerLimitDays", "回答制限日数は365以下で入力してください。"},
		{"range", func(s *Survey) { s.AnswerLimitRange = "WORLD" }, "answerLimitRange", "回答制限の範囲が正しくありません。"},
		{"reward link", func(s *Survey) { s.RewardType = RewardLink }, "rewardLinkName", "リンク名は必須です"},
		{"reward url", func(s *Survey) {
			s.RewardType, s.RewardLinkName, s.RewardURL = RewardLink, "クーポン", "javascript:alert(1)"
		}, "rewardUrl", "URLはhttp://またはhttps://で始まる形式で入力してください。"},
		{"reward image", func(s *Survey) { s.RewardType = RewardImage }, "rewardImageData", "特典画像は必須です"},
		{"icon type", func(s *Survey) { s.IconData, s.IconMediaType = "AAAA", "text/html" }, "iconMediaType", "画像はPNG、JPEG、GIF、WebPのいずれかにしてください。"},
		{"icon type alone", func(s *Survey) { s.IconMediaType = strings.Repeat("x", 60) }, "iconMediaType", "画像はPNG、JPEG、GIF、WebPのいずれかにしてください。"},
		{"icon not an image", func(s *Survey) {
			s.IconData, s.IconMediaType = base64.StdEncoding.EncodeToString([]byte("これは画像ではありません")), "image/png"
		}, "iconMediaType", "画像はPNG、JPEG、GIF、WebPのいずれかにしてください。"},
		{"icon not base64", func(s *Survey) { s.IconData, s.IconMediaType = "%%%%", "image/png" }, "iconMediaType", "画像はPNG、JPEG、GIF、WebPのいずれかにしてください。"},
		{"coupon not an image", func(s *Survey) {
			s.RewardType, s.RewardImageData, s.RewardImageMediaType = RewardImage, base64.StdEncoding.EncodeToString([]byte("<html></html>")), "image/jpeg"
		}, "rewardImageMediaType", "画像はPNG、JPEG、GIF、WebPのいずれかにしてください。"},
		{"icon size", func(s *Survey) { s.IconData, s.IconMediaType = strings.Repeat("A", MaxImageDataLength+1), "image/png" }, "iconData", "アイコン画像は500KB以内にしてください。"},
		{"time", func(s *Survey) { s.ImprovementReminderTime = "25:00" }, "improvementReminderNotificationTime", "時刻はHH:MMの形式で入力してください。"},
		{"no answer limit", func(s *Survey) { s.AnswerLimit = "" }, "answerLimit", "回答制限が正しくありません。"},
		{"no limit range", func(s *Survey) { s.AnswerLimitRange = "" }, "answerLimitRange", "回答制限の範囲が正しくありません。"},
		{"no reward type", func(s *Survey) { s.RewardType = "" }, "rewardType", "特典の種類が正しくありません。"},
		{"defaults first", func(s *Survey) { s.Categories = s.Categories[1:] }, "categoryList", "カテゴリはおすすめ度、お客様情報、メールアドレスの順で始めてください。"},
		{"empty category", func(s *Survey) { s.Categories[3].Questions = nil }, "categoryList", "カテゴリ4に質問を1つ以上追加してください。"},
		{"nps twice", func(s *Survey) {
			s.Categories[0].Questions = append(s.Categories[0].Questions, Question{Type: QuestionNPS, Text: "x"})
		}, "categoryList", "カテゴリ1にはおすすめ度の質問を1つだけ置いてください。"},
		{"nps in normal", func(s *Survey) { s.Categories[3].Questions[0].Type = QuestionNPS }, "categoryList", "カテゴリ4の質問1の種類が正しくありません。"},
		{"rating in attribute", func(s *Survey) { s.Categories[1].Questions[0] = Question{Type: QuestionRating, Text: "x"} }, "categoryList", "カテゴリ2の質問1は選択式にしてください。"},
		{"one choice", func(s *Survey) { s.Categories[3].Questions[1].Choices = []string{"接客"} }, "categoryList", "カテゴリ4の質問2の選択肢は2〜20個にしてください。"},
		{"same choice", func(s *Survey) { s.Categories[3].Questions[1].Choices = []string{"接客", "接客"} }, "categoryList", "カテゴリ4の質問2の選択肢は100文字以内の異なる名前にしてください。"},
		{"question text", func(s *Survey) { s.Categories[3].Questions[2].Text = "" }, "categoryList", "カテゴリ4の質問3の質問文は必須です"},
		{"choices on rating", func(s *Survey) { s.Categories[3].Questions[0].Choices = []string{"a", "b"} }, "categoryList", "カテゴリ4の質問1には選択肢を付けられません。"},
		{"extra default", func(s *Survey) { s.Categories[3].Type = CategoryMail }, "categoryList", "カテゴリ4の種類が正しくありません。"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := valid()
			c.edit(&s)
			if got := fields(t, s.Validate())[c.field]; got != c.msg {
				t.Errorf("%s: %q, want %q", c.field, got, c.msg)
			}
		})
	}
}

func TestPeriodInTokyo(t *testing.T) {
	to := tokyo(2026, 11, 30, 0, 0)
	p := Period{From: tokyo(2026, 11, 1, 0, 0), To: &to}
	for _, c := range []struct {
		now  time.Time
		want string
	}{
		{time.Date(2026, 10, 31, 14, 59, 0, 0, time.UTC), NotYetOpen}, // 23:59 Oct 31 in Tokyo
		{time.Date(2026, 10, 31, 15, 0, 0, 0, time.UTC), Open},        // 00:00 Nov 1 in Tokyo
		{time.Date(2026, 11, 30, 14, 59, 0, 0, time.UTC), Open},       // 23:59 Nov 30 in Tokyo
		{time.Date(2026, 11, 30, 15, 0, 0, 0, time.UTC), Closed},      // 00:00 Dec 1 in Tokyo
	} {
		if got := p.StageOn(clock.Today(clock.Fixed(c.now))); got != c.want {
			t.Errorf("%v: %s, want %s", c.now, got, c.want)
		}
	}
	open := Period{From: tokyo(2026, 11, 1, 0, 0)}
	if open.StageOn(tokyo(2099, 1, 1, 0, 0)) != Open {
		t.Error("no end date never closes")
	}
	if StageError(Open) != nil || StageError(Closed).Error() != MsgClosed || StageError(NotYetOpen).Error() != MsgNotYetOpen {
		t.Error("stage errors")
	}
}

func TestNPS(t *testing.T) {
	var tally Tally
	for _, s := range []int{10, 9, 9, 8, 7, 6, 0, 3, 10, 5} {
		tally.Add(s)
	}
	if tally.Promoters != 4 || tally.Passives != 2 || tally.Detractors != 4 {
		t.Fatalf("tally %+v", tally)
	}
	if n, ok := tally.NPS(); !ok || n != 0 {
		t.Errorf("NPS %v %v", n, ok)
	}
	if n, _ := (Tally{Promoters: 2, Passives: 1}).NPS(); n != 66.7 {
		t.Errorf("2 of 3 promoters: %v", n)
	}
	if n, _ := (Tally{Detractors: 3}).NPS(); n != -100 {
		t.Errorf("all detractors: %v", n)
	}
	if _, ok := (Tally{}).NPS(); ok {
		t.Error("no answers has no NPS")
	}
	for score, want := range map[int]string{0: Detractor, 6: Detractor, 7: Passive, 8: Passive, 9: Promoter, 10: Promoter} {
		if Classify(score) != want {
			t.Errorf("%d: %s", score, Classify(score))
		}
	}
}

func TestAnswerLimit(t *testing.T) {
	s := valid()
	last := time.Date(2026, 11, 22, 14, 50, 0, 0, time.UTC) // 23:50 Tokyo
	if !s.Allows(nil, last) {
		t.Error("a first answer is allowed")
	}
	if s.Allows(&last, last.AddDate(1, 0, 0)) {
		t.Error("ONCE allows a second answer")
	}
	s.AnswerLimit, s.AnswerLimitDays = LimitDays, 1
	if s.Allows(&last, last.Add(9*time.Minute)) {
		t.Error("1 day: the same Tokyo day is refused")
	}
	if !s.Allows(&last, last.Add(11*time.Minute)) {
		t.Error("1 day: after Tokyo midnight is allowed")
	}
	s.AnswerLimitDays = 7
	if s.Allows(&last, last.AddDate(0, 0, 6)) || !s.Allows(&last, last.AddDate(0, 0, 7)) {
		t.Error("7 days")
	}
	s.AnswerLimit = LimitUnlimited
	if !s.Allows(&last, last) {
		t.Error("unlimited")
	}
	if !s.LimitPerFacility() {
		t.Error("FACILITY counts per store")
	}
	s.AnswerLimitRange = RangeSurvey
	if s.LimitPerFacility() {
		t.Error("SURVEY counts across stores")
	}
}

func ip(n int) *int { return &n }

func TestCheckAnswers(t *testing.T) {
	s := valid() // 1 NPS, 2-4 attributes, 5 mail, 6 rating (required), 7 multiple, 8 free text
	vals, nps, mail, err := s.Check([]Value{
		{QuestionID: 1, Score: ip(9)}, {QuestionID: 2, Choices: []string{"30代"}},
		{QuestionID: 5, Text: "taro@example.com", Consent: true}, {QuestionID: 6, Score: ip(4)},
		{QuestionID: 7, Choices: []string{"接客", "味"}}, {QuestionID: 8, Text: "また来ます"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if *nps != 9 || mail != "taro@example.com" || len(vals) != 6 { // NPS, age, rating, 2 choices, text
		t.Errorf("nps %v mail %q values %+v", *nps, mail, vals)
	}
	for _, v := range vals {
		if v.QuestionType == QuestionMail || v.Text == "taro@example.com" {
			t.Error("the address is kept among the values")
		}
	}
	cases := []struct {
		name   string
		values []Value
		field  string
		msg    string
	}{
		{"required", []Value{{QuestionID: 1, Score: ip(9)}}, "q6", "必須です"},
		{"required nps", []Value{{QuestionID: 6, Score: ip(3)}}, "q1", "必須です"},
		{"nps range", []Value{{QuestionID: 1, Score: ip(11)}, {QuestionID: 6, Score: ip(3)}}, "q1", "0から10の間で選んでください。"},
		{"rating range", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(0)}}, "q6", "1から5の間で選んでください。"},
		{"unknown choice", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 2, Choices: []string{"100代"}}}, "q2", "選択肢にない回答です。ページを再読み込みしてください。"},
		{"two on single", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 2, Choices: []string{"10代", "20代"}}}, "q2", "選択肢は1つだけ選んでください。"},
		{"repeated choice", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 7, Choices: []string{"味", "味"}}}, "q7", "同じ選択肢が重複しています。"},
		{"long text", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 8, Text: strings.Repeat("あ", 1001)}}, "q8", "回答は1000文字以内です。"},
		{"bad mail", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 5, Text: "taro", Consent: true}}, "q5", "メールアドレスの形式で入力してください。"},
		{"mail without consent", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 5, Text: "taro@example.com"}}, "q5", "メールアドレスを送信するには同意が必要です。"},
		{"score on text", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 8, Score: ip(2)}}, "q8", "この質問に点数は付けられません。"},
		{"text on choice", []Value{{QuestionID: 1, Score: ip(1)}, {QuestionID: 6, Score: ip(2)}, {QuestionID: 2, Text: "x"}}, "q2", "この質問に文章は入力できません。"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, _, err := s.Check(c.values)
			if got := fields(t, err)[c.field]; got != c.msg {
				t.Errorf("%s: %q, want %q (%v)", c.field, got, c.msg, err)
			}
		})
	}
	for name, values := range map[string][]Value{
		"unknown question": {{QuestionID: 99, Score: ip(1)}},
		"repeated":         {{QuestionID: 1, Score: ip(1)}, {QuestionID: 1, Score: ip(2)}},
		"too many":         make([]Value, 20),
	} {
		if _, _, _, err := s.Check(values); !failure.Is(err, failure.KindInvalid) || err.Error() == failure.MsgInvalid {
			t.Errorf("%s: %v", name, err)
		}
	}
	// An optional address left empty is fine, consent or not.
	if _, _, mail, err := s.Check([]Value{{QuestionID: 1, Score: ip(0)}, {QuestionID: 6, Score: ip(1)}, {QuestionID: 5}}); err != nil || mail != "" {
		t.Errorf("empty address: %q %v", mail, err)
	}
}

func TestKeys(t *testing.T) {
	a, b := NewKey(), NewKey()
	if a == b || len(a) != 32 || !ValidToken(a) || strings.ContainsAny(a, "+/=") {
		t.Errorf("keys %q %q", a, b)
	}
	if ValidToken("short") || ValidToken(strings.Repeat("a", 65)) || ValidToken("abc def ghi jkl mno") {
		t.Error("token shape")
	}
	if AnswerPath(a) != "/home/a/"+a {
		t.Error("path")
	}
}

func TestTrendAndDistribution(t *testing.T) {
	d := func(m time.Month, day int) time.Time { return time.Date(2026, m, day, 0, 0, 0, 0, clock.Tokyo) }
	counts := []ScoreCount{
		{d(11, 2), 10, 2}, // Monday
		{d(11, 8), 3, 1},  // Sunday, same week
		{d(11, 9), 9, 1},  // next Monday
		{d(10, 31), 7, 4}, // Saturday in October
	}
	weeks := Trend(counts, ByWeek)
	if len(weeks) != 3 || weeks[0].Start.Format("2006-01-02") != "2026-10-26" || weeks[1].Start.Format("2006-01-02") != "2026-11-02" ||
		weeks[1].Tally != (Tally{Promoters: 2, Detractors: 1}) || weeks[2].Tally.Promoters != 1 {
		t.Errorf("weeks %+v", weeks)
	}
	months := Trend(counts, ByMonth)
	if len(months) != 2 || months[0].Tally.Passives != 4 || months[1].Tally.Total() != 4 {
		t.Errorf("months %+v", months)
	}
	dist := Distribution(counts)
	if dist[10] != 2 || dist[3] != 1 || dist[7] != 4 || dist[0] != 0 {
		t.Errorf("distribution %v", dist)
	}
	ranks := []Rank{{ID: 1, Tally: Tally{Detractors: 1}, Answers: 1}, {ID: 2}, {ID: 3, Tally: Tally{Promoters: 1}, Answers: 1}}
	RankByNPS(ranks)
	if ranks[0].ID != 3 || ranks[1].ID != 1 || ranks[2].ID != 2 {
		t.Errorf("ranking %+v", ranks)
	}
}

func TestStageMessagesAndRefusals(t *testing.T) {
	for stage, want := range map[string]string{NotYetOpen: MsgNotYetOpen, Closed: MsgClosed, Answered: MsgLimitReached, Open: ""} {
		if got := StageMessage(stage); got != want {
			t.Errorf("%s: %q, want %q", stage, got, want)
		}
	}
	if StageError(Open) != nil || StageError(Answered) != nil {
		t.Error("an open survey is refused")
	}
	if e, ok := failure.As(StageError(Closed)); !ok || e.Kind != failure.KindRefused || e.Message != MsgClosed {
		t.Errorf("closed: %v", e)
	}
}

func TestImageKindReadsTheBytes(t *testing.T) {
	for name, c := range map[string]struct{ bytes, want string }{
		"png":             {"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image/png"},
		"jpeg":            {"\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"},
		"gif":             {"GIF89a\x01\x00\x01\x00", "image/gif"},
		"webp":            {"RIFF\x24\x00\x00\x00WEBPVP8 ", "image/webp"},
		"text named .png": {"hello, world", ""},
		"svg":             {"<svg xmlns=", ""},
	} {
		if got := imageKind(base64.StdEncoding.EncodeToString([]byte(c.bytes))); got != c.want {
			t.Errorf("%s: %q, want %q", name, got, c.want)
		}
	}
}
