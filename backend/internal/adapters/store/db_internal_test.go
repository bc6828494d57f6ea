package store

import "testing"

func TestConnectionDefaultsYieldToTheURL(t *testing.T) {
	cases := map[string]string{
		"postgres://u@h:5432/db?sslmode=disable":                      "postgres://u@h:5432/db?default_query_exec_mode=exec&jit=off&sslmode=disable",
		"postgres://u@h/db?jit=on":                                    "postgres://u@h/db?default_query_exec_mode=exec&jit=on",
		"postgresql://u@h/db?default_query_exec_mode=cache_statement": "postgresql://u@h/db?default_query_exec_mode=cache_statement&jit=off",
		"host=h dbname=db":                                            "host=h dbname=db default_query_exec_mode=exec jit=off",
		"host=h dbname=db jit=on":                                     "host=h dbname=db jit=on default_query_exec_mode=exec",
	}
	for in, want := range cases {
		if got := withConnDefaults(in); got != want {
			t.Errorf("withConnDefaults(%q) = %q, want %q", in, got, want)
		}
	}
}
