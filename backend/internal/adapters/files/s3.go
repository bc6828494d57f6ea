package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/failure"
)

// S3 stores each key as an object of one bucket of an S3-compatible object
// store (AWS S3, MinIO, the Versity gateway …), so several console
// instances share the files. Downloads still pass through the console,
// which authorizes them; the bucket stays private.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string // keys live below it ("" or "console/")
}

// ParseS3URL reads FILES_URL: s3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix]?tls=false&region=ap-northeast-1
// (tls defaults to true; path-style requests, which every S3-compatible
// server understands).
func ParseS3URL(raw string) (endpoint, access, secret, bucket, prefix, region string, secure bool, err error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "s3" || u.Host == "" || u.User == nil {
		return "", "", "", "", "", "", false, errors.New("FILES_URL: want s3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix]")
	}
	access = u.User.Username()
	secret, _ = u.User.Password()
	parts := strings.SplitN(strings.Trim(u.Path, "/"), "/", 2)
	bucket = parts[0]
	if len(parts) == 2 && parts[1] != "" {
		prefix = strings.Trim(parts[1], "/") + "/"
	}
	if bucket == "" || access == "" || secret == "" {
		return "", "", "", "", "", "", false, errors.New("FILES_URL: the access key, secret key and bucket are required")
	}
	secure = u.Query().Get("tls") != "false"
	return u.Host, access, secret, bucket, prefix, u.Query().Get("region"), secure, nil
}

// NewS3 connects to the bucket named by FILES_URL and checks it exists, so
// a wrong URL stops the start rather than the first upload.
func NewS3(ctx context.Context, rawURL string) (*S3, error) {
	endpoint, access, secret, bucket, prefix, region, secure, err := ParseS3URL(rawURL)
	if err != nil {
		return nil, err
	}
	client, err := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4(access, secret, ""), Secure: secure,
		Region: region, BucketLookup: minio.BucketLookupPath})
	if err != nil {
		return nil, fmt.Errorf("file storage: %w", err)
	}
	ok, err := client.BucketExists(ctx, bucket)
	if err != nil {
		return nil, fmt.Errorf("file storage: bucket %s at %s: %w", bucket, endpoint, err)
	}
	if !ok {
		return nil, fmt.Errorf("file storage: bucket %s does not exist at %s", bucket, endpoint)
	}
	return &S3{client: client, bucket: bucket, prefix: prefix}, nil
}

func (s *S3) object(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return s.prefix + key, nil
}

// Put uploads the object; an object store makes it visible whole or not at all.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	name, err := s.object(key)
	if err != nil {
		return 0, err
	}
	info, err := s.client.PutObject(ctx, s.bucket, name, r, -1, minio.PutObjectOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return 0, fmt.Errorf("file storage: put %s: %w", key, err)
	}
	return info.Size, nil
}

// Open answers not found for a missing key.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	name, err := s.object(key)
	if err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("file storage: open %s: %w", key, err)
	}
	// GetObject is lazy: Stat makes the request, so a missing key is known here.
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
			return nil, failure.NotFound()
		}
		return nil, fmt.Errorf("file storage: open %s: %w", key, err)
	}
	return obj, nil
}

// Delete removes the object; a missing one is already deleted.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("file storage: delete %s: %w", key, err)
	}
	return nil
}

var (
	_ filestore.Store = (*S3)(nil)
	_ filestore.Store = (*Local)(nil)
)
