// Package logging sets up the process's structured JSON log.
package logging

import (
	"io"
	"log/slog"
	"strings"
)

// New returns a JSON logger at the named level (debug, info, warn, error).
func New(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	switch strings.ToLower(level) {
	case "debug":
		l = slog.LevelDebug
	case "warn":
		l = slog.LevelWarn
	case "error":
		l = slog.LevelError
	default:
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}
