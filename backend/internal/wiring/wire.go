//go:build wireinject

package wiring

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/rouder/console/internal/adapters/holidays"
	"github.com/rouder/console/internal/adapters/imaging"
	"github.com/rouder/console/internal/adapters/jobs"
	"github.com/rouder/console/internal/adapters/password"
	"github.com/rouder/console/internal/adapters/pdf"
	"github.com/rouder/console/internal/adapters/push"
	"github.com/rouder/console/internal/adapters/sheets"
	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/account"
	appauth "github.com/rouder/console/internal/app/auth"
	"github.com/rouder/console/internal/app/background"
	"github.com/rouder/console/internal/app/checkhistory"
	checklistapp "github.com/rouder/console/internal/app/checklist"
	exportapp "github.com/rouder/console/internal/app/export"
	facilityapp "github.com/rouder/console/internal/app/facility"
	groupapp "github.com/rouder/console/internal/app/group"
	"github.com/rouder/console/internal/app/housekeeping"
	improvementapp "github.com/rouder/console/internal/app/improvement"
	maintenanceapp "github.com/rouder/console/internal/app/maintenance"
	"github.com/rouder/console/internal/app/notification"
	orgapp "github.com/rouder/console/internal/app/organization"
	photoapp "github.com/rouder/console/internal/app/photo"
	reportsapp "github.com/rouder/console/internal/app/reports"
	"github.com/rouder/console/internal/app/schedule"
	"github.com/rouder/console/internal/app/support"
	surveyapp "github.com/rouder/console/internal/app/survey"
	"github.com/rouder/console/internal/app/system"
	terminalapp "github.com/rouder/console/internal/app/terminal"
	userapp "github.com/rouder/console/internal/app/user"
	"github.com/rouder/console/internal/domain/clock"
	notificationdomain "github.com/rouder/console/internal/domain/notification"
	"github.com/rouder/console/internal/platform/config"
)

// Build assembles the program. The cleanup closes what Build opened.
func Build(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, func(), error) {
	wire.Build(
		provideDB,
		store.NewTxManager, wire.Bind(new(background.Transactor), new(*store.TxManager)),
		store.NewOutbox, wire.Bind(new(notification.Outbox), new(*store.Outbox)),
		jobs.NewRegistry, jobs.NewQueue, wire.Bind(new(background.Enqueuer), new(*jobs.Queue)),
		provideMailer,
		wire.InterfaceValue(new(clock.Clock), clock.System{}),
		notification.NewMail,
		provideSettings, system.NewInfo,
		provideHasher, provideSPA, provideServer, provideKeys, provideFiles,
		store.NewUsers, store.NewOrganizations, store.NewGroups, store.NewSessions, store.NewThrottle,
		store.NewMfaChallenges, store.NewOperationHistory, store.NewSupportFiles,
		wire.Struct(new(appauth.Deps), "*"),
		wire.Bind(new(appauth.Users), new(*store.Users)),
		wire.Bind(new(appauth.Organizations), new(*store.Organizations)),
		wire.Bind(new(appauth.Sessions), new(*store.Sessions)),
		wire.Bind(new(appauth.Throttle), new(*store.Throttle)),
		wire.Bind(new(appauth.Challenges), new(*store.MfaChallenges)),
		wire.Bind(new(appauth.History), new(*store.OperationHistory)),
		wire.Bind(new(appauth.Passwords), new(*password.Hasher)),
		wire.Bind(new(appauth.MailQueue), new(*notification.Mail)),
		provideAuth,
		account.NewQueries,
		wire.Bind(new(account.Users), new(*store.Users)),
		wire.Bind(new(account.Organizations), new(*store.Organizations)),
		wire.Bind(new(account.Groups), new(*store.Groups)),
		store.NewFacilities, store.NewFacilityTags, facilityapp.New,
		wire.Bind(new(facilityapp.Facilities), new(*store.Facilities)),
		wire.Bind(new(facilityapp.Tags), new(*store.FacilityTags)),
		wire.Bind(new(facilityapp.Groups), new(*store.Groups)),
		wire.Bind(new(facilityapp.Organizations), new(*store.Organizations)),
		groupapp.New, wire.Bind(new(groupapp.Groups), new(*store.Groups)),
		store.NewUserTags, provideTagSets, provideUsers,
		wire.Struct(new(userapp.Deps), "*"),
		wire.Bind(new(userapp.Users), new(*store.Users)),
		wire.Bind(new(userapp.Tags), new(*store.UserTags)),
		wire.Bind(new(userapp.Groups), new(*store.Groups)),
		wire.Bind(new(userapp.Facilities), new(*store.Facilities)),
		wire.Bind(new(userapp.Organizations), new(*store.Organizations)),
		wire.Bind(new(userapp.Sessions), new(*store.Sessions)),
		wire.Bind(new(userapp.Passwords), new(*password.Hasher)),
		orgapp.New, wire.Bind(new(orgapp.Organizations), new(*store.Organizations)),
		store.NewTerminals, terminalapp.New,
		wire.Bind(new(terminalapp.Terminals), new(*store.Terminals)),
		wire.Bind(new(terminalapp.Facilities), new(*store.Facilities)),
		wire.Bind(new(terminalapp.Organizations), new(*store.Organizations)),
		store.NewCheckLists, checklistapp.NewMasters,
		wire.Bind(new(checklistapp.CheckLists), new(*store.CheckLists)),
		store.NewChecks, store.NewPhotos, checklistapp.NewAnswering, checklistapp.NewStatus, checklistapp.NewPeriods,
		wire.Bind(new(checklistapp.Checks), new(*store.Checks)),
		wire.Bind(new(checklistapp.Photos), new(*store.Photos)),
		wire.Bind(new(checklistapp.Facilities), new(*store.Facilities)),
		photoapp.New, wire.Bind(new(photoapp.Photos), new(*store.Photos)),
		wire.Struct(new(imaging.Inspector)), wire.Bind(new(photoapp.Inspector), new(imaging.Inspector)),
		store.NewSurveys, store.NewSurveyResults, surveyapp.NewEditor, surveyapp.NewPublic, surveyapp.NewResults,
		wire.Bind(new(surveyapp.Surveys), new(*store.Surveys)),
		wire.Bind(new(surveyapp.ResultStore), new(*store.SurveyResults)),
		wire.Bind(new(surveyapp.Organizations), new(*store.Organizations)),
		wire.Bind(new(surveyapp.Throttle), new(*store.Throttle)),
		store.NewImprovements, improvementapp.New, improvementapp.NewIntake,
		wire.Bind(new(improvementapp.Reports), new(*store.Improvements)),
		wire.Bind(new(improvementapp.Users), new(*store.Users)),
		wire.Bind(new(improvementapp.Facilities), new(*store.Facilities)),
		wire.Bind(new(improvementapp.Sheets), new(*store.Checks)),
		wire.Bind(new(improvementapp.Photos), new(*store.Photos)),
		wire.Bind(new(checklistapp.Improvements), new(*improvementapp.Intake)),
		wire.Bind(new(surveyapp.Improvements), new(*improvementapp.Intake)),
		store.NewExportFiles, store.NewExportSource, sheets.NewWriter, provideRetention, exportapp.New,
		wire.Bind(new(exportapp.Files), new(*store.ExportFiles)),
		wire.Bind(new(exportapp.Source), new(*store.ExportSource)),
		wire.Bind(new(exportapp.Sheets), new(*sheets.Writer)),
		wire.Bind(new(exportapp.Organizations), new(*store.Organizations)),
		wire.Bind(new(exportapp.History), new(*store.OperationHistory)),
		store.NewReportSource, providePDF, reportsapp.New,
		wire.Bind(new(reportsapp.Files), new(*exportapp.UseCases)),
		wire.Bind(new(reportsapp.Source), new(*store.ReportSource)),
		wire.Bind(new(reportsapp.Renderer), new(*pdf.Renderer)),
		wire.Bind(new(reportsapp.SurveyResults), new(*surveyapp.Results)),
		wire.Bind(new(reportsapp.Organizations), new(*store.Organizations)),
		provideMasterImports,
		wire.Struct(new(useCases), "*"),
		support.NewManuals,
		wire.Bind(new(support.Files), new(*store.SupportFiles)),
		support.NewAdmin,
		store.NewMaintenance, maintenanceapp.New,
		notification.NewDeliveries, wire.Bind(new(notification.DeliveryLog), new(*store.Outbox)),
		store.NewJobRuns, schedule.New, wire.Bind(new(schedule.Runs), new(*store.JobRuns)),
		wire.Bind(new(maintenanceapp.Store), new(*store.Maintenance)),
		wire.Bind(new(support.AdminFiles), new(*store.SupportFiles)),
		store.NewNotifications, holidays.NewJapan, providePusher, provideBaseURL,
		notification.NewScheduler, notification.NewPush, notification.NewSettings,
		wire.Bind(new(notification.Agenda), new(*store.Notifications)),
		wire.Bind(new(notification.Ledger), new(*store.Notifications)),
		wire.Bind(new(notification.PushLedger), new(*store.Notifications)),
		wire.Bind(new(notification.ChannelStore), new(*store.Notifications)),
		wire.Bind(new(notification.CalendarStore), new(*store.Notifications)),
		wire.Bind(new(notificationdomain.Holidays), new(*holidays.Japan)),
		wire.Bind(new(notification.Pusher), new(*push.Sender)),
		store.NewCheckHistory, checkhistory.New, wire.Bind(new(checkhistory.Store), new(*store.CheckHistory)),
		store.NewHousekeeping, housekeeping.New, wire.Bind(new(housekeeping.Store), new(*store.Housekeeping)),
		provideApp,
	)
	return nil, nil, nil
}
