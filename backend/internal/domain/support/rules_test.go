package support

import "testing"

func TestMediaTypeNeedsNameAndContentToAgree(t *testing.T) {
	cases := []struct {
		name string
		head string
		want string
	}{
		{"manual.pdf", "%PDF-1.7", "application/pdf"},
		{"手順書.PDF", "%PDF-1.4", "application/pdf"},
		{"list.xlsx", "PK\x03\x04rest", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
		{"photo.jpeg", "\xFF\xD8\xFF\xE0", "image/jpeg"},
		{"manual.pdf", "MZ\x90\x00", ""},      // a program renamed
		{"manual.exe", "%PDF-1.7", ""},        // the wrong name
		{"archive.zip", "PK\x03\x04rest", ""}, // a bare archive
	}
	for _, c := range cases {
		if got := MediaType(c.name, []byte(c.head)); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
