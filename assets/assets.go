// Package assets holds what the game ships besides code: the fonts and
// the licence notes. The fonts are the Go fonts (golang.org/x/image/font/
// gofont) cut down by gen_fonts.go to the characters the game needs and
// without hinting, which the text renderer does not use: 0.27 MB for the
// five, against 0.76 MB. Sounds are synthesised in code by game/sound, so
// no audio files are embedded. Each font is parsed on first use, so a
// screen that shows two faces parses two.
package assets

import (
	"bytes"
	_ "embed"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Licenses is LICENSES.md: the licences of everything the game embeds.
//
//go:embed LICENSES.md
var Licenses string

// Font names a typeface.
type Font int

// The typefaces the game uses.
const (
	Regular   Font = iota // body text
	Bold                  // buttons, headings
	Medium                // numbers in the status bar
	Italic                // descriptions
	SmallCaps             // titles
	numFonts
)

// The fonts' files, in Font order.
var (
	//go:embed fonts/regular.ttf
	regularTTF []byte
	//go:embed fonts/bold.ttf
	boldTTF []byte
	//go:embed fonts/medium.ttf
	mediumTTF []byte
	//go:embed fonts/italic.ttf
	italicTTF []byte
	//go:embed fonts/smallcaps.ttf
	smallCapsTTF []byte

	files = [numFonts]*[]byte{&regularTTF, &boldTTF, &mediumTTF, &italicTTF, &smallCapsTTF}
)

var (
	once    [numFonts]sync.Once
	sources [numFonts]*text.GoTextFaceSource
)

// TTF returns the file of a typeface.
func TTF(f Font) []byte { return *files[f] }

// Source returns the face source of a typeface.
func Source(f Font) *text.GoTextFaceSource {
	once[f].Do(func() {
		s, err := text.NewGoTextFaceSource(bytes.NewReader(TTF(f)))
		if err != nil {
			panic("assets: parsing an embedded font: " + err.Error())
		}
		sources[f] = s
	})
	return sources[f]
}

// Face returns a face of typeface f at size px (in screen pixels).
func Face(f Font, px float64) *text.GoTextFace {
	return &text.GoTextFace{Source: Source(f), Size: px}
}
