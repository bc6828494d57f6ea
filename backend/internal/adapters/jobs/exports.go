package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	exportapp "github.com/rouder/console/internal/app/export"
)

// exportAttempts bounds the retries of a file's making: a file that failed
// three times needs a person, not a fourth try tomorrow.
const exportAttempts = 3

// exportTimeout is the longest one making may run (a million rows take
// about a minute); the stuck-job rescue waits longer than this (queue.go).
const exportTimeout = 30 * time.Minute

type makeFileWorker struct {
	river.WorkerDefaults[exportapp.MakeFileJob]
	exports *exportapp.UseCases
}

func (w *makeFileWorker) Work(ctx context.Context, job *river.Job[exportapp.MakeFileJob]) error {
	return w.exports.Make(ctx, job.Args, job.Attempt >= job.MaxAttempts)
}

func (w *makeFileWorker) Timeout(*river.Job[exportapp.MakeFileJob]) time.Duration {
	return exportTimeout
}

type expireFilesWorker struct {
	river.WorkerDefaults[exportapp.ExpireFilesJob]
	exports *exportapp.UseCases
}

func (w *expireFilesWorker) Work(ctx context.Context, _ *river.Job[exportapp.ExpireFilesJob]) error {
	_, err := w.exports.Expire(ctx)
	return err
}
