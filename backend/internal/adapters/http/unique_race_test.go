package http_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/terminal"
	"github.com/rouder/console/internal/domain/user"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

// sendTogether sends n requests at once (send(i) makes the i-th) and
// returns how many were saved. Every other one must be the 400 a request
// sent afterwards gets, with the field's message: never a 500, whichever
// of the "already taken" check and the unique index refused it.
func sendTogether(t *testing.T, n int, field, msg string, send func(i int) consoletest.Answer) int {
	t.Helper()
	answers := make([]consoletest.Answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { answers[i] = send(i) })
	}
	wg.Wait()
	saved := 0
	for _, a := range answers {
		switch {
		case a.Status == http.StatusOK:
			saved++
		case a.Status != http.StatusBadRequest || a.FieldError(field) != msg:
			t.Errorf("a request sent together: %d %s", a.Status, a.Body)
		}
	}
	return saved
}

func TestDuplicatesSentTogetherAnswerLikeOneSentAfter(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		admin := c.Client(t)
		admin.OrgID = 2
		admin.Login(2, "demoadmin", "Demoadmin#2026")

		for _, path := range []string{"/api/facility/attribute", "/api/user/attribute"} {
			saved := sendTogether(t, 20, "label", tag.MsgDuplicate, func(int) consoletest.Answer {
				return admin.Do(http.MethodPost, path, map[string]string{"label": "競合タグ"})
			})
			if saved != 1 {
				t.Errorf("%s: %d tags saved", path, saved)
			}
		}

		// Accounts differ in case only: the same account (the check ignores
		// case; the unique index does not).
		bodies := []map[string]any{newUser(c, t, "racer001"), newUser(c, t, "RACER001")}
		saved := sendTogether(t, 20, "userAccount", user.MsgAccountTaken, func(i int) consoletest.Answer {
			return admin.Do(http.MethodPost, "/api/user", bodies[i%2])
		})
		if saved != 1 || c.Count(t, "SELECT COUNT(*) FROM users WHERE LOWER(user_account) = 'racer001'") != 1 {
			t.Errorf("%d users saved", saved)
		}

		// Ten users renamed to one account at once.
		ids := make([]int64, 10)
		for i := range ids {
			var created struct {
				UserID int64 `json:"userId"`
			}
			admin.Do(http.MethodPost, "/api/user", newUser(c, t, "rename0"+itoa(i))).Decode(t, &created)
			ids[i] = created.UserID
		}
		edit := newUser(c, t, "renamed01")
		edit["password"], edit["version"] = "", 1
		saved = sendTogether(t, len(ids), "userAccount", user.MsgAccountTaken, func(i int) consoletest.Answer {
			return admin.Do(http.MethodPut, "/api/user/"+itoa(int(ids[i])), edit)
		})
		if saved != 1 {
			t.Errorf("%d users renamed", saved)
		}

		c.Exec(t, "UPDATE organizations SET checkin_type = 'TERMINAL' WHERE organization_id = 2")
		shinjuku := c.FacilityID(t, 2, "新宿駅前店")
		saved = sendTogether(t, 20, "terminalId", terminal.MsgTaken, func(int) consoletest.Answer {
			return admin.Do(http.MethodPost, "/api/terminal", map[string]any{"facilityId": shinjuku, "terminalId": "TAB-RACE", "terminalName": ""})
		})
		if saved != 1 {
			t.Errorf("%d terminals registered", saved)
		}
	})
}

// With the SYSTEM range an account is unique across organizations (sign-in
// names none): creates sent together in two organizations save one user,
// who can then sign in.
func TestSystemRangeAccountSentTogetherToTwoOrganizations(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		in2, in3 := c.Client(t), c.Client(t)
		in2.OrgID, in3.OrgID = 2, 3
		in2.Login(0, "sysadmin", "Sysadmin#2026")
		in3.Login(0, "sysadmin", "Sysadmin#2026")
		body2, body3 := newUser(c, t, "shared01"), newUser(c, t, "shared01")
		body3["groupId"], body3["facilityId"] = c.GroupID(t, 3, "本社"), c.FacilityID(t, 3, "本店")
		saved := sendTogether(t, 20, "userAccount", user.MsgAccountTaken, func(i int) consoletest.Answer {
			if i%2 == 0 {
				return in2.Do(http.MethodPost, "/api/user", body2)
			}
			return in3.Do(http.MethodPost, "/api/user", body3)
		})
		if n := c.Count(t, "SELECT COUNT(*) FROM users WHERE user_account = 'shared01'"); saved != 1 || n != 1 {
			t.Fatalf("%d creates saved, %d users hold the account", saved, n)
		}
		c.Client(t).Login(0, "shared01", "Hanako#2026")
	}, consoletest.SystemRange())
}
