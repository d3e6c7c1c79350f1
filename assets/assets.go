// Package assets holds what the game ships besides code: the fonts (the Go
// fonts, through golang.org/x/image/font/gofont) and the licence notes.
// Sounds are synthesised in code by game/sound, so no audio files are
// embedded. Every font source is parsed once, on first use.
package assets

import (
	"bytes"
	_ "embed"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
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

var (
	once    sync.Once
	sources [numFonts]*text.GoTextFaceSource
)

// Source returns the face source of a typeface.
func Source(f Font) *text.GoTextFaceSource {
	once.Do(func() {
		for i, ttf := range [numFonts][]byte{goregular.TTF, gobold.TTF, gomedium.TTF, goitalic.TTF, gosmallcaps.TTF} {
			s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
			if err != nil {
				panic("assets: parsing an embedded Go font: " + err.Error())
			}
			sources[i] = s
		}
	})
	return sources[f]
}

// Face returns a face of typeface f at size px (in screen pixels).
func Face(f Font, px float64) *text.GoTextFace {
	return &text.GoTextFace{Source: Source(f), Size: px}
}
