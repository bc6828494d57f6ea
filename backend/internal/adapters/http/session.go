package http

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
)

// CookieName holds the signed session token.
const CookieName = "rouder_session"

// HintCookie tells the SPA, which cannot read the session cookie, that this
// browser was given a complete session and in which organization it signed
// in: a reload then asks who is signed in, fetches the shell and the
// organization's lists at once rather than after /session_state answered
// (docs/benchmarks.md). It is not secret and grants nothing; the session
// cookie decides, and a stale hint only costs one round of 401s. The
// contract names it (api/openapi.yaml, /login); the SPA reads it by that
// name (frontend/src/lib/session/signedInHint.ts), and a test on each side
// holds its constant to the contract's.
const HintCookie = "rouder_signed_in"

// Route access levels. Every route is signed-in unless listed here, so a
// new route is protected by default (and the route-matrix test checks it).
var (
	publicRoutes = map[string]bool{
		"/unique_range": true, "/mfa_required": true, "/session_state": true, "/login": true, "/logout": true, "/maintenance": true,
		"/api/const": true, "/healthz": true, "/readyz": true, "/metrics": true,
		"/": true, "/home": true, "/home/*": true,
		// The survey answer page's calls: the key in the path is the only credential.
		"/api/public/survey/:surveyKey": true, "/api/public/survey/:surveyKey/answer": true,
	}
	// sessionOnlyRoutes need a session that may still await its e-mail code.
	sessionOnlyRoutes = map[string]bool{"/api/mfa/authenticate": true, "/api/mfa/resend": true}
)

// IsPublicRoute reports whether a route answers without a session; tests
// enumerate the routes with it.
func IsPublicRoute(path string) bool { return publicRoutes[path] }

// tokens signs and reads the session cookie: a JWT naming the session id.
// The id alone opens nothing without the signature, and the server-side
// session can be ended at any time (logout, password change, disabling).
type tokens struct{ key []byte }

type sessionClaims struct {
	SID string `json:"sid"`
	jwt.RegisteredClaims
}

func (t tokens) issue(sid string, now time.Time) (string, error) {
	claims := sessionClaims{SID: sid, RegisteredClaims: jwt.RegisteredClaims{
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(auth.MaxLifetime)),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.key)
}

func (t tokens) read(token string) (string, error) {
	var claims sessionClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithExpirationRequired())
	if err != nil {
		return "", err
	}
	if claims.SID == "" {
		return "", errors.New("no session id")
	}
	return claims.SID, nil
}

// sessionID is the id in the request's cookie, or "".
func (s *Server) sessionID(c echo.Context) string {
	ck, err := c.Cookie(CookieName)
	if err != nil || ck.Value == "" {
		return ""
	}
	sid, err := s.tokens.read(ck.Value)
	if err != nil {
		return ""
	}
	return sid
}

// setSessionCookie gives the browser session sid.
func (s *Server) setSessionCookie(c echo.Context, sid string) error {
	token, err := s.tokens.issue(sid, time.Now())
	if err != nil {
		return err
	}
	c.SetCookie(sessionCookie(c, CookieName, token, true))
	return nil
}

// setSignedInHint gives the browser its HintCookie once its session is
// complete (the e-mail code, if due, entered), naming the organization
// signed in to (nil: the system range, hinted as 0).
func (s *Server) setSignedInHint(c echo.Context, orgID *int64) {
	hint := int64(0)
	if orgID != nil {
		hint = *orgID
	}
	c.SetCookie(sessionCookie(c, HintCookie, strconv.FormatInt(hint, 10), false))
}

func (s *Server) clearSessionCookie(c echo.Context) {
	c.SetCookie(expired(sessionCookie(c, CookieName, "", true)))
	s.clearSignedInHint(c)
}

// clearSignedInHint takes the HintCookie away.
func (s *Server) clearSignedInHint(c echo.Context) {
	c.SetCookie(expired(sessionCookie(c, HintCookie, "", false)))
}

// sessionCookie is a cookie that lives as long as a session may: the
// session's own (httpOnly) and its hint share every attribute but that.
func sessionCookie(c echo.Context, name, value string, httpOnly bool) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: httpOnly, SameSite: http.SameSiteLaxMode,
		Secure: c.Scheme() == "https", MaxAge: int(auth.MaxLifetime / time.Second)}
}

// expired is ck set to be deleted at once.
func expired(ck *http.Cookie) *http.Cookie {
	ck.MaxAge = -1
	return ck
}

// authorize lets public routes through; every other route needs a session,
// resolved once here into the principal (user, roles, acting organization
// from ORG_ID) that reaches the use cases through the request context.
func (s *Server) authorize(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		route := c.Path()
		if publicRoutes[route] || route == "" {
			return next(c)
		}
		sid := s.sessionID(c)
		if sid == "" {
			return failure.Unauthorized()
		}
		requested, err := orgIDParam(c)
		if err != nil {
			return err
		}
		rec, err := s.auth.Authenticate(c.Request().Context(), sid, c.RealIP(), requested)
		if err != nil {
			return err
		}
		if rec.MfaPending && !sessionOnlyRoutes[route] {
			return failure.Unauthorized()
		}
		c.SetRequest(c.Request().WithContext(access.WithPrincipal(c.Request().Context(), rec.Principal)))
		return next(c)
	}
}

// orgIDParam reads ORG_ID; absent is nil, anything but a number is 400.
func orgIDParam(c echo.Context) (*int64, error) {
	raw := c.QueryParam("ORG_ID")
	if raw == "" {
		return nil, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return nil, failure.Invalid(map[string]string{"ORG_ID": "組織IDが正しくありません。"})
	}
	return &id, nil
}

// crossOrigin refuses state-changing requests sent by another site (403),
// using the browser's Sec-Fetch-Site and Origin headers.
func crossOrigin() echo.MiddlewareFunc {
	cop := http.NewCrossOriginProtection()
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := cop.Check(c.Request()); err != nil {
				return failure.Forbidden()
			}
			return next(c)
		}
	}
}
