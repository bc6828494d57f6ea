package config

import (
	"path/filepath"
	"testing"
)

func TestLoadDefaults(t *testing.T) {
	for _, k := range []string{"PORT", "DATA_DIR", "DATABASE_URL", "SMTP_URL", "SEED_DEMO", "APP_ENV", "UNIQUE_RANGE", "TRUSTED_PROXIES"} {
		t.Setenv(k, "")
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.SeedDemo || c.UsesPostgres() || c.UniqueRange != "ORGANIZATION" || c.EnvName != "LOCAL" {
		t.Errorf("defaults: %+v", c)
	}
	if !filepath.IsAbs(c.DataDir) || filepath.Base(c.SQLitePath()) != "console.db" {
		t.Errorf("data dir %q", c.DataDir)
	}
}

func TestLoadReadsTheEnvironment(t *testing.T) {
	t.Setenv("PORT", "9090")
	t.Setenv("DATABASE_URL", "postgres://u@db/console")
	t.Setenv("SEED_DEMO", "true")
	t.Setenv("UNIQUE_RANGE", "system")
	t.Setenv("TRUSTED_PROXIES", "10.0.0.0/8, 127.0.0.1")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 9090 || !c.UsesPostgres() || !c.SeedDemo || c.UniqueRange != "SYSTEM" || len(c.TrustedProxies) != 2 {
		t.Errorf("%+v", c)
	}
	if c.TrustedProxies[1].String() != "127.0.0.1/32" {
		t.Errorf("single address: %v", c.TrustedProxies[1])
	}
}

func TestLoadRefusesWrongValues(t *testing.T) {
	for k, v := range map[string]string{"PORT": "eighty", "SEED_DEMO": "maybe", "UNIQUE_RANGE": "GLOBAL", "TRUSTED_PROXIES": "10.0.0.0/99", "DATABASE_URL": "mysql://db/console", "LOG_LEVEL": "verbose"} {
		t.Run(k, func(t *testing.T) {
			t.Setenv(k, v)
			if _, err := Load(); err == nil {
				t.Errorf("%s=%s accepted", k, v)
			}
		})
	}
}

func TestLoadReadsTheDeploymentSettings(t *testing.T) {
	t.Setenv("PORT", "9090")
	t.Setenv("PUBLIC_URL", "https://console.example.jp/")
	t.Setenv("PUSH_CONTACT", "mailto:ops@example.jp")
	t.Setenv("METRICS_TOKEN", "scrape-me")
	t.Setenv("FILES_URL", "s3://AK:SK@s3.example.jp/console")
	t.Setenv("SUPPORT_MAIL_ADDRESS", " help@example.jp ")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.PublicURL != "https://console.example.jp" || c.PushContact != "mailto:ops@example.jp" || c.MetricsToken != "scrape-me" ||
		c.FilesURL != "s3://AK:SK@s3.example.jp/console" || !c.SendNotifications || c.SupportMailAddress != "help@example.jp" {
		t.Errorf("%+v", c)
	}
	t.Setenv("PUBLIC_URL", "")
	if c, _ := Load(); c.PublicURL != "http://localhost:9090" {
		t.Errorf("default public URL %q", c.PublicURL)
	}
	for k, bad := range map[string]string{"PUBLIC_URL": "console.example.jp", "PUSH_CONTACT": "ops@example.jp", "FILES_URL": "https://bucket",
		"SUPPORT_MAIL_ADDRESS": "Help <help@example.jp>"} {
		t.Run(k, func(t *testing.T) {
			t.Setenv(k, bad)
			if _, err := Load(); err == nil {
				t.Errorf("%s=%q was accepted", k, bad)
			}
		})
	}
}
