package ui

import (
	"image/color"

	"pelennor/assets"
	"pelennor/game/render/glyphs"
)

// Palette: dark steel and parchment, with gold for what can be acted on.
var (
	Backdrop    = color.RGBA{0x12, 0x14, 0x19, 0xff}
	Steel       = color.RGBA{0x1d, 0x21, 0x29, 0xff}
	SteelLight  = color.RGBA{0x2b, 0x31, 0x3c, 0xff}
	SteelEdge   = color.RGBA{0x45, 0x4d, 0x5b, 0xff}
	PanelFill   = color.RGBA{0x17, 0x1a, 0x21, 0xf0}
	Parchment   = color.RGBA{0xec, 0xe1, 0xc6, 0xff}
	ParchDim    = color.RGBA{0xb3, 0xa6, 0x88, 0xff}
	ParchFaint  = color.RGBA{0x7d, 0x74, 0x62, 0xff}
	Gold        = color.RGBA{0xc9, 0xa4, 0x5c, 0xff}
	GoldBright  = color.RGBA{0xf0, 0xcf, 0x82, 0xff}
	GoldDeep    = color.RGBA{0x7a, 0x5d, 0x2a, 0xff}
	Good        = color.RGBA{0x6c, 0xc0, 0x62, 0xff}
	Bad         = color.RGBA{0xdf, 0x5a, 0x45, 0xff}
	Info        = color.RGBA{0x7f, 0xb2, 0xe5, 0xff}
	Shadow      = color.RGBA{0, 0, 0, 0x90}
	Transparent = color.RGBA{}
)

// Theme holds the scale of the interface and its fonts. Sizes given to
// the theme are in logical pixels; Scale turns them into screen pixels
// (the device scale factor on high-DPI screens).
type Theme struct {
	Scale float64
	// Text scales the text on top of Scale (the text-size setting:
	// 1, 1.2 or 1.4); layouts that hold text grow with it.
	Text float64
	// Target is the least height and width of a pressable target, in
	// logical pixels (a touch screen asks for more than a mouse).
	Target float64
	faces  map[faceKey]*glyphs.Face
}

// DefaultTarget is the least target size for a mouse, logical pixels.
const DefaultTarget = 34

type faceKey struct {
	f    assets.Font
	size float64
}

// NewTheme returns a theme at the given scale.
func NewTheme(scale float64) *Theme {
	if scale <= 0 {
		scale = 1
	}
	return &Theme{Scale: scale, Text: 1, Target: DefaultTarget, faces: map[faceKey]*glyphs.Face{}}
}

// T scales a logical length of text (a line, a gap between lines) to
// screen pixels: as S, and with the text size.
func (t *Theme) T(v float64) float64 { return v * t.Scale * t.text() }

// TargetPx is the least target size in screen pixels.
func (t *Theme) TargetPx() float64 { return t.Target * t.Scale }

func (t *Theme) text() float64 {
	if t.Text <= 0 {
		return 1
	}
	return t.Text
}

// S scales a logical length to screen pixels.
func (t *Theme) S(v float64) float64 { return v * t.Scale }

// Face returns typeface f at a logical size.
func (t *Theme) Face(f assets.Font, size float64) *glyphs.Face {
	k := faceKey{f, size * t.Scale * t.text()}
	if fc, ok := t.faces[k]; ok {
		return fc
	}
	fc := assets.Face(f, k.size)
	t.faces[k] = fc
	return fc
}

// Common faces.
func (t *Theme) Body() *glyphs.Face    { return t.Face(assets.Regular, 15) }
func (t *Theme) Small() *glyphs.Face   { return t.Face(assets.Regular, 13) }
func (t *Theme) Strong() *glyphs.Face  { return t.Face(assets.Bold, 15) }
func (t *Theme) Heading() *glyphs.Face { return t.Face(assets.SmallCaps, 22) }
