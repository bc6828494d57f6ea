package http_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

type sessionState struct {
	SignedIn       bool       `json:"signedIn"`
	MfaRequired    bool       `json:"mfaRequired"`
	MfaMailAddress string     `json:"mfaMailAddress"`
	CodeExpiresAt  *time.Time `json:"codeExpiresAt"`
}

func stateOf(t *testing.T, cl *consoletest.Client) sessionState {
	t.Helper()
	a := cl.Get("/session_state")
	if a.Status != http.StatusOK {
		t.Fatalf("/session_state: %d %s", a.Status, a.Body)
	}
	var st sessionState
	if err := json.Unmarshal(a.Data, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// A page asks /session_state first: signed out is an answer (200), not a
// failed request, and only a signed-in page goes on to /api/login_user.
func TestSessionStateIsAnAnswerSignedOutOrIn(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		if st := stateOf(t, cl); st.SignedIn || st.MfaRequired {
			t.Errorf("signed out: %+v", st)
		}
		cl.Login(2, "demoadmin", "Demoadmin#2026")
		if st := stateOf(t, cl); !st.SignedIn || st.MfaRequired || st.MfaMailAddress != "" {
			t.Errorf("signed in: %+v", st)
		}
		cl.Do(http.MethodPost, "/logout", nil)
		if st := stateOf(t, cl); st.SignedIn {
			t.Errorf("after logout: %+v", st)
		}
	})
}

// While the e-mail code is due, the page says where it went (masked) and
// until when; 再送信 mails a new code at most once a minute, and only the
// newest code works.
func TestMailCodeCanBeResent(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		store001SignsInWithMailCode(t, c)
		cl := c.Client(t)
		if a := cl.Do(http.MethodPost, "/api/mfa/resend", nil); a.Status != http.StatusUnauthorized {
			t.Errorf("resend without a session: %d", a.Status)
		}
		cl.Login(2, "store001", "Store001#2026")
		first := codeFrom(t, c, 0)
		st := stateOf(t, cl)
		if st.SignedIn || !st.MfaRequired || st.MfaMailAddress != "s*******@rouder.example" {
			t.Errorf("code due: %+v", st)
		}
		if st.CodeExpiresAt == nil || time.Until(*st.CodeExpiresAt) < 9*time.Minute || time.Until(*st.CodeExpiresAt) > auth.CodeLifetime {
			t.Errorf("code expiry: %v", st.CodeExpiresAt)
		}

		if a := cl.Do(http.MethodPost, "/api/mfa/resend", nil); a.Status != http.StatusTooManyRequests || a.Message != auth.MsgCodeResendTooSoon {
			t.Errorf("resend at once: %d %s", a.Status, a.Body)
		}
		// A minute later (the code was issued a minute ago).
		c.Exec(t, "UPDATE mfa_challenges SET expires_at = ?", time.Now().Add(auth.CodeLifetime-auth.ResendAfter-time.Second).UTC())
		if a := cl.Do(http.MethodPost, "/api/mfa/resend", nil); a.Status != http.StatusOK || a.Message != auth.MsgCodeResent {
			t.Fatalf("resend after a minute: %d %s", a.Status, a.Body)
		}
		second := codeFrom(t, c, 1)
		if st := stateOf(t, cl); st.CodeExpiresAt == nil || time.Until(*st.CodeExpiresAt) < 9*time.Minute {
			t.Errorf("new code's expiry: %+v", st)
		}
		if first != second {
			if a := cl.Do(http.MethodPost, "/api/mfa/authenticate", map[string]string{"code": first}); a.Status != http.StatusBadRequest {
				t.Errorf("the replaced code: %d %s", a.Status, a.Body)
			}
		}
		if a := cl.Do(http.MethodPost, "/api/mfa/authenticate", map[string]string{"code": second}); a.Status != http.StatusOK {
			t.Fatalf("the new code: %d %s", a.Status, a.Body)
		}
		if st := stateOf(t, cl); !st.SignedIn || st.MfaRequired {
			t.Errorf("after the code: %+v", st)
		}
		if c.Count(t, "SELECT COUNT(*) FROM operation_history WHERE operation = 'MFA_CODE_RESENT'") != 1 {
			t.Error("the resend is not recorded")
		}
	})
}
