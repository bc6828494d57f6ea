package masters

import (
	"time"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/failure"
)

// Status is where an upload stands.
type Status string

const (
	// Previewing: the uploaded file is being read and compared.
	Previewing Status = "PREVIEWING"
	// Previewed: the plan is ready; applying is possible when it has no error.
	Previewed Status = "PREVIEWED"
	// Applying: the plan is being applied, in one transaction.
	Applying Status = "APPLYING"
	Applied  Status = "APPLIED"
	// Failed: the file could not be read, or the plan was stale or failed;
	// Message says why and nothing was changed.
	Failed Status = "FAILED"
)

// Import is one upload and what became of it: the history of imports.
type Import struct {
	ID               int64
	OrganizationID   int64
	Scope            string
	RequestedBy      int64
	RequesterAccount string
	Roles            []access.Role // the uploader's roles, for the rules of the plan
	// Address is where the upload, and then its apply, was asked from: the
	// plan refuses to bind the importer's own row to an allow-list that
	// leaves it out (Importer.AddressAllowed).
	Address      string
	FileName     string
	FileKey      string
	FileSize     int64
	Delete       []Set
	Status       Status
	Message      string
	Done, Total  int
	Counts       []Count
	Base         string
	PlanKey      string
	PasswordsKey string // the new users' initial passwords, until downloaded once
	Passwords    int    // how many users got an initial password
	AppliedBy    string
	CreatedAt    time.Time
	PreviewedAt  *time.Time
	AppliedAt    *time.Time
}

// Deletes reports whether the upload deletes what set's sheet leaves out.
func (im Import) Deletes() map[Set]bool {
	out := map[Set]bool{}
	for _, s := range im.Delete {
		out[s] = true
	}
	return out
}

// MayApply says why user may not apply im, nil when it may: only its
// uploader (the plan checked that user's authorities), only a previewed
// plan, with no error and something to change. The screen shows the same
// reason the apply call answers.
func (im Import) MayApply(userID int64) error {
	plan := Plan{Counts: im.Counts}
	switch {
	case im.RequestedBy != userID:
		return failure.Refused(MsgNotUploader)
	case im.Status != Previewed:
		return failure.Conflict(MsgNotPreviewed)
	case plan.Errors() > 0:
		return failure.Refused(MsgHasErrors)
	case plan.Changes() == 0:
		return failure.Refused(MsgNothingToApply)
	}
	return nil
}

// Limits and messages of uploads.
const (
	MaxFileSize        = 20 << 20
	MsgTooLarge        = "ファイルが大きすぎます（20MBまで）。"
	MsgHasErrors       = "エラーのある行があるため反映できません。ファイルを直してもう一度取り込んでください。"
	MsgStale           = "プレビューの後にマスタが変更されました。もう一度取り込んでプレビューしてください。"
	MsgNotPreviewed    = "この取込は反映できる状態ではありません。"
	MsgNothingToApply  = "変更する行がありません。"
	MsgFailedUnknown   = "取込に失敗しました。もう一度取り込んでください。"
	MsgPasswordsGone   = "初期パスワードのファイルはすでにダウンロードされました。"
	MsgApplyRequested  = "反映を開始しました。"
	MsgNotUploader     = "取り込んだユーザーだけが反映できます。"
	MsgUploadRequested = "ファイルを受け付けました。プレビューを作成しています。"
)

// MsgAccountTakenSince names (%s) an account an import writes that
// someone took after the preview where the import's masters do not show
// it (another organization with the SYSTEM range, outside the importer's
// subtree): found when the apply checks its accounts again.
const MsgAccountTakenSince = "プレビューの後に、ユーザーアカウント「%s」がほかのユーザーに使われました。もう一度取り込んでプレビューしてください。"

// MsgErrorSincePreview names (sheet, line, error) a row the apply found in
// error where the preview found none (Plan.ErrorSincePreview).
const MsgErrorSincePreview = "プレビューの後に、「%s」シートの%d行目がエラーになりました。%s もう一度取り込んでプレビューしてください。"
