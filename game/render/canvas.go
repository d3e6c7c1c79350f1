package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

var (
	whiteImage = ebiten.NewImage(3, 3)
	whiteSub   = whiteImage.SubImage(whiteImage.Bounds().Inset(1)).(*ebiten.Image)
)

func init() { whiteImage.Fill(color.White) }

// Canvas batches vector shapes into few DrawTriangles calls. Convex fills
// and strokes of any colour share one batch (drawn in order, so later
// shapes cover earlier ones); a concave fill flushes the batch and is
// drawn alone with the non-zero rule.
type Canvas struct {
	Dst *ebiten.Image
	// AA anti-aliases the shapes. Every batch is then widened to the
	// whole destination with two empty triangles, so that Ebitengine
	// keeps one double-size offscreen buffer for all of them (it would
	// otherwise allocate one per differently placed call, which is very
	// slow), and composites it once, when something else is drawn.
	AA bool
	vs []ebiten.Vertex
	is []uint16
}

// NewCanvas returns a canvas drawing on dst.
func NewCanvas(dst *ebiten.Image) *Canvas { return &Canvas{Dst: dst} }

// Reset points the canvas at dst, flushing anything pending.
func (c *Canvas) Reset(dst *ebiten.Image) {
	c.Flush()
	c.Dst = dst
}

func premul(clr color.Color) (r, g, b, a float32) {
	R, G, B, A := clr.RGBA()
	return float32(R) / 0xffff, float32(G) / 0xffff, float32(B) / 0xffff, float32(A) / 0xffff
}

func (c *Canvas) add(vs []ebiten.Vertex, is []uint16, clr color.Color) {
	if len(c.vs)+len(vs) > 60000-6 {
		c.Flush()
	}
	r, g, b, a := premul(clr)
	base := uint16(len(c.vs))
	for _, v := range vs {
		v.SrcX, v.SrcY = 1, 1
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = r, g, b, a
		c.vs = append(c.vs, v)
	}
	for _, i := range is {
		c.is = append(c.is, base+i)
	}
}

// Flush draws what is pending.
func (c *Canvas) Flush() {
	if len(c.is) == 0 {
		return
	}
	if c.AA {
		c.widen()
	}
	op := &ebiten.DrawTrianglesOptions{AntiAlias: c.AA, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	c.Dst.DrawTriangles(c.vs, c.is, whiteSub, op)
	c.vs, c.is = c.vs[:0], c.is[:0]
}

// widen adds two empty triangles at opposite corners of the destination.
func (c *Canvas) widen() {
	b := c.Dst.Bounds()
	base := uint16(len(c.vs))
	for _, p := range [2][2]float32{{float32(b.Min.X), float32(b.Min.Y)}, {float32(b.Max.X), float32(b.Max.Y)}} {
		for k := 0; k < 3; k++ {
			c.vs = append(c.vs, ebiten.Vertex{DstX: p[0], DstY: p[1], SrcX: 1, SrcY: 1})
		}
	}
	c.is = append(c.is, base, base+1, base+2, base+3, base+4, base+5)
}

// Convex fills a convex polygon given as x0, y0, x1, y1, ...
func (c *Canvas) Convex(clr color.Color, pts ...float64) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	var vbuf [64]ebiten.Vertex
	var ibuf [186]uint16
	vs, is := vbuf[:0], ibuf[:0]
	for i := 0; i < n; i++ {
		vs = append(vs, ebiten.Vertex{DstX: float32(pts[2*i]), DstY: float32(pts[2*i+1])})
	}
	for i := 2; i < n; i++ {
		is = append(is, 0, uint16(i-1), uint16(i))
	}
	c.add(vs, is, clr)
}

// Circle fills a circle.
func (c *Canvas) Circle(cx, cy, r float64, clr color.Color) {
	var buf [96]float64
	c.Convex(clr, circlePts(buf[:0], cx, cy, r)...)
}

// circlePts appends the corners of the polygon drawn for a circle.
func circlePts(pts []float64, cx, cy, r float64) []float64 {
	n := int(math.Max(10, math.Min(48, r*1.2)))
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	return pts
}

// Ring strokes a circle.
func (c *Canvas) Ring(cx, cy, r, width float64, clr color.Color) {
	// Chords at most a quarter pixel inside the circle.
	n := max(12, min(128, arcSteps(2*math.Pi, r, 0.25)))
	var buf [256]float64
	pts := buf[:0]
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	c.strokePts(pts, true, true, width, clr)
}

// Line strokes a segment with round caps.
func (c *Canvas) Line(x0, y0, x1, y1, width float64, clr color.Color) {
	c.strokePts([]float64{x0, y0, x1, y1}, false, true, width, clr)
}

// ButtLine strokes a segment with square-cut ends.
func (c *Canvas) ButtLine(x0, y0, x1, y1, width float64, clr color.Color) {
	c.strokePts([]float64{x0, y0, x1, y1}, false, false, width, clr)
}

// Polyline strokes a path through x0, y0, x1, y1, ..., closed or open
// (with round caps), with round joins.
func (c *Canvas) Polyline(width float64, clr color.Color, closed bool, pts ...float64) {
	c.strokePts(pts, closed, true, width, clr)
}

// PolylineButt strokes an open path with square-cut ends.
func (c *Canvas) PolylineButt(width float64, clr color.Color, pts ...float64) {
	c.strokePts(pts, false, false, width, clr)
}

// Stroke strokes a path with round joins and caps.
func (c *Canvas) Stroke(p *vector.Path, width float64, clr color.Color) {
	c.stroke(p, width, clr, vector.LineCapRound)
}

func (c *Canvas) stroke(p *vector.Path, width float64, clr color.Color, lc vector.LineCap) {
	if width <= 0 {
		return
	}
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: lc})
	c.add(vs, is, clr)
}

// Fill fills any path (concave or with holes) with the non-zero rule.
func (c *Canvas) Fill(p *vector.Path, clr color.Color) {
	c.Flush()
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	if len(is) == 0 {
		return
	}
	r, g, b, a := premul(clr)
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = r, g, b, a
	}
	op := &ebiten.DrawTrianglesOptions{AntiAlias: c.AA, FillRule: ebiten.FillRuleNonZero, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	c.Dst.DrawTriangles(vs, is, whiteSub, op)
}

// FillPoly fills a simple polygon that may be concave: it is cut into
// triangles (ear clipping) and joins the batch.
func (c *Canvas) FillPoly(clr color.Color, pts ...float64) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	vs := make([]ebiten.Vertex, n)
	for i := range vs {
		vs[i] = ebiten.Vertex{DstX: float32(pts[2*i]), DstY: float32(pts[2*i+1])}
	}
	c.add(vs, Triangulate(pts), clr)
}

// Triangulate cuts a simple polygon (x0, y0, x1, y1, ...) into triangles
// by ear clipping and returns their vertex indices.
func Triangulate(pts []float64) []uint16 {
	n := len(pts) / 2
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	area := 0.0
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		area += pts[2*i]*pts[2*j+1] - pts[2*j]*pts[2*i+1]
	}
	sgn := 1.0
	if area < 0 {
		sgn = -1
	}
	cross := func(a, b, c int) float64 {
		ax, ay := pts[2*a], pts[2*a+1]
		return sgn * ((pts[2*b]-ax)*(pts[2*c+1]-ay) - (pts[2*b+1]-ay)*(pts[2*c]-ax))
	}
	inside := func(p, a, b, c int) bool {
		return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0
	}
	var out []uint16
	for guard := 0; len(idx) > 3 && guard < 4*n*n; guard++ {
		m := len(idx)
		found := false
		for k := 0; k < m; k++ {
			a, b, cc := idx[(k+m-1)%m], idx[k], idx[(k+1)%m]
			if cross(a, b, cc) <= 0 {
				continue
			}
			ear := true
			for _, p := range idx {
				if p != a && p != b && p != cc && inside(p, a, b, cc) {
					ear = false
					break
				}
			}
			if !ear {
				continue
			}
			out = append(out, uint16(a), uint16(b), uint16(cc))
			idx = append(idx[:k], idx[k+1:]...)
			found = true
			break
		}
		if !found {
			break
		}
	}
	if len(idx) >= 3 {
		for k := 1; k+1 < len(idx); k++ {
			out = append(out, uint16(idx[0]), uint16(idx[k]), uint16(idx[k+1]))
		}
	}
	return out
}

// RGB makes an opaque colour.
func RGB(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// Fade returns clr with its alpha scaled by a (premultiplied).
func Fade(clr color.Color, a float64) color.RGBA {
	r, g, b, al := clr.RGBA()
	return color.RGBA{uint8(float64(r) * a / 257), uint8(float64(g) * a / 257), uint8(float64(b) * a / 257), uint8(float64(al) * a / 257)}
}

// Mix blends two opaque colours.
func Mix(a, b color.Color, t float64) color.RGBA {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	f := func(x, y uint32) uint8 { return uint8((float64(x)*(1-t) + float64(y)*t) / 257) }
	return color.RGBA{f(ar, br), f(ag, bg), f(ab, bb), f(aa, ba)}
}

// Luma is a colour's perceived lightness, 0 to 1.
func Luma(clr color.Color) float64 {
	r, g, b, _ := clr.RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 0xffff
}

// ParseHex reads "#rrggbb"; ok is false for anything else.
func ParseHex(s string) (color.RGBA, bool) {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, false
	}
	var v [3]uint8
	for i := range v {
		hi, ok1 := hexDigit(s[1+2*i])
		lo, ok2 := hexDigit(s[2+2*i])
		if !ok1 || !ok2 {
			return color.RGBA{}, false
		}
		v[i] = hi<<4 | lo
	}
	return color.RGBA{v[0], v[1], v[2], 0xff}, true
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
