// Package photo holds the rules for the photos stores attach to answers:
// which formats, how large, and the organization's storage limit.
package photo

import "time"

// Limits.
const (
	MaxBytes       = 10 << 20 // one photo
	ThumbnailWidth = 320      // pixels, the longer side
	// MaxPixels bounds what a photo may unpack to: 10 MB of PNG can declare
	// billions of pixels (gigabytes once decoded). A 200-megapixel phone
	// camera's JPEG still fits.
	MaxPixels = 250_000_000
)

// Accepted content types, decided from the bytes, never the file name.
const (
	JPEG = "image/jpeg"
	PNG  = "image/png"
)

// Messages.
const (
	MsgTooLarge      = "写真は10MB以下にしてください。"
	MsgNotAnImage    = "JPEGまたはPNGの画像を選んでください。"
	MsgHEIC          = "HEIC形式の写真には対応していません。カメラの設定で「互換性優先」(JPEG)にするか、JPEG/PNGで選び直してください。"
	MsgStorageFull   = "写真の保存容量の上限に達しています。管理者までご連絡ください。"
	MsgEmpty         = "写真を選んでください。"
	MsgTooManyPixels = "写真の画素数が大きすぎます（2億5千万画素まで）。縮小してから選び直してください。"
)

// Photo is one stored photo.
type Photo struct {
	ID             int64
	OrganizationID int64
	StorageKey     string
	ThumbnailKey   string
	ContentType    string
	Bytes          int64 // original plus thumbnail, as counted against storage
	Width, Height  int
	UploadedBy     int64
	CreatedAt      time.Time
}

// FitsStorage reports whether adding size bytes keeps the organization
// within its limit (0 means no limit).
func FitsStorage(usage, limit, size int64) bool { return limit <= 0 || usage+size <= limit }
