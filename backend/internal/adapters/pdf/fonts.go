// Package pdf draws the reports as A4 PDFs with gopdf: Japanese text in the
// embedded IPAex Gothic, the report colours, tables that break across
// pages with their header repeated, charts as vector shapes, and photos
// from their thumbnails (docs/product/reports.md).
package pdf

import _ "embed"

// ipaexGothic is IPAex Gothic (fonts/README.md): the binary carries it, so
// a host needs no font installed.
//
//go:embed fonts/ipaexg.ttf
var ipaexGothic []byte

const fontFamily = "ipaexg"
