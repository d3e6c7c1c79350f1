package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The canvas strokes its own polylines, straight into its batch: a quad
// for each segment, a pie filling the outer side of each join and, for
// round caps, a half disc at each end, as vector.Path's stroke builds
// them, but without making a path or allocating (a frame strokes a few
// thousand segments: the bases' edges and the symbols' lines).

// arcSteps is how many chords draw an arc of angle da (radians) and
// radius r so that no chord is more than sag pixels inside it.
func arcSteps(da, r, sag float64) int {
	if r <= sag {
		return 1
	}
	step := 2 * math.Acos(1-sag/r)
	return max(1, min(64, int(math.Ceil(da/step))))
}

// strokePts strokes the path through pts (x0, y0, x1, y1, ...), closed or
// not, width wide, with round joins and round or square-cut (butt) caps.
func (c *Canvas) strokePts(pts []float64, closed, round bool, width float64, clr color.Color) {
	n := len(pts) / 2
	if n < 2 || width <= 0 {
		return
	}
	// Drop repeated points: a segment needs a direction.
	var buf [64]float64
	p := buf[:0]
	for i := 0; i < n; i++ {
		x, y := pts[2*i], pts[2*i+1]
		if k := len(p); k >= 2 && p[k-2] == x && p[k-1] == y {
			continue
		}
		p = append(p, x, y)
	}
	if closed && len(p) >= 4 && p[0] == p[len(p)-2] && p[1] == p[len(p)-1] {
		p = p[:len(p)-2]
	}
	n = len(p) / 2
	if n < 2 {
		return
	}
	segs := n - 1
	if closed && n > 2 {
		segs = n
	} else {
		closed = false
	}
	// Room for a segment and its join, or a cap (a fan has at most 66
	// vertices): the batch is drawn when it is nearly full, so that
	// indices stay within 16 bits however long the path.
	room := func() {
		if len(c.vs)+4+66 > 60000-6 {
			c.Flush()
		}
	}
	r, g, b, a := premul(clr)
	h := width / 2
	vert := func(x, y float64) uint16 {
		c.vs = append(c.vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1, ColorR: r, ColorG: g, ColorB: b, ColorA: a})
		return uint16(len(c.vs) - 1)
	}
	// fan fills the pie about (cx, cy) from angle a0 turning by da.
	fan := func(cx, cy, a0, da float64) {
		k := arcSteps(math.Abs(da), h, 0.25)
		o := vert(cx, cy)
		prev := vert(cx+h*math.Cos(a0), cy+h*math.Sin(a0))
		for i := 1; i <= k; i++ {
			t := a0 + da*float64(i)/float64(k)
			cur := vert(cx+h*math.Cos(t), cy+h*math.Sin(t))
			c.is = append(c.is, o, prev, cur)
			prev = cur
		}
	}
	seg := func(i int) (x0, y0, x1, y1 float64) {
		j := (i + 1) % n
		return p[2*i], p[2*i+1], p[2*j], p[2*j+1]
	}
	for i := 0; i < segs; i++ {
		room()
		x0, y0, x1, y1 := seg(i)
		l := math.Hypot(x1-x0, y1-y0)
		ex, ey := (y1-y0)*h/l, -(x1-x0)*h/l
		v := vert(x0+ex, y0+ey)
		vert(x1+ex, y1+ey)
		vert(x0-ex, y0-ey)
		vert(x1-ex, y1-ey)
		c.is = append(c.is, v, v+1, v+2, v+1, v+3, v+2)
		// The join with the next segment, on its outer side.
		if i == segs-1 && !closed {
			break
		}
		nx0, ny0, nx1, ny1 := seg((i + 1) % segs)
		a0 := math.Atan2(y1-y0, x1-x0)
		a1 := math.Atan2(ny1-ny0, nx1-nx0)
		turn := math.Remainder(a1-a0, 2*math.Pi)
		if turn == 0 {
			continue
		}
		// The outer side is left of the path for a right turn (the y axis
		// points down), right of it for a left turn.
		if turn > 0 {
			fan(x1, y1, a0-math.Pi/2, turn)
		} else {
			fan(x1, y1, a0+math.Pi/2, turn)
		}
	}
	if closed || !round {
		return
	}
	// Round caps: half discs beyond each end.
	room()
	x0, y0, x1, y1 := seg(0)
	a0 := math.Atan2(y1-y0, x1-x0)
	fan(x0, y0, a0+math.Pi/2, math.Pi)
	room()
	x0, y0, x1, y1 = seg(segs - 1)
	a1 := math.Atan2(y1-y0, x1-x0)
	fan(x1, y1, a1-math.Pi/2, math.Pi)
}
