package tenantguard

import (
	"reflect"
	"testing"
)

func TestUnscopedFindsTablesWithoutTheirOrganization(t *testing.T) {
	tables := map[string]bool{"facilities": true, "org_groups": true, "check_items": true, "surveys": true}
	cases := []struct {
		sql  string
		want []string
	}{
		{`SELECT * FROM facilities AS f WHERE f.organization_id = 2`, nil},
		{`SELECT * FROM "facilities" AS "f" WHERE ("f"."organization_id" = 2)`, nil},
		{`SELECT * FROM facilities WHERE organization_id = 2 AND facility_id = 3`, nil},
		{`SELECT * FROM facilities AS f WHERE f.facility_id = 3`, []string{"facilities"}},
		{`SELECT f.organization_id FROM facilities AS f`, []string{"facilities"}},
		{`SELECT * FROM facilities AS f JOIN org_groups AS g ON g.group_id = f.group_id WHERE f.organization_id = 2`, []string{"org_groups"}},
		{`SELECT * FROM facilities AS f JOIN org_groups AS g ON g.group_id = f.group_id AND g.organization_id = f.organization_id WHERE f.organization_id = 2`, nil},
		{`DELETE FROM check_items WHERE check_list_id = 4`, []string{"check_items"}},
		{`DELETE FROM check_items WHERE organization_id = 2 AND check_list_id = 4`, nil},
		{`UPDATE "surveys" AS "survey_row" SET "name" = 'a' WHERE (survey_row.organization_id = 2)`, nil},
		{`UPDATE surveys SET name = 'a' WHERE survey_id = 1`, []string{"surveys"}},
		{`INSERT INTO "check_items" ("item_id", "organization_id", "question") VALUES (DEFAULT, 2, 'q')`, nil},
		{`INSERT INTO "check_items" ("item_id", "question") VALUES (DEFAULT, 'q')`, []string{"check_items"}},
		{`INSERT INTO check_items AS ci (organization_id) VALUES (2)`, nil},
		{`/* all tenants */ SELECT * FROM surveys`, nil},
		{`SELECT * FROM sessions WHERE token_hash = 'x'`, nil},
		{`SELECT * FROM facilities AS f WHERE f.organization_id IN (2, 3)`, nil},
	}
	for _, c := range cases {
		if got := Unscoped(c.sql, tables); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s\n got %v, want %v", c.sql, got, c.want)
		}
	}
}
