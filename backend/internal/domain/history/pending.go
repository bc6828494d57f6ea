package history

import (
	"context"
	"sync"
)

// Pending is the record of the change a request is making, prepared before
// the change runs. Whoever commits the change's transaction writes it in
// that transaction (adapters/store TxManager), so a change and its record
// land together or not at all; the HTTP layer writes it afterwards only
// when the request changed something without a transaction of its own.
// Use cases may name the object they created (SetTarget) before commit.
type Pending struct {
	mu       sync.Mutex
	op       Operation
	recorded bool
}

// NewPending prepares op.
func NewPending(op Operation) *Pending { return &Pending{op: op} }

// SetTarget names the object the change touched, when the request's path
// could not (a creation learns its id only when it inserts).
func (p *Pending) SetTarget(id int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.op.TargetID == nil {
		p.op.TargetID = &id
	}
}

// Take returns the record once: the first caller writes it, later
// transactions of the same request do not write it again.
func (p *Pending) Take() (Operation, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.recorded {
		return Operation{}, false
	}
	p.recorded = true
	return p.op, true
}

// Untake gives the record back when the transaction that took it did not
// commit, so a later one (or the fallback) still writes it.
func (p *Pending) Untake() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.recorded = false
}

type pendingKey struct{}

// WithPending returns ctx carrying p.
func WithPending(ctx context.Context, p *Pending) context.Context {
	return context.WithValue(ctx, pendingKey{}, p)
}

// PendingFrom returns the record ctx carries, if any.
func PendingFrom(ctx context.Context) (*Pending, bool) {
	p, ok := ctx.Value(pendingKey{}).(*Pending)
	return p, ok
}

// NameTarget names the created object on the request's pending record, if
// there is one (use cases call it after inserting).
func NameTarget(ctx context.Context, id int64) {
	if p, ok := PendingFrom(ctx); ok {
		p.SetTarget(id)
	}
}

// AddDetail appends what the use case knows to the request's summary (for
// example an export's period and options), if there is a pending record.
func AddDetail(ctx context.Context, detail string) {
	if p, ok := PendingFrom(ctx); ok {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.op.Detail += "：" + detail
	}
}
