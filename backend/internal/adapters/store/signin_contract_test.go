package store_test

import (
	"sync"
	"testing"
	"time"

	"github.com/rouder/console/internal/adapters/store"
	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/testsupport/testdb"
)

// The sign-in state on both databases: sessions, the e-mail codes of the
// second factor and the failure throttle. What the sign-in use cases rely
// on: a revoked session is gone, a code is spent once and its attempts are
// counted by the database, and parallel failures are all counted (the rate
// limit's Hit is TestThrottleHitCountsPerWindow).

func TestSessionsContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		alice := m.user(t, m.ta, "alice", m.top.ID, 0)
		sessions := store.NewSessions(db)
		start := m.now
		open := func(hash string, user int64) {
			t.Helper()
			s := auth.Session{Hash: hash, UserID: user, OrganizationID: m.a, MfaPending: true, IPAddress: "192.0.2.1",
				UserAgent: "test", CreatedAt: start, LastSeenAt: start, ExpiresAt: start.Add(12 * time.Hour)}
			if err := sessions.Create(bg, s); err != nil {
				t.Fatal(err)
			}
		}
		open("h1", alice)
		open("h2", alice)
		open("h3", alice)

		got, err := sessions.Get(bg, "h1")
		if err != nil || got.UserID != alice || got.OrganizationID != m.a || !got.MfaPending || got.IPAddress != "192.0.2.1" ||
			!got.ExpiresAt.Equal(start.Add(12*time.Hour)) {
			t.Fatalf("read back: %+v %v", got, err)
		}
		if err := sessions.Touch(bg, "h1", start.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := sessions.CompleteMfa(bg, "h1"); err != nil {
			t.Fatal(err)
		}
		if got, _ = sessions.Get(bg, "h1"); got.MfaPending || !got.LastSeenAt.Equal(start.Add(time.Hour)) {
			t.Errorf("after touch and the second factor: %+v", got)
		}
		_, err = sessions.Get(bg, "unknown")
		wantKind(t, "an unknown session", err, failure.KindUnauthorized)

		if err := sessions.Revoke(bg, "h2", start); err != nil {
			t.Fatal(err)
		}
		_, err = sessions.Get(bg, "h2")
		wantKind(t, "a revoked session", err, failure.KindUnauthorized)
		// A password change ends every other session of the user.
		if err := sessions.RevokeUser(bg, alice, "h1", start); err != nil {
			t.Fatal(err)
		}
		_, err = sessions.Get(bg, "h3")
		wantKind(t, "another session after RevokeUser", err, failure.KindUnauthorized)
		if _, err := sessions.Get(bg, "h1"); err != nil {
			t.Errorf("the kept session: %v", err)
		}
	})
}

func TestMfaChallengesContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		m := newMasters(t, db)
		alice := m.user(t, m.ta, "alice", m.top.ID, 0)
		if err := store.NewSessions(db).Create(bg, auth.Session{Hash: "s1", UserID: alice, OrganizationID: m.a, MfaPending: true,
			CreatedAt: m.now, LastSeenAt: m.now, ExpiresAt: m.now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		codes := store.NewMfaChallenges(db)
		if err := codes.Create(bg, auth.Challenge{SessionHash: "s1", CodeHMAC: "mac1", ExpiresAt: m.now.Add(10 * time.Minute)}); err != nil {
			t.Fatal(err)
		}
		c, err := codes.Get(bg, "s1")
		if err != nil || c.CodeHMAC != "mac1" || c.Attempts != 0 || c.Used || !c.ExpiresAt.Equal(m.now.Add(10*time.Minute)) {
			t.Fatalf("read back: %+v %v", c, err)
		}
		// Ten parallel guesses are ten attempts.
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				if _, err := codes.CountAttempt(bg, "s1"); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if c, _ = codes.Get(bg, "s1"); c.Attempts != 10 {
			t.Errorf("attempts after ten parallel guesses: %d", c.Attempts)
		}
		// A code is spent once.
		if ok, err := codes.MarkUsed(bg, "s1", m.now); !ok || err != nil {
			t.Fatalf("first use: %v %v", ok, err)
		}
		if ok, _ := codes.MarkUsed(bg, "s1", m.now); ok {
			t.Error("a spent code was spent again")
		}
		// A resend replaces the code and counts afresh.
		if err := codes.Replace(bg, auth.Challenge{SessionHash: "s1", CodeHMAC: "mac2", ExpiresAt: m.now.Add(20 * time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if c, _ = codes.Get(bg, "s1"); c.CodeHMAC != "mac2" || c.Attempts != 0 || c.Used {
			t.Errorf("after a resend: %+v", c)
		}
		wantKind(t, "a resend without a code", codes.Replace(bg, auth.Challenge{SessionHash: "none", CodeHMAC: "x"}), failure.KindUnauthorized)
		_, err = codes.Get(bg, "none")
		wantKind(t, "no code", err, failure.KindUnauthorized)
	})
}

func TestThrottleContract(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		throttle := store.NewThrottle(db)
		now := time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC)
		const limit, window, lockFor = 5, 15 * time.Minute, 30 * time.Minute
		if got, err := throttle.Get(bg, "2:alice"); err != nil || got.Failures != 0 || got.LockedUntil != nil {
			t.Fatalf("an unknown key: %+v %v", got, err)
		}
		for i := range 4 {
			if err := throttle.RecordFailure(bg, "2:alice", now.Add(time.Duration(i)*time.Minute), limit, window, lockFor); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := throttle.Get(bg, "2:alice")
		if got.Failures != 4 || got.Locked(now.Add(4*time.Minute)) || !got.WindowStarted.Equal(now) {
			t.Fatalf("four failures: %+v", got)
		}
		if err := throttle.RecordFailure(bg, "2:alice", now.Add(5*time.Minute), limit, window, lockFor); err != nil {
			t.Fatal(err)
		}
		if got, _ = throttle.Get(bg, "2:alice"); !got.Locked(now.Add(5*time.Minute)) || !got.LockedUntil.Equal(now.Add(35*time.Minute)) {
			t.Errorf("the fifth failure locks: %+v", got)
		}
		// After the window a failure starts a new count, unlocked.
		if err := throttle.RecordFailure(bg, "2:alice", now.Add(time.Hour), limit, window, lockFor); err != nil {
			t.Fatal(err)
		}
		if got, _ = throttle.Get(bg, "2:alice"); got.Failures != 1 || got.LockedUntil != nil {
			t.Errorf("a failure in a new window: %+v", got)
		}
		if err := throttle.Reset(bg, "2:alice"); err != nil {
			t.Fatal(err)
		}
		if got, _ = throttle.Get(bg, "2:alice"); got.Failures != 0 {
			t.Errorf("after a reset: %+v", got)
		}
		// Parallel failures within a window are all counted.
		if err := throttle.RecordFailure(bg, "2:bob", now, 100, window, lockFor); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if err := throttle.RecordFailure(bg, "2:bob", now.Add(time.Second), 100, window, lockFor); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if got, _ = throttle.Get(bg, "2:bob"); got.Failures != 9 {
			t.Errorf("nine failures, %d counted", got.Failures)
		}
	})
}
