package http_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	httpadapter "github.com/rouder/console/internal/adapters/http"
	"github.com/rouder/console/internal/testsupport/consoletest"
)

var routeParam = regexp.MustCompile(`:[A-Za-z]+`)

// Every route that is not public must refuse a request without a session,
// whatever its method. A new route is covered the moment it is registered.
func TestEveryPrivateRouteNeedsASession(t *testing.T) {
	t.Parallel()
	eachConsole(t, func(t *testing.T, c *consoletest.Console) {
		cl := c.Client(t)
		checked := 0
		for _, r := range c.App.Server.Echo().Routes() {
			if httpadapter.IsPublicRoute(r.Path) || r.Method == "echo_route_not_found" {
				continue
			}
			path := routeParam.ReplaceAllString(r.Path, "1")
			path = strings.ReplaceAll(path, "*", "x")
			var body any
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				body = map[string]any{}
			}
			a := cl.Do(r.Method, path+"?ORG_ID=2", body)
			if a.Status != http.StatusUnauthorized || a.Code != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d %s", r.Method, r.Path, a.Status, a.Body)
			}
			checked++
		}
		if checked < 7 {
			t.Fatalf("only %d private routes found", checked)
		}
	})
}
