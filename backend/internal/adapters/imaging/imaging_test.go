package imaging

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
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

// declaringPNG is a small PNG whose header claims w×h pixels of the given
// bit depth and color type (6: RGBA), interlaced or not.
func declaringPNG(t *testing.T, w, h uint32, depth, colorType byte, interlaced bool) []byte {
	t.Helper()
	data := declaring(t, 1, 1)
	binary.BigEndian.PutUint32(data[16:], w)
	binary.BigEndian.PutUint32(data[20:], h)
	data[24], data[25], data[28] = depth, colorType, 0
	if interlaced {
		data[28] = 1
	}
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != int(w) {
		t.Fatalf("the header does not read back: %v %+v", err, cfg)
	}
	return data
}

// declaringJPEG is a small JPEG (4:2:0) whose frame header claims w×h
// pixels, baseline or progressive.
func declaringJPEG(t *testing.T, w, h uint16, progressive bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, sample(16, 16), nil); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	i := bytes.Index(data, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no baseline frame")
	}
	if progressive {
		data[i+1] = 0xC2
	}
	binary.BigEndian.PutUint16(data[i+5:], h)
	binary.BigEndian.PutUint16(data[i+7:], w)
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != int(w) {
		t.Fatalf("the header does not read back: %v %+v", err, cfg)
	}
	return data
}

// A photo is bounded by its header before it is decoded: its pixels (what
// a phone takes), and the memory decoding takes, which counts the bytes a
// pixel (16 bits a channel take twice 8) and what a progressive JPEG or an
// interlaced PNG holds besides. A refusal allocates next to nothing.
func TestPhotosAreBoundedByTheirHeader(t *testing.T) {
	refused := map[string]struct {
		data []byte
		msg  string
	}{
		"16-bit PNG of 240 megapixels":       {declaringPNG(t, 15_000, 16_000, 16, 6, false), photo.MsgTooManyPixels},
		"JPEG of 64 megapixels":              {declaringJPEG(t, 8000, 8000, false), photo.MsgTooManyPixels},
		"16-bit PNG of 31 megapixels":        {declaringPNG(t, 6200, 5000, 16, 6, false), photo.MsgTooMuchData},
		"interlaced PNG of 40 megapixels":    {declaringPNG(t, 8000, 5000, 8, 6, true), photo.MsgTooMuchData},
		"progressive JPEG of 40 megapixels":  {declaringJPEG(t, 8000, 5000, true), photo.MsgTooMuchData},
		"a header that does not read (JPEG)": {[]byte("\xFF\xD8\xFF\xE0 not a header"), photo.MsgNotAnImage},
	}
	for name, c := range refused {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Process(c.data)
		runtime.ReadMemStats(&after)
		if f, ok := failure.As(err); !ok || f.Message != c.msg {
			t.Errorf("%s: %v", name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%s: refusing it allocated %d MB", name, alloc>>20)
		}
	}
	// What fits is decoded (these headers pass; their tiny data then fails to decode).
	for name, data := range map[string][]byte{
		"JPEG of 60 megapixels (8-bit)":       declaringJPEG(t, 8000, 7500, false),
		"PNG of 60 megapixels (8-bit RGBA)":   declaringPNG(t, 8000, 7500, 8, 6, false),
		"16-bit PNG of 30 megapixels":         declaringPNG(t, 6000, 5000, 16, 6, false),
		"16-bit gray PNG of 60 megapixels":    declaringPNG(t, 8000, 7500, 16, 0, false),
		"progressive JPEG of 25 megapixels":   declaringJPEG(t, 5000, 5000, true),
		"interlaced PNG of 30 megapixels":     declaringPNG(t, 6000, 5000, 8, 6, true),
		"a phone's 50 megapixels (8160×6120)": declaringJPEG(t, 8160, 6120, false),
	} {
		ct := photo.PNG
		if data[0] == 0xFF {
			ct = photo.JPEG
		}
		if err := checkHeader(ct, data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
