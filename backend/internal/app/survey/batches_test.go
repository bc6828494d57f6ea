package survey

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A store that holds every batch until released, and records them.
type heldStore struct {
	mu      sync.Mutex
	batches [][]string // the keys of each batch, in the order stored
	running atomic.Int32
	most    atomic.Int32
	release chan struct{}
	panicOn string
}

func (h *heldStore) store(_ context.Context, subs []*submission) []outcome {
	n := h.running.Add(1)
	defer h.running.Add(-1)
	for {
		m := h.most.Load()
		if n <= m || h.most.CompareAndSwap(m, n) {
			break
		}
	}
	keys := make([]string, len(subs))
	for i, s := range subs {
		keys[i] = s.key
		if s.key == h.panicOn {
			panic("broken batch")
		}
	}
	h.mu.Lock()
	h.batches = append(h.batches, keys)
	h.mu.Unlock()
	<-h.release
	out := make([]outcome, len(subs))
	for i, s := range subs {
		out[i].r = Receipt{AnswerID: int64(len(s.key))}
	}
	return out
}

func (h *heldStore) stored() [][]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([][]string(nil), h.batches...)
}

// waitFor polls cond for up to two seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("waited in vain for %s", what)
}

// Submissions that arrive while an organization's runners are busy form
// the next batches; no more than runnersPerOrg batches of one organization
// run at once, another organization's do not wait for them, and every
// submission gets its own outcome.
func TestBatchesGroupWhatArrivesWhileBusy(t *testing.T) {
	h := &heldStore{release: make(chan struct{})}
	b := newBatches(runnersPerOrg, h.store)
	var wg sync.WaitGroup
	results := make(map[string]Receipt)
	var mu sync.Mutex
	submit := func(org int64, key string) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := b.submit(context.Background(), org, &submission{key: key})
			if err != nil {
				t.Errorf("%s: %v", key, err)
			}
			mu.Lock()
			results[key] = r
			mu.Unlock()
		}()
	}
	// The first two submissions each start a runner and are held there.
	submit(1, "a")
	waitFor(t, "the first batch", func() bool { return len(h.stored()) == 1 })
	submit(1, "bb")
	waitFor(t, "the second batch", func() bool { return len(h.stored()) == 2 })
	// Ten more wait for a runner; another organization's goes at once.
	for _, k := range []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"} {
		submit(1, k)
	}
	submit(2, "other")
	waitFor(t, "the other organization's batch", func() bool { return len(h.stored()) == 3 })
	waitFor(t, "the queue", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.queues[1].waiting) == 10
	})
	close(h.release)
	wg.Wait()
	if h.most.Load() != runnersPerOrg+1 {
		t.Errorf("at most %d batches ran at once, want %d (two of one organization, one of another)", h.most.Load(), runnersPerOrg+1)
	}
	waited := 0
	for _, batch := range h.stored()[3:] {
		waited += len(batch)
	}
	if got := len(h.stored()); got != 4 || waited != 10 {
		t.Errorf("batches %v: want the ten waiting submissions stored as one batch after the first three", h.stored())
	}
	for key, r := range results {
		if r.AnswerID != int64(len(key)) {
			t.Errorf("%s got %d: another submission's outcome", key, r.AnswerID)
		}
	}
	// A runner hands out its batch's outcomes before it looks for the next
	// batch, so its queue goes a moment after the last outcome.
	waitFor(t, "every runner to stop and its queue to go", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.queues) == 0
	})
}

// A submission whose request ended while it waited is not stored; one whose
// batch panics gets an error, and the next batch is stored as usual.
func TestBatchesDropEndedRequestsAndSurvivePanics(t *testing.T) {
	h := &heldStore{release: make(chan struct{}), panicOn: "boom"}
	close(h.release)
	b := newBatches(1, h.store)

	_, err := b.submit(context.Background(), 1, &submission{key: "boom"})
	if err == nil || !strings.Contains(err.Error(), "panic") {
		t.Fatalf("a panicking batch answered %v", err)
	}
	if r, err := b.submit(context.Background(), 1, &submission{key: "after"}); err != nil || r.AnswerID != 5 {
		t.Fatalf("the batch after a panic: %v %v", r, err)
	}

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.submit(ended, 1, &submission{key: "gone"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("an ended request answered %v", err)
	}
	waitFor(t, "the runner to finish", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.queues) == 0
	})
	for _, batch := range h.stored() {
		for _, k := range batch {
			if k == "gone" {
				t.Error("a submission whose request had ended was stored")
			}
		}
	}
}

type writersTx int

func (w writersTx) Writers() int { return int(w) }

// One batch at a time where one transaction writes at a time (SQLite),
// two elsewhere.
func TestRunnersFollowTheWritersATransactorHas(t *testing.T) {
	for _, c := range []struct {
		tx   any
		want int
	}{{writersTx(1), 1}, {writersTx(20), runnersPerOrg}, {writersTx(0), 1}, {struct{}{}, runnersPerOrg}} {
		if got := runnersFor(c.tx); got != c.want {
			t.Errorf("runnersFor(%#v) = %d, want %d", c.tx, got, c.want)
		}
	}
}
