// Package objectstore gives a test an S3-compatible server: TEST_FILES_URL
// when set, else one started for the test by deploy/test/objectstore.sh
// (the Versity S3 gateway over a temporary directory, built once and
// cached) and stopped when the test ends. A missing server fails the test;
// it never skips.
package objectstore

import (
	"errors"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// URL is a FILES_URL with an existing, empty-enough bucket.
func URL(t testing.TB) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(here), "../../../../deploy/test/objectstore.sh")
	out, err := exec.Command("bash", script).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("no S3-compatible server for the test (deploy/test/objectstore.sh): %s", ee.Stderr)
		}
		t.Fatalf("no S3-compatible server for the test: %v", err)
	}
	fields := strings.Fields(string(out))
	if len(fields) == 0 {
		t.Fatal("deploy/test/objectstore.sh printed nothing")
	}
	if len(fields) == 2 {
		t.Cleanup(func() { _ = exec.Command("bash", script, "stop", fields[1]).Run() })
	}
	return fields[0]
}
