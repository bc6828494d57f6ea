package survey

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/rouder/console/internal/domain/survey"
)

// maxBatch bounds the submissions one transaction stores: enough for every
// client of a lunch-hour rush on one instance, small enough that one
// transaction's statements stay short.
const maxBatch = 64

// runnersPerOrg is how many batches of one organization an instance
// stores at once: two, so that while one waits on the database's answer
// to a statement the other's statements run (the database has more than
// one core); more made each batch smaller and slower in the benchmark.
// Where only one transaction writes at a time (SQLite), one: a second
// batch would only wait for the connection, and the answers arriving
// meanwhile are better stored together (a quarter more per second).
const runnersPerOrg = 2

// writers is what a Transactor may also tell: how many transactions can
// write at once (store.TxManager: 1 on SQLite).
type writers interface{ Writers() int }

// runnersFor is runnersPerOrg, or fewer when tx can write fewer at once.
func runnersFor(tx any) int {
	if w, ok := tx.(writers); ok && w.Writers() < runnersPerOrg {
		return max(w.Writers(), 1)
	}
	return runnersPerOrg
}

// batchTimeout ends a batch's transaction that takes this long (a database
// that stopped answering); its submissions get the database's error.
const batchTimeout = 30 * time.Second

// submission is one answer waiting for its organization's next batch,
// checked as far as it can be without the database (Public.admissible).
type submission struct {
	ctx     context.Context // the request's: a submission whose request ended before its batch began is dropped
	key     string
	browser string
	rateKey string
	target  survey.Target
	answer  Answer
	now     time.Time
	done    chan outcome // one outcome, buffered
}

// outcome is what storing a submission gave its request.
type outcome struct {
	r   Receipt
	err error
}

// batches groups each organization's submissions into shared
// transactions: the submissions that arrive while a batch of an
// organization is being stored form its next batch. When quiet, a
// submission is stored alone at once; under load, many answers share one
// commit and a few multi-row statements (much of an answer's cost was the
// database's per statement and per commit rather than per row). At most
// runnersPerOrg batches of an organization run at a time on an instance;
// batches running together, here or on other instances, are kept apart by
// the database's locks (AdmitAll).
type batches struct {
	mu      sync.Mutex
	queues  map[int64]*queue // per organization, while one of its runners runs
	runners int              // batches of one organization stored at once
	store   func(ctx context.Context, subs []*submission) []outcome
}

// queue is an organization's waiting submissions and how many runners store them.
type queue struct {
	waiting []*submission
	running int
}

func newBatches(runners int, store func(ctx context.Context, subs []*submission) []outcome) *batches {
	return &batches{queues: map[int64]*queue{}, runners: runners, store: store}
}

// submit queues s for org's next batch, starting a runner if fewer than
// b.runners run, and waits for its outcome or for ctx to end. A submission
// whose request ends while its batch is being stored may still be stored:
// the customer's retry with the same idempotency key then gets its receipt.
func (b *batches) submit(ctx context.Context, org int64, s *submission) (Receipt, error) {
	s.ctx, s.done = ctx, make(chan outcome, 1)
	b.mu.Lock()
	q := b.queues[org]
	if q == nil {
		q = &queue{}
		b.queues[org] = q
	}
	q.waiting = append(q.waiting, s)
	start := q.running < b.runners
	if start {
		q.running++
	}
	b.mu.Unlock()
	if start {
		go b.run(org, q)
	}
	select {
	case o := <-s.done:
		return o.r, o.err
	case <-ctx.Done():
		return Receipt{}, ctx.Err()
	}
}

// run stores org's waiting submissions batch after batch until none wait.
func (b *batches) run(org int64, q *queue) {
	for {
		b.mu.Lock()
		subs := q.waiting
		if len(subs) == 0 {
			if q.running--; q.running == 0 {
				delete(b.queues, org)
			}
			b.mu.Unlock()
			return
		}
		if len(subs) > maxBatch {
			q.waiting = subs[maxBatch:]
			subs = subs[:maxBatch]
		} else {
			q.waiting = nil
		}
		b.mu.Unlock()
		b.storeBatch(subs)
	}
}

// storeBatch stores subs whose requests still wait and hands each its
// outcome. The batch's context is its own: one request ending must not
// roll back the others' answers.
func (b *batches) storeBatch(subs []*submission) {
	live := make([]*submission, 0, len(subs))
	for _, s := range subs {
		if err := s.ctx.Err(); err != nil {
			s.done <- outcome{err: err}
			continue
		}
		live = append(live, s)
	}
	if len(live) == 0 {
		return
	}
	defer func() { // a panic fails this batch, not the process
		if p := recover(); p != nil {
			for _, s := range live {
				select {
				case s.done <- outcome{err: fmt.Errorf("store answers: panic: %v", p)}:
				default: // had its outcome
				}
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	for i, o := range b.store(ctx, live) {
		live[i].done <- o
	}
}
