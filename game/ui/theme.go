package ui

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"pelennor/assets"
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
	faces map[faceKey]*text.GoTextFace
}

type faceKey struct {
	f    assets.Font
	size float64
}

// NewTheme returns a theme at the given scale.
func NewTheme(scale float64) *Theme {
	if scale <= 0 {
		scale = 1
	}
	return &Theme{Scale: scale, faces: map[faceKey]*text.GoTextFace{}}
}

// S scales a logical length to screen pixels.
func (t *Theme) S(v float64) float64 { return v * t.Scale }

// Face returns typeface f at a logical size.
func (t *Theme) Face(f assets.Font, size float64) *text.GoTextFace {
	k := faceKey{f, size * t.Scale}
	if fc, ok := t.faces[k]; ok {
		return fc
	}
	fc := assets.Face(f, k.size)
	t.faces[k] = fc
	return fc
}

// Common faces.
func (t *Theme) Body() *text.GoTextFace    { return t.Face(assets.Regular, 15) }
func (t *Theme) Small() *text.GoTextFace   { return t.Face(assets.Regular, 13) }
func (t *Theme) Strong() *text.GoTextFace  { return t.Face(assets.Bold, 15) }
func (t *Theme) Heading() *text.GoTextFace { return t.Face(assets.SmallCaps, 22) }
