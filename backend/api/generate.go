// Package api holds the HTTP contract, openapi.yaml, from which the Go server
// interface and the SPA's types are generated (`make generate`).
package api

//go:generate go tool oapi-codegen -config oapi-codegen.yaml openapi.yaml
