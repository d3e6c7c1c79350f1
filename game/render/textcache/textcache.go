// Package textcache draws text from images of whole strings, kept while
// they are in use. glyphs.Draw lays out a string and draws each glyph as
// its own image, every frame; the game draws the same few hundred labels
// frame after frame, so drawing each as one image made once saves most
// of the CPU that text costs. The pixels are the same as glyphs.Draw's:
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

	"pelennor/game/render/glyphs"
)

// generation is how many strings a generation holds before it is
// retired: more than a busy screen draws in one frame.
const generation = 1500

// key is what a string's layout depends on, and whether the entry is the
// string's image or only its advance. A face is one typeface at one size
// (assets.Face gives the same face for both), so the face itself is the
// key.
type key struct {
	face    *glyphs.Face
	s       string
	primary glyphs.Align
	second  glyphs.Align
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
// draws go through glyphs.Draw, so the first frame of a screen costs no
// more than it did (each image made is a render target of its own, which
// a browser's WebGL pays for), nor does a label shown for a frame or two
// (a distance that changes as a ghost is dragged).
const madeAfter = 3

type cache struct {
	mu       sync.Mutex // tests measure text on their own goroutine
	cur, old map[key]*entry
	glyphs   []glyphs.Glyph
	made     int // images made, for tests
}

var c = cache{cur: map[key]*entry{}, old: map[key]*entry{}}

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

// Advance is glyphs.Advance, remembered.
func Advance(s string, face *glyphs.Face) float64 {
	k := key{face: face, s: s}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.lookup(k); ok {
		return e.adv
	}
	e := &entry{adv: glyphs.Advance(s, face)}
	c.store(k, e)
	return e.adv
}

// Draw draws s as glyphs.Draw does with the given alignments, translated
// by (x, y) rounded to whole pixels, in colour clr.
func Draw(dst *ebiten.Image, s string, face *glyphs.Face, x, y float64, clr color.Color, primary, second glyphs.Align) {
	x, y = math.Round(x), math.Round(y)
	k := key{face: face, s: s, primary: primary, second: second, image: true}
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
		op := &glyphs.DrawOptions{}
		op.PrimaryAlign, op.SecondaryAlign = primary, second
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(clr)
		glyphs.Draw(dst, s, face, op)
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
func (c *cache) make(e *entry, s string, f *glyphs.Face, primary, second glyphs.Align) {
	lo := &glyphs.LayoutOptions{PrimaryAlign: primary, SecondaryAlign: second}
	c.glyphs = glyphs.AppendGlyphs(c.glyphs[:0], s, f, lo)
	// Glyph images lie on whole pixels of the layout (package glyphs
	// picks the image for the sub-pixel offset).
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, g := range c.glyphs {
		b := g.Image.Bounds()
		x0, y0 = min(x0, g.X), min(y0, g.Y)
		x1, y1 = max(x1, g.X+b.Dx()), max(y1, g.Y+b.Dy())
	}
	e.made = true
	if len(c.glyphs) == 0 {
		return
	}
	e.img = ebiten.NewImage(x1-x0, y1-y0)
	e.dx, e.dy = x0, y0
	op := &ebiten.DrawImageOptions{}
	for _, g := range c.glyphs {
		op.GeoM.Reset()
		op.GeoM.Translate(float64(g.X-x0), float64(g.Y-y0))
		e.img.DrawImage(g.Image, op)
	}
	c.made++
}
