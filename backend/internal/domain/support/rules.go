package support

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// Kinds of file the support dialog lists (supportFileType).
const (
	TypeManual = "MANUAL" // マニュアル
	TypeFAQ    = "FAQ"    // よくある質問
	TypeNotice = "NOTICE" // お知らせ
)

// Types lists the kinds in the dialog's order.
var Types = []string{TypeManual, TypeFAQ, TypeNotice}

// MaxSize bounds an uploaded manual.
const MaxSize = 50 << 20

// Messages.
const (
	MsgTooLarge = "ファイルが大きすぎます（50MBまで）。"
	MsgEmpty    = "アップロードするファイルを選んでください。"
	MsgFileType = "PDF、Excel、Word、PowerPoint、PNG、JPEGのファイルを選んでください。"
	MsgType     = "種類が正しくありません。"
	MsgName     = "ファイル名は200文字以内です。"
)

// format is a kind of file a manual may be: its extensions, its media
// type, and the bytes it starts with.
type format struct {
	exts  []string
	media string
	magic []byte
}

var formats = []format{
	{[]string{".pdf"}, "application/pdf", []byte("%PDF-")},
	{[]string{".xlsx"}, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", []byte("PK\x03\x04")},
	{[]string{".docx"}, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", []byte("PK\x03\x04")},
	{[]string{".pptx"}, "application/vnd.openxmlformats-officedocument.presentationml.presentation", []byte("PK\x03\x04")},
	{[]string{".png"}, "image/png", []byte("\x89PNG\r\n\x1a\n")},
	{[]string{".jpg", ".jpeg"}, "image/jpeg", []byte{0xFF, 0xD8, 0xFF}},
}

// MediaType is the media type of a manual named name whose bytes start
// with head; "" when it is not a kind the dialog offers (the name and the
// content must agree, so a renamed program is refused).
func MediaType(name string, head []byte) string {
	ext := strings.ToLower(path.Ext(name))
	for _, f := range formats {
		if slices.Contains(f.exts, ext) && bytes.HasPrefix(head, f.magic) {
			return f.media
		}
	}
	return ""
}
