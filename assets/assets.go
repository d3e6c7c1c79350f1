// Package assets holds what the game ships besides code: the fonts and
// the licence notes. The fonts are the Go fonts (golang.org/x/image/font/
// gofont) cut down by gen_fonts.go to the characters the game needs and
// without hinting, which the text renderer does not use: 0.27 MB for the
// five, against 0.76 MB. Sounds are synthesised in code by game/sound, so
// no audio files are embedded. Each font is parsed on first use, so a
// screen that shows two faces parses two.
//
// The faces are golang.org/x/image/font/opentype's behind text/v2's
// GoXFace, not text/v2's GoTextFace: the Go fonts need no shaping (no
// ligatures, and the cut fonts keep no kerning, which GoTextFace did not
// apply either), and GoTextFace brings go-text's shaper, its OpenType
// tables and golang.org/x/text's language tables into the browser build,
// 0.7 MB gzipped (docs/web.md, Figures).
package assets

import (
	_ "embed"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
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
	once  [numFonts]sync.Once
	fonts [numFonts]*opentype.Font

	mu    sync.Mutex // faces are asked for from tests' goroutines too
	faces = map[faceKey]*text.GoXFace{}
	sizes = map[text.Face]float64{}
)

type faceKey struct {
	f  Font
	px float64
}

// TTF returns the file of a typeface.
func TTF(f Font) []byte { return *files[f] }

// Parsed returns the parsed typeface.
func Parsed(f Font) *opentype.Font {
	once[f].Do(func() {
		p, err := opentype.Parse(TTF(f))
		if err != nil {
			panic("assets: parsing an embedded font: " + err.Error())
		}
		fonts[f] = p
	})
	return fonts[f]
}

// Face returns a face of typeface f at size px (in screen pixels): the
// same face for the same typeface and size, since a face keeps its
// glyphs' images (and game/render/textcache its strings) for itself.
func Face(f Font, px float64) text.Face {
	mu.Lock()
	defer mu.Unlock()
	k := faceKey{f, px}
	if fc, ok := faces[k]; ok {
		return fc
	}
	// NewFace returns no error (it only scales); at 72 DPI a point is a
	// pixel. The size is kept to 1/64 px, as x/image's faces keep it.
	of, _ := opentype.NewFace(Parsed(f), &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	fc := text.NewGoXFace(of)
	faces[k] = fc
	sizes[fc] = px
	return fc
}

// SizeOf returns the size in pixels of a face that Face made, else 0.
func SizeOf(fc text.Face) float64 {
	mu.Lock()
	defer mu.Unlock()
	return sizes[fc]
}
