package validation

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	v "github.com/go-ozzo/ozzo-validation/v4"
)

// sharedCase is one line of backend/api/validation-cases.json, the file the
// SPA's tests assert too.
type sharedCase struct {
	Rule    string  `json:"rule"`
	Label   string  `json:"label"`
	N       int     `json:"n"`
	Other   string  `json:"other"`
	Input   string  `json:"input"`
	Message *string `json:"message"`
}

func ruleFor(c sharedCase) v.Rule {
	switch c.Rule {
	case "required":
		return Required(c.Label)
	case "maxLength":
		return MaxLength(c.Label, c.N)
	case "minLength":
		return MinLength(c.Label, c.N)
	case "password":
		return Password
	case "phone":
		return Phone
	case "email":
		return Email
	case "ascii":
		return ASCII
	case "confirm":
		return Equal(c.Other, MsgMismatch)
	case "clockTime":
		return ClockTime
	}
	return nil
}

func TestSharedValidationCases(t *testing.T) {
	_, here, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "../../../api/validation-cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []sharedCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		rule := ruleFor(c)
		if rule == nil {
			t.Errorf("unknown rule %q", c.Rule)
			continue
		}
		err := rule.Validate(c.Input)
		switch {
		case c.Message == nil && err != nil:
			t.Errorf("%s(%q): unexpected %q", c.Rule, c.Input, err)
		case c.Message != nil && (err == nil || err.Error() != *c.Message):
			t.Errorf("%s(%q): got %v, want %q", c.Rule, c.Input, err, *c.Message)
		}
	}
}

func TestCheckNamesTheFields(t *testing.T) {
	type form struct {
		Account string `json:"userAccount"`
		Name    string `json:"lastName"`
	}
	f := form{Account: "abc", Name: strings.Repeat("山", 21)}
	err := Check(v.ValidateStruct(&f,
		v.Field(&f.Account, Required("ユーザーアカウント"), MinLength("ユーザーアカウント", 5)),
		v.Field(&f.Name, MaxLength("姓", 20)),
	))
	if err == nil || !strings.Contains(err.Error(), "ユーザーアカウントは5文字以上です。") || !strings.Contains(err.Error(), "姓は20文字以内です。") {
		t.Fatalf("got %v", err)
	}
}
