package wiring

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/adapters/workbook"
	exportapp "github.com/rouder/console/internal/app/export"
	"github.com/rouder/console/internal/app/masterimport"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/report"
)

// SeedDemo inserts the demo data into an empty database and logs the demo
// sign-ins; a database with users is left alone.
func (a *App) SeedDemo(ctx context.Context) (bool, error) {
	seeded, err := store.SeedDemo(ctx, a.DB, a.Hasher.Hash, a.Files, time.Now())
	if err != nil {
		return false, fmt.Errorf("seed demo data: %w", err)
	}
	if seeded {
		if err := a.seedDemoExports(ctx); err != nil {
			return false, fmt.Errorf("seed demo exports: %w", err)
		}
		if err := a.seedDemoImport(ctx); err != nil {
			return false, fmt.Errorf("seed demo import: %w", err)
		}
		a.Log.Info("demo data seeded")
	}
	return seeded, nil
}

// demoAdmin is ctx acting as the demo organization's administrator, for
// the seed's requests through the same use cases as a user's.
func (a *App) demoAdmin(ctx context.Context) (context.Context, error) {
	const org = 2
	var admin struct {
		ID   int64  `bun:"user_id"`
		Path string `bun:"path"`
	}
	if err := a.DB.NewRaw(`SELECT u.user_id, g.path FROM users AS u JOIN org_groups AS g ON g.group_id = u.group_id
		WHERE u.organization_id = ? AND u.user_account = 'demoadmin'`, org).Scan(ctx, &admin); err != nil {
		return ctx, err
	}
	p := access.Principal{UserID: admin.ID, Account: "demoadmin", OrganizationID: org, ActingOrgID: org, GroupPath: admin.Path,
		TopGroupUser: true, Roles: access.RolesOf(access.OrganizationAdmin, nil)}
	return access.WithPrincipal(ctx, p), nil
}

// seedDemoExports has demoadmin ask for two exports of the demo's history
// (last month's check results as XLSX, the survey answers as Shift_JIS CSV)
// and a basic report, and makes them at once, so the export and report
// screens show made files from the start. They go through the same use cases as a user's request.
func (a *App) seedDemoExports(ctx context.Context) error {
	const org = 2
	ctx, err := a.demoAdmin(ctx)
	if err != nil {
		return err
	}
	var survey int64
	if err := a.DB.NewRaw(`SELECT MIN(survey_id) FROM surveys WHERE organization_id = ? AND deleted_at IS NULL`, org).Scan(ctx, &survey); err != nil {
		return err
	}
	today := clock.Today(clock.System{})
	monthStart := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, clock.Tokyo)
	requests := []export.Request{
		{HistoryType: export.CheckResult, From: monthStart.AddDate(0, -1, 0), To: monthStart.AddDate(0, 0, -1), FileType: export.XLSX},
		{HistoryType: export.SurveyAnswer, From: monthStart.AddDate(0, -2, 0), To: today, FileType: export.CSV,
			Encoding: export.ShiftJIS, SurveyID: &survey},
	}
	var made []export.File
	for _, r := range requests {
		f, err := a.Exports.Request(ctx, r)
		if err != nil {
			return err
		}
		made = append(made, f)
	}
	// And last month's basic report of the monthly check, for every store.
	var list int64
	var stores []int64
	if err := a.DB.NewRaw(`SELECT MIN(check_list_id) FROM check_lists WHERE organization_id = ? AND name = '月次 店舗衛生点検'`, org).Scan(ctx, &list); err != nil {
		return err
	}
	if err := a.DB.NewRaw(`SELECT facility_id FROM facilities WHERE organization_id = ? ORDER BY facility_id`, org).Scan(ctx, &stores); err != nil {
		return err
	}
	f, err := a.Reports.Request(ctx, report.Request{Type: report.Basic, CheckListID: &list, From: monthStart.AddDate(0, -1, 0),
		To: monthStart.AddDate(0, 0, -1), FacilityIDs: stores, IncludeRank: true, IncludeUnselected: true})
	if err != nil {
		return err
	}
	made = append(made, f)
	for _, f := range made {
		if err := a.Exports.Make(ctx, exportapp.MakeFileJob{OrganizationID: org, FileID: f.ID}, true); err != nil {
			return err
		}
	}
	return nil
}

// seedDemoImport has demoadmin upload the masters' workbook with a new
// store (its phone number mistyped) and a new user at it, and previews it,
// so the bulk registration screen shows a plan with its error row from the
// start. It is not applied: the demo's masters stay as seeded.
func (a *App) seedDemoImport(ctx context.Context) error {
	ctx, err := a.demoAdmin(ctx)
	if err != nil {
		return err
	}
	tn := access.TrustedTenant(2)
	snap, err := store.NewMasterSnapshot(a.DB).Snapshot(ctx, tn)
	if err != nil {
		return err
	}
	org, err := store.NewOrganizations(a.DB).Get(ctx, 2)
	if err != nil {
		return err
	}
	rows := masters.Render(snap)
	var group string
	for _, g := range snap.Groups {
		if g.Name == "関東ブロック" {
			group = strconv.FormatInt(g.ID, 10)
		}
	}
	rows[masters.SetFacilities] = append(rows[masters.SetFacilities], []string{"", group, "川崎駅前店", "カワサキエキマエテン",
		"神奈川県川崎市川崎区駅前本町1-1", "044-123-00１２（代表）", "木村 拓也", "S011", "", masters.No, masters.Yes, "駅前"})
	rows[masters.SetUsers] = append(rows[masters.SetUsers], []string{"", "store011", "木村", "拓也", "グループスタッフ", "", group, "",
		"S011", "店長", "", "", "store011@rouder.example", ""})
	var buf bytes.Buffer
	layouts := masters.Layouts(masters.Labels{ExternalDataID: org.ExternalDataIDLabel, ExternalDataValue: org.ExternalDataValueLabel})
	if err := workbook.Write(&buf, layouts, rows, nil); err != nil {
		return err
	}
	im, err := a.Imports.Upload(ctx, "マスタ一括登録_川崎駅前店の追加.xlsx", &buf, nil)
	if err != nil {
		return err
	}
	return a.Imports.Run(ctx, masterimport.RunJob{OrganizationID: im.OrganizationID, ImportID: im.ID}, true)
}

// Serve runs the jobs and the HTTP server until ctx ends, then shuts down in
// order: stop taking requests and drain them, stop the jobs (running ones
// finish), and let the caller close the database.
func (a *App) Serve(ctx context.Context, ready func(addr string)) error {
	// The jobs get their own context: the signal that ends ctx must let
	// running jobs finish (Stop, below), not cut them off.
	if err := a.Queue.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(a.Config.BindAddress, strconv.Itoa(a.Config.Port)))
	if err != nil {
		return fmt.Errorf("listen on port %d: %w", a.Config.Port, err)
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	serveErr := a.Server.ServeListener(ctx, ln, a.Config.ShutdownTimeout)
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), a.Config.ShutdownTimeout)
	defer cancel()
	if err := a.Queue.Stop(stopCtx); err != nil {
		a.Log.Warn("jobs did not stop cleanly", "error", err)
	}
	if errors.Is(serveErr, http.ErrServerClosed) {
		return nil
	}
	return serveErr
}
