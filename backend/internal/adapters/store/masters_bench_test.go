package store_test

import (
	"context"
	"github.com/rouder/console/internal/domain/access"
	"testing"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/facility"
	"github.com/rouder/console/internal/domain/paging"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The master lists at the scale of a large chain: 10,000 stores and 50,000
// users in one organization (110 groups, 20 store tags), on PostgreSQL.
// Run with `make bench`; each figure is the server time of one list call.

const (
	benchStores = 10_000
	benchUsers  = 50_000
)

func seedChain(b *testing.B) (*store.DB, int64, int64, int64) {
	return seedChainOf(b, benchStores, benchUsers)
}

// seedChainOf builds organization 100 with 110 groups (本部 → 10 regions →
// 100 areas), 20 store tags, the stores spread over the areas and the users
// spread over the stores; it returns the top group, the first region and the
// first tag.
func seedChainOf(b *testing.B, stores, users int) (*store.DB, int64, int64, int64) {
	b.Helper()
	ctx := context.Background()
	db := testdb.Postgres(b)
	exec := func(q string, args ...any) {
		if _, err := db.NewRaw(q, args...).Exec(ctx); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO organizations (organization_id, organization_name) OVERRIDING SYSTEM VALUE VALUES (100, '大規模チェーン')`)
	exec(`INSERT INTO org_groups (organization_id, path, group_name, group_name_kana) VALUES (100, '', '本部', 'ホンブ')`)
	var top int64
	_ = db.NewRaw(`SELECT group_id FROM org_groups WHERE organization_id = 100`).Scan(ctx, &top)
	exec(`UPDATE org_groups SET path = '/' || group_id || '/' WHERE group_id = ?`, top)
	exec(`INSERT INTO org_groups (organization_id, parent_group_id, path, group_name, group_name_kana, search_text)
		SELECT 100, ?, '', '地域' || i, 'チイキ' || i, 'ちいき' || i FROM generate_series(1, 10) AS i`, top)
	exec(`UPDATE org_groups SET path = '/' || ? || '/' || group_id || '/' WHERE organization_id = 100 AND parent_group_id = ?`, top, top)
	exec(`INSERT INTO org_groups (organization_id, parent_group_id, path, group_name, group_name_kana, search_text)
		SELECT 100, r.group_id, '', r.group_name || '-エリア' || i, 'エリア' || i, 'えりあ' || i
		FROM org_groups AS r, generate_series(1, 10) AS i WHERE r.organization_id = 100 AND r.parent_group_id = ?`, top)
	exec(`UPDATE org_groups AS g SET path = p.path || g.group_id || '/' FROM org_groups AS p
		WHERE g.parent_group_id = p.group_id AND g.organization_id = 100 AND g.path = ''`)
	exec(`INSERT INTO facility_attributes (organization_id, label) SELECT 100, 'タグ' || i FROM generate_series(1, 20) AS i`)
	exec(`INSERT INTO facilities (organization_id, group_id, facility_name, facility_name_kana, external_data_id, search_text)
		SELECT 100, leaf.group_id, '店舗' || i, 'テンポ' || lpad(i::text, 5, '0'), 'S' || lpad(i::text, 5, '0'),
			'店舗' || i || ' テンポ' || lpad(i::text, 5, '0') || ' s' || lpad(i::text, 5, '0')
		FROM generate_series(1, ?) AS i
		JOIN (SELECT group_id, row_number() OVER (ORDER BY group_id) - 1 AS n FROM org_groups
			WHERE organization_id = 100 AND path LIKE '/%/%/%/') AS leaf ON leaf.n = i % 100`, stores)
	exec(`INSERT INTO facility_attribute_links (organization_id, facility_id, facility_attribute_id)
		SELECT 100, f.facility_id, a.facility_attribute_id FROM facilities AS f
		JOIN facility_attributes AS a ON a.organization_id = 100 AND (a.label = 'タグ' || (f.facility_id % 20 + 1) OR a.label = 'タグ' || ((f.facility_id / 20) % 20 + 1))
		WHERE f.organization_id = 100 ON CONFLICT DO NOTHING`)
	exec(`INSERT INTO users (organization_id, user_account, last_name, first_name, password_hash, group_id, facility_id, mail_address, search_text)
		SELECT 100, 'user' || lpad(i::text, 6, '0'), '姓' || (i % 500), '名' || (i % 300), 'x', f.group_id, f.facility_id,
			'user' || i || '@example.com', 'user' || lpad(i::text, 6, '0') || ' 姓' || (i % 500)
		FROM generate_series(1, ?) AS i JOIN facilities AS f ON f.organization_id = 100 AND f.external_data_id = 'S' || lpad((i % ? + 1)::text, 5, '0')`, users, stores)
	exec(`ANALYZE`)
	var region, tag int64
	_ = db.NewRaw(`SELECT group_id FROM org_groups WHERE organization_id = 100 AND parent_group_id = ? ORDER BY group_id LIMIT 1`, top).Scan(ctx, &region)
	_ = db.NewRaw(`SELECT facility_attribute_id FROM facility_attributes WHERE organization_id = 100 ORDER BY 1 LIMIT 1`).Scan(ctx, &tag)
	return db, top, region, tag
}

func BenchmarkMasterLists(b *testing.B) {
	db, _, region, tag := seedChain(b)
	ctx := context.Background()
	facilities, users := store.NewFacilities(db), store.NewUsers(db)
	var n int
	if err := db.NewRaw("SELECT COUNT(*) FROM facilities WHERE organization_id = 100").Scan(ctx, &n); err != nil || n != benchStores {
		b.Fatalf("seeded %d stores (%v)", n, err)
	}
	first := paging.Request{Page: 1, Size: 10}
	cases := []struct {
		name string
		run  func() (int, error)
	}{
		{"stores/first-page", func() (int, error) {
			p, err := facilities.List(ctx, access.TrustedTenant(100), facility.Filter{}, first)
			return p.Total, err
		}},
		{"stores/page-500-by-name-desc", func() (int, error) {
			p, err := facilities.List(ctx, access.TrustedTenant(100), facility.Filter{SortBy: facility.SortName, Descending: true}, paging.Request{Page: 500, Size: 20})
			return p.Total, err
		}},
		{"stores/search", func() (int, error) {
			p, err := facilities.List(ctx, access.TrustedTenant(100), facility.Filter{SearchText: "ﾃﾝﾎﾟ0123"}, first)
			return p.Total, err
		}},
		{"stores/region-subtree+tag", func() (int, error) {
			p, err := facilities.List(ctx, access.TrustedTenant(100), facility.Filter{GroupID: &region, TagID: &tag}, first)
			return p.Total, err
		}},
		{"users/first-page", func() (int, error) {
			p, err := users.List(ctx, access.TrustedTenant(100), user.Filter{}, first)
			return p.Total, err
		}},
		{"users/search", func() (int, error) {
			p, err := users.List(ctx, access.TrustedTenant(100), user.Filter{SearchText: "USER0425"}, first)
			return p.Total, err
		}},
		{"users/region-subtree", func() (int, error) {
			p, err := users.List(ctx, access.TrustedTenant(100), user.Filter{GroupID: &region}, first)
			return p.Total, err
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			total := 0
			for b.Loop() {
				var err error
				if total, err = c.run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(total), "rows-matched")
		})
	}
}
