package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIdentifyKnowsTheCommonLicences(t *testing.T) {
	cases := map[string]string{
		"MIT License\n\nPermission is hereby granted, free of charge, to any person":                                    "MIT",
		"Apache License\n Version 2.0, January 2004":                                                                    "Apache-2.0",
		"Redistribution and use in source and binary forms, with or without modification... Neither the name of Google": "BSD-3-Clause",
		"Redistribution and use in source and binary forms, with or without modification are permitted":                 "BSD-2-Clause",
		"Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee":          "ISC",
		"Mozilla Public License Version 2.0":                                                                            "MPL-2.0",
		"all rights reserved":                                                                                           "",
	}
	for text, want := range cases {
		if got := Identify(text); got != want {
			t.Errorf("%q: %q, want %q", text[:20], got, want)
		}
	}
}

// The list of this very build: every Go module the console links, with a
// licence text, and the frontend's production packages when installed.
func TestTheListCoversTheConsolesModules(t *testing.T) {
	out := filepath.Join(t.TempDir(), "licenses.json")
	if err := run("../console", "../../../frontend", out); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var list List
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	byName := map[string]Package{}
	for _, p := range list.Packages {
		byName[p.Ecosystem+" "+p.Name] = p
	}
	for name, licence := range map[string]string{"go github.com/labstack/echo/v4": "MIT", "go github.com/uptrace/bun": "BSD-2-Clause",
		"go github.com/riverqueue/river": "MPL-2.0", "npm react": "MIT", "npm antd": "MIT"} {
		p, ok := byName[name]
		if !ok || p.License != licence || p.Version == "" {
			t.Errorf("%s: %+v, want licence %s", name, p.License, licence)
		}
	}
	for _, p := range list.Packages {
		if p.Ecosystem == "go" && (p.Text == "" || strings.TrimSpace(p.License) == "") {
			t.Errorf("go module %s has no recognised licence (%q)", p.Name, p.Text[:min(len(p.Text), 60)])
		}
		if p.Ecosystem == "npm" && p.Name == "vitest" {
			t.Error("a dev tool is listed as shipped")
		}
	}
}
