// Package textcache draws text from images of whole strings, kept while
// they are in use. text.Draw shapes a string and draws each glyph as
// its own image, every frame; the game draws the same few hundred labels
// frame after frame, so drawing each as one image made once saves most
// of the CPU that text costs. The pixels are the same as text.Draw's:
// glyphs fall on whole pixels of the string's layout, and the string is
// drawn at a whole-pixel position.
//
// A string's image is made at its third draw (madeAfter). Entries live
// in two generations: a string drawn is kept in the current one; when
// that fills up, the previous generation is dropped and the current one
// becomes the previous. So strings drawn every frame stay,
// and one-off strings go after a while.
package textcache

import (
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// generation is how many strings a generation holds before it is
// retired: more than a busy screen draws in one frame.
const generation = 1500

// key is what a string's layout depends on, and whether the entry is the
// string's image or only its advance. A face is one typeface at one size
// (assets.Face gives the same face for both), so the face itself is the
// key: every text/v2 face is a pointer.
type key struct {
	face    text.Face
	s       string
	primary text.Align
	second  text.Align
	image   bool
}

type entry struct {
	img    *ebiten.Image // nil for a string with no visible glyph
	dx, dy int           // the image's top-left corner in the layout
	adv    float64
	uses   int  // draws so far
	made   bool // img is made
}

// madeAfter is the draw at which a string's image is made: the first
// draws go through text.Draw, so the first frame of a screen costs no
// more than it did (each image made is a render target of its own, which
// a browser's WebGL pays for), nor does a label shown for a frame or two
// (a distance that changes as a ghost is dragged).
const madeAfter = 3

type cache struct {
	mu       sync.Mutex // tests measure text on their own goroutine
	cur, old map[key]*entry
	glyphs   []text.Glyph
	made     int // images made, for tests
}

var c = cache{cur: map[key]*entry{}, old: map[key]*entry{}}

// keyOf is the key of s's advance in face f, and whether f may be
// cached: GoTextFace is a struct of options usually made afresh, so two
// faces alike are two pointers (the game's faces are GoXFaces made once).
func keyOf(s string, f text.Face) (key, bool) {
	_, ok := f.(*text.GoXFace)
	return key{face: f, s: s}, ok
}

// lookup returns the entry for k, moving it to the current generation.
func (c *cache) lookup(k key) (*entry, bool) {
	if e, ok := c.cur[k]; ok {
		return e, true
	}
	e, ok := c.old[k]
	if ok {
		delete(c.old, k)
		c.store(k, e)
	}
	return e, ok
}

func (c *cache) store(k key, e *entry) {
	if len(c.cur) >= generation {
		// The previous generation's images are dropped, not deallocated:
		// one may have been drawn earlier in this frame, and Ebitengine
		// frees an image once nothing, its queued draws included, holds it.
		c.old, c.cur = c.cur, make(map[key]*entry, generation)
	}
	c.cur[k] = e
}

// Advance is text.Advance, remembered for the game's faces.
func Advance(s string, face text.Face) float64 {
	k, ok := keyOf(s, face)
	if !ok {
		return text.Advance(s, face)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.lookup(k); ok {
		return e.adv
	}
	e := &entry{adv: text.Advance(s, face)}
	c.store(k, e)
	return e.adv
}

// Draw draws s as text.Draw does with the given alignments, translated
// by (x, y) rounded to whole pixels, in colour clr. Faces other than the
// game's are drawn by text.Draw.
func Draw(dst *ebiten.Image, s string, face text.Face, x, y float64, clr color.Color, primary, second text.Align) {
	x, y = math.Round(x), math.Round(y)
	k, ok := keyOf(s, face)
	if !ok {
		op := &text.DrawOptions{}
		op.PrimaryAlign, op.SecondaryAlign = primary, second
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(clr)
		text.Draw(dst, s, face, op)
		return
	}
	k.primary, k.second, k.image = primary, second, true
	c.mu.Lock()
	e, ok := c.lookup(k)
	if !ok {
		e = &entry{}
		c.store(k, e)
	}
	e.uses++
	if !e.made && e.uses >= madeAfter {
		c.make(e, s, face, primary, second)
	}
	c.mu.Unlock()
	if !e.made {
		op := &text.DrawOptions{}
		op.PrimaryAlign, op.SecondaryAlign = primary, second
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(clr)
		text.Draw(dst, s, face, op)
		return
	}
	if e.img == nil {
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x+float64(e.dx), y+float64(e.dy))
	op.ColorScale.ScaleWithColor(clr)
	dst.DrawImage(e.img, op)
}

// make draws s in white into an image just large enough for its glyphs.
func (c *cache) make(e *entry, s string, f text.Face, primary, second text.Align) {
	lo := &text.LayoutOptions{PrimaryAlign: primary, SecondaryAlign: second}
	c.glyphs = text.AppendGlyphs(c.glyphs[:0], s, f, lo)
	// Glyph images lie on whole pixels of the layout (text/v2 picks the
	// image for the sub-pixel offset and floors its position).
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, g := range c.glyphs {
		if g.Image == nil {
			continue
		}
		gx, gy := int(math.Floor(g.X)), int(math.Floor(g.Y))
		b := g.Image.Bounds()
		x0, y0 = min(x0, gx), min(y0, gy)
		x1, y1 = max(x1, gx+b.Dx()), max(y1, gy+b.Dy())
	}
	e.made = true
	if x0 >= x1 || y0 >= y1 {
		return
	}
	e.img = ebiten.NewImage(x1-x0, y1-y0)
	e.dx, e.dy = x0, y0
	op := &ebiten.DrawImageOptions{}
	for _, g := range c.glyphs {
		if g.Image == nil {
			continue
		}
		op.GeoM.Reset()
		op.GeoM.Translate(math.Floor(g.X)-float64(x0), math.Floor(g.Y)-float64(y0))
		e.img.DrawImage(g.Image, op)
	}
	c.made++
}
