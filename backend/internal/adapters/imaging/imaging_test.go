package imaging

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/photo"
)

func sample(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	return img
}

// declaring is a small PNG whose header claims w×h pixels (a decompression
// bomb's header: what it would unpack to).
func declaring(t *testing.T, w, h uint32) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, sample(1, 1)); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	// Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type and data.
	binary.BigEndian.PutUint32(data[16:], w)
	binary.BigEndian.PutUint32(data[20:], h)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != int(w) {
		t.Fatalf("the bomb's header does not read back: %v %+v", err, cfg)
	}
	return data
}

func TestProcessAcceptsJPEGAndPNGByContent(t *testing.T) {
	var j, p bytes.Buffer
	_ = jpeg.Encode(&j, sample(1280, 960), nil)
	_ = png.Encode(&p, sample(200, 100))
	for name, data := range map[string][]byte{"jpeg": j.Bytes(), "png": p.Bytes()} {
		got, err := Process(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		th, err := jpeg.Decode(bytes.NewReader(got.Thumbnail))
		if err != nil {
			t.Fatalf("%s thumbnail: %v", name, err)
		}
		if b := th.Bounds(); max(b.Dx(), b.Dy()) > photo.ThumbnailWidth {
			t.Errorf("%s thumbnail %v", name, b)
		}
	}
	got, _ := Process(j.Bytes())
	if got.Width != 1280 || got.Height != 960 || got.ContentType != photo.JPEG {
		t.Errorf("%+v", got)
	}
}

func TestProcessRefusesWhatIsNotAPhoto(t *testing.T) {
	var j bytes.Buffer
	_ = jpeg.Encode(&j, sample(64, 64), nil)
	heic := append([]byte{0, 0, 0, 24}, []byte("ftypheic0000mif1heic")...)
	cases := map[string]struct {
		data []byte
		msg  string
	}{
		"empty":          {nil, photo.MsgEmpty},
		"renamed text":   {[]byte("this is not a photo, just text named photo.jpg"), photo.MsgNotAnImage},
		"truncated jpeg": {j.Bytes()[:len(j.Bytes())/2], photo.MsgNotAnImage},
		"heic":           {heic, photo.MsgHEIC},
		"too large":      {append([]byte{0xFF, 0xD8, 0xFF}, bytes.Repeat([]byte{0}, photo.MaxBytes)...), photo.MsgTooLarge},
		"pdf":            {[]byte("%PDF-1.4 " + strings.Repeat("x", 100)), photo.MsgNotAnImage},
		"png bomb":       {declaring(t, 20_000, 20_000), photo.MsgTooManyPixels},
	}
	for name, c := range cases {
		_, err := Process(c.data)
		f, ok := failure.As(err)
		if !ok || f.Message != c.msg {
			t.Errorf("%s: %v", name, err)
		}
	}
}
