package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/rouder/console/internal/app/notification"
	"github.com/rouder/console/internal/domain/failure"
)

type deliverMailWorker struct {
	river.WorkerDefaults[notification.DeliverMailJob]
	mail *notification.Mail
}

func (w *deliverMailWorker) Work(ctx context.Context, job *river.Job[notification.DeliverMailJob]) error {
	err := w.mail.Deliver(ctx, job.Args)
	if failure.Is(err, failure.KindNotFound) {
		return river.JobCancel(err) // the mail is gone; retrying cannot help
	}
	return err
}
