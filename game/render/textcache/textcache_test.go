package textcache

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/assets"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render/glyphs"
)

func TestMain(m *testing.M) { ebitest.Main(m) }

type line struct {
	s       string
	size    float64
	x, y    float64
	clr     color.RGBA
	primary glyphs.Align
	second  glyphs.Align
}

var lines = []line{
	{"Théoden's Knights 3.4\" of 6\"", 15, 20.4, 30.6, color.RGBA{0xff, 0xe0, 0xa0, 0xff}, glyphs.AlignStart, glyphs.AlignStart},
	{"End move phase", 13, 512.5, 90, color.RGBA{0xff, 0xff, 0xff, 0xff}, glyphs.AlignCenter, glyphs.AlignCenter},
	{"Mûmakil — 2 PIPs", 22.7, 1000.2, 140.49, color.RGBA{0x40, 0xc0, 0x60, 0xff}, glyphs.AlignEnd, glyphs.AlignStart},
	{"faint", 17, 300, 200, color.RGBA{0x40, 0x40, 0x40, 0x80}, glyphs.AlignCenter, glyphs.AlignEnd},
	{"   ", 15, 10, 10, color.RGBA{0xff, 0, 0, 0xff}, glyphs.AlignStart, glyphs.AlignStart},
}

// Strings drawn from the cache have the pixels glyphs.Draw gives them, at
// any alignment, size, colour and fractional position.
func TestDrawMatchesTextDraw(t *testing.T) {
	direct := ebitest.Run(t, ebitest.Drawing(func(s *ebiten.Image) {
		for _, l := range lines {
			op := &glyphs.DrawOptions{}
			op.PrimaryAlign, op.SecondaryAlign = l.primary, l.second
			op.GeoM.Translate(float64(int(l.x+0.5)), float64(int(l.y+0.5)))
			op.ColorScale.ScaleWithColor(l.clr)
			glyphs.Draw(s, l.s, assets.Face(assets.Italic, l.size), op)
		}
	}), 2)
	// The first draws go through glyphs.Draw, the later ones through the
	// images; one pass a frame (Draw may run more than once a frame).
	made := c.made
	for pass := 0; pass < madeAfter+1; pass++ {
		done := false
		cached := ebitest.Run(t, ebitest.Drawing(func(s *ebiten.Image) {
			if done {
				return
			}
			done = true
			for _, l := range lines {
				Draw(s, l.s, assets.Face(assets.Italic, l.size), l.x, l.y, l.clr, l.primary, l.second)
			}
		}), 1)
		if !bytes.Equal(direct.Pix, cached.Pix) {
			t.Fatalf("pass %d: %d pixels differ from glyphs.Draw's", pass, differing(direct, cached))
		}
		switch {
		case pass < madeAfter-1 && c.made != made:
			t.Fatalf("pass %d: %d images made before the %dth draw", pass, c.made-made, madeAfter)
		case pass == madeAfter-1 && c.made != made+len(lines)-1:
			t.Fatalf("pass %d: %d images made, want one for each string with ink (%d)", pass, c.made-made, len(lines)-1)
		case pass == madeAfter:
			if c.made != made+len(lines)-1 {
				t.Errorf("%d images made again for strings already drawn", c.made-made-len(lines)+1)
			}
		}
	}
}

func differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if !bytes.Equal(a.Pix[i:i+4], b.Pix[i:i+4]) {
			n++
		}
	}
	return n
}

// A string unused for two generations is freed, and made again when
// next drawn; one drawn in every generation stays.
func TestGenerations(t *testing.T) {
	face := assets.Face(assets.Italic, 12)
	ran := false // Draw may be called more than once a frame
	ebitest.Run(t, ebitest.Drawing(func(s *ebiten.Image) {
		if ran {
			return
		}
		ran = true
		for i := 0; i < madeAfter; i++ {
			Draw(s, "kept", face, 0, 0, color.White, glyphs.AlignStart, glyphs.AlignStart)
			Draw(s, "dropped", face, 0, 0, color.White, glyphs.AlignStart, glyphs.AlignStart)
		}
		for i := 0; i < 2*generation+1; i++ {
			Draw(s, fmt.Sprint(i), face, 0, 20, color.White, glyphs.AlignStart, glyphs.AlignStart)
			if i%500 == 0 {
				Draw(s, "kept", face, 0, 0, color.White, glyphs.AlignStart, glyphs.AlignStart)
			}
		}
		made := c.made
		Draw(s, "kept", face, 0, 0, color.White, glyphs.AlignStart, glyphs.AlignStart)
		if c.made != made {
			t.Error("a string drawn in every generation was made again")
		}
		for i := 0; i < madeAfter; i++ {
			Draw(s, "dropped", face, 0, 0, color.White, glyphs.AlignStart, glyphs.AlignStart)
		}
		if c.made != made+1 {
			t.Error("a string unused for two generations was not made again")
		}
	}), 1)
	if n := len(c.cur) + len(c.old); n > 2*generation {
		t.Errorf("%d strings kept, want at most %d", n, 2*generation)
	}
}

func TestAdvance(t *testing.T) {
	for _, l := range lines {
		face := assets.Face(assets.Italic, l.size)
		for k := 0; k < 2; k++ {
			if got, want := Advance(l.s, face), glyphs.Advance(l.s, face); got != want {
				t.Errorf("Advance(%q) = %v, want %v", l.s, got, want)
			}
		}
	}
}
