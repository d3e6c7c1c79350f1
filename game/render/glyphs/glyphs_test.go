package glyphs_test

import (
	"bytes"
	"image/color"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"

	"pelennor/assets"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render/glyphs"
)

func TestMain(m *testing.M) { ebitest.Main(m) }

// line is a string drawn in both packages: the same font.Face behind a
// text/v2 GoXFace and a glyphs.Face.
type line struct {
	s               string
	f               *opentype.Font
	size            float64
	x, y, rot       float64
	clr             color.RGBA
	primary, second int // text/v2's and glyphs' alignments share their values
	filter          ebiten.Filter
	spacing         float64 // between lines' baselines
}

// The sizes cross the thresholds of the sub-pixel variants (8, 4, 2, 1
// below 20, 40, 80 px of ascent and descent); the positions are
// fractional, one string is rotated as the terrain's edge labels are,
// and characters a font lacks take their missing glyph's width (and ink).
var lines = []line{
	{"Théoden's Éored — 3.4\" of 6\" · Mûmakil ≤ ½ → ▼", assets.Parsed(assets.Regular), 13, 10.3, 20.7, 0, color.RGBA{0xff, 0xe0, 0xa0, 0xff}, 0, 0, ebiten.FilterNearest, 0},
	{"End move phase ×2 −1", assets.Parsed(assets.Bold), 15, 512.5, 60, 0, color.RGBA{0xff, 0xff, 0xff, 0xff}, 1, 1, ebiten.FilterNearest, 0},
	{"“Fight…” Ș", assets.Parsed(assets.Italic), 22.7, 1000.2, 110.49, 0, color.RGBA{0x40, 0xc0, 0x60, 0xff}, 2, 0, ebiten.FilterNearest, 0},
	{"THE PELENNOR FIELDS", assets.Parsed(assets.SmallCaps), 41.3, 500, 200, 0, color.RGBA{0x40, 0x40, 0x40, 0x80}, 1, 2, ebiten.FilterNearest, 0},
	{"Minas Tirith", assets.Parsed(assets.Medium), 90, 20, 320, 0, color.RGBA{0xc9, 0xa4, 0x5c, 0xff}, 0, 0, ebiten.FilterNearest, 0},
	{"12\"", assets.Parsed(assets.Regular), 11, 700, 500, -math.Pi / 2, color.RGBA{0xec, 0xe1, 0xc6, 0x99}, 2, 1, ebiten.FilterLinear, 0},
	{"two\nlines", assets.Parsed(assets.Regular), 15, 300, 600, 0, color.RGBA{0xff, 0, 0, 0xff}, 1, 0, ebiten.FilterNearest, 0},
	{"three\nspaced\nlines", assets.Parsed(assets.Italic), 17, 150.6, 600, 0, color.RGBA{0xa0, 0xd0, 0xff, 0xff}, 2, 1, ebiten.FilterNearest, 19.7},
	{"Жπ left out", assets.Parsed(assets.Regular), 15, 600, 650, 0, color.RGBA{0xff, 0xff, 0xff, 0xff}, 0, 0, ebiten.FilterNearest, 0},
	{"中 missing", goRegular, 15, 600, 700, 0, color.RGBA{0xff, 0xff, 0xff, 0xff}, 0, 0, ebiten.FilterNearest, 0},
	{"   ", assets.Parsed(assets.Regular), 15, 10, 10, 0, color.RGBA{0xff, 0, 0, 0xff}, 0, 0, ebiten.FilterNearest, 0},
}

// goRegular is the whole Go font, whose missing glyph (drawn for a
// character it lacks, such as Chinese) has ink, unlike the cut fonts'.
var goRegular, _ = opentype.Parse(goregular.TTF)

// drawLines draws every line with draw, in a frame.
func drawLines(draw func(s *ebiten.Image, i int, l line)) ebitest.Drawing {
	return func(s *ebiten.Image) {
		for i, l := range lines {
			draw(s, i, l)
		}
	}
}

// placed is how both packages draw l's glyphs: where, in what colour,
// with which filter.
func (l line) placed() ebiten.DrawImageOptions {
	var op ebiten.DrawImageOptions
	op.GeoM.Rotate(l.rot)
	op.GeoM.Translate(l.x, l.y)
	op.ColorScale.ScaleWithColor(l.clr)
	op.Filter = l.filter
	return op
}

func face(l line) font.Face {
	f, _ := opentype.NewFace(l.f, &opentype.FaceOptions{Size: l.size, DPI: 72, Hinting: font.HintingNone})
	return f
}

// Draw gives the pixels text/v2's Draw gives with a GoXFace over the same
// font.Face, at every size, alignment, colour, transformation and filter,
// and Advance the same widths.
func TestDrawMatchesTextV2(t *testing.T) {
	wantFaces := make([]*text.GoXFace, len(lines))
	gotFaces := make([]*glyphs.Face, len(lines))
	for i, l := range lines {
		wantFaces[i] = text.NewGoXFace(face(l))
		gotFaces[i] = glyphs.NewFace(face(l))
		if w, g := text.Advance(l.s, wantFaces[i]), glyphs.Advance(l.s, gotFaces[i]); w != g {
			t.Errorf("%q: advance %v, text/v2's %v", l.s, g, w)
		}
		wm, gm := wantFaces[i].Metrics(), gotFaces[i].Metrics()
		if wm.HAscent != gm.HAscent || wm.HDescent != gm.HDescent || wm.HLineGap != gm.HLineGap {
			t.Errorf("%q: metrics %+v, text/v2's %+v", l.s, gm, wm)
		}
	}
	direct := ebitest.Run(t, drawLines(func(s *ebiten.Image, i int, l line) {
		op := &text.DrawOptions{DrawImageOptions: l.placed()}
		op.PrimaryAlign, op.SecondaryAlign = text.Align(l.primary), text.Align(l.second)
		op.LineSpacing = l.spacing
		text.Draw(s, l.s, wantFaces[i], op)
	}), 2)
	// Drawn twice, the second time from the glyph images kept.
	for pass := 0; pass < 2; pass++ {
		mine := ebitest.Run(t, drawLines(func(s *ebiten.Image, i int, l line) {
			op := &glyphs.DrawOptions{DrawImageOptions: l.placed()}
			op.PrimaryAlign, op.SecondaryAlign = glyphs.Align(l.primary), glyphs.Align(l.second)
			op.LineSpacing = l.spacing
			glyphs.Draw(s, l.s, gotFaces[i], op)
		}), 2)
		if !bytes.Equal(direct.Pix, mine.Pix) {
			n := 0
			for i := 0; i < len(direct.Pix); i += 4 {
				if !bytes.Equal(direct.Pix[i:i+4], mine.Pix[i:i+4]) {
					n++
				}
			}
			t.Fatalf("pass %d: %d pixels differ from text/v2's", pass, n)
		}
	}
}

// benchLabels are a battle screen's worth of labels drawn directly (as
// textcache draws a string before its third draw, and as the terrain
// draws its rotated labels).
var benchLabels = []string{"End move phase", "Théoden's Knights", "3.4\" of 6\"", "Mûmakil — 2 PIPs", "Undo", "Redo", "Bound 4 · Rohan", "PIPs 5", "Minas Tirith", "Rammas Echor", "Fight", "Orc Hordes ×3"}

// BenchmarkDraw measures the CPU a frame of direct draws costs in this
// package and in text/v2 over the same faces: ns/op is the whole frame
// with the software GPU, cpu-ns/pass only the draws' calls in one Draw.
func BenchmarkDraw(b *testing.B) {
	xf := face(line{f: assets.Parsed(assets.Regular), size: 15})
	v2, mine := text.NewGoXFace(xf), glyphs.NewFace(face(line{f: assets.Parsed(assets.Regular), size: 15}))
	for _, bc := range []struct {
		name string
		draw func(*ebiten.Image, string, float64, float64)
	}{
		{"glyphs", func(dst *ebiten.Image, s string, x, y float64) {
			op := &glyphs.DrawOptions{}
			op.PrimaryAlign = glyphs.AlignCenter
			op.GeoM.Translate(x, y)
			glyphs.Draw(dst, s, mine, op)
		}},
		{"textv2", func(dst *ebiten.Image, s string, x, y float64) {
			op := &text.DrawOptions{}
			op.PrimaryAlign = text.AlignCenter
			op.GeoM.Translate(x, y)
			text.Draw(dst, s, v2, op)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var spent time.Duration
			passes := 0 // Draw may run more than once a frame
			frame := ebitest.Drawing(func(s *ebiten.Image) {
				t0 := time.Now()
				for i, l := range benchLabels {
					bc.draw(s, l, 80+float64(i%4)*240, 40+float64(i/4)*50)
				}
				spent += time.Since(t0)
				passes++
			})
			ebitest.Run(b, frame, 2)
			spent, passes = 0, 0
			b.ResetTimer()
			ebitest.Run(b, frame, b.N)
			b.ReportMetric(float64(spent.Nanoseconds())/float64(passes), "cpu-ns/pass")
		})
	}
}
