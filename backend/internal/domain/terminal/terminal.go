// Package terminal holds the check-in terminals registered to stores when
// the organization's check-in type uses them.
package terminal

import (
	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/validation"
)

// Terminal is one registered device.
type Terminal struct {
	ID           int64
	FacilityID   int64
	FacilityName string
	Code         string // the device's id, as the device reports it
	Name         string
}

// Input registers a terminal.
type Input struct {
	FacilityID int64  `json:"facilityId"`
	Code       string `json:"terminalId"`
	Name       string `json:"terminalName"`
}

// Normalized is the input as stored: the terminal id in ASCII.
func (in Input) Normalized() Input {
	in.Code = validation.NormalizeCode(in.Code)
	return in
}

func (in Input) Validate() error {
	return validation.Check(v.ValidateStruct(&in,
		v.Field(&in.FacilityID, validation.Required("店舗")),
		v.Field(&in.Code, validation.Required("端末ID"), validation.MaxLength("端末ID", 64), validation.ASCII),
		v.Field(&in.Name, validation.MaxLength("端末名", 50)),
	))
}

// Messages.
const (
	MsgNotUsed = "この組織は端末を使用しない設定です。"
	MsgTaken   = "この端末IDはすでに登録されています。"
)
