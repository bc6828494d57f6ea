// Package jobs runs background work on River: the queue behind the
// background.Enqueuer port, the workers, and (later) periodic schedules.
package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/app/background"
	checklistapp "github.com/rouder/console/internal/app/checklist"
	exportapp "github.com/rouder/console/internal/app/export"
	"github.com/rouder/console/internal/app/housekeeping"
	"github.com/rouder/console/internal/app/masterimport"
	"github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/app/schedule"
)

// Queue is River's client, behind the Enqueuer port. database/sql drivers
// serve both databases, so the transaction type is *sql.Tx for both.
type Queue struct {
	client *river.Client[*sql.Tx]
}

// Workers is the use cases the workers call.
type Workers struct {
	Mail    *notification.Mail
	Periods *checklistapp.Periods
	Exports *exportapp.UseCases
	Imports *masterimport.UseCases
	Notices *notification.Scheduler
	Push    *notification.Push
	Purge   *housekeeping.UseCases
}

func driverFor(db *store.DB) riverdriver.Driver[*sql.Tx] {
	if db.Dialect == store.Postgres {
		return riverdatabasesql.New(db.DB.DB)
	}
	return riversqlite.New(db.DB.DB)
}

// Migrate creates or updates River's own tables.
func Migrate(ctx context.Context, db *store.DB) error {
	m, err := rivermigrate.New(driverFor(db), nil)
	if err != nil {
		return fmt.Errorf("river migrator: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	return nil
}

// Registry holds the workers. The use cases that enqueue need the queue
// before the use cases the workers call exist, so workers join the registry
// after the queue is built, and before Start.
type Registry struct{ workers *river.Workers }

func NewRegistry() *Registry { return &Registry{workers: river.NewWorkers()} }

// Register attaches the workers to the use cases they call.
func (r *Registry) Register(w Workers) error {
	if err := river.AddWorkerSafely(r.workers, &deliverMailWorker{mail: w.Mail}); err != nil {
		return err
	}
	if w.Periods != nil {
		if err := river.AddWorkerSafely(r.workers, &openPeriodsWorker{periods: w.Periods}); err != nil {
			return err
		}
	}
	if w.Purge != nil {
		if err := river.AddWorkerSafely(r.workers, &purgeWorker{housekeeping: w.Purge}); err != nil {
			return err
		}
	}
	if w.Notices != nil {
		if err := river.AddWorkerSafely(r.workers, &sendNotificationsWorker{scheduler: w.Notices}); err != nil {
			return err
		}
		if err := river.AddWorkerSafely(r.workers, &deliverPushWorker{push: w.Push}); err != nil {
			return err
		}
	}
	if w.Imports != nil {
		if err := river.AddWorkerSafely(r.workers, &runImportWorker{imports: w.Imports}); err != nil {
			return err
		}
	}
	if w.Exports != nil {
		if err := river.AddWorkerSafely(r.workers, &makeFileWorker{exports: w.Exports}); err != nil {
			return err
		}
		return river.AddWorkerSafely(r.workers, &expireFilesWorker{exports: w.Exports})
	}
	return nil
}

// NewQueue builds the client; nothing runs until Start.
func NewQueue(db *store.DB, log *slog.Logger, reg *Registry) (*Queue, error) {
	cfg := &river.Config{
		ID:      clientID(),
		Logger:  log.With("component", "jobs"),
		Workers: reg.workers,
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		// SQLite has no LISTEN/NOTIFY: poll often enough that mail feels
		// immediate in development.
		FetchPollInterval: 200 * time.Millisecond,
		JobTimeout:        5 * time.Minute,
		// A job whose process died (killed, host lost) is run again after
		// this; it must outlast the longest job (exports, exports.go).
		RescueStuckJobsAfter: exportTimeout + 10*time.Minute,
	}
	client, err := river.NewClient(driverFor(db), cfg)
	if err != nil {
		return nil, fmt.Errorf("river client: %w", err)
	}
	return &Queue{client: client}, nil
}

// Enqueue stores job in ctx's transaction when there is one.
func (q *Queue) Enqueue(ctx context.Context, job background.Job) error {
	var err error
	opts := insertOpts[job.Kind()]
	if tx, ok := store.TxFrom(ctx); ok {
		_, err = q.client.InsertTx(ctx, tx.Tx, job, opts)
	} else {
		_, err = q.client.Insert(ctx, job, opts)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", job.Kind(), err)
	}
	return nil
}

// insertOpts are the jobs whose retries differ from River's default.
var insertOpts = map[string]*river.InsertOpts{
	exportapp.MakeFileJob{}.Kind(): {MaxAttempts: exportAttempts},
	masterimport.RunJob{}.Kind():   {MaxAttempts: importAttempts},
	// The next minute's run is the retry: a failed run is not repeated on
	// top of it (the ledger would send nothing twice anyway).
	notification.SendNotificationsJob{}.Kind(): {MaxAttempts: 1},
}

// Schedule adds the periodic jobs but those named in except; call it
// before Start.
func (q *Queue) Schedule(except ...string) {
	// The screen's list of tasks is the one list of timers (app/schedule).
	for _, t := range schedule.Tasks {
		if slices.Contains(except, t.Key) {
			continue
		}
		job, opts := t.Job, timedOpts(t)
		q.client.PeriodicJobs().Add(river.NewPeriodicJob(river.PeriodicInterval(t.Every),
			func() (river.JobArgs, *river.InsertOpts) { return job, opts }, &river.PeriodicJobOpts{RunOnStart: true}))
	}
}

// timedOpts are a timer's insert options: the job's own, and unique per
// interval. Only the elected leader runs the timers, but a new leader (the
// old one died, or every instance restarted) runs them at once; the
// uniqueness keeps that to one run per interval across the installation. A
// forced run (今すぐ実行) goes through Enqueue without it.
func timedOpts(t schedule.Task) *river.InsertOpts {
	opts := river.InsertOpts{}
	if o := insertOpts[t.Job.Kind()]; o != nil {
		opts = *o
	}
	opts.UniqueOpts = river.UniqueOpts{ByPeriod: t.Every}
	return &opts
}

// clientID names this process to River (the leader table, attempted_by):
// host and process id, so an operator (and the cluster test) can tell which
// instance leads; the sequence keeps several clients of one process apart.
func clientID() string {
	host, _ := os.Hostname()
	if len(host) > 60 {
		host = host[:60]
	}
	return fmt.Sprintf("%s_pid%d_%d", strings.ReplaceAll(host, ".", "_"), os.Getpid(), clientSeq.Add(1))
}

var clientSeq atomic.Int64

// Start runs the workers until Stop.
func (q *Queue) Start(ctx context.Context) error { return q.client.Start(ctx) }

// Stop lets running jobs finish (up to ctx's deadline) and stops fetching.
func (q *Queue) Stop(ctx context.Context) error { return q.client.Stop(ctx) }

// StopAndCancel stops at once, cancelling running jobs as a dying process
// would; they are run again from the start later.
func (q *Queue) StopAndCancel(ctx context.Context) error { return q.client.StopAndCancel(ctx) }

var _ background.Enqueuer = (*Queue)(nil)

// RiverVersion is the pinned River release (go.mod); River's own migrations
// change with it.
const RiverVersion = "v0.51.1"
