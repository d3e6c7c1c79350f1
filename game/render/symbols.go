package render

import (
	"image/color"
	"math"

	"pelennor/engine/rules"
)

// glyph draws in a symbol's unit box: x to the element's right, y toward
// its front, both from -1 to 1 (wider symbols may reach ±1.4 in x). u is
// the size of one unit in pixels.
type glyph struct {
	cv         *Canvas
	ox, oy     float64 // the box centre on the screen
	rx, ry     float64 // one unit to the right, in pixels
	fx, fy     float64 // one unit forward, in pixels
	u          float64
	ink, paper color.Color
}

func (g *glyph) at(x, y float64) (float64, float64) {
	return g.ox + g.rx*x + g.fx*y, g.oy + g.ry*x + g.fy*y
}

func (g *glyph) pts(xy ...float64) []float64 {
	out := make([]float64, len(xy))
	for i := 0; i+1 < len(xy); i += 2 {
		out[i], out[i+1] = g.at(xy[i], xy[i+1])
	}
	return out
}

// w is a stroke width in units, at least one pixel.
func (g *glyph) w(units float64) float64 { return math.Max(1, units*g.u) }

func (g *glyph) line(width float64, clr color.Color, xy ...float64) {
	g.cv.Polyline(g.w(width), clr, false, g.pts(xy...)...)
}

func (g *glyph) convex(clr color.Color, xy ...float64) { g.cv.Convex(clr, g.pts(xy...)...) }

func (g *glyph) poly(clr color.Color, xy ...float64) { g.cv.FillPoly(clr, g.pts(xy...)...) }

func (g *glyph) circle(x, y, r float64, clr color.Color) {
	cx, cy := g.at(x, y)
	g.cv.Circle(cx, cy, r*g.u, clr)
}

func (g *glyph) ring(x, y, r, width float64, clr color.Color) {
	cx, cy := g.at(x, y)
	g.cv.Ring(cx, cy, r*g.u, g.w(width), clr)
}

// arc strokes an arc of radius r about (x, y) from angle a0 to a1
// (radians, anticlockwise from the unit x axis in symbol space).
func (g *glyph) arc(x, y, r, a0, a1, width float64, clr color.Color) {
	n := int(math.Max(6, math.Abs(a1-a0)*8))
	xy := make([]float64, 0, 2*(n+1))
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		xy = append(xy, x+r*math.Cos(a), y+r*math.Sin(a))
	}
	g.line(width, clr, xy...)
}

// blade is a straight tapering blade from (x0, y0) to the point (x1, y1).
func (g *glyph) blade(x0, y0, x1, y1, half float64, clr color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*half, dx/l*half
	mx, my := x0+dx*0.82, y0+dy*0.82
	g.convex(clr, x0+nx, y0+ny, mx+nx, my+ny, x1, y1, mx-nx, my-ny, x0-nx, y0-ny)
}

// sword is a sword with its point at (x1, y1) and pommel toward (x0, y0).
func (g *glyph) sword(x0, y0, x1, y1 float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	hx, hy := x0+ux*0.42, y0+uy*0.42 // the hilt
	g.blade(hx, hy, x1, y1, 0.1, g.ink)
	g.line(0.13, g.ink, hx-uy*0.3, hy+ux*0.3, hx+uy*0.3, hy-ux*0.3)
	g.line(0.12, g.ink, x0+ux*0.1, y0+uy*0.1, hx, hy)
	g.circle(x0+ux*0.05, y0+uy*0.05, 0.1, g.ink)
}

// crown is a three-pointed crown.
func (g *glyph) crown(cx, cy, s float64) {
	p := func(x, y float64) (float64, float64) { return cx + x*s, cy + y*s }
	var xy []float64
	for _, v := range [][2]float64{{-0.8, -0.55}, {0.8, -0.55}, {0.8, 0.5}, {0.42, 0.02}, {0, 0.72}, {-0.42, 0.02}, {-0.8, 0.5}} {
		x, y := p(v[0], v[1])
		xy = append(xy, x, y)
	}
	g.poly(g.ink, xy...)
	for _, v := range [][2]float64{{-0.8, 0.62}, {0, 0.84}, {0.8, 0.62}} {
		x, y := p(v[0], v[1])
		g.circle(x, y, 0.13*s, g.ink)
	}
	x0, y0 := p(-0.5, -0.3)
	x1, y1 := p(0.5, -0.3)
	g.line(0.09*s, g.paper, x0, y0, x1, y1)
}

// wing is a scalloped bat wing on the side sgn (+1 right, -1 left).
func (g *glyph) wing(sgn, x0, y0, s float64) {
	pts := [][2]float64{{0, 0.15}, {0.35, 0.45}, {1, 0.6}, {0.92, 0.05}, {0.7, -0.12}, {0.52, -0.42}, {0.3, -0.14}, {0.04, -0.38}}
	var xy []float64
	for _, p := range pts {
		xy = append(xy, x0+sgn*p[0]*s, y0+p[1]*s)
	}
	g.poly(g.ink, xy...)
}

// horse is a horse's head in profile, facing right, centred at (cx, cy).
func (g *glyph) horse(cx, cy, k float64) {
	pts := []float64{
		-0.3, -0.95, -0.45, -0.2, -0.32, 0.35, -0.12, 0.72, -0.04, 0.98, 0.1, 0.74,
		0.38, 0.56, 0.78, 0.12, 0.9, -0.08, 0.74, -0.24, 0.4, -0.14, 0.2, -0.2, 0.25, -0.95}
	for i := 0; i < len(pts); i += 2 {
		pts[i] = cx + pts[i]*k
		pts[i+1] = cy + pts[i+1]*k
	}
	g.poly(g.ink, pts...)
	g.circle(cx+0.2*k, cy+0.42*k, 0.08*k, g.paper)
	g.line(0.06*k, g.paper, cx-0.3*k, cy+0.5*k, cx-0.38*k, cy-0.3*k)
}

// drawSymbol draws the symbol of element type t.
func drawSymbol(g *glyph, t rules.Type) {
	ink, paper := g.ink, g.paper
	switch t {
	case rules.Blades: // crossed swords
		g.sword(-0.8, -0.8, 0.8, 0.85)
		g.sword(0.8, -0.8, -0.8, 0.85)
	case rules.Spears: // three spear points
		for _, x := range []float64{-0.75, 0, 0.75} {
			g.line(0.1, ink, x, -0.95, x, 0.3)
			g.convex(ink, x, 0.98, x+0.2, 0.5, x, 0.24, x-0.2, 0.5)
		}
	case rules.Warband: // a bearded axe
		g.line(0.15, ink, -0.5, -0.95, 0.3, 0.9)
		g.poly(ink, 0.12, 0.5, 0.55, 0.98, 0.92, 0.62, 0.78, 0.05, 0.45, 0.2, 0.28, 0.0)
		g.poly(ink, -0.02, 0.55, -0.32, 0.72, -0.22, 0.38)
	case rules.Shooters: // a drawn bow and arrow
		g.arc(0, -0.55, 1.0, math.Pi*0.18, math.Pi*0.82, 0.14, ink)
		bx, by := math.Cos(math.Pi*0.18), -0.55+math.Sin(math.Pi*0.18)
		g.line(0.05, ink, bx, by, 0, -0.55, -bx, by)
		g.line(0.08, ink, 0, -0.9, 0, 0.72)
		g.convex(ink, 0, 1.0, 0.2, 0.6, -0.2, 0.6)
		g.line(0.07, ink, 0, -0.82, -0.18, -1.0)
		g.line(0.07, ink, 0, -0.82, 0.18, -1.0)
	case rules.Hordes: // a crowd of heads
		for _, p := range [][2]float64{{-1.05, 0.4}, {-0.35, 0.4}, {0.35, 0.4}, {1.05, 0.4}, {-0.7, -0.35}, {0, -0.35}, {0.7, -0.35}} {
			g.circle(p[0], p[1], 0.26, ink)
		}
	case rules.Artillery: // a stone-thrower
		g.line(0.12, ink, -0.85, -0.55, 0.85, -0.55)
		g.ring(-0.55, -0.62, 0.25, 0.09, ink)
		g.ring(0.55, -0.62, 0.25, 0.09, ink)
		g.line(0.1, ink, -0.35, -0.55, 0.05, 0.05, 0.4, -0.55)
		g.line(0.12, ink, 0.55, -0.25, -0.4, 0.72)
		g.circle(-0.45, 0.8, 0.2, ink)
	case rules.Sneakers: // a dagger beneath a crescent moon
		g.blade(0.15, -0.2, 0.15, 0.95, 0.12, ink)
		g.line(0.12, ink, -0.17, -0.2, 0.47, -0.2)
		g.line(0.12, ink, 0.15, -0.2, 0.15, -0.75)
		g.circle(0.15, -0.85, 0.11, ink)
		g.circle(-0.62, 0.5, 0.36, ink)
		g.circle(-0.48, 0.62, 0.3, paper)
	case rules.Lurkers: // an eye in the dark
		g.arc(0, -0.75, 1.05, math.Pi*0.22, math.Pi*0.78, 0.12, ink)
		g.arc(0, 0.75, 1.05, -math.Pi*0.78, -math.Pi*0.22, 0.12, ink)
		g.circle(0, 0, 0.34, ink)
		g.circle(0.1, 0.1, 0.1, paper)
	case rules.Magicians: // a star
		var xy []float64
		for i := 0; i < 10; i++ {
			r := 0.95
			if i%2 == 1 {
				r = 0.4
			}
			a := math.Pi/2 + float64(i)*math.Pi/5
			xy = append(xy, r*math.Cos(a), r*math.Sin(a)-0.05)
		}
		g.poly(ink, xy...)
	case rules.Clerics: // a radiant sun
		g.circle(0, 0, 0.38, ink)
		for i := 0; i < 8; i++ {
			a := float64(i) * math.Pi / 4
			g.line(0.12, ink, 0.55*math.Cos(a), 0.55*math.Sin(a), 0.92*math.Cos(a), 0.92*math.Sin(a))
		}
	case rules.Knights: // a barded horse's head before a couched lance and pennon
		g.line(0.12, ink, -0.95, -0.95, 0.95, 0.95)
		g.poly(ink, 0.72, 0.74, 0.3, 0.98, 0.42, 0.74, 0.2, 0.6, 0.62, 0.56)
		g.horse(-0.12, -0.05, 0.92)
		g.line(0.1, paper, -0.42, 0.38, -0.2, 0.08, 0.12, -0.02)
	case rules.Riders: // a horse's head
		g.horse(0, 0, 1)
	case rules.Beasts: // a paw print
		g.convex(ink, -0.45, -0.2, 0.45, -0.2, 0.5, -0.5, 0.25, -0.85, -0.25, -0.85, -0.5, -0.5)
		for _, p := range [][2]float64{{-0.62, 0.15}, {-0.22, 0.55}, {0.22, 0.55}, {0.62, 0.15}} {
			g.circle(p[0], p[1], 0.2, ink)
		}
	case rules.Behemoths: // a mûmak's head with its tusks
		g.circle(-0.62, 0.3, 0.36, ink)
		g.circle(0.62, 0.3, 0.36, ink)
		g.circle(0, 0.22, 0.46, ink)
		g.line(0.22, ink, 0, -0.1, 0.05, -0.55, 0.25, -0.92)
		g.line(0.12, ink, -0.25, -0.12, -0.55, -0.5, -0.85, -0.42)
		g.line(0.12, ink, 0.25, -0.12, 0.55, -0.5, 0.85, -0.42)
		g.circle(-0.18, 0.3, 0.07, paper)
		g.circle(0.18, 0.3, 0.07, paper)
	case rules.Heroes: // a crown
		g.crown(0, 0, 1.1)
	case rules.Paladins: // a shield with a cross
		g.poly(ink, -0.7, 0.85, 0.7, 0.85, 0.7, 0.05, 0, -0.95, -0.7, 0.05)
		g.line(0.16, paper, 0, 0.7, 0, -0.6)
		g.line(0.16, paper, -0.5, 0.35, 0.5, 0.35)
	case rules.Flyers: // bat wings
		g.wing(1, 0.05, 0, 1.05)
		g.wing(-1, -0.05, 0, 1.05)
		g.circle(0, 0.15, 0.18, ink)
	case rules.Airboats: // a balloon over a hull
		g.circle(0, 0.35, 0.6, ink)
		g.line(0.06, ink, -0.45, 0, -0.35, -0.55)
		g.line(0.06, ink, 0.45, 0, 0.35, -0.55)
		g.convex(ink, -0.7, -0.52, 0.7, -0.52, 0.45, -0.9, -0.45, -0.9)
	case rules.AerialHeroes: // a crown between wings
		g.wing(1, 0.35, 0, 0.9)
		g.wing(-1, -0.35, 0, 0.9)
		g.crown(0, 0, 0.62)
	case rules.Dragons: // a flame
		g.poly(ink, 0, 0.98, 0.2, 0.45, 0.45, 0.72, 0.52, 0.12, 0.72, 0.32, 0.58, -0.6,
			0, -0.92, -0.58, -0.6, -0.72, 0.32, -0.52, 0.12, -0.45, 0.72, -0.2, 0.45)
		g.poly(paper, 0, 0.25, 0.25, -0.3, 0, -0.65, -0.25, -0.3)
	case rules.Gods: // a thunderbolt
		g.poly(ink, 0.3, 0.98, -0.5, 0.02, -0.05, 0.02, -0.35, -0.98, 0.55, 0.12, 0.08, 0.12)
	case rules.Stronghold: // battlements and a gate
		g.convex(ink, -0.95, -0.8, 0.95, -0.8, 0.95, 0.35, -0.95, 0.35)
		for _, x := range []float64{-0.95, -0.35, 0.25} {
			g.convex(ink, x, 0.35, x+0.7*0.55, 0.35, x+0.7*0.55, 0.75, x, 0.75)
		}
		g.poly(paper, -0.3, -0.8, 0.3, -0.8, 0.3, -0.1, 0, 0.12, -0.3, -0.1)
	}
}
