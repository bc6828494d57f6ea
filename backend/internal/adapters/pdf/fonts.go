// Package pdf draws the reports as A4 PDFs with gopdf: Japanese text in
// IPAex Gothic, the report colours, tables that break across pages with
// their header repeated, charts as vector shapes, and photos from their
// thumbnails (docs/product/reports.md).
package pdf

import (
	"fmt"
	"os"
	"sync"

	"github.com/rouder/console/internal/domain/failure"
)

const fontFamily = "ipaexg"

// FontPaths are where Debian's fonts-ipaexfont-gothic puts IPAex Gothic.
var FontPaths = []string{
	"/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
	"/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
}

// embeddedFont is IPAex Gothic when the binary carries it: `make build`
// copies the installed font into fonts/ and builds with -tags embedfont
// (fonts_embed.go), so a deployed binary needs nothing installed. The font
// (6 MB) is not kept in the repository.
var embeddedFont []byte

// MsgNoFont fails a report when no Japanese font is at hand.
const MsgNoFont = "PDFの作成に使う日本語フォント(IPAexゴシック)が見つかりません。システム管理者にお問い合わせください。"

// fontSource finds the font once: the embedded one, else the configured
// file, else Debian's.
type fontSource struct {
	path string
	once sync.Once
	data []byte
	err  error
}

func (f *fontSource) load() ([]byte, error) {
	f.once.Do(func() {
		if len(embeddedFont) > 0 {
			f.data = embeddedFont
			return
		}
		paths := FontPaths
		if f.path != "" {
			paths = []string{f.path}
		}
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.data = data
				return
			}
		}
		f.err = failure.Refused(MsgNoFont)
	})
	return f.data, f.err
}

// FontAvailable reports whether reports can be drawn, and where the font
// was looked for, for the start-up log.
func (r *Renderer) FontAvailable() (bool, string) {
	_, err := r.font.load()
	if err != nil {
		return false, fmt.Sprint(r.fontPlaces())
	}
	return true, ""
}

func (r *Renderer) fontPlaces() []string {
	if r.font.path != "" {
		return []string{r.font.path}
	}
	return FontPaths
}
