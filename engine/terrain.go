package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Terrain queries. A base partly in a feature counts as in it (RULES.md §5).

// badFor reports whether feature f is bad going for an element of type ty:
// aerials count only woods and built-up areas (§4.1).
func badFor(f feature, ty rules.Type) bool {
	if ty.Aerial() {
		return f.kind.Cover
	}
	return f.kind.Bad
}

// inBad reports whether the area p of an element of type ty is in bad going.
func (sc *Scenario) inBad(p geom.Poly, ty rules.Type) bool {
	for _, f := range sc.terrain {
		if badFor(f, ty) && f.overlaps(p) {
			return true
		}
	}
	return false
}

// inRiver reports whether a ground element's area p touches a river.
func (sc *Scenario) inRiver(p geom.Poly) bool {
	for _, f := range sc.terrain {
		if f.kind.River && f.overlaps(p) {
			return true
		}
	}
	return false
}

// inCover reports whether p is partly in a wood or built-up area.
func (sc *Scenario) inCover(p geom.Poly) bool {
	for _, f := range sc.terrain {
		if f.kind.Cover && f.overlaps(p) {
			return true
		}
	}
	return false
}

// hillsUnder lists the hills p is partly on.
func (sc *Scenario) hillsUnder(p geom.Poly) []int {
	var hs []int
	for i, f := range sc.terrain {
		if f.kind.Hill && f.overlaps(p) {
			hs = append(hs, i)
		}
	}
	return hs
}

// blocksSight reports whether the segment a–b passes through a wood or
// built-up area (R12, R15).
func (sc *Scenario) blocksSight(a, b geom.Point) bool {
	for _, f := range sc.terrain {
		if !f.kind.Cover {
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
	for _, f := range sc.terrain {
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
	for _, f := range sc.terrain {
		if !f.kind.Road {
			continue
		}
		for _, part := range f.parts {
			if geom.Contains(part, p) {
				return true
			}
		}
	}
	return false
}

// terrainBlock returns why an element of type ty may not pass over area
// path or end its move on area end, or "".
func (sc *Scenario) terrainBlock(ty rules.Type, path, end geom.Poly) string {
	for _, f := range sc.terrain {
		if blocked, why := f.blocks(ty, false); blocked && f.overlaps(path) {
			return why
		}
		if blocked, why := f.blocks(ty, true); blocked && f.overlaps(end) {
			return why
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
