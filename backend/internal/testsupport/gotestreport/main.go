// Command gotestreport summarises `go test -json` output for `make test`:
// one line per package, how many tests ran on PostgreSQL and on SQLite, the
// full output of every failed test, and a closing count. It exits 1 when
// anything failed, or when no test ran at all.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gotestreport FILE.json")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer f.Close()

	output := map[string]*strings.Builder{} // package/test -> its lines
	var pkgLines []string
	var failedTests []string
	passed, failed, pg, sqlite := 0, 0, 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			continue // a build error line, kept in stderr
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "output":
			b := output[key]
			if b == nil {
				b = &strings.Builder{}
				output[key] = b
			}
			b.WriteString(e.Output)
		case "pass", "fail":
			if e.Test == "" {
				pkgLines = append(pkgLines, fmt.Sprintf("%-4s %s (%.1fs)", map[string]string{"pass": "ok", "fail": "FAIL"}[e.Action], e.Package, e.Elapsed))
				if e.Action == "fail" {
					failedTests = append(failedTests, key)
				}
				continue
			}
			if e.Action == "pass" {
				passed++
				switch {
				case strings.HasSuffix(e.Test, "/postgres"):
					pg++
				case strings.HasSuffix(e.Test, "/sqlite"):
					sqlite++
				}
			} else {
				failed++
				failedTests = append(failedTests, key)
			}
		}
	}
	sort.Strings(pkgLines)
	for _, l := range pkgLines {
		fmt.Println(l)
	}
	for _, k := range failedTests {
		if b := output[k]; b != nil {
			fmt.Printf("\n--- output of %s\n%s", k, b.String())
		}
	}
	fmt.Printf("\ndatabase contract cases: %d passed on PostgreSQL, %d passed on SQLite\n", pg, sqlite)
	fmt.Printf("go: %d passed, %d failed\n", passed, failed)
	if failed > 0 || passed == 0 || len(failedTests) > 0 {
		os.Exit(1)
	}
}
