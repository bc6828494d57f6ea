package auth

import (
	"regexp"
	"testing"
	"time"
)

func TestThrottleLocked(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	until := now.Add(time.Minute)
	if (Throttle{}).Locked(now) || !(Throttle{LockedUntil: &until}).Locked(now) || (Throttle{LockedUntil: &until}).Locked(until) {
		t.Error("lock boundaries")
	}
}

func TestSessionExpiry(t *testing.T) {
	start := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	s := Session{CreatedAt: start, LastSeenAt: start, ExpiresAt: start.Add(MaxLifetime)}
	if s.ExpiredAt(start.Add(IdleTimeout - time.Second)) {
		t.Error("expired before the idle timeout")
	}
	if !s.ExpiredAt(start.Add(IdleTimeout)) {
		t.Error("alive after the idle timeout")
	}
	s.LastSeenAt = start.Add(MaxLifetime - time.Minute)
	if !s.ExpiredAt(start.Add(MaxLifetime)) {
		t.Error("alive after the absolute lifetime, though active")
	}
	if s.NeedsTouch(s.LastSeenAt.Add(TouchEvery-time.Second)) || !s.NeedsTouch(s.LastSeenAt.Add(TouchEvery)) {
		t.Error("touch interval")
	}
}

func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	six := regexp.MustCompile(`^[0-9]{6}$`)
	for range 200 {
		c, err := NewCode()
		if err != nil || !six.MatchString(c) {
			t.Fatalf("%q %v", c, err)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Errorf("only %d distinct codes in 200", len(seen))
	}
}

func TestMaskMailShowsFirstCharacterAndDomain(t *testing.T) {
	cases := map[string]string{
		"store001@rouder.example": "s*******@rouder.example",
		"ab@x.jp":                 "a***@x.jp",
		"山田@例え.jp":                "山***@例え.jp",
		"no-at-sign":              "",
		"@x.jp":                   "",
	}
	for in, want := range cases {
		if got := MaskMail(in); got != want {
			t.Errorf("MaskMail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCanResendAfterAMinute(t *testing.T) {
	issued := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	if CanResend(issued, issued.Add(59*time.Second)) || !CanResend(issued, issued.Add(time.Minute)) {
		t.Error("resend pacing")
	}
}
