package http

import (
	"github.com/labstack/echo/v4"

	"github.com/rouder/console/internal/adapters/http/api"
	appauth "github.com/rouder/console/internal/app/auth"
	"github.com/rouder/console/internal/domain/auth"
	"github.com/rouder/console/internal/domain/failure"
)

func (h *handlers) Login(c echo.Context) error {
	var body api.LoginRequest
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	ctx := c.Request().Context()
	res, err := h.auth.Login(ctx, appauth.LoginInput{
		OrganizationID: body.OrganizationId, Account: body.UserAccount, Password: body.Password,
		IP: c.RealIP(), UserAgent: c.Request().UserAgent(),
	})
	if err != nil {
		return err
	}
	// A sign-in replaces whatever session this browser had.
	if old := h.server.sessionID(c); old != "" {
		_ = h.auth.Logout(ctx, old, c.RealIP())
	}
	if err := h.server.setSessionCookie(c, res.SessionID); err != nil {
		return err
	}
	if res.MfaRequired {
		h.server.clearSignedInHint(c) // an earlier session's, until the code is entered
	} else {
		h.server.setSignedInHint(c, body.OrganizationId)
	}
	return ok(c, api.LoginResult{MfaRequired: res.MfaRequired})
}

func (h *handlers) Logout(c echo.Context) error {
	if sid := h.server.sessionID(c); sid != "" {
		if err := h.auth.Logout(c.Request().Context(), sid, c.RealIP()); err != nil {
			return err
		}
	}
	h.server.clearSessionCookie(c)
	return okMessage(c, auth.MsgLoggedOut, nil)
}

func (h *handlers) GetMfaRequired(c echo.Context) error {
	sid := h.server.sessionID(c)
	return ok(c, sid != "" && h.auth.MfaRequired(c.Request().Context(), sid))
}

func (h *handlers) GetSessionState(c echo.Context) error {
	st := h.auth.State(c.Request().Context(), h.server.sessionID(c))
	out := api.SessionState{SignedIn: st.SignedIn, MfaRequired: st.MfaRequired, CodeExpiresAt: st.CodeExpiresAt}
	if st.MfaMailAddress != "" {
		out.MfaMailAddress = &st.MfaMailAddress
	}
	return ok(c, out)
}

func (h *handlers) ResendMfaCode(c echo.Context, _ api.ResendMfaCodeParams) error {
	sid := h.server.sessionID(c)
	if sid == "" {
		return failure.Unauthorized()
	}
	if err := h.auth.ResendCode(c.Request().Context(), sid, c.RealIP()); err != nil {
		return err
	}
	return okMessage(c, auth.MsgCodeResent, nil)
}

func (h *handlers) AuthenticateMfa(c echo.Context, _ api.AuthenticateMfaParams) error {
	var body api.MfaRequest
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	sid := h.server.sessionID(c)
	if sid == "" {
		return failure.Unauthorized()
	}
	if err := h.auth.VerifyCode(c.Request().Context(), sid, body.Code, c.RealIP()); err != nil {
		return err
	}
	// The session is complete now: the hint names the user's organization.
	if rec, err := h.auth.Authenticate(c.Request().Context(), sid, c.RealIP(), nil); err == nil {
		h.server.setSignedInHint(c, &rec.Principal.OrganizationID)
	} else {
		h.server.clearSignedInHint(c)
	}
	return ok(c, nil)
}

func (h *handlers) ChangePassword(c echo.Context, userID int64, _ api.ChangePasswordParams) error {
	var body appauth.PasswordChange
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	if err := h.auth.ChangePassword(c.Request().Context(), userID, body, c.RealIP()); err != nil {
		return err
	}
	return okMessage(c, auth.MsgPasswordChanged, nil)
}
