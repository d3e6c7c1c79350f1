package render

import (
	"image/color"
	"math"

	"pelennor/engine/rules"
)

// Look says how to draw an element.
type Look struct {
	Type    rules.Type
	Colour  color.RGBA // the command's colour
	General bool

	Inactive    bool // its command may not move yet
	Broken      bool // its command is broken
	Moved       bool // moved this bound
	Ensorcelled bool // drawn as the faint trace where it vanished

	Selected bool
	Hovered  bool
	Target   bool // a valid target (shooting, bespelling)
	Engaged  bool // in close combat still to be fought

	// Ghost draws a translucent preview: green when legal, red when not.
	Ghost   bool
	GhostOK bool
	Alpha   float64 // 0 means opaque

	// Upright keeps the symbol upright on the screen.
	Upright bool
	// Contrast outlines the base in light and draws its symbol at least
	// ContrastSymbol high on a light plate: bases stay legible on dark
	// ground at a small zoom.
	Contrast bool
}

// ContrastSymbol is the least height of a symbol in contrast mode, in
// interface pixels (times the interface's scale).
const ContrastSymbol = 8.0

// HaloInk is the light outline of a base in contrast mode.
var HaloInk = RGB(0xf4, 0xef, 0xe2)

// Colours of marks.
var (
	FrontEdge   = RGB(0xf6, 0xec, 0xcf)
	SelectGold  = RGB(0xff, 0xd8, 0x6a)
	LegalGreen  = RGB(0x5c, 0xd0, 0x6a)
	IllegalRed  = RGB(0xf0, 0x4b, 0x3a)
	TargetRed   = RGB(0xff, 0x6a, 0x4a)
	BrokenRed   = RGB(0xd8, 0x35, 0x2a)
	SorceryPurp = RGB(0xb0, 0x7c, 0xf0)
)

// InkFor picks the symbol colour for a base colour: dark ink on light
// bases, light on dark.
func InkFor(base color.Color) (ink, paper color.RGBA) {
	if Luma(base) > 0.55 {
		return RGB(0x1e, 0x1c, 0x22), RGB(0xf4, 0xef, 0xe2)
	}
	return RGB(0xf4, 0xee, 0xdc), Mix(base, color.Black, 0.2)
}

// DrawElement draws an element's base at pose p.
func DrawElement(cv *Canvas, cam *Camera, p Pose, l Look, uiScale float64) {
	z := cam.Zoom
	corners := p.Corners()
	var pts [8]float64
	for i, c := range corners {
		pts[2*i], pts[2*i+1] = cam.ToScreen(c.X, c.Y)
	}
	if offScreen(cv, pts[:], 30*z+10*uiScale) {
		return
	}
	fwd, right := p.Dirs()
	alpha := 1.0
	if l.Alpha > 0 {
		alpha = l.Alpha
	}
	a := func(c color.Color) color.RGBA { return Fade(c, alpha) }

	if l.Ensorcelled {
		cv.Polyline(math.Max(1, 6*z), Fade(SorceryPurp, 0.8), true, pts[:]...)
		c := p.Center()
		cx, cy := cam.ToScreen(c.X, c.Y)
		var sp []float64
		for t := 0.0; t < 4*math.Pi; t += 0.25 {
			r := t / (4 * math.Pi) * math.Min(p.W, p.D) * 0.42 * z
			sp = append(sp, cx+r*math.Cos(t), cy+r*math.Sin(t))
		}
		cv.Polyline(math.Max(1, 5*z), Fade(SorceryPurp, 0.8), false, sp...)
		return
	}

	base := l.Colour
	edge := Mix(base, color.Black, 0.55)
	if l.Ghost {
		tint := IllegalRed
		if l.GhostOK {
			tint = LegalGreen
		}
		base = Mix(base, tint, 0.35)
		alpha = 0.72
		edge = tint
	}
	// Shadow, base, bevel.
	sh := math.Max(1.5, 10*z) * 0.6
	if !l.Ghost {
		cv.Convex(Fade(color.Black, 0.38*alpha), pts[0]+sh, pts[1]+sh*1.4, pts[2]+sh, pts[3]+sh*1.4, pts[4]+sh, pts[5]+sh*1.4, pts[6]+sh, pts[7]+sh*1.4)
	}
	glow := math.Max(3, 26*z)
	if l.Contrast && !l.Ghost {
		// A light halo round the base: the base grown by d pixels; the
		// selection's glow grows to show outside it.
		d := math.Max(1.5*uiScale, 6*z) / z
		glow = math.Max(glow, 2*d*z+4*uiScale)
		halo := Pose{X: p.X + fwd.X*d, Y: p.Y + fwd.Y*d, Facing: p.Facing, W: p.W + 2*d, D: p.D + 2*d}
		var hp [8]float64
		for i, c := range halo.Corners() {
			hp[2*i], hp[2*i+1] = cam.ToScreen(c.X, c.Y)
		}
		cv.Convex(a(HaloInk), hp[:]...)
	}
	if l.Selected {
		cv.Polyline(glow, Fade(SelectGold, 0.45), true, pts[:]...)
	}
	if l.Target {
		cv.Polyline(glow, Fade(TargetRed, 0.6), true, pts[:]...)
	}
	cv.Convex(a(base), pts[:]...)
	bevel := math.Max(0.8, 5*z)
	inner := Pose{X: p.X + fwd.X*(-3), Y: p.Y + fwd.Y*(-3), Facing: p.Facing, W: p.W - 6, D: p.D - 6}
	var ip [8]float64
	for i, c := range inner.Corners() {
		ip[2*i], ip[2*i+1] = cam.ToScreen(c.X, c.Y)
	}
	if z > 0.12 {
		cv.Polyline(bevel, a(Mix(base, color.White, 0.22)), true, ip[:]...)
	}

	// The symbol, sized to the base's depth, centred behind the front
	// edge's band.
	ink, paper := InkFor(base)
	fw := math.Max(2, 12*z)
	band := math.Min(fw/z, p.D/4)
	u := (p.D - band) * z * 0.44
	if u < 5.5*uiScale {
		u = math.Min(5.5*uiScale, (p.D-band)*z*0.5)
	}
	c := p.Local(0, -band-(p.D-band)/2)
	ox, oy := cam.ToScreen(c.X, c.Y)
	if l.Upright {
		// Fit the upright symbol (up to 2.5 units wide, 2 high) into the
		// part of the base behind the band, as it lies on the screen.
		ex := (math.Abs(right.X)*p.W + math.Abs(fwd.X)*(p.D-band)) * z
		ey := (math.Abs(right.Y)*p.W + math.Abs(fwd.Y)*(p.D-band)) * z
		u = math.Min(u, math.Min(ex*0.88/2.5, ey*0.86/2))
	}
	// Symbols stand upright on the screen whatever the facing (the front
	// band shows the facing); one facing west is mirrored so that its
	// horse or lance points the way it goes.
	mirror := 1.0
	if fwd.X < -0.2 {
		mirror = -1
	}
	// In contrast mode a symbol too small to read is drawn larger, last,
	// on a plate (contrastSymbol).
	plate := l.Contrast && l.Upright && !l.Ghost && u < ContrastSymbol/2*uiScale
	g := &glyph{cv: cv, ox: ox, oy: oy, rx: mirror * u, fy: -u, u: u, ink: a(ink), paper: a(paper)}
	if !l.Upright {
		g.rx, g.ry, g.fx, g.fy = right.X*u, right.Y*u, fwd.X*u, fwd.Y*u
	}
	if l.Type == rules.Stronghold {
		drawGate(cv, cam, p, a, l.Colour)
	} else if u >= 2.2 && !plate {
		drawSymbol(g, l.Type)
	}

	// Inactive: hatched across.
	if l.Inactive {
		hatch(cv, cam, p, Fade(color.Black, 0.35*alpha), math.Max(1, 8*z))
	}
	// The edge, then the front edge in a bright line.
	ew := math.Max(1, 5*z)
	if l.Broken {
		edge = BrokenRed
		ew *= 1.6
	}
	if l.Hovered && !l.Ghost {
		edge = Mix(SelectGold, color.White, 0.3)
	}
	cv.Polyline(ew, a(edge), true, pts[:]...)
	inset := band / 2
	fl, fr := p.Local(-p.W/2+3, -inset), p.Local(p.W/2-3, -inset)
	x0, y0 := cam.ToScreen(fl.X, fl.Y)
	x1, y1 := cam.ToScreen(fr.X, fr.Y)
	front := FrontEdge
	if l.Ghost {
		front = edge
	}
	cv.ButtLine(x0, y0, x1, y1, fw, a(front))

	if plate && l.Type != rules.Stronghold {
		contrastSymbol(cv, cam, p, l.Type, base, mirror, uiScale, a)
	}
	if l.Broken && !l.Ghost {
		crack(cv, cam, p, math.Max(1.2, 7*z))
	}
	if l.Moved && !l.Ghost {
		r := math.Max(3.5*uiScale, math.Min(9*uiScale, 22*z))
		q := p.Local(p.W/2-r/z-4, -p.D+r/z+4)
		x, y := cam.ToScreen(q.X, q.Y)
		cv.Circle(x, y, r, Fade(RGB(0x1a, 0x1a, 0x1a), 0.75*alpha))
		cv.Polyline(math.Max(1, r*0.3), a(RGB(0xe8, 0xe0, 0xc8)), false, x-r*0.5, y, x-r*0.1, y+r*0.45, x+r*0.55, y-r*0.45)
	}
	if l.Engaged && !l.Ghost {
		c := p.Local(0, 0)
		x, y := cam.ToScreen(c.X, c.Y)
		crossedSwords(cv, x, y, math.Max(7*uiScale, 40*z))
	}
}

// contrastSymbol draws a symbol ContrastSymbol high, dark on a plate of
// the base's colour made light (the sides stay told apart), centred on
// the base and over its front edge.
func contrastSymbol(cv *Canvas, cam *Camera, p Pose, t rules.Type, base color.RGBA, mirror, uiScale float64, a func(color.Color) color.RGBA) {
	u := ContrastSymbol / 2 * uiScale
	c := p.Center()
	ox, oy := cam.ToScreen(c.X, c.Y)
	ink, paper := RGB(0x14, 0x12, 0x16), Mix(base, HaloInk, 0.72)
	hw, hh := 1.45*u, 1.2*u
	cv.Convex(a(Mix(paper, color.Black, 0.5)), ox-hw-1, oy-hh-1, ox+hw+1, oy-hh-1, ox+hw+1, oy+hh+1, ox-hw-1, oy+hh+1)
	cv.Convex(a(paper), ox-hw, oy-hh, ox+hw, oy-hh, ox+hw, oy+hh, ox-hw, oy+hh)
	drawSymbol(&glyph{cv: cv, ox: ox, oy: oy, rx: mirror * u, fy: -u, u: u, ink: a(ink), paper: a(paper)}, t)
}

// offScreen reports whether the quadrilateral pts lies wholly outside
// the canvas's destination, with margin pixels round it for what is drawn
// beyond the base (its shadow, the selection's glow).
func offScreen(cv *Canvas, pts []float64, margin float64) bool {
	b := cv.Dst.Bounds()
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i+1 < len(pts); i += 2 {
		x0, x1 = math.Min(x0, pts[i]), math.Max(x1, pts[i])
		y0, y1 = math.Min(y0, pts[i+1]), math.Max(y1, pts[i+1])
	}
	return x1 < float64(b.Min.X)-margin || x0 > float64(b.Max.X)+margin || y1 < float64(b.Min.Y)-margin || y0 > float64(b.Max.Y)+margin
}

// drawGate draws the stronghold as a gatehouse seen from above: a stone
// block between two square towers, crenellated along its front, the
// gate's leaves in the middle and the city's banner on the roof.
func drawGate(cv *Canvas, cam *Camera, p Pose, a func(color.Color) color.RGBA, banner color.RGBA) {
	z := cam.Zoom
	quad := func(clr color.Color, u0, v0, u1, v1 float64) {
		var q [8]float64
		for i, pt := range []Pt{p.Local(u0, v0), p.Local(u1, v0), p.Local(u1, v1), p.Local(u0, v1)} {
			q[2*i], q[2*i+1] = cam.ToScreen(pt.X, pt.Y)
		}
		cv.Convex(a(clr), q[:]...)
	}
	stoneLight, stoneEdge, stoneTop := RGB(0xe6, 0xe1, 0xd4), RGB(0x5e, 0x59, 0x50), RGB(0xc9, 0xc3, 0xb4)
	w, d := p.W, p.D
	quad(stoneEdge, -w/2, 0, w/2, -d)
	quad(stoneTop, -w/2+6, -6, w/2-6, -d+6)
	tw := d * 0.62
	for _, u := range []float64{-w / 2, w/2 - tw} {
		quad(stoneEdge, u-4, 4, u+tw+4, -tw-4)
		quad(stoneLight, u, 0, u+tw, -tw)
		quad(stoneTop, u+tw*0.22, -tw*0.22, u+tw*0.78, -tw*0.78)
		// Merlons round the tower's top.
		for k := 0.0; k < 4; k++ {
			m := u + tw*(0.08+k*0.25)
			quad(stoneEdge, m, -2, m+tw*0.12, -12)
		}
	}
	// Merlons along the front of the curtain.
	for u := -w/2 + tw + 10; u < w/2-tw-10; u += 26 {
		quad(stoneEdge, u, -2, u+12, -12)
	}
	// The gate: iron-bound leaves, opening to the front.
	gw := w - 2*tw - 40
	quad(RGB(0x24, 0x1f, 0x1a), -gw/2, -14, gw/2, -d*0.55)
	for k := 1.0; k < 4; k++ {
		u := -gw/2 + gw*k/4
		pa, pb := p.Local(u, -14), p.Local(u, -d*0.55)
		x0, y0 := cam.ToScreen(pa.X, pa.Y)
		x1, y1 := cam.ToScreen(pb.X, pb.Y)
		cv.ButtLine(x0, y0, x1, y1, math.Max(0.8, 3*z), a(RGB(0x8a, 0x84, 0x78)))
	}
	// The banner of the city on the roof behind the gate.
	c := p.Local(0, -d*0.78)
	x, y := cam.ToScreen(c.X, c.Y)
	cv.Circle(x, y, math.Max(2.5, 18*z), a(stoneEdge))
	cv.Circle(x, y, math.Max(2, 14*z), a(banner))
}

// hatch draws diagonal lines across the base.
func hatch(cv *Canvas, cam *Camera, p Pose, clr color.Color, width float64) {
	step := 34.0
	for k := -p.D - p.W/2; k < p.W/2+step; k += step {
		// Lines u - (-v) = k, i.e. u = k - v for v in [-D, 0], clipped to
		// u in [-W/2, W/2].
		v0, v1 := -p.D, 0.0
		// u = k + v ... along the diagonal u increases with v.
		lo := math.Max(v0, -p.W/2-k)
		hi := math.Min(v1, p.W/2-k)
		if lo >= hi {
			continue
		}
		a := p.Local(k+lo, lo)
		b := p.Local(k+hi, hi)
		x0, y0 := cam.ToScreen(a.X, a.Y)
		x1, y1 := cam.ToScreen(b.X, b.Y)
		cv.ButtLine(x0, y0, x1, y1, width, clr)
	}
}

// crack draws the jagged red line of a broken command.
func crack(cv *Canvas, cam *Camera, p Pose, width float64) {
	pts := []Pt{{X: -0.5, Y: -0.15}, {X: -0.22, Y: -0.45}, {X: -0.05, Y: -0.3}, {X: 0.18, Y: -0.72}, {X: 0.32, Y: -0.55}, {X: 0.5, Y: -0.9}}
	var xy []float64
	for _, q := range pts {
		w := p.Local(q.X*p.W, q.Y*p.D)
		x, y := cam.ToScreen(w.X, w.Y)
		xy = append(xy, x, y)
	}
	cv.Polyline(width*1.8, Fade(color.Black, 0.6), false, xy...)
	cv.Polyline(width, BrokenRed, false, xy...)
}

// crossedSwords marks a close combat at (x, y), r pixels across.
func crossedSwords(cv *Canvas, x, y, r float64) {
	cv.Circle(x, y, r*0.62, Fade(RGB(0x20, 0x10, 0x0c), 0.85))
	cv.Ring(x, y, r*0.62, math.Max(1, r*0.08), RGB(0xff, 0x9a, 0x4a))
	g := &glyph{cv: cv, ox: x, oy: y, rx: r * 0.42, fy: -r * 0.42, u: r * 0.42, ink: RGB(0xff, 0xe2, 0xb0), paper: RGB(0x20, 0x10, 0x0c)}
	g.sword(-0.8, -0.8, 0.8, 0.85)
	g.sword(0.8, -0.8, -0.8, 0.85)
}

// CrossedSwords draws the close-combat mark centred at (x, y).
func CrossedSwords(cv *Canvas, x, y, r float64) { crossedSwords(cv, x, y, r) }

// Banner draws a general's banner: a pole rising from (x, y) with a
// swallow-tailed flag in the command's colour, h pixels tall.
func Banner(cv *Canvas, x, y, h float64, clr color.RGBA) {
	w := h * 0.62
	cv.Line(x+1, y+1, x+1, y-h+1, math.Max(1, h*0.09), Fade(color.Black, 0.5))
	cv.Line(x, y, x, y-h, math.Max(1, h*0.08), RGB(0x3a, 0x2c, 0x1c))
	top := y - h
	cv.FillPoly(Fade(color.Black, 0.4), x+2, top+2, x+w+2, top+2, x+w*0.72+2, top+h*0.24+2, x+w+2, top+h*0.48+2, x+2, top+h*0.48+2)
	cv.FillPoly(clr, x, top, x+w, top, x+w*0.72, top+h*0.24, x+w, top+h*0.48, x, top+h*0.48)
	cv.Polyline(math.Max(1, h*0.06), RGB(0xe6, 0xc2, 0x6a), true, x, top, x+w, top, x+w*0.72, top+h*0.24, x+w, top+h*0.48, x, top+h*0.48)
	cv.Circle(x, top, math.Max(1.2, h*0.08), RGB(0xe6, 0xc2, 0x6a))
}
