package workbook

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/rouder/console/internal/domain/failure"
)

// Limits of an XLSX, a ZIP that may unpack to far more than it weighs (a
// zip bomb). They are checked on the sizes the ZIP declares before
// anything is unpacked (archive/zip refuses a part that inflates past its
// declared size, so they bound what is read), and a part read here is
// read through a capped reader all the same.
const (
	// maxInflated bounds the whole workbook unpacked. The console's own
	// download at MaxRows of its widest large sheet (200,000 users, 14
	// columns of inline text) unpacks to about 180 MB and Excel's re-save
	// of it (shared strings) to about 120 MB; both read in 15–25 s. An
	// unpacked size past that is no real workbook, and the bound also
	// bounds the time: reading the densest XML there is (empty cells) is
	// about 7 MB/s, so no upload reads for more than about 40 s.
	maxInflated = 256 << 20
	// maxOther bounds the parts other than worksheets and the string table
	// together (styles, theme, drawings, pictures …): excelize keeps them
	// in memory. A real workbook's are well under a few megabytes.
	maxOther = 32 << 20
	// maxParts bounds the parts of the ZIP: a workbook has tens.
	maxParts = 1000
	// maxMarkup bounds the elements of the parts excelize parses whole
	// (metaParts), which cost it up to about 250 bytes of memory each: 32
	// MB of "<xf/>" in styles.xml took 1.7 GB. Excel's own limit of 64,000
	// cell formats with their fonts, fills, borders and named styles stays
	// well under it.
	maxMarkup = 500_000
	// maxStrings bounds the shared string table's items (each costs
	// excelize about 100 bytes): 200,000 users saved by Excel hold about
	// 800,000 distinct strings.
	maxStrings = 2_000_000
	// maxCellXML bounds the XML of one cell or shared string, checked as it
	// streams by, before excelize decodes it into memory: Excel's 32,767
	// characters take at most about 8 bytes each in XML ("&amp;", "_x000D_"),
	// rich text a little more.
	maxCellXML = 1 << 20
	// inMemoryXML is excelize's UnzipXMLSizeLimit: a worksheet or string
	// table over it is unpacked to a temporary file and streamed from
	// there, rather than kept and parsed whole in memory.
	inMemoryXML = 4 << 20
	// maxSheetRows is Excel's number of rows: a sheet has no more, empty
	// or not, so reading stops there (empty rows are skipped for free).
	maxSheetRows = 1 << 20
	// maxRowCells is Excel's number of columns: a row with more cells is
	// no sheet's (and would be read whole at once).
	maxRowCells = 16384
)

// readTime bounds how long the rows of a workbook are read. The sizes
// above bound the XML, but not what excelize does with a cell: it formats
// every styled cell by its number format, and a date format costs it
// about 50 µs a cell, so 20 MB of dates took 68 s. The slowest real
// workbook measured (200,000 users saved by Excel) read in 25 s; the
// request must be answered within the server's 120 s write timeout.
var readTime = 60 * time.Second

// metaParts are the parts excelize parses whole when it opens a workbook
// and reads its rows (lower case).
var metaParts = []string{"[content_types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
	"xl/styles.xml", "xl/theme/theme1.xml", "xl/calcchain.xml"}

const stringsPart = "xl/sharedstrings.xml"

var errTooBig = errors.New("workbook: part over its limit")

// tooBig is the refusal of a workbook over a limit.
func tooBig() error { return failure.InvalidMessage(fmt.Sprintf(MsgTooBig, maxInflated>>20)) }

// checkParts refuses a ZIP over the limits by the sizes it declares,
// before anything is unpacked, and one naming a part twice (what is
// checked here must be what excelize reads). It maps the parts by their
// names in lower case (with "/").
func checkParts(zr *zip.Reader) (map[string]*zip.File, error) {
	if len(zr.File) > maxParts {
		return nil, tooBig()
	}
	files := make(map[string]*zip.File, len(zr.File))
	var total, other uint64
	for _, f := range zr.File {
		name := strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/"))
		if _, dup := files[name]; dup {
			return nil, failure.InvalidMessage(MsgBroken)
		}
		files[name] = f
		if f.UncompressedSize64 > maxInflated {
			return nil, tooBig()
		}
		total += f.UncompressedSize64
		if !isSheet(name) && name != stringsPart {
			other += f.UncompressedSize64
		}
	}
	if total > maxInflated || other > maxOther {
		return nil, tooBig()
	}
	return files, nil
}

// isSheet is excelize's test of a worksheet part (name in lower case).
func isSheet(name string) bool { return strings.HasPrefix(name, "xl/worksheets/sheet") }

// openPart opens a part, reading at most limit bytes of it: past them it
// fails with errTooBig.
func openPart(f *zip.File, limit int64) (io.ReadCloser, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{&capped{r: rc, left: limit}, rc}, nil
}

type capped struct {
	r    io.Reader
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	if c.left -= int64(n); c.left < 0 {
		return n, errTooBig
	}
	return n, err
}

// partError is the refusal of a part that could not be read.
func partError(err error) error {
	if errors.Is(err, errTooBig) {
		return tooBig()
	}
	return failure.InvalidMessage(MsgBroken)
}
