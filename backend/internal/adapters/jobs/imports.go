package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/rouder/console/internal/app/masterimport"
)

// importAttempts bounds the retries of a preview or an apply: each try
// starts from the stored upload, and an apply commits all or nothing.
const importAttempts = 3

// importTimeout is the longest one preview or apply may run; 60,000 rows
// take well under a minute (docs/benchmarks.md).
const importTimeout = 20 * time.Minute

type runImportWorker struct {
	river.WorkerDefaults[masterimport.RunJob]
	imports *masterimport.UseCases
}

func (w *runImportWorker) Work(ctx context.Context, job *river.Job[masterimport.RunJob]) error {
	return w.imports.Run(ctx, job.Args, job.Attempt >= job.MaxAttempts)
}

func (w *runImportWorker) Timeout(*river.Job[masterimport.RunJob]) time.Duration {
	return importTimeout
}
