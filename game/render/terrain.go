package render

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/assets"
	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/render/glyphs"
	"pelennor/game/render/textcache"
)

// Terrain colours.
var (
	tableWood  = RGB(0x2b, 0x20, 0x18)
	tableGrain = RGB(0x33, 0x27, 0x1d)
	matEdge    = RGB(0x3c, 0x45, 0x2a)
	grass      = RGB(0x77, 0x8c, 0x4c)
	fieldTones = []color.RGBA{
		RGB(0x78, 0x8c, 0x4d), RGB(0x7e, 0x90, 0x50), RGB(0x73, 0x89, 0x4b), RGB(0x84, 0x92, 0x55),
		RGB(0x8a, 0x91, 0x58), RGB(0x7b, 0x8e, 0x4f), RGB(0x8e, 0x90, 0x5a), RGB(0x76, 0x8b, 0x4e),
	}
	hedge      = RGB(0x4d, 0x63, 0x33)
	roadDust   = RGB(0xc4, 0xae, 0x80)
	roadVerge  = RGB(0x8c, 0x7a, 0x52)
	waterDeep  = RGB(0x35, 0x5f, 0x85)
	waterLight = RGB(0x7d, 0xa7, 0xc4)
	bankMud    = RGB(0x8f, 0x80, 0x5a)
	bankSand   = RGB(0xb9, 0xa6, 0x78)
	stone      = RGB(0xdc, 0xd6, 0xc8)
	stoneDark  = RGB(0x6e, 0x69, 0x5f)
	stoneMid   = RGB(0xb2, 0xab, 0x9c)
	roofTile   = RGB(0x9a, 0x58, 0x3c)
	roofThatch = RGB(0xb8, 0x99, 0x58)
	earth      = RGB(0x57, 0x45, 0x30)
	spoil      = RGB(0x8a, 0x74, 0x50)
	woodFloor  = RGB(0x45, 0x5c, 0x2e)
	canopy     = RGB(0x3c, 0x5a, 0x2b)
	canopyHi   = RGB(0x56, 0x75, 0x39)
	hillBase   = RGB(0x8b, 0x9b, 0x5a)
	hillLine   = RGB(0x62, 0x70, 0x3c)
	marshBase  = RGB(0x6c, 0x7c, 0x55)
	roughBase  = RGB(0x8e, 0x84, 0x68)
	labelInk   = RGB(0x2a, 0x24, 0x1a)
	edgeInk    = RGB(0xe8, 0xdc, 0xbc)
)

type feature struct {
	name  string
	kind  rules.Terrain
	poly  []Pt // for polygon features
	path  []Pt // for path features
	width float64
	parts [][]Pt // convex parts (paces), from the engine
}

type patch struct {
	poly    []Pt
	clr     color.RGBA
	furrows float64 // angle of the furrows; NaN for pasture
	hedges  [4]bool // hedge along edge i
}

type tree struct {
	p Pt
	r float64
}

// Terrain draws a scenario's table. It renders the visible part and a
// margin round it to an offscreen image, redrawn only when the zoom or
// the viewport's size changes or the view pans beyond the margin
// (terraincache.go).
type Terrain struct {
	W, H     float64
	edges    map[string]string
	features []feature
	patches  []patch
	trees    [][]tree // per feature (woods)
	cache    terrainCache
	scale    float64 // interface scale for labels
	cv       *Canvas
	plaques  map[string]*ebiten.Image

	// Redraws counts how many times the cache was redrawn (for tests).
	Redraws int
	// Plain leaves out the rim's marks and every label (for small maps).
	Plain bool
}

// NewTerrain prepares the terrain of a scenario. scale is the interface
// scale (device pixels per logical pixel) for labels.
func NewTerrain(sc *engine.Scenario, scale float64) *Terrain {
	t := &Terrain{W: float64(sc.Table.Width), H: float64(sc.Table.Height), edges: sc.Table.Edges, scale: scale}
	feats := sc.Features()
	for i, spec := range sc.Terrain {
		f := feature{name: spec.Name, width: float64(spec.Width)}
		if i < len(feats) {
			f.kind = feats[i].Kind
			for _, part := range feats[i].Parts {
				var pp []Pt
				for _, v := range part {
					pp = append(pp, PtOf(v))
				}
				f.parts = append(f.parts, pp)
			}
		}
		for _, v := range spec.Polygon {
			f.poly = append(f.poly, Pt{X: float64(v[0]), Y: float64(v[1])})
		}
		for _, v := range spec.Path {
			f.path = append(f.path, Pt{X: float64(v[0]), Y: float64(v[1])})
		}
		t.features = append(t.features, f)
	}
	t.plan(sc.ID)
	return t
}

// seedOf turns a scenario id into a fixed seed for decoration.
func seedOf(id string) uint64 {
	h := uint64(1469598103934665603)
	for i := 0; i < len(id); i++ {
		h = (h ^ uint64(id[i])) * 1099511628211
	}
	return h
}

// plan lays out the decoration: field patches and trees. It is cosmetic
// and fixed per scenario.
func (t *Terrain) plan(id string) {
	rng := rand.New(rand.NewPCG(seedOf(id), 7))
	cell := 520.0
	nx, ny := int(math.Ceil(t.W/cell)), int(math.Ceil(t.H/cell))
	grid := make([][]Pt, nx+1)
	for i := range grid {
		grid[i] = make([]Pt, ny+1)
		for j := range grid[i] {
			p := Pt{X: float64(i) * t.W / float64(nx), Y: float64(j) * t.H / float64(ny)}
			if i > 0 && i < nx {
				p.X += (rng.Float64() - 0.5) * cell * 0.35
			}
			if j > 0 && j < ny {
				p.Y += (rng.Float64() - 0.5) * cell * 0.35
			}
			grid[i][j] = p
		}
	}
	for i := 0; i < nx; i++ {
		for j := 0; j < ny; j++ {
			p := patch{
				poly: []Pt{grid[i][j], grid[i+1][j], grid[i+1][j+1], grid[i][j+1]},
				clr:  fieldTones[rng.IntN(len(fieldTones))],
			}
			p.furrows = math.NaN()
			if rng.Float64() < 0.55 {
				p.furrows = rng.Float64() * math.Pi
			}
			for k := range p.hedges {
				p.hedges[k] = rng.Float64() < 0.3
			}
			t.patches = append(t.patches, p)
		}
	}
	t.trees = make([][]tree, len(t.features))
	for fi, f := range t.features {
		if f.kind.Name != "wood" || len(f.poly) < 3 {
			continue
		}
		x0, y0, x1, y1 := bounds(f.poly)
		inner := shrink(f.poly, 0.93)
		step := 70.0
		for y := y0 + step/2; y < y1; y += step * 0.85 {
			for x := x0 + step/2; x < x1; x += step {
				q := Pt{X: x + (rng.Float64()-0.5)*step*0.6, Y: y + (rng.Float64()-0.5)*step*0.6}
				if polyContains(inner, q) {
					t.trees[fi] = append(t.trees[fi], tree{q, 34 + rng.Float64()*18})
				}
			}
		}
	}
}

// render draws the table as cam sees it into img (cam's viewport at
// img's top-left corner).
func (t *Terrain) render(img *ebiten.Image, cam *Camera) {
	img.Clear()
	if t.cv == nil {
		t.cv = NewCanvas(img)
		t.cv.AA = true
	}
	cv := t.cv
	cv.Reset(img)
	z := cam.Zoom
	// World to cache pixels.
	tr := func(p Pt) (float64, float64) {
		x, y := cam.ToScreen(p.X, p.Y)
		return x - cam.VX, y - cam.VY
	}
	flat := func(pts []Pt) []float64 {
		out := make([]float64, 0, 2*len(pts))
		for _, p := range pts {
			x, y := tr(p)
			out = append(out, x, y)
		}
		return out
	}
	rect := func(x0, y0, x1, y1 float64) []float64 {
		return flat([]Pt{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
	}

	// The wooden table beneath the mat, its grain fixed to the table's
	// corner so that it moves with the table when the view pans.
	img.Fill(tableWood)
	step := 7 * t.scale
	_, oy := tr(Pt{})
	for y := math.Mod(oy, step) - step; y < cam.VH+step; y += step {
		wob := math.Sin((y-oy)*0.05) * 3
		cv.ButtLine(0, y+wob, cam.VW, y-wob, 1.2*t.scale, tableGrain)
	}
	// The mat's shadow and the mat.
	sx0, sy0 := tr(Pt{X: 0, Y: 0})
	sx1, sy1 := tr(Pt{X: t.W, Y: t.H})
	cv.Convex(Fade(color.Black, 0.45), sx0+4*t.scale, sy0+6*t.scale, sx1+8*t.scale, sy0+6*t.scale, sx1+8*t.scale, sy1+10*t.scale, sx0+4*t.scale, sy1+10*t.scale)
	cv.Convex(grass, rect(0, 0, t.W, t.H)...)

	// Fields of the Pelennor: patches with furrows and hedges.
	for _, p := range t.patches {
		cv.Convex(p.clr, flat(p.poly)...)
	}
	if z > 0.09 {
		for _, p := range t.patches {
			if math.IsNaN(p.furrows) {
				continue
			}
			d := Pt{X: math.Cos(p.furrows), Y: math.Sin(p.furrows)}
			n := Pt{X: -d.Y, Y: d.X}
			c := centroid(p.poly)
			furrow := Mix(p.clr, color.Black, 0.12)
			for k := -8.0; k <= 8; k++ {
				o := Pt{X: c.X + n.X*k*38, Y: c.Y + n.Y*k*38}
				t0, t1, ok := clipSegment(p.poly, o, d)
				if !ok {
					continue
				}
				x0, y0 := tr(Pt{X: o.X + d.X*(t0+12), Y: o.Y + d.Y*(t0+12)})
				x1, y1 := tr(Pt{X: o.X + d.X*(t1-12), Y: o.Y + d.Y*(t1-12)})
				cv.ButtLine(x0, y0, x1, y1, math.Max(0.7, math.Min(2.5*t.scale, 5*z)), Fade(furrow, 0.55))
			}
		}
	}
	for _, p := range t.patches {
		for k, on := range p.hedges {
			if !on {
				continue
			}
			a, b := p.poly[k], p.poly[(k+1)%4]
			if onEdge(a, b, t.W, t.H) {
				continue
			}
			x0, y0 := tr(a)
			x1, y1 := tr(b)
			cv.Line(x0, y0, x1, y1, math.Max(1.2, math.Min(4*t.scale, 14*z)), Fade(hedge, 0.8))
		}
	}

	for fi, f := range t.features {
		switch {
		case f.kind.Hill:
			t.drawHill(cv, f, flat)
		case f.kind.Name == "wood":
			t.drawWood(cv, f, t.trees[fi], flat, tr, z)
		case f.kind.Name == "marsh":
			t.drawMarsh(cv, f, flat, tr, z)
		case f.kind.Name == "rough":
			t.drawRough(cv, f, flat, tr, z)
		}
	}
	for _, f := range t.features {
		switch {
		case f.kind.Name == "trench":
			t.drawTrench(cv, f, flat, tr, z)
		case f.kind.River:
			t.drawRiver(cv, f, tr, z)
		}
	}
	quay := func(f feature) bool { return strings.Contains(strings.ToLower(f.name), "quay") }
	for _, f := range t.features {
		if f.kind.Road && !quay(f) {
			t.drawRoad(cv, f, tr, z, false)
		}
	}
	for _, f := range t.features {
		if f.kind.Road && !quay(f) {
			t.drawRoad(cv, f, tr, z, true)
		}
	}
	for _, f := range t.features {
		switch {
		case f.kind.Water && f.kind.Impassable:
			t.drawWater(cv, f, flat, tr, z)
		case f.kind.Name == "built-up":
			t.drawFarm(cv, f, flat, tr, z)
		case f.kind.Name == "city":
			t.drawCity(cv, f, flat, tr, z)
		case f.kind.Impassable:
			cv.Convex(RGB(0x4b, 0x46, 0x40), flat(f.poly)...)
		}
	}
	// Quays and their piers go over the water's edge.
	for _, f := range t.features {
		if f.kind.Road && quay(f) {
			t.drawRoad(cv, f, tr, z, false)
			t.drawRoad(cv, f, tr, z, true)
		}
	}
	// The mat's edge.
	cv.Polyline(math.Max(1.5, 2*t.scale), matEdge, true, rect(0, 0, t.W, t.H)...)
	cv.Flush()
	if t.Plain {
		return
	}
	t.drawRim(img, cv, cam, tr)
	t.drawLabels(img, cam, tr)
	cv.Flush()
}

func onEdge(a, b Pt, w, h float64) bool {
	return (a.X <= 0 && b.X <= 0) || (a.Y <= 0 && b.Y <= 0) || (a.X >= w && b.X >= w) || (a.Y >= h && b.Y >= h)
}

func (t *Terrain) drawHill(cv *Canvas, f feature, flat func([]Pt) []float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Convex(Fade(color.Black, 0.12), flat(shrink(f.poly, 1.04))...)
	for i, s := range []float64{1, 0.74, 0.5, 0.27} {
		p := shrink(f.poly, s)
		cv.Convex(Mix(hillBase, RGB(0xc4, 0xc0, 0x84), float64(i)*0.12), flat(p)...)
		cv.Polyline(1.2*t.scale, Fade(hillLine, 0.8), true, flat(p)...)
	}
}

func (t *Terrain) drawWood(cv *Canvas, f feature, trees []tree, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Convex(woodFloor, flat(f.poly)...)
	cv.Polyline(math.Max(1, 10*z), Mix(woodFloor, color.Black, 0.3), true, flat(f.poly)...)
	for _, tr0 := range trees {
		x, y := tr(Pt{X: tr0.p.X + 10, Y: tr0.p.Y + 12})
		cv.Circle(x, y, tr0.r*z, Fade(color.Black, 0.3))
	}
	for _, tr0 := range trees {
		x, y := tr(tr0.p)
		cv.Circle(x, y, tr0.r*z, canopy)
		cv.Circle(x-tr0.r*z*0.25, y-tr0.r*z*0.3, tr0.r*z*0.55, canopyHi)
	}
}

// scatter draws n random points in the bounds of f, seeded by its name and
// salt, and calls fn with each that falls inside f shrunk by keep (so
// marks stay off the edges). fn may draw more from rng.
func scatter(f feature, salt uint64, n int, keep float64, fn func(i int, rng *rand.Rand, q Pt)) {
	rng := rand.New(rand.NewPCG(seedOf(f.name), salt))
	inner := shrink(f.poly, keep)
	x0, y0, x1, y1 := bounds(f.poly)
	for i := 0; i < n; i++ {
		q := Pt{X: x0 + rng.Float64()*(x1-x0), Y: y0 + rng.Float64()*(y1-y0)}
		if polyContains(inner, q) {
			fn(i, rng, q)
		}
	}
}

func (t *Terrain) drawMarsh(cv *Canvas, f feature, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Convex(marshBase, flat(f.poly)...)
	scatter(f, 3, 40, 0.85, func(i int, rng *rand.Rand, q Pt) {
		x, y := tr(q)
		if i%3 == 0 {
			w := (30 + rng.Float64()*40) * z
			cv.Convex(Fade(waterDeep, 0.55), x-w, y, x, y-w*0.35, x+w, y, x, y+w*0.35)
		} else {
			for k := -1.0; k <= 1; k++ {
				cv.Line(x+k*5*z, y, x+k*9*z, y-22*z, math.Max(0.8, 3*z), RGB(0x4a, 0x5a, 0x30))
			}
		}
	})
	cv.Polyline(math.Max(1, 6*z), Fade(RGB(0x4a, 0x5a, 0x30), 0.8), true, flat(f.poly)...)
}

func (t *Terrain) drawRough(cv *Canvas, f feature, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Convex(roughBase, flat(f.poly)...)
	scatter(f, 5, 60, 0.9, func(_ int, rng *rand.Rand, q Pt) {
		x, y := tr(q)
		r := (8 + rng.Float64()*14) * z
		cv.Circle(x+r*0.3, y+r*0.3, r, Fade(color.Black, 0.25))
		cv.Circle(x, y, r, Mix(stoneMid, roughBase, rng.Float64()*0.5))
	})
	cv.Polyline(math.Max(1, 6*z), Mix(roughBase, color.Black, 0.3), true, flat(f.poly)...)
}

func (t *Terrain) drawTrench(cv *Canvas, f feature, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Polyline(math.Max(2, 36*z), spoil, true, flat(f.poly)...)
	cv.Convex(earth, flat(f.poly)...)
	inner := shrink(f.poly, 0.6)
	x0, y0, x1, y1 := bounds(f.poly)
	cv.Convex(Mix(earth, color.Black, 0.3), flat(inner)...)
	// Sharpened stakes along the long side.
	long := y1 - y0
	if x1-x0 > long {
		for x := x0 + 30; x < x1; x += 60 {
			ax, ay := tr(Pt{X: x, Y: y0 - 6})
			bx, by := tr(Pt{X: x + 20, Y: y0 - 34})
			cv.Line(ax, ay, bx, by, math.Max(1, 6*z), RGB(0x5e, 0x47, 0x2c))
		}
		return
	}
	for y := y0 + 30; y < y1; y += 60 {
		ax, ay := tr(Pt{X: x1 + 6, Y: y})
		bx, by := tr(Pt{X: x1 + 34, Y: y - 20})
		cv.Line(ax, ay, bx, by, math.Max(1, 6*z), RGB(0x5e, 0x47, 0x2c))
	}
}

func (t *Terrain) drawRiver(cv *Canvas, f feature, tr func(Pt) (float64, float64), z float64) {
	pts := make([]float64, 0, 2*len(f.path))
	for _, p := range f.path {
		x, y := tr(p)
		pts = append(pts, x, y)
	}
	cv.PolylineButt((f.width+50)*z, bankMud, pts...)
	cv.PolylineButt((f.width+20)*z, bankSand, pts...)
	cv.PolylineButt(f.width*z, waterDeep, pts...)
	cv.PolylineButt(f.width*0.35*z, Fade(waterLight, 0.45), pts...)
}

func (t *Terrain) drawRoad(cv *Canvas, f feature, tr func(Pt) (float64, float64), z float64, top bool) {
	if len(f.path) < 2 {
		return
	}
	pts := make([]float64, 0, 2*len(f.path))
	for _, p := range f.path {
		x, y := tr(p)
		pts = append(pts, x, y)
	}
	quay := strings.Contains(strings.ToLower(f.name), "quay")
	if !top {
		if quay {
			// Stone piers run out into the water.
			for i := 1; i < len(f.path); i++ {
				a, b := f.path[i-1], f.path[i]
				d := Pt{X: b.X - a.X, Y: b.Y - a.Y}
				l := math.Hypot(d.X, d.Y)
				d = Pt{X: d.X / l, Y: d.Y / l}
				n := Pt{X: -d.Y, Y: d.X}
				// The piers run toward the water, along -n.
				if !t.waterAt(Pt{X: a.X - n.X*f.width*1.5, Y: a.Y - n.Y*f.width*1.5}) {
					n = Pt{X: -n.X, Y: -n.Y}
				}
				for s := 120.0; s < l-60; s += 260 {
					c := Pt{X: a.X + d.X*s, Y: a.Y + d.Y*s}
					q := []Pt{
						{X: c.X - d.X*22 + n.X*f.width*0.3, Y: c.Y - d.Y*22 + n.Y*f.width*0.3},
						{X: c.X + d.X*22 + n.X*f.width*0.3, Y: c.Y + d.Y*22 + n.Y*f.width*0.3},
						{X: c.X + d.X*22 - n.X*f.width*1.6, Y: c.Y + d.Y*22 - n.Y*f.width*1.6},
						{X: c.X - d.X*22 - n.X*f.width*1.6, Y: c.Y - d.Y*22 - n.Y*f.width*1.6},
					}
					fl := make([]float64, 0, 8)
					for _, p := range q {
						x, y := tr(p)
						fl = append(fl, x, y)
					}
					cv.Convex(stoneMid, fl...)
					cv.Polyline(math.Max(0.8, 4*z), stoneDark, true, fl...)
				}
			}
			cv.PolylineButt((f.width+24)*z, stoneDark, pts...)
			return
		}
		cv.PolylineButt((f.width+36)*z, Fade(roadVerge, 0.8), pts...)
		return
	}
	if quay {
		cv.PolylineButt(f.width*z, stoneMid, pts...)
		if z > 0.12 {
			for i := 1; i < len(f.path); i++ {
				a, b := f.path[i-1], f.path[i]
				l := math.Hypot(b.X-a.X, b.Y-a.Y)
				d := Pt{X: (b.X - a.X) / l, Y: (b.Y - a.Y) / l}
				n := Pt{X: -d.Y, Y: d.X}
				for s := 0.0; s < l; s += 45 {
					p := Pt{X: a.X + d.X*s, Y: a.Y + d.Y*s}
					x0, y0 := tr(Pt{X: p.X + n.X*f.width/2, Y: p.Y + n.Y*f.width/2})
					x1, y1 := tr(Pt{X: p.X - n.X*f.width/2, Y: p.Y - n.Y*f.width/2})
					cv.ButtLine(x0, y0, x1, y1, math.Max(0.6, 2.5*z), Fade(stoneDark, 0.6))
				}
			}
		}
		return
	}
	cv.PolylineButt(f.width*z, roadDust, pts...)
	if z > 0.1 {
		cv.PolylineButt(f.width*0.12*z, Fade(roadVerge, 0.35), pts...)
	}
}

func (t *Terrain) waterAt(p Pt) bool {
	for _, f := range t.features {
		if f.kind.Water && len(f.poly) > 2 && polyContains(f.poly, p) {
			return true
		}
	}
	return false
}

func (t *Terrain) drawWater(cv *Canvas, f feature, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	// Banks along the edges that are not the table's edge.
	for i := range f.poly {
		a, b := f.poly[i], f.poly[(i+1)%len(f.poly)]
		if onEdge(a, b, t.W, t.H) {
			continue
		}
		x0, y0 := tr(a)
		x1, y1 := tr(b)
		cv.ButtLine(x0, y0, x1, y1, 90*z, bankMud)
		cv.ButtLine(x0, y0, x1, y1, 50*z, bankSand)
	}
	cv.Convex(waterDeep, flat(f.poly)...)
	// Shallows along the banks, and ripples.
	for i := range f.poly {
		a, b := f.poly[i], f.poly[(i+1)%len(f.poly)]
		if onEdge(a, b, t.W, t.H) {
			continue
		}
		x0, y0 := tr(a)
		x1, y1 := tr(b)
		cv.ButtLine(x0, y0, x1, y1, 60*z, Fade(waterLight, 0.14))
		cv.ButtLine(x0, y0, x1, y1, 30*z, Fade(waterLight, 0.12))
	}
	if z > 0.08 {
		x0, y0, x1, y1 := bounds(f.poly)
		scatter(f, 9, int((x1-x0)*(y1-y0)/9000), 0.94, func(_ int, rng *rand.Rand, q Pt) {
			ax, ay := tr(q)
			l := (30 + rng.Float64()*50) * z
			cv.Line(ax-l, ay, ax, ay-l*0.12, math.Max(0.7, 4*z), Fade(waterLight, 0.5))
			cv.Line(ax, ay-l*0.12, ax+l, ay, math.Max(0.7, 4*z), Fade(waterLight, 0.5))
		})
	}
	for i := range f.poly {
		a, b := f.poly[i], f.poly[(i+1)%len(f.poly)]
		if onEdge(a, b, t.W, t.H) {
			continue
		}
		x0, y0 := tr(a)
		x1, y1 := tr(b)
		cv.ButtLine(x0, y0, x1, y1, math.Max(1, 6*z), Fade(waterLight, 0.9))
		// Reeds along the bank.
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		if z > 0.1 {
			for s := 20.0; s < l; s += 55 {
				p := Pt{X: a.X + (b.X-a.X)*s/l, Y: a.Y + (b.Y-a.Y)*s/l}
				x, y := tr(p)
				cv.Line(x, y, x-6*z, y-26*z, math.Max(0.7, 3*z), RGB(0x55, 0x66, 0x33))
				cv.Line(x+8*z, y, x+12*z, y-20*z, math.Max(0.7, 3*z), RGB(0x55, 0x66, 0x33))
			}
		}
	}
}

func (t *Terrain) drawFarm(cv *Canvas, f feature, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Convex(RGB(0x8f, 0x7f, 0x5e), flat(f.poly)...)
	c := centroid(f.poly)
	x0, y0, x1, y1 := bounds(f.poly)
	s := math.Min(x1-x0, y1-y0) / 300
	rng := rand.New(rand.NewPCG(seedOf(f.name), 11))
	// A kitchen garden in rows.
	gx, gy := c.X+20*s, c.Y+35*s
	cv.Convex(RGB(0x6d, 0x7d, 0x40), flat([]Pt{{X: gx, Y: gy}, {X: gx + 100*s, Y: gy}, {X: gx + 100*s, Y: gy + 80*s}, {X: gx, Y: gy + 80*s}})...)
	if z > 0.12 {
		for k := 1; k < 6; k++ {
			ax, ay := tr(Pt{X: gx + 6*s, Y: gy + float64(k)*13*s})
			bx, by := tr(Pt{X: gx + 94*s, Y: gy + float64(k)*13*s})
			cv.ButtLine(ax, ay, bx, by, math.Max(0.6, 4*z), RGB(0x4f, 0x5e, 0x2c))
		}
	}
	// The buildings: a long house and a barn at right angles.
	house := func(cx, cy, w, h float64, roof color.RGBA, vertical bool) {
		if vertical {
			w, h = h, w
		}
		p := []Pt{{X: cx - w/2, Y: cy - h/2}, {X: cx + w/2, Y: cy - h/2}, {X: cx + w/2, Y: cy + h/2}, {X: cx - w/2, Y: cy + h/2}}
		sh := []Pt{}
		for _, q := range p {
			sh = append(sh, Pt{X: q.X + 12*s, Y: q.Y + 14*s})
		}
		cv.Convex(Fade(color.Black, 0.35), flat(sh)...)
		cv.Convex(roof, flat(p)...)
		// Ridge and the shaded half of the roof.
		if !vertical {
			cv.Convex(Mix(roof, color.Black, 0.22), flat([]Pt{{X: cx - w/2, Y: cy}, {X: cx + w/2, Y: cy}, {X: cx + w/2, Y: cy + h/2}, {X: cx - w/2, Y: cy + h/2}})...)
			ax, ay := tr(Pt{X: cx - w/2, Y: cy})
			bx, by := tr(Pt{X: cx + w/2, Y: cy})
			cv.ButtLine(ax, ay, bx, by, math.Max(0.8, 5*z), Mix(roof, color.White, 0.2))
		} else {
			cv.Convex(Mix(roof, color.Black, 0.22), flat([]Pt{{X: cx, Y: cy - h/2}, {X: cx + w/2, Y: cy - h/2}, {X: cx + w/2, Y: cy + h/2}, {X: cx, Y: cy + h/2}})...)
			ax, ay := tr(Pt{X: cx, Y: cy - h/2})
			bx, by := tr(Pt{X: cx, Y: cy + h/2})
			cv.ButtLine(ax, ay, bx, by, math.Max(0.8, 5*z), Mix(roof, color.White, 0.2))
		}
		cv.Polyline(math.Max(0.8, 3*z), Mix(roof, color.Black, 0.45), true, flat(p)...)
	}
	house(c.X-45*s, c.Y-55*s, 150*s, 70*s, roofTile, false)
	house(c.X-85*s, c.Y+45*s, 110*s, 60*s, roofThatch, rng.IntN(2) == 0)
	// A low stone wall round the steading.
	cv.Polyline(math.Max(1.5, 12*z), stoneDark, true, flat(f.poly)...)
	cv.Polyline(math.Max(1, 7*z), stoneMid, true, flat(f.poly)...)
}

func (t *Terrain) drawCity(cv *Canvas, f feature, flat func([]Pt) []float64, tr func(Pt) (float64, float64), z float64) {
	if len(f.poly) < 3 {
		return
	}
	cv.Convex(stone, flat(f.poly)...)
	x0, y0, x1, y1 := bounds(f.poly)
	c := centroid(f.poly)
	// The circles of the city rise toward the table edge behind it: find
	// that edge and put the centre of the tiers beyond it.
	centre := Pt{X: -(x1 - x0) * 1.2, Y: c.Y}
	switch {
	case x1 >= t.W:
		centre = Pt{X: t.W + (x1-x0)*1.2, Y: c.Y}
	case y0 <= 0 && x0 > 0:
		centre = Pt{X: c.X, Y: -(y1 - y0) * 1.2}
	case y1 >= t.H && x0 > 0:
		centre = Pt{X: c.X, Y: t.H + (y1-y0)*1.2}
	}
	far := 0.0
	for _, p := range f.poly {
		far = math.Max(far, math.Hypot(p.X-centre.X, p.Y-centre.Y))
	}
	near := math.Inf(1)
	for _, p := range f.poly {
		near = math.Min(near, math.Hypot(p.X-centre.X, p.Y-centre.Y))
	}
	rng := rand.New(rand.NewPCG(seedOf(f.name), 13))
	inner := shrink(f.poly, 0.97)
	// Rooftops between the tiers.
	if z > 0.06 {
		for i := 0; i < int((x1-x0)*(y1-y0)/2600); i++ {
			q := Pt{X: x0 + rng.Float64()*(x1-x0), Y: y0 + rng.Float64()*(y1-y0)}
			if !polyContains(inner, q) {
				continue
			}
			a := math.Atan2(q.Y-centre.Y, q.X-centre.X)
			d := Pt{X: math.Cos(a), Y: math.Sin(a)}
			n := Pt{X: -d.Y, Y: d.X}
			w, h := 18+rng.Float64()*26, 14+rng.Float64()*10
			pts := []Pt{
				{X: q.X - n.X*w - d.X*h, Y: q.Y - n.Y*w - d.Y*h}, {X: q.X + n.X*w - d.X*h, Y: q.Y + n.Y*w - d.Y*h},
				{X: q.X + n.X*w + d.X*h, Y: q.Y + n.Y*w + d.Y*h}, {X: q.X - n.X*w + d.X*h, Y: q.Y - n.Y*w + d.Y*h},
			}
			cv.Convex(Mix(stoneMid, stone, rng.Float64()*0.6), flat(pts)...)
		}
	}
	// Inner walls: arcs about the centre, clipped to the city.
	for r := near - 110; r > 0 && r > far-((far-near)+600); r -= 120 {
		var run []float64
		flush := func() {
			if len(run) >= 4 {
				cv.Polyline(math.Max(1.2, 14*z), stoneDark, false, run...)
				cv.Polyline(math.Max(0.8, 7*z), Mix(stone, color.White, 0.4), false, run...)
			}
			run = run[:0]
		}
		for a := -math.Pi; a <= math.Pi; a += 0.004 {
			p := Pt{X: centre.X + r*math.Cos(a), Y: centre.Y + r*math.Sin(a)}
			if polyContains(inner, p) {
				x, y := tr(p)
				run = append(run, x, y)
			} else {
				flush()
			}
		}
		flush()
	}
	// The outer wall along every edge that faces the field, with towers.
	for i := range f.poly {
		a, b := f.poly[i], f.poly[(i+1)%len(f.poly)]
		if onEdge(a, b, t.W, t.H) {
			continue
		}
		ax, ay := tr(a)
		bx, by := tr(b)
		cv.Line(ax, ay, bx, by, math.Max(3, 46*z), stoneDark)
		cv.Line(ax, ay, bx, by, math.Max(2, 32*z), RGB(0xef, 0xeb, 0xe1))
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		d := Pt{X: (b.X - a.X) / l, Y: (b.Y - a.Y) / l}
		if z > 0.1 {
			for s := 15.0; s < l; s += 30 {
				p := Pt{X: a.X + d.X*s, Y: a.Y + d.Y*s}
				x, y := tr(p)
				cv.Circle(x, y, math.Max(0.6, 5*z), stoneMid)
			}
		}
		for s := 0.0; s <= l+1; s += l / math.Max(1, math.Round(l/380)) {
			p := Pt{X: a.X + d.X*s, Y: a.Y + d.Y*s}
			x, y := tr(p)
			cv.Circle(x+3*z, y+4*z, 46*z, Fade(color.Black, 0.3))
			cv.Circle(x, y, 44*z, stoneDark)
			cv.Circle(x, y, 36*z, RGB(0xee, 0xea, 0xdf))
			cv.Circle(x, y, 18*z, stoneMid)
		}
	}
}

// drawRim draws inch marks along the mat's edges, numbered every 6".
func (t *Terrain) drawRim(img *ebiten.Image, cv *Canvas, cam *Camera, tr func(Pt) (float64, float64)) {
	z := cam.Zoom
	s := t.scale
	if 100*z < 3 {
		return
	}
	face := assets.Face(assets.Medium, 10*s)
	tick := func(p Pt, dx, dy, l float64) {
		x, y := tr(p)
		cv.ButtLine(x, y, x+dx*l, y+dy*l, math.Max(1, 1*s), Fade(edgeInk, 0.55))
	}
	for x := 0.0; x <= t.W; x += 100 {
		l := 4 * s
		if math.Mod(x, 600) == 0 {
			l = 9 * s
		}
		tick(Pt{X: x, Y: 0}, 0, -1, l)
		tick(Pt{X: x, Y: t.H}, 0, 1, l)
	}
	for y := 0.0; y <= t.H; y += 100 {
		l := 4 * s
		if math.Mod(y, 600) == 0 {
			l = 9 * s
		}
		tick(Pt{X: 0, Y: y}, -1, 0, l)
		tick(Pt{X: t.W, Y: y}, 1, 0, l)
	}
	cv.Flush()
	if 600*z < 28*s {
		return
	}
	// Leave room for the edges' name plaques at the middle of each side.
	plaque := func(edge string) float64 {
		if n, ok := t.edges[edge]; ok {
			return (glyphs.Advance(n, assets.Face(assets.SmallCaps, 17*s)) + 40*s) / 2
		}
		return 0
	}
	southGap, westGap := plaque("south"), plaque("west")
	for x := 600.0; x < t.W; x += 600 {
		px, py := tr(Pt{X: x, Y: t.H})
		if cx, _ := tr(Pt{X: t.W / 2, Y: 0}); math.Abs(px-cx) < southGap {
			continue
		}
		drawText(img, fmt.Sprintf("%d\"", int(x/100)), face, px, py+11*s, Fade(edgeInk, 0.6), glyphs.AlignCenter, glyphs.AlignStart, 0)
	}
	for y := 600.0; y < t.H; y += 600 {
		px, py := tr(Pt{X: 0, Y: y})
		if _, cy := tr(Pt{X: 0, Y: t.H / 2}); math.Abs(py-cy) < westGap {
			continue
		}
		drawText(img, fmt.Sprintf("%d\"", int(y/100)), face, px-12*s, py, Fade(edgeInk, 0.6), glyphs.AlignEnd, glyphs.AlignCenter, 0)
	}
}

// drawLabels names the table's edges on the rim and the larger features
// on the map.
func (t *Terrain) drawLabels(img *ebiten.Image, cam *Camera, tr func(Pt) (float64, float64)) {
	s := t.scale
	face := assets.Face(assets.SmallCaps, 17*s)
	off := 30 * s
	for edge, name := range t.edges {
		var p Pt
		var dx, dy, rot float64
		switch edge {
		case "north":
			p, dy = Pt{X: t.W / 2, Y: 0}, -1
		case "south":
			p, dy = Pt{X: t.W / 2, Y: t.H}, 1
		case "east":
			p, dx, rot = Pt{X: t.W, Y: t.H / 2}, 1, math.Pi/2
		case "west":
			p, dx, rot = Pt{X: 0, Y: t.H / 2}, -1, -math.Pi/2
		default:
			continue
		}
		x, y := tr(p)
		t.drawPlaque(img, name, face, x+dx*off, y+dy*off, rot)
	}
	// Feature names, in an italic map hand, once the table is close
	// enough to read them.
	if cam.Zoom < 0.16 {
		return
	}
	ff := assets.Face(assets.Italic, math.Min(15, math.Max(11, 60*cam.Zoom))*s)
	for _, f := range t.features {
		var at Pt
		switch {
		case len(f.poly) >= 3:
			at = centroid(f.poly)
			if f.kind.Name == "city" || f.kind.Water {
				at = centroid(f.poly)
			} else {
				_, _, _, y1 := bounds(f.poly)
				at.Y = y1 + 30
			}
		case len(f.path) >= 2 && !f.kind.Road:
			a, b := f.path[0], f.path[1]
			at = Pt{X: (a.X + b.X) / 2, Y: (a.Y+b.Y)/2 + f.width}
		default:
			continue
		}
		if f.kind.Name == "trench" {
			_, y0, x1, _ := bounds(f.poly)
			at = Pt{X: x1 + 40, Y: y0 + 120}
		}
		x, y := tr(at)
		clr := labelInk
		if f.kind.Water {
			clr = RGB(0xdc, 0xe8, 0xf0)
		}
		if f.kind.Name == "city" {
			clr = RGB(0x4b, 0x45, 0x3a)
		}
		align := glyphs.AlignCenter
		if f.kind.Name == "trench" {
			align = glyphs.AlignStart
		}
		drawText(img, f.name, ff, x, y, clr, align, glyphs.AlignStart, 0)
	}
}

// drawPlaque draws a name on a small dark plaque, rotated by rot about
// its centre (x, y). Plaques are drawn once and kept.
func (t *Terrain) drawPlaque(img *ebiten.Image, name string, face *glyphs.Face, x, y, rot float64) {
	plaque := t.plaques[name]
	if plaque == nil {
		plaque = t.makePlaque(name, face)
		if t.plaques == nil {
			t.plaques = map[string]*ebiten.Image{}
		}
		t.plaques[name] = plaque
	}
	w, h := float64(plaque.Bounds().Dx()), float64(plaque.Bounds().Dy())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-w/2, -h/2)
	op.GeoM.Rotate(rot)
	op.GeoM.Translate(math.Round(x), math.Round(y))
	op.Filter = ebiten.FilterLinear
	img.DrawImage(plaque, op)
}

func (t *Terrain) makePlaque(name string, face *glyphs.Face) *ebiten.Image {
	s := t.scale
	w := math.Ceil(glyphs.Advance(name, face) + 28*s)
	m := face.Metrics()
	h := math.Ceil(m.HAscent + m.HDescent + 10*s)
	plaque := ebiten.NewImage(int(w), int(h))
	cv := NewCanvas(plaque)
	cv.Convex(RGB(0x1c, 0x16, 0x10), 0, 0, w, 0, w, h, 0, h)
	cv.Polyline(1.2*s, RGB(0x9c, 0x80, 0x4a), true, 2*s, 2*s, w-2*s, 2*s, w-2*s, h-2*s, 2*s, h-2*s)
	cv.Flush()
	drawText(plaque, name, face, w/2, h/2, edgeInk, glyphs.AlignCenter, glyphs.AlignCenter, 0)
	return plaque
}

// drawText draws text aligned at (x, y), rotated by rot.
func drawText(dst *ebiten.Image, s string, face *glyphs.Face, x, y float64, clr color.Color, h, v glyphs.Align, rot float64) {
	if rot == 0 {
		textcache.Draw(dst, s, face, x, y, clr, h, v)
		return
	}
	op := &glyphs.DrawOptions{}
	op.PrimaryAlign, op.SecondaryAlign = h, v
	op.GeoM.Rotate(rot)
	op.GeoM.Translate(math.Round(x), math.Round(y))
	op.ColorScale.ScaleWithColor(clr)
	glyphs.Draw(dst, s, face, op)
}
