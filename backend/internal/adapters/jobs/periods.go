package jobs

import (
	"context"

	"github.com/riverqueue/river"

	checklistapp "github.com/rouder/console/internal/app/checklist"
	"github.com/rouder/console/internal/app/housekeeping"
)

// openPeriodsWorker opens the check periods that came due (hourly, and
// once when the server starts, so a server that was down catches up).
type openPeriodsWorker struct {
	river.WorkerDefaults[checklistapp.OpenPeriodsJob]
	periods *checklistapp.Periods
}

func (w *openPeriodsWorker) Work(ctx context.Context, _ *river.Job[checklistapp.OpenPeriodsJob]) error {
	_, err := w.periods.OpenDue(ctx)
	return err
}

// purgeWorker deletes spent sign-in records (hourly).
type purgeWorker struct {
	river.WorkerDefaults[housekeeping.PurgeJob]
	housekeeping *housekeeping.UseCases
}

func (w *purgeWorker) Work(ctx context.Context, _ *river.Job[housekeeping.PurgeJob]) error {
	_, _, err := w.housekeeping.Purge(ctx)
	return err
}
