// Package photo holds the rules for the photos stores attach to answers:
// which formats, how large, and the organization's storage limit.
package photo

import "time"

// Limits.
const (
	MaxBytes       = 10 << 20 // one photo
	ThumbnailWidth = 320      // pixels, the longer side
	// MaxPixels bounds what a photo may unpack to: 10 MB of PNG can declare
	// billions of pixels (gigabytes once decoded). Phones take 12–50
	// megapixels (their 48 and 50 MP modes included), and a store photo is
	// looked at a few thousand pixels wide at most (its thumbnail 320); the
	// 108 and 200 MP modes of a few phones take a gigabyte and more to
	// decode and turn upright, for nothing a check needs.
	MaxPixels = 60_000_000
	// MaxDecodedBytes bounds the memory a photo takes once decoded: the
	// pixel limit at 4 bytes a pixel (8-bit RGBA), about what turning a JPEG
	// upright takes again. A PNG of 16 bits a channel takes 8 bytes a pixel,
	// so it may have half the pixels; a progressive JPEG holds its
	// coefficients too while it decodes (up to 12 bytes a pixel).
	MaxDecodedBytes = MaxPixels * 4
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
	MsgTooManyPixels = "写真の画素数が多すぎます（6000万画素まで）。カメラの設定で画素数を下げて撮影するか、縮小してから選び直してください。"
	MsgTooMuchData   = "写真のデータ量が多すぎて読み込めません。画素数を下げるか、通常のJPEGで保存し直してから選び直してください。"
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
