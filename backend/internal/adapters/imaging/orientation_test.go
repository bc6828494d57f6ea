package imaging

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// withOrientation returns jpg with an EXIF segment carrying orientation o
// (written in the given byte order), as a phone camera writes it.
func withOrientation(jpg []byte, o uint16, order binary.ByteOrder) []byte {
	tiff := make([]byte, 8+2+12+4)
	if order == binary.LittleEndian {
		copy(tiff, "II")
	} else {
		copy(tiff, "MM")
	}
	order.PutUint16(tiff[2:], 42)
	order.PutUint32(tiff[4:], 8)
	order.PutUint16(tiff[8:], 1)       // one entry
	order.PutUint16(tiff[10:], 0x0112) // Orientation
	order.PutUint16(tiff[12:], 3)      // SHORT
	order.PutUint32(tiff[14:], 1)      // one value
	order.PutUint16(tiff[18:], o)      // the value, left-aligned
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(2+len(payload)))
	out := append([]byte{}, jpg[:2]...) // SOI
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// marked is a 40×20 blue picture with a red block in its top-left corner.
func marked(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for x := range 40 {
		for y := range 20 {
			c := color.RGBA{0, 0, 255, 255}
			if x < 10 && y < 6 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// redAt reports whether the picture is red near the given corner.
func redAt(img image.Image, right, bottom bool) bool {
	b := img.Bounds()
	x, y := b.Min.X+2, b.Min.Y+2
	if right {
		x = b.Max.X - 3
	}
	if bottom {
		y = b.Max.Y - 3
	}
	r, _, bl, _ := img.At(x, y).RGBA()
	return r > 0xA000 && bl < 0x6000
}

func TestPhotosAreTurnedUprightByTheirEXIFOrientation(t *testing.T) {
	plain := marked(t)
	// Where the stored top-left corner is seen, per EXIF orientation
	// (TIFF 6.0: 2 mirrors, 3 turns 180°, 4 flips, 5 transposes, 6 turns
	// 90° clockwise, 7 transverses, 8 turns 90° anticlockwise).
	cases := []struct {
		o             uint16
		right, bottom bool
		turned        bool // width and height swap
	}{
		{1, false, false, false}, {2, true, false, false}, {3, true, true, false}, {4, false, true, false},
		{5, false, false, true}, {6, true, false, true}, {7, true, true, true}, {8, false, true, true},
	}
	for _, cs := range cases {
		for _, order := range []binary.ByteOrder{binary.BigEndian, binary.LittleEndian} {
			data := withOrientation(plain, cs.o, order)
			if got := exifOrientation(data); got != int(cs.o) {
				t.Fatalf("orientation %d (%v): read %d", cs.o, order, got)
			}
			p, err := Process(data)
			if err != nil {
				t.Fatalf("orientation %d: %v", cs.o, err)
			}
			w, h := 40, 20
			if cs.turned {
				w, h = 20, 40
			}
			if p.Width != w || p.Height != h {
				t.Errorf("orientation %d: %d×%d, want %d×%d", cs.o, p.Width, p.Height, w, h)
			}
			thumb, err := jpeg.Decode(bytes.NewReader(p.Thumbnail))
			if err != nil {
				t.Fatal(err)
			}
			if !redAt(thumb, cs.right, cs.bottom) {
				t.Errorf("orientation %d: the thumbnail's marked corner is not where the camera meant it", cs.o)
			}
			if cs.o == 1 {
				if p.Upright != nil {
					t.Error("an upright photo is re-encoded")
				}
				continue
			}
			up, err := jpeg.Decode(bytes.NewReader(p.Upright))
			if err != nil {
				t.Fatalf("orientation %d: stored photo: %v", cs.o, err)
			}
			if b := up.Bounds(); b.Dx() != w || b.Dy() != h || !redAt(up, cs.right, cs.bottom) {
				t.Errorf("orientation %d: the stored photo is not upright (%v)", cs.o, b)
			}
			if exifOrientation(p.Upright) != 1 {
				t.Errorf("orientation %d: the stored photo still asks to be turned", cs.o)
			}
		}
	}
	if exifOrientation(plain) != 1 || exifOrientation([]byte("not a jpeg")) != 1 || exifOrientation(plain[:10]) != 1 {
		t.Error("a photo without EXIF reads as turned")
	}
}
