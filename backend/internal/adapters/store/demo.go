package store

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/search"
	"github.com/rouder/console/internal/domain/support"
)

// demoManual is a short Japanese operation manual (a PDF made with fpdf and
// the IPAex Gothic font) offered in the support dialog of the demo.
//
//go:embed demo_manual.pdf
var demoManual []byte

const demoManualName = "ROUDER操作マニュアル.pdf"

// DemoAccount is a sign-in the demo seed creates; `make run` prints them.
type DemoAccount struct {
	OrganizationID int64
	Account        string
	Password       string
	Description    string
}

// DemoAccounts are fixed: tests and the README rely on them.
var DemoAccounts = []DemoAccount{
	{organization.SystemOrganizationID, "sysadmin", "Sysadmin#2026", "システム管理者"},
	{2, "demoadmin", "Demoadmin#2026", "デモ株式会社 組織管理者(本部)"},
	{2, "store001", "Store001#2026", "デモ株式会社 店舗スタッフ(新宿駅前店)"},
	{3, "mfauser", "Mfauser#2026", "メール認証デモ株式会社 組織管理者(メールで認証コード)"},
}

// demoTree is デモ株式会社's group tree: 本部 → two regions → two blocks
// each, with the stores of every block.
var demoTree = struct {
	top     demoGroup
	regions []demoRegion
}{
	top: demoGroup{"本部", "ホンブ"},
	regions: []demoRegion{
		{demoGroup{"東日本エリア", "ヒガシニホンエリア"}, []demoBlock{
			{demoGroup{"関東ブロック", "カントウブロック"}, []demoStore{
				{"新宿駅前店", "シンジュクエキマエテン", "東京都新宿区西新宿1-1-1", "03-1234-0001", "田中 一郎", "S001", []string{"駅前", "24時間営業"}},
				{"渋谷公園通り店", "シブヤコウエンドオリテン", "東京都渋谷区神南1-2-3", "03-1234-0002", "鈴木 花子", "S002", []string{"駅前"}},
				{"横浜港北店", "ヨコハマコウホクテン", "神奈川県横浜市都筑区中川1-4-1", "045-123-0003", "高橋 健", "S003", []string{"郊外", "ドライブスルー"}},
			}},
			{demoGroup{"東北ブロック", "トウホクブロック"}, []demoStore{
				{"仙台一番町店", "センダイイチバンチョウテン", "宮城県仙台市青葉区一番町2-2-2", "022-123-0004", "佐藤 誠", "S004", []string{"駅前"}},
				{"盛岡南店", "モリオカミナミテン", "岩手県盛岡市本宮3-3-3", "019-123-0005", "伊藤 美咲", "S005", []string{"郊外"}},
			}},
		}},
		{demoGroup{"西日本エリア", "ニシニホンエリア"}, []demoBlock{
			{demoGroup{"関西ブロック", "カンサイブロック"}, []demoStore{
				{"梅田茶屋町店", "ウメダチャヤマチテン", "大阪府大阪市北区茶屋町4-4-4", "06-1234-0006", "渡辺 大輔", "S006", []string{"駅前", "24時間営業"}},
				{"京都四条店", "キョウトシジョウテン", "京都府京都市下京区四条通5-5", "075-123-0007", "山本 由美", "S007", []string{"駅前"}},
				{"神戸ハーバー店", "コウベハーバーテン", "兵庫県神戸市中央区波止場町6-6", "078-123-0008", "中村 翔", "S008", []string{"郊外"}},
			}},
			{demoGroup{"九州ブロック", "キュウシュウブロック"}, []demoStore{
				{"博多駅東店", "ハカタエキヒガシテン", "福岡県福岡市博多区博多駅東7-7-7", "092-123-0009", "小林 亮", "S009", []string{"駅前", "24時間営業"}},
				{"熊本インター店", "クマモトインターテン", "熊本県熊本市東区8-8-8", "096-123-0010", "加藤 彩", "S010", []string{"郊外", "ドライブスルー"}},
			}},
		}},
	},
}

var demoFacilityTags = []string{"駅前", "郊外", "24時間営業", "ドライブスルー"}
var demoUserTags = []string{"店長", "エリアマネージャー", "新人"}

type demoGroup struct{ name, kana string }
type demoRegion struct {
	demoGroup
	blocks []demoBlock
}
type demoBlock struct {
	demoGroup
	stores []demoStore
}
type demoStore struct {
	name, kana, address, tel, manager, externalID string
	tags                                          []string
}

// SeedDemo fills an empty database with the demo organization, its masters,
// the demo sign-ins and a manual. It does nothing (false) when any user
// exists, so it can run at every start of `make run` without touching real
// data. hash turns a password into its stored form.
func SeedDemo(ctx context.Context, db *DB, hash func(string) (string, error), files filestore.Store, now time.Time) (bool, error) {
	// "Any user in any organization" is the question, across tenants on purpose.
	n, err := countAllTenants(ctx, db.NewSelect().TableExpr("users"))
	if err != nil {
		return false, fmt.Errorf("count users: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	s := &seeder{db: db, hash: hash, now: now}
	err = NewTxManager(db).InTx(ctx, func(ctx context.Context) error {
		if err := s.systemAdmin(ctx); err != nil {
			return err
		}
		if err := s.manual(ctx, files); err != nil {
			return err
		}
		if err := s.demoCompany(ctx); err != nil {
			return err
		}
		if err := s.checks(ctx, DemoAccounts[1].OrganizationID, files); err != nil {
			return err
		}
		if err := s.surveys(ctx, DemoAccounts[1].OrganizationID); err != nil {
			return err
		}
		if err := s.improvements(ctx, DemoAccounts[1].OrganizationID); err != nil {
			return err
		}
		if err := s.closingDays(ctx, DemoAccounts[1].OrganizationID); err != nil {
			return err
		}
		return s.mfaCompany(ctx)
	})
	return err == nil, err
}

type seeder struct {
	db      *DB
	hash    func(string) (string, error)
	now     time.Time
	unhappy []demoFinding // dissatisfied survey answers, for demo improvement reports
}

func (s *seeder) systemAdmin(ctx context.Context) error {
	return s.user(ctx, organization.SystemOrganizationID, organization.SystemGroupID, nil, DemoAccounts[0],
		"管理", "システム", access.SystemAdmin, nil, "sysadmin@rouder.example")
}

func (s *seeder) demoCompany(ctx context.Context) error {
	surveyStart := civilDate{time.Date(2026, 1, 1, 0, 0, 0, 0, clock.Tokyo)}
	serviceStart := civilDate{time.Date(2025, 4, 1, 0, 0, 0, 0, clock.Tokyo)}
	org := &organizationRow{
		OrganizationName: "デモ株式会社", JKCode: "DEMO0001", PersonInCharge: "営業 太郎",
		ServiceStartDate: &serviceStart, Demo: true, CheckinType: "NO_TERMINAL",
		AllowPhotoLibrary: true, AvailableImprovement: true, ImprovementDueDays: organization.DefaultImprovementDueDays,
		ExternalDataIDLabel: "店舗コード", ExternalDataValueLabel: "POS連携データ",
		StorageSize: 10 << 30, MaxStorageUsage: 10 << 30, BillingType: "MONTHLY",
		AvailableAdvancedReport: true, AvailableSurvey: true, SurveyStartDate: &surveyStart,
		AvailableMfaMail: false, AvailableOpeHistoryExport: true, Version: 1,
		Timestamps: newTimestamps(s.now),
	}
	// A new tenant has no organization to name yet.
	if _, err := s.db.conn(ctx).NewInsert().Comment(AllTenants).Model(org).Returning("organization_id").Exec(ctx); err != nil {
		return fmt.Errorf("demo organization: %w", err)
	}
	if org.OrganizationID != DemoAccounts[1].OrganizationID {
		return fmt.Errorf("demo organization got id %d, want %d: seed only an empty database", org.OrganizationID, DemoAccounts[1].OrganizationID)
	}
	orgID := org.OrganizationID

	tags := map[string]int64{}
	for _, label := range demoFacilityTags {
		row := &facilityAttributeRow{OrganizationID: orgID, Label: label, CreatedAt: s.now.UTC()}
		if _, err := s.db.conn(ctx).NewInsert().Model(row).Returning("facility_attribute_id").Exec(ctx); err != nil {
			return fmt.Errorf("store tag %s: %w", label, err)
		}
		tags[label] = row.FacilityAttributeID
	}
	for _, label := range demoUserTags {
		row := &userAttributeRow{OrganizationID: orgID, Label: label, CreatedAt: s.now.UTC()}
		if _, err := s.db.conn(ctx).NewInsert().Model(row).Exec(ctx); err != nil {
			return fmt.Errorf("user tag %s: %w", label, err)
		}
	}

	top, err := s.group(ctx, orgID, nil, demoTree.top)
	if err != nil {
		return err
	}
	var firstStore *facilityRow
	for _, region := range demoTree.regions {
		r, err := s.group(ctx, orgID, top, region.demoGroup)
		if err != nil {
			return err
		}
		for _, block := range region.blocks {
			b, err := s.group(ctx, orgID, r, block.demoGroup)
			if err != nil {
				return err
			}
			for _, st := range block.stores {
				f, err := s.store(ctx, orgID, b.GroupID, st, tags)
				if err != nil {
					return err
				}
				if firstStore == nil {
					firstStore = f
				}
			}
		}
	}
	if err := s.user(ctx, orgID, top.GroupID, nil, DemoAccounts[1], "本部", "管理者",
		access.OrganizationAdmin, nil, "demoadmin@rouder.example"); err != nil {
		return err
	}
	return s.user(ctx, orgID, firstStore.GroupID, &firstStore.FacilityID, DemoAccounts[2], "新宿", "店員",
		access.GroupStaff, nil, "store001@rouder.example")
}

func (s *seeder) group(ctx context.Context, orgID int64, parent *groupRow, g demoGroup) (*groupRow, error) {
	row := &groupRow{OrganizationID: orgID, GroupName: g.name, GroupNameKana: g.kana, SearchText: search.Text(g.name, g.kana),
		Version: 1, Timestamps: newTimestamps(s.now)}
	if parent != nil {
		row.ParentGroupID = &parent.GroupID
	}
	if _, err := s.db.conn(ctx).NewInsert().Model(row).Returning("group_id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("group %s: %w", g.name, err)
	}
	parentPath := "/"
	if parent != nil {
		parentPath = parent.Path
	}
	row.Path = fmt.Sprintf("%s%d/", parentPath, row.GroupID)
	if _, err := s.db.updateModelIn(ctx, access.TrustedTenant(orgID), row).Column("path").WherePK().Exec(ctx); err != nil {
		return nil, fmt.Errorf("group %s path: %w", g.name, err)
	}
	return row, nil
}

func (s *seeder) store(ctx context.Context, orgID, groupID int64, st demoStore, tags map[string]int64) (*facilityRow, error) {
	row := &facilityRow{
		OrganizationID: orgID, GroupID: groupID, FacilityName: st.name, FacilityNameKana: st.kana,
		Address: st.address, Tel: st.tel, ManagerName: st.manager, ExternalDataID: st.externalID,
		AvailableAdvancedReport: true, AvailableSurvey: true, Version: 1, Timestamps: newTimestamps(s.now),
		SearchText: facilitySearchText(st.name, st.kana, st.externalID, st.manager, st.address, st.tel),
	}
	if _, err := s.db.conn(ctx).NewInsert().Model(row).Returning("facility_id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("store %s: %w", st.name, err)
	}
	for _, label := range st.tags {
		link := &facilityAttributeLinkRow{OrganizationID: orgID, FacilityID: row.FacilityID, FacilityAttributeID: tags[label]}
		if _, err := s.db.conn(ctx).NewInsert().Model(link).Exec(ctx); err != nil {
			return nil, fmt.Errorf("tag %s on %s: %w", label, st.name, err)
		}
	}
	return row, nil
}

func (s *seeder) user(ctx context.Context, orgID, groupID int64, facilityID *int64, acct DemoAccount,
	lastName, firstName, main string, subs []string, mail string) error {
	hashed, err := s.hash(acct.Password)
	if err != nil {
		return err
	}
	row := &userRow{
		OrganizationID: orgID, UserAccount: acct.Account, LastName: lastName, FirstName: firstName,
		PasswordHash: hashed, MainAuthorityName: main, SubAuthorityNames: strings.Join(subs, ","),
		GroupID: groupID, FacilityID: facilityID, IPAddressRestriction: true, MfaType: "NONE",
		MailAddress: mail, Version: 1, Timestamps: newTimestamps(s.now),
		SearchText: search.Text(acct.Account, lastName+firstName, lastName, firstName, mail),
	}
	if _, err := s.db.conn(ctx).NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("user %s: %w", acct.Account, err)
	}
	return nil
}

func (s *seeder) manual(ctx context.Context, files filestore.Store) error {
	const key = "support/demo-manual.pdf"
	n, err := files.Put(ctx, key, bytes.NewReader(demoManual))
	if err != nil {
		return fmt.Errorf("store manual: %w", err)
	}
	_, err = NewSupportFiles(s.db).Add(ctx, support.File{FileName: demoManualName, ContentType: "application/pdf",
		Size: n, StorageKey: key, Published: true, CreatedAt: s.now})
	return err
}

// mfaCompany is a small second organization whose administrator signs in
// with the e-mail code, so the second factor can be tried (and tested)
// without changing デモ株式会社.
func (s *seeder) mfaCompany(ctx context.Context) error {
	org := &organizationRow{
		OrganizationName: "メール認証デモ株式会社", JKCode: "DEMO0002", Demo: true, CheckinType: "NO_TERMINAL",
		ImprovementDueDays:  organization.DefaultImprovementDueDays,
		ExternalDataIDLabel: "店舗コード", ExternalDataValueLabel: "外部データ", BillingType: "MONTHLY",
		AvailableMfaMail: true, Version: 1, Timestamps: newTimestamps(s.now),
	}
	// A new tenant has no organization to name yet.
	if _, err := s.db.conn(ctx).NewInsert().Comment(AllTenants).Model(org).Returning("organization_id").Exec(ctx); err != nil {
		return fmt.Errorf("mfa demo organization: %w", err)
	}
	if org.OrganizationID != DemoAccounts[3].OrganizationID {
		return fmt.Errorf("mfa demo organization got id %d, want %d", org.OrganizationID, DemoAccounts[3].OrganizationID)
	}
	top, err := s.group(ctx, org.OrganizationID, nil, demoGroup{"本社", "ホンシャ"})
	if err != nil {
		return err
	}
	if _, err := s.store(ctx, org.OrganizationID, top.GroupID,
		demoStore{"本店", "ホンテン", "東京都千代田区丸の内1-1-1", "03-0000-0001", "認証 太郎", "M001", nil}, nil); err != nil {
		return err
	}
	return s.userWithMfa(ctx, org.OrganizationID, top.GroupID, DemoAccounts[3], "認証", "花子", "mfauser@rouder.example")
}

func (s *seeder) userWithMfa(ctx context.Context, orgID, groupID int64, acct DemoAccount, lastName, firstName, mail string) error {
	if err := s.user(ctx, orgID, groupID, nil, acct, lastName, firstName, access.OrganizationAdmin, nil, mail); err != nil {
		return err
	}
	_, err := s.db.updateIn(ctx, access.TrustedTenant(orgID), "users").Set("mfa_type = 'MAIL'").
		Where("user_account = ?", acct.Account).Exec(ctx)
	return err
}
