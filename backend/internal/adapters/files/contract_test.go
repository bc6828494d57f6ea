package files_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"io"
	"strings"
	"testing"

	"github.com/rouder/console/internal/adapters/files"
	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/failure"
	"github.com/rouder/console/internal/testsupport/objectstore"
)

// testS3 connects to an S3-compatible server started for the test.
func testS3(t *testing.T) (*files.S3, string) {
	t.Helper()
	url := objectstore.URL(t)
	s, err := files.NewS3(context.Background(), url)
	if err != nil {
		t.Fatalf("connect to %s: %v", url, err)
	}
	return s, url
}

// eachStore runs the contract on the local directory and on object storage.
func eachStore(t *testing.T, fn func(t *testing.T, s filestore.Store)) {
	t.Run("local", func(t *testing.T) {
		l, err := files.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		fn(t, l)
	})
	t.Run("s3", func(t *testing.T) {
		s, _ := testS3(t)
		fn(t, s)
	})
}

func read(t *testing.T, s filestore.Store, key string) []byte {
	t.Helper()
	r, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFileStorageContract(t *testing.T) {
	ctx := context.Background()
	eachStore(t, func(t *testing.T, s filestore.Store) {
		key := "orgs/2/photos/" + strings.ToLower(rand.Text()) + ".jpg"
		n, err := s.Put(ctx, key, strings.NewReader("first"))
		if err != nil || n != 5 {
			t.Fatalf("put: %d %v", n, err)
		}
		if got := read(t, s, key); string(got) != "first" {
			t.Errorf("read back %q", got)
		}
		// Overwrite: the new bytes, whole.
		if _, err := s.Put(ctx, key, strings.NewReader("second version")); err != nil {
			t.Fatal(err)
		}
		if got := read(t, s, key); string(got) != "second version" {
			t.Errorf("after overwrite %q", got)
		}
		// A large file streams through (an export of tens of megabytes).
		big := make([]byte, 24<<20)
		_, _ = rand.Read(big)
		bigKey := "orgs/2/exports/" + strings.ToLower(rand.Text()) + ".xlsx"
		if n, err := s.Put(ctx, bigKey, bytes.NewReader(big)); err != nil || n != int64(len(big)) {
			t.Fatalf("put 24 MB: %d %v", n, err)
		}
		if got := read(t, s, bigKey); !bytes.Equal(got, big) {
			t.Error("the 24 MB file came back different")
		}
		// Delete: gone, and deleting again is no error.
		for _, k := range []string{key, bigKey} {
			if err := s.Delete(ctx, k); err != nil {
				t.Fatalf("delete %s: %v", k, err)
			}
			if _, err := s.Open(ctx, k); !failure.Is(err, failure.KindNotFound) {
				t.Errorf("open after delete: %v, want not found", err)
			}
			if err := s.Delete(ctx, k); err != nil {
				t.Errorf("a second delete: %v", err)
			}
		}
		if _, err := s.Open(ctx, "orgs/2/photos/never-stored.jpg"); !failure.Is(err, failure.KindNotFound) {
			t.Errorf("a key never stored: %v, want not found", err)
		}
		// Keys that could leave the storage are refused by both.
		for _, bad := range []string{"", "../etc/passwd", "/abs", "a/../../b", `a\b`} {
			if _, err := s.Put(ctx, bad, strings.NewReader("x")); err == nil {
				t.Errorf("key %q was accepted", bad)
			}
			if _, err := s.Open(ctx, bad); err == nil || failure.Is(err, failure.KindNotFound) {
				t.Errorf("open %q: %v, want refused", bad, err)
			}
		}
	})
}

func TestS3URLsAreReadAndCheckedAtStart(t *testing.T) {
	endpoint, access, secret, bucket, prefix, region, secure, err := files.ParseS3URL("s3://AK:SK@s3.example.jp:9000/console/prod?region=ap-northeast-1")
	if err != nil || endpoint != "s3.example.jp:9000" || access != "AK" || secret != "SK" || bucket != "console" || prefix != "prod/" ||
		region != "ap-northeast-1" || !secure {
		t.Errorf("parsed: %s %s %s %s %s %s %v %v", endpoint, access, secret, bucket, prefix, region, secure, err)
	}
	for _, bad := range []string{"http://x/y", "s3://host/bucket", "s3://AK:SK@host/", "::"} {
		if _, _, _, _, _, _, _, err := files.ParseS3URL(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	// A bucket that does not exist stops the start.
	_, url := testS3(t)
	missing := strings.Replace(url, "/console-test?", "/no-such-bucket?", 1)
	if _, err := files.NewS3(context.Background(), missing); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing bucket: %v", err)
	}
}
