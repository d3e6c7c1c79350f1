// Package assets holds what the game ships besides code: the fonts and
// the licence notes. The fonts are the Go fonts (golang.org/x/image/font/
// gofont) cut down by gen_fonts.go to the characters the game needs and
// without hinting, which the text renderer does not use: 0.27 MB for the
// five, against 0.76 MB. Sounds are synthesised in code by game/sound, so
// no audio files are embedded. Each font is parsed on first use, so a
// screen that shows two faces parses two.
//
// The faces are golang.org/x/image/font/opentype's behind the game's own
// game/render/glyphs, not Ebitengine's text/v2: the Go fonts need no
// shaping (no ligatures, and the cut fonts keep no kerning), and text/v2
// brings go-text's packages and golang.org/x/text's language tables into
// the browser build even when only its GoXFace is used (docs/web.md,
// Figures).
package assets

import (
	_ "embed"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"pelennor/game/render/glyphs"
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

	mu sync.Mutex // faces are asked for from tests' goroutines too
	// The faces made, in two generations as game/render/textcache keeps
	// its strings: a size that follows the zoom makes a face at every
	// step, and a face no longer asked for goes once two generations have
	// filled (whoever still holds it keeps it).
	faces, oldFaces = map[faceKey]*glyphs.Face{}, map[faceKey]*glyphs.Face{}
)

// faceGeneration is how many faces a generation holds: far more than a
// screen uses at once.
const faceGeneration = 256

// faceKey is a typeface and a size in 64ths of a pixel, the precision
// x/image's faces keep (opentype.NewFace rounds the size to it), so two
// sizes that make the same face share it.
type faceKey struct {
	f  Font
	px int64
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
// glyphs' images (and game/render/textcache its strings) for itself. A
// size that is not a positive number of pixels gives a face that draws
// nothing.
func Face(f Font, px float64) *glyphs.Face {
	k := faceKey{f: f}
	if px > 0 && px < 1<<20 {
		k.px = int64(math.Round(px * 64))
	}
	mu.Lock()
	defer mu.Unlock()
	if fc, ok := faces[k]; ok {
		return fc
	}
	fc, ok := oldFaces[k]
	if !ok {
		fc = glyphs.NewFace(xFace(f, k.px))
	}
	if len(faces) >= faceGeneration {
		oldFaces, faces = faces, make(map[faceKey]*glyphs.Face, faceGeneration)
	}
	faces[k] = fc
	return fc
}

// xFace is x/image's face of typeface f at px 64ths of a pixel.
func xFace(f Font, px int64) font.Face {
	// NewFace returns no error (it only scales); at 72 DPI a point is a
	// pixel.
	fc, _ := opentype.NewFace(Parsed(f), &opentype.FaceOptions{Size: float64(px) / 64, DPI: 72, Hinting: font.HintingNone})
	return fc
}

// SizeOf returns the size in pixels of a face that Face made (to 1/64
// px), else 0.
func SizeOf(fc *glyphs.Face) float64 {
	mu.Lock()
	defer mu.Unlock()
	for _, m := range []map[faceKey]*glyphs.Face{faces, oldFaces} {
		for k, f := range m {
			if f == fc {
				return float64(k.px) / 64
			}
		}
	}
	return 0
}
