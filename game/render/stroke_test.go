package render

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pelennor/game/internal/ebitest"
)

// strokeCase is a polyline stroked both ways.
type strokeCase struct {
	pts    []float64
	closed bool
	round  bool
	width  float64
	clr    color.RGBA
}

var strokeCases = []strokeCase{
	// A base's edge, rotated, thin and thick.
	{[]float64{100, 100, 180, 120, 170, 160, 90, 140}, true, true, 1.5, RGB(0xf0, 0xe0, 0xc0)},
	{[]float64{250, 90, 400, 130, 380, 210, 230, 170}, true, true, 9, Fade(SelectGold, 0.45)},
	// A symbol's open line with a sharp turn, round caps.
	{[]float64{500, 100, 560, 200, 620, 90, 700, 110}, false, true, 4, RGB(0x20, 0x20, 0x20)},
	// A front edge, square-cut.
	{[]float64{100, 300, 300, 330}, false, false, 6, FrontEdge},
	// Repeated points and a straight run.
	{[]float64{400, 300, 400, 300, 500, 300, 600, 300, 600, 380}, false, true, 3, IllegalRed},
}

// paths draws each case with vector.Path's stroke (want) or the canvas's
// own (got).
type paths struct{ own bool }

func (p paths) Update() error                       { return nil }
func (p paths) Layout(w, h int) (int, int)          { return w, h }
func (p paths) LayoutF(w, h float64) (x, y float64) { return w, h }
func (p paths) Draw(s *ebiten.Image) {
	s.Fill(RGB(0x50, 0x60, 0x30))
	cv := NewCanvas(s)
	cv.AA = true
	for _, c := range strokeCases {
		if p.own {
			if c.round {
				cv.Polyline(c.width, c.clr, c.closed, c.pts...)
			} else {
				cv.PolylineButt(c.width, c.clr, c.pts...)
			}
			continue
		}
		var path vector.Path
		path.MoveTo(float32(c.pts[0]), float32(c.pts[1]))
		for i := 2; i < len(c.pts); i += 2 {
			path.LineTo(float32(c.pts[i]), float32(c.pts[i+1]))
		}
		if c.closed {
			path.Close()
		}
		lc := vector.LineCapRound
		if !c.round {
			lc = vector.LineCapButt
		}
		cv.stroke(&path, c.width, c.clr, lc)
	}
	if p.own {
		cv.Ring(800, 300, 40, 3, RGB(0xff, 0x9a, 0x4a))
	} else {
		var ring vector.Path
		ring.Arc(800, 300, 40, 0, 2*math.Pi, vector.Clockwise)
		ring.Close()
		cv.Stroke(&ring, 3, RGB(0xff, 0x9a, 0x4a))
	}
	cv.Flush()
}

// The canvas's own strokes cover the pixels vector.Path's do. With 2×2
// anti-aliasing an edge pixel moves by a quarter of its colour for a
// tiny shift of the edge, so a pixel may differ by one step (up to about
// 44 in a channel) along the edges, never by more; the ring, whose
// circle is cut into other chords, may differ by two steps at a few
// edge pixels.
func TestOwnStrokesMatchVectorPaths(t *testing.T) {
	want := ebitest.Run(t, paths{}, 2)
	got := ebitest.Run(t, paths{own: true}, 2)
	if dir := os.Getenv("STROKE_PNG"); dir != "" {
		for name, img := range map[string]*image.RGBA{"want": want, "got": got} {
			f, _ := os.Create(filepath.Join(dir, name+".png"))
			png.Encode(f, img)
			f.Close()
		}
	}
	b := want.Bounds()
	lines, ring, ringInk := 0, 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			w, g := want.RGBAAt(x, y), got.RGBAAt(x, y)
			inRing := x >= 740 && x < 860 && y >= 240 && y < 360
			if inRing && w != (RGB(0x50, 0x60, 0x30)) {
				ringInk++
			}
			if d := maxDiff(w, g); d > 50 {
				if inRing {
					ring++
				} else {
					lines++
					t.Logf("differs at %d,%d: %v, want %v", x, y, g, w)
				}
			}
		}
	}
	if lines > 0 {
		t.Errorf("%d pixels of the polylines differ by more than one anti-aliasing step", lines)
	}
	if ring > ringInk/20 {
		t.Errorf("%d of the ring's %d pixels differ by more than one step", ring, ringInk)
	}
}

func maxDiff(a, b color.RGBA) int {
	d := 0
	for _, p := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		d = max(d, int(math.Abs(float64(p[0])-float64(p[1]))))
	}
	return d
}

// A path of thousands of points is drawn in several batches, each within
// 16-bit indices (DrawTriangles panics on an index beyond its vertices).
func TestLongPolylineFitsTheBatches(t *testing.T) {
	var pts []float64
	for i := 0; i < 8000; i++ {
		pts = append(pts, float64(i%500), float64(100+(i%2)*40+i/500))
	}
	ebitest.Run(t, ebitest.Drawing(func(s *ebiten.Image) {
		cv := NewCanvas(s)
		cv.AA = true
		cv.Polyline(6, RGB(0xff, 0xff, 0xff), false, pts...)
		if len(cv.vs) > 60000 {
			t.Errorf("%d vertices pending in one batch", len(cv.vs))
		}
		for _, i := range cv.is {
			if int(i) >= len(cv.vs) {
				t.Fatalf("index %d beyond the batch's %d vertices", i, len(cv.vs))
			}
		}
		cv.Flush()
	}), 1)
}
