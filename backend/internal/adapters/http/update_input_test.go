package http

import (
	"reflect"
	"testing"

	"github.com/rouder/console/internal/adapters/http/api"
)

// Every update body has each field of its create body, of a type inputOf
// can carry over: nothing the editor sends is dropped on save.
func TestUpdatesCarryEveryInputField(t *testing.T) {
	for _, pair := range [][2]any{
		{api.CheckListMasterUpdate{}, api.CheckListMasterInput{}},
		{api.FacilityUpdate{}, api.FacilityInput{}},
		{api.GroupUpdate{}, api.GroupInput{}},
		{api.OrganizationUpdate{}, api.OrganizationInput{}},
		{api.SurveyUpdate{}, api.SurveyInput{}},
		{api.UserUpdate{}, api.UserInput{}},
	} {
		upd, in := reflect.TypeOf(pair[0]), reflect.TypeOf(pair[1])
		for i := range in.NumField() {
			f := in.Field(i)
			u, ok := upd.FieldByName(f.Name)
			if !ok || !u.Type.ConvertibleTo(f.Type) {
				t.Errorf("%s.%s has no counterpart in %s", in.Name(), f.Name, upd.Name())
			}
		}
	}
}

func TestInputOfCopiesEveryField(t *testing.T) {
	after := api.CheckListMasterUpdateClosingDayRuleAFTER
	yes := true
	in := inputOf[api.CheckListMasterInput](api.CheckListMasterUpdate{
		CheckListMasterName: "点検", NextInterval: 2, NextDuration: api.CheckListMasterUpdateNextDurationWEEKS,
		ClosingDayRule: &after, BusinessDays: &yes, TargetFacilityList: []int64{3}, Version: 9,
	})
	if in.CheckListMasterName != "点検" || in.NextInterval != 2 || in.NextDuration != api.CheckListMasterInputNextDurationWEEKS ||
		in.ClosingDayRule == nil || *in.ClosingDayRule != api.CheckListMasterInputClosingDayRuleAFTER ||
		in.BusinessDays == nil || !*in.BusinessDays || len(in.TargetFacilityList) != 1 {
		t.Errorf("%+v", in)
	}
}
