package survey

import (
	"fmt"
	"slices"
	"time"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/validation"
)

// Value is a customer's answer to one question as sent.
type Value struct {
	QuestionID int64
	Score      *int     // NPS (0–10) and RATING (1–5)
	Choices    []string // SINGLE_CHOICE (one) and MULTIPLE_CHOICE (one or more)
	Text       string   // FREE_TEXT, and the address of MAIL
	Consent    bool     // MAIL: the customer agrees to be written to
}

// StoredAnswer is what storing a Submission gave: its answer's id, and
// whether it was stored now (false: its idempotency key had stored it).
type StoredAnswer struct {
	ID      int64
	Created bool
}

// StoredSubmission is a submission as stored: what the improvement intake reads
// of a customer's answer.
type StoredSubmission struct {
	Submission
	Survey   Survey
	AnswerID int64
}

// Submission is one customer's answer to a survey at a store.
type Submission struct {
	SurveyID       int64
	FacilityID     int64
	IdempotencyKey string
	BrowserToken   string
	AnsweredAt     time.Time
	NPSScore       *int
	MailAddress    string // only with consent
	Values         []StoredValue
}

// StoredValue is an answer as kept: the question's type and text copied,
// so results read the same after the survey is edited.
type StoredValue struct {
	QuestionID   int64
	QuestionType string
	Choice       string // one row per chosen choice of a multiple choice
	Score        *int
	Text         string
}

// FieldOf names a question in field errors: "q" and its id.
func FieldOf(questionID int64) string { return fmt.Sprintf("q%d", questionID) }

// Check validates values against the survey's current questions and
// returns what is kept (values, the NPS score, the mail address when the
// customer consented). Field errors name the question (FieldOf).
func (s Survey) Check(values []Value) ([]StoredValue, *int, string, error) {
	byID := map[int64]Question{}
	pos := map[int64]string{}
	for _, q := range s.Questions() {
		byID[q.ID] = q
		pos[q.ID] = FieldOf(q.ID)
	}
	if len(values) > len(byID) {
		return nil, nil, "", failure.InvalidMessage("回答の数が質問の数を超えています。")
	}
	fields := map[string]string{}
	seen := map[int64]bool{}
	var out []StoredValue
	var nps *int
	mail := ""
	for _, val := range values {
		q, ok := byID[val.QuestionID]
		if !ok {
			return nil, nil, "", failure.InvalidMessage("アンケートにない質問への回答が含まれています。ページを再読み込みしてください。")
		}
		if seen[val.QuestionID] {
			return nil, nil, "", failure.InvalidMessage("同じ質問への回答が重複しています。")
		}
		seen[val.QuestionID] = true
		field := pos[q.ID]
		stored, msg := checkValue(q, val)
		if msg != "" {
			fields[field] = msg
			continue
		}
		if q.Type == QuestionNPS && len(stored) == 1 {
			nps = stored[0].Score
		}
		if q.Type == QuestionMail {
			if val.Consent && val.Text != "" {
				mail = val.Text
			}
			continue // the address lives on the answer, never in the values
		}
		out = append(out, stored...)
	}
	for _, q := range s.Questions() {
		if q.Required && !answered(q, values) && fields[pos[q.ID]] == "" {
			fields[pos[q.ID]] = "必須です"
		}
	}
	if len(fields) > 0 {
		return nil, nil, "", failure.Invalid(fields)
	}
	return out, nps, mail, nil
}

func answered(q Question, values []Value) bool {
	i := slices.IndexFunc(values, func(v Value) bool { return v.QuestionID == q.ID })
	if i < 0 {
		return false
	}
	v := values[i]
	switch q.Type {
	case QuestionNPS, QuestionRating:
		return v.Score != nil
	case QuestionSingle, QuestionMultiple:
		return len(v.Choices) > 0
	}
	return v.Text != ""
}

// checkValue checks one value; an empty answer to an optional question
// keeps nothing.
func checkValue(q Question, v Value) ([]StoredValue, string) {
	base := StoredValue{QuestionID: q.ID, QuestionType: q.Type}
	if q.Type != QuestionNPS && q.Type != QuestionRating && v.Score != nil {
		return nil, "この質問に点数は付けられません。"
	}
	if q.Type != QuestionSingle && q.Type != QuestionMultiple && len(v.Choices) > 0 {
		return nil, "この質問に選択肢は選べません。"
	}
	if q.Type != QuestionFreeText && q.Type != QuestionMail && v.Text != "" {
		return nil, "この質問に文章は入力できません。"
	}
	switch q.Type {
	case QuestionNPS, QuestionRating:
		if v.Score == nil {
			return nil, ""
		}
		lo, hi := 0, 10
		if q.Type == QuestionRating {
			lo, hi = 1, 5
		}
		if *v.Score < lo || *v.Score > hi {
			return nil, fmt.Sprintf("%dから%dの間で選んでください。", lo, hi)
		}
		s := *v.Score
		base.Score = &s
		return []StoredValue{base}, ""
	case QuestionSingle, QuestionMultiple:
		if len(v.Choices) == 0 {
			return nil, ""
		}
		if q.Type == QuestionSingle && len(v.Choices) > 1 {
			return nil, "選択肢は1つだけ選んでください。"
		}
		var out []StoredValue
		seen := map[string]bool{}
		for _, c := range v.Choices {
			if !slices.Contains(q.Choices, c) {
				return nil, "選択肢にない回答です。ページを再読み込みしてください。"
			}
			if seen[c] {
				return nil, "同じ選択肢が重複しています。"
			}
			seen[c] = true
			sv := base
			sv.Choice = c
			out = append(out, sv)
		}
		return out, ""
	case QuestionFreeText:
		if n := len([]rune(v.Text)); n > MaxFreeText {
			return nil, validation.MsgMaxLength("回答", MaxFreeText)
		}
		if v.Text == "" {
			return nil, ""
		}
		base.Text = v.Text
		return []StoredValue{base}, ""
	case QuestionMail:
		if len([]rune(v.Text)) > MaxMailAddress {
			return nil, validation.MsgMaxLength("メールアドレス", MaxMailAddress)
		}
		if err := validation.Email.Validate(v.Text); err != nil {
			return nil, err.Error()
		}
		if v.Text != "" && !v.Consent {
			return nil, "メールアドレスを送信するには同意が必要です。"
		}
		return nil, ""
	}
	return nil, "この質問には回答できません。"
}
