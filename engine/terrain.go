package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Terrain queries. A base partly in a feature counts as in it (RULES.md §5).

// badFor reports whether feature f is bad going for an element of type ty:
// aerials count only woods and built-up areas (§4.1).
func badFor(f *feature, ty rules.Type) bool {
	if ty.Aerial() {
		return f.kind.Cover
	}
	return f.kind.Bad
}

// inBad reports whether the area p of an element of type ty is in bad going.
func (sc *Scenario) inBad(p geom.Poly, ty rules.Type) bool {
	pb := geom.BoxOf(p)
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if badFor(f, ty) && f.overlapsIn(p, pb) {
			return true
		}
	}
	return false
}

// inRiver reports whether a ground element's area p touches a river.
func (sc *Scenario) inRiver(p geom.Poly) bool {
	pb := geom.BoxOf(p)
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if f.kind.River && f.overlapsIn(p, pb) {
			return true
		}
	}
	return false
}

// inCover reports whether p is partly in a wood or built-up area.
func (sc *Scenario) inCover(p geom.Poly) bool {
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if f.kind.Cover && f.overlaps(p) {
			return true
		}
	}
	return false
}

// upslope reports whether x stands upslope of the whole enemy y on some
// hill (RULES.md §5, docs/rulings.md D50). A hill rises evenly from its
// outline to its crest, the centroid of the outline: of two points on it
// the one nearer the crest is higher, and anything off it is lower than
// anything on it. x is upslope of y when a point of x's front edge on the
// hill is at least as high as y's highest point, and x's base reaches
// higher than y's: so the element in front contact on the uphill side
// gets it, and two elements level about the crest do not.
func (sc *Scenario) upslope(x, y geom.Base) bool {
	xc := x.Corners()
	xp, yp := x.Poly(), y.Poly()
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if !f.kind.Hill || !f.overlaps(xp) {
			continue
		}
		crest := geom.Poly{f.crest()}
		// The front edge's highest point on the hill, sampled every 1/8
		// of its width (20 p on a standard base).
		front, on := geom.Sub(0), false
		for i := int64(0); i <= 8; i++ {
			pt := geom.Point{
				X: xc[geom.FrontLeft].X + geom.Sub(geom.DivRound(int64(xc[geom.FrontRight].X-xc[geom.FrontLeft].X)*i, 8)),
				Y: xc[geom.FrontLeft].Y + geom.Sub(geom.DivRound(int64(xc[geom.FrontRight].Y-xc[geom.FrontLeft].Y)*i, 8)),
			}
			if !f.contains(pt) {
				continue
			}
			if d := geom.Dist(crest, geom.Poly{pt}); !on || d < front {
				front, on = d, true
			}
		}
		if !on {
			continue
		}
		if !f.overlaps(yp) {
			return true
		}
		enemy := geom.Dist(crest, yp)
		if front <= enemy && geom.Within(crest, xp, enemy-1) {
			return true
		}
	}
	return false
}

// contains reports whether pt is on the feature, boundary included,
// asking the parts' boxes first (most moves start off every road).
func (f *feature) contains(pt geom.Point) bool {
	at := geom.Box{L: pt.X, T: pt.Y, R: pt.X, B: pt.Y}
	if !f.mayMeet(at) {
		return false
	}
	boxed := len(f.boxes) == len(f.parts)
	for i, part := range f.parts {
		if (!boxed || f.boxes[i].Meets(at)) && geom.Contains(part, pt) {
			return true
		}
	}
	return false
}

// crest is the centroid of a feature's outline: the area-weighted mean of
// its convex parts' centroids, so it does not depend on how the outline
// was cut into parts. Coordinates are taken from the first corner to keep
// the products small.
func (f *feature) crest() geom.Point {
	o := f.parts[0][0]
	var a2, cx, cy int64 // twice the area; the centroid's moments, times 6
	for _, part := range f.parts {
		for i := range part {
			p, q := part[i].Sub(o), part[(i+1)%len(part)].Sub(o)
			c := int64(p.X)*int64(q.Y) - int64(q.X)*int64(p.Y)
			a2 += c
			cx += (int64(p.X) + int64(q.X)) * c
			cy += (int64(p.Y) + int64(q.Y)) * c
		}
	}
	if a2 == 0 {
		return o
	}
	return o.Add(geom.Point{X: geom.Sub(geom.DivRound(cx, 3*a2)), Y: geom.Sub(geom.DivRound(cy, 3*a2))})
}

// blocksSight reports whether the segment a–b passes through a wood or
// built-up area (the city is one), for shooting (R15); with hills set,
// also through a hill that neither end stands on, for a general's sight
// (R12, docs/rulings.md D51).
func (sc *Scenario) blocksSight(a, b geom.Point, hills bool) bool {
	for i := range sc.terrain {
		f := &sc.terrain[i]
		switch {
		case f.kind.Cover:
		case hills && f.kind.Hill && !f.contains(a) && !f.contains(b):
		default:
			continue
		}
		for _, part := range f.parts {
			if geom.SegmentCrosses(a, b, part) {
				return true
			}
		}
	}
	return false
}

// acrossWater reports whether the segment a–b crosses water (§8).
func (sc *Scenario) acrossWater(a, b geom.Point) bool {
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if !f.kind.Water {
			continue
		}
		for _, part := range f.parts {
			if geom.SegmentCrosses(a, b, part) || geom.Contains(part, a) || geom.Contains(part, b) {
				return true
			}
		}
	}
	return false
}

// alongRoad reports whether a move from one base to another runs wholly
// along a road: the centre of the base stays on road from start to end,
// checked every 10 paces (R3).
func (sc *Scenario) alongRoad(from, to geom.Base) bool {
	a, b := from.Center(), to.Center()
	d := geom.Len(b.Sub(a))
	steps := int64(d/geom.Paces(10)) + 1
	for i := int64(0); i <= steps; i++ {
		p := geom.Point{
			X: a.X + geom.Sub(geom.DivRound(int64(b.X-a.X)*i, steps)),
			Y: a.Y + geom.Sub(geom.DivRound(int64(b.Y-a.Y)*i, steps)),
		}
		if !sc.onRoad(p) {
			return false
		}
	}
	return true
}

func (sc *Scenario) onRoad(p geom.Point) bool {
	for i := range sc.terrain {
		if f := &sc.terrain[i]; f.kind.Road && f.contains(p) {
			return true
		}
	}
	return false
}

// terrainBlock returns why an element of type ty may not pass over area
// path or end its move on area end, or "".
func (sc *Scenario) terrainBlock(ty rules.Type, path, end geom.Poly) string {
	// A feature's box is asked first, the cheapest test.
	pb, eb := geom.BoxOf(path), geom.BoxOf(end)
	for i := range sc.terrain {
		f := &sc.terrain[i]
		if len(path) > 0 && f.mayMeet(pb) && f.blocks(ty, false) && f.overlapsIn(path, pb) {
			return f.blockedWhy(ty)
		}
		if len(end) > 0 && f.mayMeet(eb) && f.blocks(ty, true) && f.overlapsIn(end, eb) {
			return f.blockedWhy(ty)
		}
	}
	return ""
}

// edgeDist is the distance from p to the named table edge.
func (sc *Scenario) edgeDist(p geom.Poly, edge string) geom.Sub {
	w, h := geom.Paces(sc.Table.Width), geom.Paces(sc.Table.Height)
	best := geom.Sub(1 << 30)
	for _, pt := range p {
		var d geom.Sub
		switch edge {
		case "north":
			d = pt.Y
		case "south":
			d = h - pt.Y
		case "west":
			d = pt.X
		case "east":
			d = w - pt.X
		}
		best = min(best, d)
	}
	return best
}

// rotateAbout turns p about pivot by a (clockwise on the table).
func rotateAbout(p, pivot geom.Point, a geom.Angle) geom.Point {
	v := p.Sub(pivot)
	s, c := int64(geom.Sin(a)), int64(geom.Cos(a))
	x := geom.DivRound(int64(v.X)*c-int64(v.Y)*s, geom.One)
	y := geom.DivRound(int64(v.X)*s+int64(v.Y)*c, geom.One)
	return pivot.Add(geom.Point{X: geom.Sub(x), Y: geom.Sub(y)})
}
