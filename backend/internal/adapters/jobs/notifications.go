package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/failure"
)

// sendNotificationsWorker sends the scheduled notices that came due (every
// minute on River's leader; a forced run is the same job).
type sendNotificationsWorker struct {
	river.WorkerDefaults[notification.SendNotificationsJob]
	scheduler *notification.Scheduler
}

func (w *sendNotificationsWorker) Work(ctx context.Context, _ *river.Job[notification.SendNotificationsJob]) error {
	_, err := w.scheduler.Run(ctx)
	return err
}

type deliverPushWorker struct {
	river.WorkerDefaults[notification.DeliverPushJob]
	push *notification.Push
}

func (w *deliverPushWorker) Work(ctx context.Context, job *river.Job[notification.DeliverPushJob]) error {
	err := w.push.Deliver(ctx, job.Args)
	if failure.Is(err, failure.KindNotFound) {
		return river.JobCancel(err)
	}
	return err
}
