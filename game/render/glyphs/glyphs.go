// Package glyphs measures and draws strings in golang.org/x/image font
// faces with Ebitengine. It does what the game asked of text/v2's GoXFace
// and places every glyph as GoXFace does (the same sub-pixel steps, the
// same rasterised images at the same whole pixels), so the pixels are the
// same; but it brings none of text/v2's other faces, whose packages
// (go-text's shaper and golang.org/x/text's tables, with the image
// decoders go-text registers) weighed 160 KB gzipped in the browser build
// though the game used none of them (docs/web.md, Figures).
//
// Strings are laid out left to right in lines split at "\n", each glyph at
// its advance plus the face's kerning: no shaping, which the Go fonts do
// not need (they have no ligatures nor layout tables).
package glyphs

import (
	"image"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Face is one font face, with its glyphs' images as they are made. A
// glyph's image is kept as long as the face (at most one per character
// and sub-pixel step), so a face should be made once and reused.
type Face struct {
	mu      sync.Mutex // faces are measured from tests' goroutines too
	f       font.Face  // not safe for concurrent use: always under mu
	metrics Metrics
	step    fixed.Int26_6 // the sub-pixel step of glyphs' positions
	glyphs  map[rune]glyph
	kerns   map[[2]rune]fixed.Int26_6
	images  map[imageKey]*ebiten.Image // nil for a glyph without ink
	scratch []Glyph                    // Draw's layout, reused
}

// glyph is what x/image says of a character.
type glyph struct {
	bounds fixed.Rectangle26_6
	adv    fixed.Int26_6
}

// imageKey names a glyph's image: its character and the sub-pixel
// offset of its left edge (its top is the same for every position, as
// lines lie on whole pixels).
type imageKey struct {
	r rune
	x fixed.Int26_6
}

// Metrics are a face's vertical metrics in pixels (named as text/v2's, for
// horizontal lines).
type Metrics struct {
	HAscent  float64 // from the top of a line to its baseline
	HDescent float64 // from the baseline to the bottom of a line (positive)
	HLineGap float64 // the space the font asks for between lines
}

// NewFace makes a face of an x/image face, which it then uses alone.
func NewFace(f font.Face) *Face {
	m := f.Metrics()
	fc := &Face{
		f: f,
		metrics: Metrics{
			HAscent:  fixedToFloat(m.Ascent),
			HDescent: fixedToFloat(m.Descent),
			HLineGap: fixedToFloat(m.Height - m.Ascent - m.Descent),
		},
		glyphs: map[rune]glyph{},
		kerns:  map[[2]rune]fixed.Int26_6{},
		images: map[imageKey]*ebiten.Image{},
	}
	// Glyphs are drawn at 8 sub-pixel steps in small faces and fewer in
	// larger ones, where a step is a larger share of a stroke: the steps
	// text/v2 uses, so the glyphs look as they did.
	fc.step = 64 / 8
	switch h := fc.metrics.HAscent + fc.metrics.HDescent; {
	case h >= 80:
		fc.step = 64
	case h >= 40:
		fc.step = 64 / 2
	case h >= 20:
		fc.step = 64 / 4
	}
	return fc
}

// Metrics returns the face's vertical metrics.
func (f *Face) Metrics() Metrics { return f.metrics }

func fixedToFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

// floatToFixed truncates toward zero, as text/v2 does, so glyphs fall on
// the same sub-pixel steps.
func floatToFixed(x float64) fixed.Int26_6 { return fixed.Int26_6(x * 64) }

// glyph returns what the face says of r, asking it once.
func (f *Face) glyph(r rune) glyph {
	g, ok := f.glyphs[r]
	if !ok {
		// A character the face lacks has its missing glyph's bounds and
		// advance, and is drawn as that glyph, as x/image's Drawer does.
		g.bounds, g.adv, _ = f.f.GlyphBounds(r)
		f.glyphs[r] = g
	}
	return g
}

// kern returns the kerning between a and b, asking the face once.
func (f *Face) kern(a, b rune) fixed.Int26_6 {
	k, ok := f.kerns[[2]rune{a, b}]
	if !ok {
		k = f.f.Kern(a, b)
		f.kerns[[2]rune{a, b}] = k
	}
	return k
}

// advance is the advance of one line, as x/image's font.MeasureString
// counts it.
func (f *Face) advance(line string) fixed.Int26_6 {
	var adv fixed.Int26_6
	prev := rune(-1)
	for _, r := range line {
		if prev >= 0 {
			adv += f.kern(prev, r)
		}
		adv += f.glyph(r).adv
		prev = r
	}
	return adv
}

// Advance returns how far s advances the pen on one line.
func Advance(s string, f *Face) float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fixedToFloat(f.advance(s))
}

// Align is an alignment along a line or across the lines.
type Align int

// Alignments: start is left (or top), end right (or bottom).
const (
	AlignStart Align = iota
	AlignCenter
	AlignEnd
)

// LayoutOptions are how a string is laid out about its origin.
type LayoutOptions struct {
	LineSpacing    float64 // between two lines' baselines, in pixels
	PrimaryAlign   Align   // of each line about the origin's x
	SecondaryAlign Align   // of the lines' block (ascent to descent) about its y
}

// DrawOptions are a string's layout and how its glyphs are drawn: the
// GeoM applies to the laid-out string, the rest to every glyph.
type DrawOptions struct {
	ebiten.DrawImageOptions
	LayoutOptions
}

// Glyph is a glyph's image and where its top-left corner lies, in whole
// pixels from the layout's origin.
type Glyph struct {
	Image *ebiten.Image
	X, Y  int
}

// AppendGlyphs appends the glyphs of s that have ink, laid out by op
// (nil for the defaults), and returns the slice.
func AppendGlyphs(gs []Glyph, s string, f *Face, op *LayoutOptions) []Glyph {
	if op == nil {
		op = &LayoutOptions{}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.appendGlyphs(gs, s, op)
}

func (f *Face) appendGlyphs(gs []Glyph, s string, op *LayoutOptions) []Glyph {
	if s == "" {
		return gs
	}
	// The block's top is the first line's ascent above its baseline.
	y := f.metrics.HAscent
	if op.SecondaryAlign != AlignStart {
		h := float64(strings.Count(s, "\n"))*op.LineSpacing + f.metrics.HAscent + f.metrics.HDescent
		if op.SecondaryAlign == AlignCenter {
			y -= h / 2
		} else {
			y -= h
		}
	}
	// Line by line, the next baseline by adding the spacing (as text/v2
	// does: the same sums give the same sub-pixel positions).
	var dy float64
	for {
		line, rest, more := strings.Cut(s, "\n")
		var x float64
		switch op.PrimaryAlign {
		case AlignCenter:
			x = -fixedToFloat(f.advance(line)) / 2
		case AlignEnd:
			x = -fixedToFloat(f.advance(line))
		}
		gs = f.appendLine(gs, line, x, dy+y)
		if !more {
			return gs
		}
		s = rest
		dy += op.LineSpacing
	}
}

// appendLine lays out one line from its origin (x, y), on its baseline.
func (f *Face) appendLine(gs []Glyph, line string, x, y float64) []Glyph {
	dot := fixed.Point26_6{X: floatToFixed(x), Y: floatToFixed(y)}
	// The baseline on a whole pixel: a glyph's image then depends only on
	// its left edge's sub-pixel offset.
	dot.Y &^= 63
	prev := rune(-1)
	for _, r := range line {
		if prev >= 0 {
			dot.X += f.kern(prev, r)
		}
		prev = r
		g := f.glyph(r)
		// The pen on the face's sub-pixel step (x / step * step: toward
		// zero, as text/v2 does).
		px := dot.X / f.step * f.step
		dot.X += g.adv
		left, top := px+g.bounds.Min.X, dot.Y+g.bounds.Min.Y
		img := f.image(r, g, left&63, top&63)
		if img != nil {
			gs = append(gs, Glyph{Image: img, X: left.Floor(), Y: top.Floor()})
		}
	}
	return gs
}

// image returns r's image with its left edge at sub-pixel offset sx and
// its top at sy (within a pixel), rasterising it the first time.
func (f *Face) image(r rune, g glyph, sx, sy fixed.Int26_6) *ebiten.Image {
	k := imageKey{r: r, x: sx}
	img, ok := f.images[k]
	if !ok {
		img = f.rasterise(r, g, sx, sy)
		f.images[k] = img
	}
	return img
}

// rasterise draws r in white on a transparent image one pixel larger each
// way than its bounds (a glyph's ink at a sub-pixel offset may reach one
// pixel further), or returns nil if it has no ink.
func (f *Face) rasterise(r rune, g glyph, sx, sy fixed.Int26_6) *ebiten.Image {
	w, h := (g.bounds.Max.X - g.bounds.Min.X).Ceil(), (g.bounds.Max.Y - g.bounds.Min.Y).Ceil()
	if w <= 0 || h <= 0 {
		return nil
	}
	w, h = w+1, h+1
	dot := fixed.Point26_6{X: sx - g.bounds.Min.X, Y: sy - g.bounds.Min.Y}
	dr, mask, mp, _, _ := f.f.Glyph(dot, r)
	clip := dr.Intersect(image.Rect(0, 0, w, h))
	if clip.Empty() {
		return nil
	}
	// White with the mask's coverage as alpha, premultiplied: every
	// channel is the coverage (as drawing white over the mask gives).
	pix := make([]byte, 4*w*h)
	inked := false
	for y := clip.Min.Y; y < clip.Max.Y; y++ {
		for x := clip.Min.X; x < clip.Max.X; x++ {
			_, _, _, a := mask.At(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).RGBA()
			if a == 0 {
				continue
			}
			i := 4 * (y*w + x)
			pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(a>>8), byte(a>>8), byte(a>>8), byte(a>>8)
			inked = true
		}
	}
	if !inked {
		return nil
	}
	img := ebiten.NewImage(w, h)
	img.WritePixels(pix)
	return img
}

// Draw draws s in face f, laid out and drawn as op says (nil for the
// defaults: white, its top-left at the destination's origin).
func Draw(dst *ebiten.Image, s string, f *Face, op *DrawOptions) {
	if op == nil {
		op = &DrawOptions{}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.scratch = f.appendGlyphs(f.scratch[:0], s, &op.LayoutOptions)
	gop := op.DrawImageOptions
	for _, g := range f.scratch {
		gop.GeoM.Reset()
		gop.GeoM.Translate(float64(g.X), float64(g.Y))
		gop.GeoM.Concat(op.GeoM)
		dst.DrawImage(g.Image, &gop)
	}
}
