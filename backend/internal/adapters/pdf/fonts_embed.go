//go:build embedfont

package pdf

import _ "embed"

//go:embed fonts/ipaexg.ttf
var ipaexGothic []byte

func init() { embeddedFont = ipaexGothic }
