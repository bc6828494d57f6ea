package masterimport

import (
	"errors"
	"testing"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/masters"
	"github.com/rouder/console/internal/domain/tag"
	"github.com/rouder/console/internal/domain/user"
)

// Only what the preview could not have seen says the plan is stale: a row
// changed since (409), or an account or tag label it found free taken
// since (the store's answer to its unique index). Any other refusal keeps
// its own reason, a field's message rather than the general one.
func TestApplyRefusalSaysStaleOnlyForWhatThePreviewCouldNotSee(t *testing.T) {
	fault := errors.New("connection reset")
	for _, cs := range []struct {
		err  error
		want string
	}{
		{failure.Conflict(""), masters.MsgStale},
		{failure.Invalid(map[string]string{"userAccount": user.MsgAccountTaken}), masters.MsgStale},
		{failure.Invalid(map[string]string{"label": tag.MsgDuplicate}), masters.MsgStale},
		{failure.Invalid(map[string]string{"mailAddress": "メールアドレスの形式で入力してください。"}), "メールアドレスの形式で入力してください。"},
		{failure.Invalid(map[string]string{"userAccount": user.MsgAccountTaken, "lastName": "姓は必須です"}),
			"姓は必須です " + user.MsgAccountTaken},
		{failure.InvalidMessage("ファイルが空です。"), "ファイルが空です。"},
		{failure.Refused(masters.MsgHasErrors), masters.MsgHasErrors},
	} {
		fe, ok := failure.As(applyRefusal(cs.err))
		if !ok || fe.Message != cs.want {
			t.Errorf("%v: %v, want %q", cs.err, fe, cs.want)
		}
	}
	if err := applyRefusal(fault); err != fault {
		t.Errorf("a fault of ours: %v", err)
	}
	if err := applyRefusal(nil); err != nil {
		t.Errorf("no error: %v", err)
	}
}
