package terrain

import "pelennor/engine/geom"

// Options are the generator's choices besides the seed.
type Options struct {
	Table Table  // the zero Table is Standard
	Style string // a Styles name; "" or unknown is the default, mixed
}

// Generation limits (docs/rulings.md T9).
const (
	genAttempts = 40  // whole layouts tried before the fallback
	genTries    = 40  // places tried for one feature
	genGap      = 120 // paces kept clear between area features, a passage
	genRiverGap = 60  // ... between an area feature and a river
	genRoadGap  = 30  // ... between a road and what it may not cross
	coverPct    = 40  // at most this share of the table under features
	badPct      = 35  // ... under bad going, rivers and impassable terrain
)

// Generate lays out a battlefield for seed that meets every requirement
// of §13 step 2 (Check finds no problem): a river or none, two central
// bad-going features, more features spread over the quarters, and
// sometimes a road. The same seed and options give the same layout.
func Generate(seed uint64, opts Options) []Feature {
	fs, _ := generate(seed, opts)
	return fs
}

// generate returns the layout and the attempt that made it, 0 for the
// fallback.
func generate(seed uint64, opts Options) ([]Feature, int) {
	t := opts.Table
	if t.Width <= 0 || t.Height <= 0 {
		t = Standard
	}
	style, ok := StyleOf(opts.Style)
	if !ok {
		style = Styles[0]
	}
	r := newRNG(seed)
	for n := 1; n <= genAttempts; n++ {
		l := &layout{t: t, r: r, used: map[string]bool{}}
		l.lay(style)
		if len(t.Check(l.fs)) == 0 {
			return l.fs, n
		}
	}
	return fallback(t), 0
}

// layout is a battlefield being laid.
type layout struct {
	t    Table
	r    *rng
	fs   []Feature
	sh   []shaped
	used map[string]bool
	// Twice the areas, in sub-paces², of the features laid (roads
	// aside) and of the bad going, rivers and impassable terrain among
	// them.
	cover2, bad2 int64
}

func (l *layout) lay(style Style) {
	r := l.r
	want := r.between(style.MinFeatures, style.MaxFeatures)
	if r.percent(style.River) {
		l.tryN(func() Feature { return l.river() })
	}
	var bad, all []string
	var badW, allW []int
	for _, k := range Palette {
		w := style.Weights[k.Name]
		if w == 0 || k.Linear {
			continue
		}
		all, allW = append(all, k.Name), append(allW, w)
		if k.Going() == "bad" {
			bad, badW = append(bad, k.Name), append(badW, w)
		}
	}
	if len(bad) == 0 { // a style without bad going still needs its central woods
		bad, badW = []string{"wood"}, []int{1}
	}
	// The central bad going: two on opposite sides of the centre, a
	// third now and then.
	central := 2 + b2i(r.percent(15))
	turn := r.intn(4096)
	for i := range central {
		k, _ := KindOf(bad[r.pick(badW)])
		dir := turn + i*4096/central + r.between(-400, 400)
		l.tryN(func() Feature { return l.centralFeature(k, dir) })
	}
	for l.counted() < want {
		k, _ := KindOf(all[r.pick(allW)])
		if !l.tryN(func() Feature { return l.spread(k) }) {
			break
		}
	}
	if r.percent(style.Road) {
		l.tryN(func() Feature { return l.road() })
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tryN lays the first of up to genTries features made by mk that fits.
func (l *layout) tryN(mk func() Feature) bool {
	for range genTries {
		f := mk()
		if s, ok := l.fits(f); ok {
			f.Name = l.r.name(f.Kind, l.used)
			l.fs, l.sh = append(l.fs, f), append(l.sh, s)
			area := int64(0)
			for _, p := range s.parts {
				area += clipArea2(p, l.t.whole())
			}
			if s.kind.Counts {
				l.cover2 += area
			}
			if s.kind.Going() != "good" {
				l.bad2 += area
			}
			return true
		}
	}
	return false
}

func (l *layout) counted() int {
	n := 0
	for _, s := range l.sh {
		n += b2i(s.kind.Counts)
	}
	return n
}

// fits reports whether f is legal on its own, keeps its distance from
// every feature already laid and stays within the area budget.
func (l *layout) fits(f Feature) (shaped, bool) {
	s, probs := l.t.checkOne(0, f, nil)
	if len(probs) > 0 || !s.ok || !gentle(f.Path) {
		return s, false
	}
	if f.Kind == "road" {
		var ok bool
		if s, ok = l.roadFits(f, s); !ok {
			return s, false
		}
	}
	var area int64
	for _, p := range s.parts {
		area += clipArea2(p, l.t.whole())
	}
	table2 := 2 * int64(geom.Paces(l.t.Width)) * int64(geom.Paces(l.t.Height))
	if s.kind.Counts && 100*(l.cover2+area) > coverPct*table2 {
		return s, false
	}
	if s.kind.Going() != "good" && 100*(l.bad2+area) > badPct*table2 {
		return s, false
	}
	for _, o := range l.sh {
		gap := genGap
		switch {
		case crosses(s.kind, o.kind):
			continue
		case s.kind.Name == "road" || o.kind.Name == "road":
			gap = genRoadGap
		case s.kind.Linear || o.kind.Linear:
			gap = genRiverGap
		}
		if near(s, o, geom.Paces(gap)) {
			return s, false
		}
	}
	return s, true
}

// roadFits checks a road's ends (T6) among the features laid.
func (l *layout) roadFits(f Feature, s shaped) (shaped, bool) {
	ends := [][2]int{f.Path[0], f.Path[len(f.Path)-1]}
	for _, e := range ends {
		if !l.t.roadEnd(l.fs, l.sh, e) {
			return s, false
		}
	}
	return s, true
}

// maxBend is the sharpest turn the generator gives a river or road
// between legs, 45°: the engine's path is a rectangle per leg, whose
// corners stand out at a sharp bend.
const maxBend = geom.Turn / 8

// gentle reports whether no bend of path turns more than maxBend.
func gentle(path [][2]int) bool {
	for i := 2; i < len(path); i++ {
		a := geom.Bearing(toPoint(path[i-1]).Sub(toPoint(path[i-2])))
		b := geom.Bearing(toPoint(path[i]).Sub(toPoint(path[i-1])))
		if d := geom.AngleDiff(b, a); d > maxBend || d < -maxBend {
			return false
		}
	}
	return true
}

// near reports whether a and b come within gap of each other.
func near(a, b shaped, gap geom.Sub) bool {
	for i, p := range a.parts {
		for j, q := range b.parts {
			if a.boxes[i].Gap(b.boxes[j]) < gap && geom.Dist(p, q) < gap {
				return true
			}
		}
	}
	return false
}

// areaFeature draws an area feature of kind k, no smaller than least
// either way: a size near the middle of the range more often than at its
// ends, a depth not far from the width, any facing.
func (l *layout) areaFeature(k Kind, least int) Feature {
	r := l.r
	lo := max(k.Min, least)
	w := round10((r.between(lo, k.Max) + r.between(lo, k.Max)) / 2)
	d := round10(r.between(max(lo, w/2), min(k.Max, w*5/4)))
	f := Feature{Kind: k.Name, Shape: k.Shapes[r.intn(len(k.Shapes))], Width: w, Depth: max(d, lo),
		Facing: r.intn(4096)}
	if f.Shape == "block" {
		// Houses and fields lie square to the table more often than not.
		f.Facing = int(geom.Angle(r.intn(4)*1024 + r.between(-200, 200)).Norm())
	}
	return f
}

func round10(v int) int { return (v + 5) / 10 * 10 }

// centralFeature draws bad going of kind k near the centre, towards
// bearing dir, meant to count as central (T2).
func (l *layout) centralFeature(k Kind, dir int) Feature {
	f := l.areaFeature(k, CentreAcross+60)
	reach := CentreReach + min(f.Width, f.Depth)/3
	off := geom.Offset(geom.Angle(dir), geom.Paces(l.r.between(100, reach)))
	c := l.t.Centre().Add(off)
	f.X, f.Y = c.X.Paces(), c.Y.Paces()
	return f
}

// spread draws a feature of kind k somewhere in a quarter that has no
// terrain yet, or anywhere once all have some.
func (l *layout) spread(k Kind) Feature {
	var covered [4]bool
	for _, s := range l.sh {
		if s.kind.Counts {
			in := l.t.quarters(s.parts)
			for q := range in {
				covered[q] = covered[q] || in[q]
			}
		}
	}
	var open []Quarter
	for q, c := range covered {
		if !c {
			open = append(open, Quarter(q))
		}
	}
	q := Quarter(l.r.intn(4))
	if len(open) > 0 {
		q = open[l.r.intn(len(open))]
	}
	f := l.areaFeature(k, 0)
	qr := l.t.quarterRect(q)
	f.X = l.r.between(qr.l.Paces(), qr.r.Paces())
	f.Y = l.r.between(qr.t.Paces(), qr.b.Paces())
	return f
}

// edgePoint is the point on edge e at dist paces from corner c, one of
// its ends.
func (t Table) edgePoint(e Edge, c [2]int, dist int) [2]int {
	a, b := t.edgeEnds(e)
	if a != c {
		a, b = b, a
	}
	l := max(abs(b[0]-a[0]), abs(b[1]-a[1]))
	return [2]int{a[0] + (b[0]-a[0])*dist/l, a[1] + (b[1]-a[1])*dist/l}
}

// edgeEnds returns the corners at the ends of edge e, clockwise.
func (t Table) edgeEnds(e Edge) ([2]int, [2]int) {
	w, h := t.Width, t.Height
	corners := [4][2]int{{0, 0}, {w, 0}, {w, h}, {0, h}}
	return corners[e], corners[(e+1)%4]
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// river draws a river from one edge to another: across the table more
// often, else across a corner (cutting it off at least 700 p from it),
// in 2 to 5 legs meandering about the straight line.
func (l *layout) river() Feature {
	r := l.r
	e1 := Edges[r.intn(4)]
	var a, b [2]int
	legs := r.between(3, 5)
	if r.percent(60) {
		e2 := e1.Opposite()
		c1, _ := l.t.edgeEnds(e1)
		_, c2 := l.t.edgeEnds(e2) // the same side of the table as c1
		n := l.t.edgeLen(e1)
		a = l.t.edgePoint(e1, c1, r.between(n/8, n*7/8))
		b = l.t.edgePoint(e2, c2, r.between(n/8, n*7/8))
	} else {
		_, c := l.t.edgeEnds(e1) // e1 turns into the next edge clockwise at c
		e2 := (e1 + 1) % 4
		a = l.t.edgePoint(e1, c, r.between(700, l.t.edgeLen(e1)*3/4))
		b = l.t.edgePoint(e2, c, r.between(700, l.t.edgeLen(e2)*3/4))
		legs = r.between(2, 4)
	}
	w := round10(r.between(60, 140))
	return Feature{Kind: "river", Width: w, Path: l.meander(a, b, legs, w, r.between(2, 7))}
}

func (t Table) edgeLen(e Edge) int {
	if e == North || e == South {
		return t.Width
	}
	return t.Height
}

// meander returns a path from a to b in legs legs whose inner points
// stray from the straight line by up to wiggle/32 of its length, kept
// clear of the table edges.
func (l *layout) meander(a, b [2]int, legs, width, wiggle int) [][2]int {
	dx, dy := b[0]-a[0], b[1]-a[1]
	length := int(geom.Len(geom.Point{X: geom.Sub(dx), Y: geom.Sub(dy)}))
	path := [][2]int{a}
	margin := width + 60
	for i := 1; i < legs; i++ {
		off := l.r.between(-wiggle*length/32, wiggle*length/32)
		x := a[0] + dx*i/legs - dy*off/max(length, 1)
		y := a[1] + dy*i/legs + dx*off/max(length, 1)
		x = min(max(x, margin), l.t.Width-margin)
		y = min(max(y, margin), l.t.Height-margin)
		path = append(path, [2]int{x, y})
	}
	return append(path, b)
}

// road draws a road across the table, or from an edge to a built-up area
// already laid.
func (l *layout) road() Feature {
	r := l.r
	e1 := Edges[r.intn(4)]
	c1, _ := l.t.edgeEnds(e1)
	a := l.t.edgePoint(e1, c1, r.between(l.t.edgeLen(e1)/6, l.t.edgeLen(e1)*5/6))
	var towns [][2]int
	for _, f := range l.fs {
		if f.Kind == "built-up" {
			towns = append(towns, [2]int{f.X, f.Y})
		}
	}
	var b [2]int
	if len(towns) > 0 && r.percent(60) {
		b = towns[r.intn(len(towns))]
	} else {
		e2 := e1.Opposite()
		_, c2 := l.t.edgeEnds(e2)
		b = l.t.edgePoint(e2, c2, r.between(l.t.edgeLen(e2)/6, l.t.edgeLen(e2)*5/6))
	}
	w := round10(r.between(40, 60))
	return Feature{Kind: "road", Width: w, Path: l.meander(a, b, r.between(2, 4), w, r.between(0, 3))}
}

// fallback is a plain legal layout, used only if every attempt failed
// (no seed of the property test needs it): two woods either side of the
// centre, a hill, a marsh and crags.
func fallback(t Table) []Feature {
	cx, cy := t.Width/2, t.Height/2
	return []Feature{
		{Name: "Elder Wood", Kind: "wood", Shape: "rounded", X: cx - 420, Y: cy - 220, Width: 420, Depth: 320},
		{Name: "Thorn Wood", Kind: "wood", Shape: "oval", X: cx + 420, Y: cy + 220, Width: 400, Depth: 340},
		{Name: "Barrow Hill", Kind: "hill", Shape: "egg", X: cx + 560, Y: cy - 620, Width: 500, Depth: 380},
		{Name: "Sedge Fen", Kind: "marsh", Shape: "ragged", X: cx - 560, Y: cy + 620, Width: 440, Depth: 300},
		{Name: "Hoar Crags", Kind: "impassable", Shape: "ridge", X: cx - 700, Y: cy - 760, Width: 300, Depth: 200},
	}
}
