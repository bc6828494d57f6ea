// Package imaging reads uploaded photos and makes their thumbnails, with
// github.com/disintegration/imaging for decoding (turned upright by the
// EXIF orientation), turning and scaling.
package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"

	dimg "github.com/disintegration/imaging"

	photoapp "github.com/rouder/console/internal/app/photo"

	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/domain/photo"
)

// Processed is a checked photo and its thumbnail (always JPEG). Width and
// Height are the upright picture's.
type Processed struct {
	ContentType   string
	Width, Height int
	Thumbnail     []byte
	// Upright is the photo turned upright, to store instead of the upload,
	// when the upload relied on an EXIF orientation; nil otherwise (the
	// upload is stored byte for byte).
	Upright []byte
}

// decoding bounds how many photos are decoded at once on this instance:
// each may take a few hundred megabytes while it is (a 60-megapixel JPEG
// turned upright about 600 MB; photo.MaxPixels, photo.MaxDecodedBytes),
// and uploads come in bursts (a store's whole check at once).
var decoding = make(chan struct{}, 2)

// Process checks that data is a JPEG or PNG by its bytes (a renamed text
// file or a HEIC photo is refused with a clear message), decodes it fully
// (a truncated file is refused too), and makes the thumbnail.
func Process(data []byte) (Processed, error) {
	if len(data) == 0 {
		return Processed{}, failure.InvalidMessage(photo.MsgEmpty)
	}
	if len(data) > photo.MaxBytes {
		return Processed{}, failure.InvalidMessage(photo.MsgTooLarge)
	}
	ct := http.DetectContentType(data)
	if ct == photo.JPEG || ct == photo.PNG {
		if err := checkHeader(ct, data); err != nil {
			return Processed{}, err
		}
	}
	decoding <- struct{}{}
	defer func() { <-decoding }()
	var img image.Image
	var err error
	switch ct {
	case photo.JPEG:
		img, err = dimg.Decode(bytes.NewReader(data), dimg.AutoOrientation(true))
	case photo.PNG:
		img, err = png.Decode(bytes.NewReader(data))
	default:
		if isHEIC(data) {
			return Processed{}, failure.InvalidMessage(photo.MsgHEIC)
		}
		return Processed{}, failure.InvalidMessage(photo.MsgNotAnImage)
	}
	if err != nil {
		return Processed{}, failure.InvalidMessage(photo.MsgNotAnImage)
	}
	thumb, err := thumbnail(img)
	if err != nil {
		return Processed{}, err
	}
	b := img.Bounds()
	out := Processed{ContentType: ct, Width: b.Dx(), Height: b.Dy(), Thumbnail: thumb}
	if ct == photo.JPEG && exifOrientation(data) != 1 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
			return Processed{}, errors.Join(errors.New("upright photo"), err)
		}
		out.Upright = buf.Bytes()
	}
	return out, nil
}

// checkHeader refuses, from the header alone, a picture that would unpack
// to more than the limits (a decompression bomb: the decoder allocates the
// whole picture before it reads a byte of it, so a truncated copy is no
// cheaper), and one whose header cannot be read.
func checkHeader(ct string, data []byte) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return failure.InvalidMessage(photo.MsgNotAnImage)
	}
	if int64(cfg.Width)*int64(cfg.Height) > photo.MaxPixels {
		return failure.InvalidMessage(photo.MsgTooManyPixels)
	}
	if decodedBytes(ct, data, cfg) > photo.MaxDecodedBytes {
		return failure.InvalidMessage(photo.MsgTooMuchData)
	}
	return nil
}

// decodedBytes is what decoding takes at most, from the header: the
// picture at its color model's bytes a pixel; for an interlaced PNG twice
// that (its passes are decoded apart, then merged); for a CMYK JPEG the
// planes it is converted from besides; for a progressive JPEG its
// coefficients besides (4 bytes each, kept for every block until the last
// scan).
func decodedBytes(ct string, data []byte, cfg image.Config) int64 {
	pixels := int64(cfg.Width) * int64(cfg.Height)
	n := pixels * bytesPerPixel(cfg.ColorModel)
	if ct == photo.PNG {
		if len(data) > 28 && data[28] == 1 { // IHDR's interlace method: Adam7
			n *= 2
		}
		return n
	}
	if cfg.ColorModel == color.CMYKModel {
		n += pixels * 4
	}
	progressive, blocks, ok := jpegFrame(data)
	if !ok { // as if progressive at 4:4:4
		progressive, blocks = true, 3*(pixels/64+1)
	}
	if progressive {
		n += blocks * 64 * 4
	}
	return n
}

// bytesPerPixel is what a pixel of a decoded picture of model m takes.
func bytesPerPixel(m color.Model) int64 {
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	switch m {
	case color.GrayModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.YCbCrModel: // 4:4:4 at most
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	return 8 // RGBA64, NRGBA64 (16 bits a channel), or anything else
}

// jpegFrame reads a JPEG's frame header: whether it is progressive, and
// its blocks of 8×8 coefficients, as image/jpeg allocates them (per
// component, the MCUs times its sampling factors); ok is false when it
// finds none.
func jpegFrame(data []byte) (progressive bool, blocks int64, ok bool) {
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF { // stray bytes before a marker, which image/jpeg skips too
			i++
			continue
		}
		m := data[i+1]
		switch {
		case m == 0xFF: // fill
			i++
			continue
		case m == 0x01 || m == 0xD8 || (m >= 0xD0 && m <= 0xD7): // markers without a segment
			i += 2
			continue
		case m == 0xDA || m == 0xD9: // a scan or the end before a frame
			return false, 0, false
		}
		size := int(binary.BigEndian.Uint16(data[i+2:]))
		if m == 0xC0 || m == 0xC1 || m == 0xC2 { // the frames image/jpeg decodes
			seg := data[i+4 : min(len(data), i+2+size)]
			if len(seg) < 6 {
				return false, 0, false
			}
			height, width, comps := int64(binary.BigEndian.Uint16(seg[1:])), int64(binary.BigEndian.Uint16(seg[3:])), int(seg[5])
			hmax, vmax, sum := int64(1), int64(1), int64(0)
			for c := 0; c < comps && 7+3*c < len(seg); c++ {
				h, v := max(1, int64(seg[7+3*c]>>4)), max(1, int64(seg[7+3*c]&15))
				hmax, vmax, sum = max(hmax, h), max(vmax, v), sum+h*v
			}
			if comps == 1 { // image/jpeg ignores a gray picture's sampling
				hmax, vmax, sum = 1, 1, 1
			}
			mcus := ((width + 8*hmax - 1) / (8 * hmax)) * ((height + 8*vmax - 1) / (8 * vmax))
			return m == 0xC2, mcus * sum, true
		}
		i += 2 + size
	}
	return false, 0, false
}

func thumbnail(img image.Image) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil, failure.InvalidMessage(photo.MsgNotAnImage)
	}
	// Fit only shrinks: a picture smaller than a thumbnail keeps its size.
	dst := dimg.Fit(img, photo.ThumbnailWidth, photo.ThumbnailWidth, dimg.CatmullRom)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 80}); err != nil {
		return nil, errors.Join(errors.New("thumbnail"), err)
	}
	return buf.Bytes(), nil
}

// isHEIC recognises an ISO-BMFF file of the HEIF family ("ftypheic" …).
func isHEIC(data []byte) bool {
	if len(data) < 12 || string(data[4:8]) != "ftyp" {
		return false
	}
	switch string(data[8:12]) {
	case "heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis":
		return true
	}
	return false
}

// Inspector adapts Process to the photo use cases' port.
type Inspector struct{}

func (Inspector) Inspect(data []byte) (photoapp.Inspected, error) {
	p, err := Process(data)
	return photoapp.Inspected{ContentType: p.ContentType, Width: p.Width, Height: p.Height, Thumbnail: p.Thumbnail,
		Upright: p.Upright}, err
}
