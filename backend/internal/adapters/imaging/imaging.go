// Package imaging reads uploaded photos and makes their thumbnails, with
// github.com/disintegration/imaging for decoding (turned upright by the
// EXIF orientation), turning and scaling.
package imaging

import (
	"bytes"
	"errors"
	"image"
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
// each may take a few hundred megabytes while it is, and uploads come in
// bursts (a store's whole check at once).
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
		// The header says how large the picture unpacks; refuse a bomb before decoding it.
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil && cfg.Width*cfg.Height > photo.MaxPixels {
			return Processed{}, failure.InvalidMessage(photo.MsgTooManyPixels)
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
