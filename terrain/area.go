package terrain

import "pelennor/engine/geom"

// Geometry the engine's geom package does not have: areas, clipping to a
// rectangle and the least width of an outline. Integers throughout.

// rect is an axis-aligned rectangle in sub-paces.
type rect struct{ l, t, r, b geom.Sub }

// area2 returns twice the area of polygon p, in sub-paces squared,
// whichever way it winds.
func area2(p geom.Poly) int64 {
	var s int64
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += int64(a.X)*int64(b.Y) - int64(b.X)*int64(a.Y)
	}
	if s < 0 {
		return -s
	}
	return s
}

// clipArea2 returns twice the area of the part of convex p inside r.
func clipArea2(p geom.Poly, r rect) int64 {
	box := geom.BoxOf(p)
	if box.L >= r.l && box.R <= r.r && box.T >= r.t && box.B <= r.b {
		return area2(p) // wholly inside: the common case, no clipping
	}
	if box.R <= r.l || box.L >= r.r || box.B <= r.t || box.T >= r.b {
		return 0
	}
	// Sutherland–Hodgman against each side in turn; crossings are rounded
	// to the nearest sub-pace, far below any threshold the checks use.
	q := clipSide(p, false, r.l, true)
	q = clipSide(q, false, r.r, false)
	q = clipSide(q, true, r.t, true)
	q = clipSide(q, true, r.b, false)
	if len(q) < 3 {
		return 0
	}
	return area2(q)
}

// clipSide keeps the part of p on one side of the line x = c (or y = c
// when onY): the side of larger coordinates when above is set.
func clipSide(p geom.Poly, onY bool, c geom.Sub, above bool) geom.Poly {
	in := func(v geom.Point) int64 {
		d := int64(v.X - c)
		if onY {
			d = int64(v.Y - c)
		}
		if !above {
			d = -d
		}
		return d
	}
	var out geom.Poly
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		da, db := in(a), in(b)
		if da >= 0 {
			out = append(out, a)
		}
		if (da < 0 && db > 0) || (da > 0 && db < 0) {
			// The point a + (b−a)·da/(da−db), exactly on the line.
			pt := geom.Point{
				X: a.X + geom.Sub(geom.DivRound(int64(b.X-a.X)*da, da-db)),
				Y: a.Y + geom.Sub(geom.DivRound(int64(b.Y-a.Y)*da, da-db)),
			}
			if onY {
				pt.Y = c
			} else {
				pt.X = c
			}
			out = append(out, pt)
		}
	}
	return out
}

// leastWidth returns the least width of convex p: the narrowest strip
// that holds it, which for a convex polygon lies along one of its edges.
// It is what "across" means in §13 (docs/rulings.md T2).
func leastWidth(p geom.Poly) geom.Sub {
	best := geom.Sub(-1)
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		e := b.Sub(a)
		l := int64(geom.Len(e))
		if l == 0 {
			continue
		}
		var far int64
		for _, v := range p {
			w := v.Sub(a)
			c := int64(e.X)*int64(w.Y) - int64(e.Y)*int64(w.X)
			far = max(far, c, -c)
		}
		if h := geom.Sub(far / l); best < 0 || h < best {
			best = h
		}
	}
	return max(best, 0)
}
