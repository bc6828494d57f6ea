package jobs

import (
	"context"

	"github.com/riverqueue/river"

	checklistapp "github.com/rouder/console/internal/app/checklist"
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
