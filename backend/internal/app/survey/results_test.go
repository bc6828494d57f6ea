package survey

import (
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/survey"
)

func TestQuestionResultsKeepTheSurveysOrder(t *testing.T) {
	s := survey.Survey{Categories: []survey.Category{
		{Type: survey.CategoryNPS, Questions: []survey.Question{{ID: 1, Type: survey.QuestionNPS}}},
		{Type: survey.CategoryNormal, Questions: []survey.Question{
			{ID: 2, Type: survey.QuestionSingle, Choices: []string{"はい", "いいえ"}},
			{ID: 3, Type: survey.QuestionRating},
			{ID: 4, Type: survey.QuestionFreeText},
		}},
	}}
	counts := []survey.ChoiceCount{{QuestionID: 2, Choice: "いいえ", Count: 3}, {QuestionID: 2, Choice: "昔の選択肢", Count: 1},
		{QuestionID: 3, Choice: "5", Count: 2}, {QuestionID: 3, Choice: "2", Count: 1}}
	got := questionResults(s, counts, map[int64]int{2: 4, 3: 3})
	if len(got) != 2 || got[0].Question.ID != 2 || got[1].Question.ID != 3 {
		t.Fatalf("questions: %+v", got)
	}
	if c := got[0].Counts; len(c) != 3 || c[0] != (survey.ChoiceCount{QuestionID: 2, Choice: "はい"}) || c[1].Count != 3 || c[2].Choice != "昔の選択肢" || got[0].Answers != 4 {
		t.Errorf("choices: %+v", got[0])
	}
	if c := got[1].Counts; len(c) != 5 || c[4].Count != 2 || c[1].Count != 1 || got[1].Average == nil || *got[1].Average != 4 {
		t.Errorf("ratings: %+v", got[1])
	}
}

func TestWhoSeesMailAddresses(t *testing.T) {
	admin := access.Principal{OrganizationID: 2, ActingOrgID: 2, TopGroupUser: true, Roles: access.RolesOf(access.OrganizationAdmin, nil)}
	groupAdmin := access.Principal{OrganizationID: 2, ActingOrgID: 2, GroupPath: "/1/2/", Roles: access.RolesOf(access.GroupAdmin, nil)}
	staff := access.Principal{OrganizationID: 2, ActingOrgID: 2, TopGroupUser: true, Roles: access.RolesOf(access.GroupStaff, nil)}
	system := access.Principal{OrganizationID: 1, ActingOrgID: 2, SystemAdmin: true, Roles: access.AllRoles}
	for name, c := range map[string]struct {
		p    access.Principal
		want bool
	}{"organization admin": {admin, true}, "group admin of a subtree": {groupAdmin, false}, "group staff": {staff, false}, "system admin": {system, true}} {
		if SeesMail(c.p) != c.want {
			t.Errorf("%s: %v", name, !c.want)
		}
	}
}

func TestSurveysOpenFromTheStartDateInTokyo(t *testing.T) {
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, clock.Tokyo)
	o := organization.Organization{AvailableSurvey: true, SurveyStartDate: &start}
	if surveysOpen(o, clock.Today(clock.Fixed(time.Date(2026, 11, 30, 14, 59, 0, 0, time.UTC)))) {
		t.Error("open on the day before the start (23:59 Tokyo)")
	}
	if !surveysOpen(o, clock.Today(clock.Fixed(time.Date(2026, 11, 30, 15, 0, 0, 0, time.UTC)))) {
		t.Error("closed on the start date (00:00 Tokyo)")
	}
	o.AvailableSurvey = false
	if surveysOpen(o, clock.Today(clock.Fixed(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)))) {
		t.Error("open with the option off")
	}
	o.AvailableSurvey, o.SurveyStartDate = true, nil
	if surveysOpen(o, start) {
		t.Error("open without a start date")
	}
}
