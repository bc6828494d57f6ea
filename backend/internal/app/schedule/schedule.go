// Package schedule is /system/schedule/ (ROLE_SYSTEM_ADMIN): the tasks
// that run on a timer, when each last ran and how it ended, when it runs
// next, and 今すぐ実行 — which puts the same job on the same queue the
// timer does, so a forced run is exactly a timed one.
package schedule

import (
	"context"
	"time"

	"github.com/rouder/console/internal/app/background"
	checklistapp "github.com/rouder/console/internal/app/checklist"
	exportapp "github.com/rouder/console/internal/app/export"
	"github.com/rouder/console/internal/app/housekeeping"
	notificationapp "github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/history"
)

// Task is one scheduled task.
type Task struct {
	Key      string
	Name     string
	Schedule string        // in words
	Every    time.Duration // how often the timer runs it
	Job      background.Job
}

// Tasks are the installation's scheduled tasks (adapters/jobs registers
// their timers with the same jobs).
var Tasks = []Task{
	{Key: "open_check_periods", Name: "チェック期間の開始", Schedule: "1時間ごと（起動時にも実行）", Every: time.Hour, Job: checklistapp.OpenPeriodsJob{}},
	{Key: "send_notifications", Name: "通知の送信（チェック開始・リマインド・改善報告の期限）", Schedule: "1分ごと（起動時にも実行）", Every: time.Minute, Job: notificationapp.SendNotificationsJob{}},
	{Key: "purge_sign_in_records", Name: "期限切れのセッションとログイン試行記録の削除", Schedule: "1時間ごと（起動時にも実行）", Every: time.Hour, Job: housekeeping.PurgeJob{}},
	{Key: "expire_files", Name: "保存期限を過ぎたファイルの削除", Schedule: "1時間ごと（起動時にも実行）", Every: time.Hour, Job: exportapp.ExpireFilesJob{}},
}

// Run is how a task's last job went.
type Run struct {
	State      string // RUNNING, DONE, FAILED, WAITING
	At         time.Time
	FinishedAt *time.Time
	Attempts   int
}

// Runs reads the queue's record of a job kind's last run.
type Runs interface {
	LastRun(ctx context.Context, kind string) (*Run, error)
}

// Status is a task with its last run and its next.
type Status struct {
	Task
	Last *Run
	Next time.Time // when the timer runs it next, at the latest
}

// UseCases are the screen's calls.
type UseCases struct {
	queue background.Enqueuer
	runs  Runs
	clock clock.Clock
}

func New(q background.Enqueuer, r Runs, c clock.Clock) *UseCases {
	return &UseCases{queue: q, runs: r, clock: c}
}

func (u *UseCases) admin(ctx context.Context) error {
	_, err := access.Require(ctx, access.RoleSystemAdmin)
	return err
}

// List is every task with its last and next run.
func (u *UseCases) List(ctx context.Context) ([]Status, error) {
	if err := u.admin(ctx); err != nil {
		return nil, err
	}
	now := u.clock.Now()
	out := make([]Status, len(Tasks))
	for i, t := range Tasks {
		last, err := u.runs.LastRun(ctx, t.Job.Kind())
		if err != nil {
			return nil, err
		}
		out[i] = Status{Task: t, Last: last, Next: now.Add(t.Every)}
		if last != nil && last.At.Add(t.Every).After(now) {
			out[i].Next = last.At.Add(t.Every)
		}
	}
	return out, nil
}

// RunNow queues a task's job as its timer does; the request's operation
// history names the task.
func (u *UseCases) RunNow(ctx context.Context, key string) error {
	if err := u.admin(ctx); err != nil {
		return err
	}
	for _, t := range Tasks {
		if t.Key == key {
			history.AddDetail(ctx, t.Name)
			return u.queue.Enqueue(ctx, t.Job)
		}
	}
	return failure.NotFound()
}
