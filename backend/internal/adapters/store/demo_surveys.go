package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/improvement"
	"github.com/rouder/console/internal/domain/survey"
)

// DemoSurveyAnswers is how many answers the demo survey gets.
const DemoSurveyAnswers = 360

var demoComments = []string{
	"スタッフの方の笑顔がとても良かったです。", "料理が出てくるまで少し時間がかかりました。", "店内が清潔で気持ちよく過ごせました。",
	"また家族で来ます。", "席の間隔がもう少し広いとうれしいです。", "季節限定メニューがおいしかったです。",
	"レジが混んでいて待ちました。", "トイレがきれいでした。", "駐車場が分かりにくかったです。", "子ども連れでも安心でした。",
}

// demoSurvey is デモ株式会社's survey: opened on the first day of the month
// three months ago, no end, every store.
func demoSurvey(today time.Time, facilityIDs []int64) survey.Survey {
	s := survey.Defaults(clock.Fixed(today))
	s.Name, s.Title = "来店アンケート", "ご来店ありがとうございます"
	s.Description = "サービス向上のため、アンケートへのご協力をお願いいたします。所要時間は1分ほどです。"
	s.Period = survey.Period{From: time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, clock.Tokyo).AddDate(0, -3, 0)}
	s.RewardType, s.RewardLinkName, s.RewardURL = survey.RewardLink, "次回使える10%割引クーポン", "https://rouder.example/coupon"
	s.TargetFacilityIDs = facilityIDs
	s.Categories = append(s.Categories, survey.Category{Type: survey.CategoryNormal, Name: "店舗について", Questions: []survey.Question{
		{Type: survey.QuestionRating, Text: "店内の清潔さはいかがでしたか？", Required: true},
		{Type: survey.QuestionRating, Text: "スタッフの接客はいかがでしたか？", Required: true},
		{Type: survey.QuestionMultiple, Text: "良かった点をお選びください（複数可）", Choices: []string{"接客", "料理の味", "価格", "店内の雰囲気", "提供の速さ"}},
		{Type: survey.QuestionFreeText, Text: "ご意見・ご感想をお聞かせください"},
	}})
	return s
}

// surveys seeds the demo survey and a few hundred answers over the last
// three months, deterministically (a fixed random source; each store has
// its own lean, so the ranking has a top and a bottom).
func (s *seeder) surveys(ctx context.Context, orgID int64) error {
	today := survey.TokyoDate(s.now)
	facilityIDs, err := s.facilityIDs(ctx, access.TrustedTenant(orgID))
	if err != nil {
		return err
	}
	repo := NewSurveys(s.db)
	id, err := repo.Create(ctx, access.TrustedTenant(orgID), demoSurvey(today, facilityIDs), s.now)
	if err != nil {
		return fmt.Errorf("demo survey: %w", err)
	}
	sv, err := repo.Get(ctx, access.TrustedTenant(orgID), id)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(2026, 6))
	days := int(today.Sub(sv.Period.From).Hours()/24) + 1
	for i := 0; i < DemoSurveyAnswers; i++ {
		fi := rng.IntN(len(facilityIDs))
		lean := fi%4 - 1 // -1 … 2: some stores please more than others
		day := sv.Period.From.AddDate(0, 0, rng.IntN(days))
		at := day.Add(time.Duration(10*60+rng.IntN(11*60)) * time.Minute)
		if at.After(s.now) {
			at = s.now.Add(-time.Duration(rng.IntN(60)+1) * time.Minute)
		}
		var values []survey.Value
		score := min(10, max(0, 6+lean+rng.IntN(6)-rng.IntN(3)))
		for _, c := range sv.Categories {
			for _, q := range c.Questions {
				switch q.Type {
				case survey.QuestionNPS:
					values = append(values, survey.Value{QuestionID: q.ID, Score: &score})
				case survey.QuestionSingle:
					if rng.IntN(5) > 0 {
						values = append(values, survey.Value{QuestionID: q.ID, Choices: []string{q.Choices[rng.IntN(len(q.Choices))]}})
					}
				case survey.QuestionMultiple:
					var picked []string
					for _, ch := range q.Choices {
						if rng.IntN(3) == 0 {
							picked = append(picked, ch)
						}
					}
					values = append(values, survey.Value{QuestionID: q.ID, Choices: picked})
				case survey.QuestionRating:
					r := min(5, max(1, 3+lean/2+rng.IntN(3)-rng.IntN(2)))
					values = append(values, survey.Value{QuestionID: q.ID, Score: &r})
				case survey.QuestionFreeText:
					if rng.IntN(3) == 0 {
						values = append(values, survey.Value{QuestionID: q.ID, Text: demoComments[rng.IntN(len(demoComments))]})
					}
				case survey.QuestionMail:
					if rng.IntN(8) == 0 {
						values = append(values, survey.Value{QuestionID: q.ID, Text: fmt.Sprintf("guest%03d@rouder.example", i), Consent: true})
					}
				}
			}
		}
		stored, nps, mail, err := sv.Check(values)
		if err != nil {
			return fmt.Errorf("demo answer %d: %w", i, err)
		}
		answerID, _, err := repo.AddAnswer(ctx, access.TrustedTenant(orgID), survey.Submission{SurveyID: id, FacilityID: facilityIDs[fi],
			IdempotencyKey: fmt.Sprintf("demo-answer-%06d", i), BrowserToken: fmt.Sprintf("demo-browser-%06d", i),
			AnsweredAt: at, NPSScore: nps, MailAddress: mail, Values: stored})
		if err != nil {
			return fmt.Errorf("demo answer %d: %w", i, err)
		}
		if improvement.Dissatisfied(nps, stored) && s.now.Sub(at) < 10*24*time.Hour {
			s.unhappy = append(s.unhappy, demoFinding{facilityID: facilityIDs[fi], at: at,
				source: improvement.SurveySource(sv, answerID, nps, stored)})
		}
	}
	return nil
}
