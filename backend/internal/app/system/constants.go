// Package system holds the use cases about the installation itself: its
// constants, its sign-in mode, and (later) maintenance and schedules.
package system

import (
	"github.com/rouder/console/internal/domain/organization"
	"github.com/rouder/console/internal/domain/survey"
)

// Settings is what the installation was started with.
type Settings struct {
	Version     string
	EnvName     string
	AppName     string
	UniqueRange string // ORGANIZATION or SYSTEM
	SupportMail string // the support dialog's contact address; "" for none
}

// Constants is the answer of GET /api/const.
type Constants struct {
	Version                     string
	EnvName                     string
	AppName                     string
	SystemOrganizationID        int64
	SystemGroupID               int64
	DefaultSurveyTermsOfService string
	SupportMailAddress          string
}

// Info answers the questions the console asks before anyone signs in.
type Info struct{ settings Settings }

func NewInfo(s Settings) *Info { return &Info{settings: s} }

func (i *Info) Constants() Constants {
	return Constants{
		Version:                     i.settings.Version,
		EnvName:                     i.settings.EnvName,
		AppName:                     i.settings.AppName,
		SystemOrganizationID:        organization.SystemOrganizationID,
		SystemGroupID:               organization.SystemGroupID,
		DefaultSurveyTermsOfService: survey.DefaultTermsOfService,
		SupportMailAddress:          i.settings.SupportMail,
	}
}

// UniqueRange is SYSTEM when accounts are unique across the installation
// (sign-in names no organization), ORGANIZATION otherwise.
func (i *Info) UniqueRange() string { return i.settings.UniqueRange }
