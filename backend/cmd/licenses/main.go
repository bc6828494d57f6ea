// Command licenses lists the licence of every package built into the
// console — the Go modules the binary links and the npm packages the
// browser bundle is made from (production dependencies of
// frontend/package-lock.json) — as one JSON file the about screen reads
// (/other/about/). `make build` runs it, so the list always matches the
// build it ships with.
//
//	go run ./cmd/licenses -frontend ../frontend -out path/licenses.json
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Package is one dependency with its licence.
type Package struct {
	Ecosystem string `json:"ecosystem"` // go or npm
	Name      string `json:"name"`
	Version   string `json:"version"`
	License   string `json:"license"` // an SPDX identifier when recognised
	Text      string `json:"text"`    // the licence file as shipped
}

// List is the file the about screen reads.
type List struct {
	GeneratedAt time.Time `json:"generatedAt"`
	Packages    []Package `json:"packages"`
}

func main() {
	frontend := flag.String("frontend", "../frontend", "the frontend directory (package-lock.json, node_modules)")
	out := flag.String("out", "licenses.json", "where to write the list")
	pkg := flag.String("main", "./cmd/console", "the Go main package whose modules are listed")
	flag.Parse()
	if err := run(*pkg, *frontend, *out); err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
}

func run(mainPkg, frontend, out string) error {
	goPkgs, err := goModules(mainPkg)
	if err != nil {
		return err
	}
	npmPkgs, err := npmPackages(frontend)
	if err != nil {
		return err
	}
	list := List{GeneratedAt: time.Now().UTC(), Packages: append(goPkgs, npmPkgs...)}
	data, err := json.Marshal(list)
	if err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}

// goModules are the modules of the packages mainPkg links (the standard
// library and our own module left out).
func goModules(mainPkg string) ([]Package, error) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Version}}\t{{.Dir}}{{end}}{{end}}", mainPkg)
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	seen := map[string]bool{}
	var out []Package
	if std, err := stdlib(); err == nil {
		out = append(out, std)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || seen[f[0]] {
			continue
		}
		seen[f[0]] = true
		text, err := licenseText(f[2])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f[0], err)
		}
		out = append(out, Package{Ecosystem: "go", Name: f[0], Version: f[1], License: Identify(text), Text: text})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// stdlib is the Go standard library and runtime, linked into every binary.
func stdlib() (Package, error) {
	raw, err := exec.Command("go", "env", "GOROOT", "GOVERSION").Output()
	if err != nil {
		return Package{}, err
	}
	f := strings.Fields(string(raw))
	if len(f) != 2 {
		return Package{}, fmt.Errorf("go env: %q", raw)
	}
	text, err := licenseText(f[0])
	if err != nil {
		return Package{}, err
	}
	return Package{Ecosystem: "go", Name: "Go (standard library)", Version: f[1], License: Identify(text), Text: text}, nil
}

// npmPackages are the production packages of the lock file (the bundle is
// made from them; dev tools are not shipped).
func npmPackages(frontend string) ([]Package, error) {
	raw, err := os.ReadFile(filepath.Join(frontend, "package-lock.json"))
	if err != nil {
		return nil, err
	}
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
			License string `json:"license"`
			Dev     bool   `json:"dev"`
			Name    string `json:"name"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(raw, &lock); err != nil {
		return nil, fmt.Errorf("package-lock.json: %w", err)
	}
	var out []Package
	for path, p := range lock.Packages {
		if path == "" || p.Dev || !strings.HasPrefix(path, "node_modules/") {
			continue
		}
		name := path[strings.LastIndex(path, "node_modules/")+len("node_modules/"):]
		text, err := licenseText(filepath.Join(frontend, path))
		if err != nil && !errors.Is(err, errNoLicense) {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		license := p.License
		if license == "" {
			license = Identify(text)
		}
		out = append(out, Package{Ecosystem: "npm", Name: name, Version: p.Version, License: license, Text: text})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Name < out[j].Name || out[i].Name == out[j].Name && out[i].Version < out[j].Version
	})
	return out, nil
}

var errNoLicense = errors.New("no licence file")

// licenseText reads the licence file of a package directory.
func licenseText(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		n := strings.ToUpper(e.Name())
		if e.IsDir() || !(strings.HasPrefix(n, "LICENSE") || strings.HasPrefix(n, "LICENCE") || strings.HasPrefix(n, "COPYING")) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return "", err
		}
		return strings.TrimSpace(string(b)), nil
	}
	return "", errNoLicense
}

// Identify names the licence of a text by the phrases each licence must
// contain; "" when none matches (the text is still shown).
func Identify(text string) string {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	switch {
	case t == "":
		return ""
	case strings.Contains(t, "apache license") && strings.Contains(t, "version 2.0"):
		return "Apache-2.0"
	case strings.Contains(t, "mozilla public license") && strings.Contains(t, "2.0"):
		return "MPL-2.0"
	case strings.Contains(t, "permission is hereby granted, free of charge"):
		return "MIT"
	case strings.Contains(t, "permission to use, copy, modify, and/or distribute this software for any purpose"):
		return "ISC"
	case strings.Contains(t, "redistribution and use in source and binary forms") && strings.Contains(t, "neither the name"),
		strings.Contains(t, "redistribution and use in source and binary forms") && strings.Contains(t, "names of its contributors"):
		return "BSD-3-Clause"
	case strings.Contains(t, "redistribution and use in source and binary forms"):
		return "BSD-2-Clause"
	case strings.Contains(t, "gnu lesser general public license"):
		return "LGPL"
	case strings.Contains(t, "creative commons") && strings.Contains(t, "cc0"):
		return "CC0-1.0"
	}
	return ""
}
