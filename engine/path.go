package engine

import (
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Paths of legs (RULES.md §4.1, R21). A route is the poses a base passes
// through, start first: each consecutive pair is one straight leg.

// maxLegs is how many straight legs a move may have (R21).
const maxLegs = 4

// checkLegs refuses more waypoints than a path of maxLegs legs has (R21).
func checkLegs(via []Pose) error {
	if len(via) > maxLegs-1 {
		return illegal("move.legs", "a move has at most %d legs: give at most %d waypoints (via), not %d", maxLegs, maxLegs-1, len(via))
	}
	return nil
}

// viaRoute is the start pose followed by the waypoints of an action,
// appended to r (a caller's buffer, so that a move allocates nothing).
func (t *tx) viaRoute(e *Element, via []Pose, r []geom.Base) ([]geom.Base, error) {
	if err := checkLegs(via); err != nil {
		return nil, err
	}
	r = append(r[:0], e.Base)
	for i := range via {
		r = append(r, t.poseBase(e, &via[i]))
	}
	return r, nil
}

// sweptMemo remembers the last few swept areas worked out in a
// transaction: a move's legs are swept for the going (allowance) and again
// for what they pass (pathBlock). The areas are shared, never changed.
type sweptMemo struct {
	from, to [4]geom.Base
	area     [4]geom.Poly
	next     int
	// Each area is built in its slot's memory: one is overwritten only by
	// the fifth sweep after it, and no caller keeps an area that long.
	buf [4][9]geom.Point
}

// sweep returns geom.Swept(from, to), remembered.
func (t *tx) sweep(from, to geom.Base) geom.Poly {
	m := &t.swept
	for i := range m.area {
		if m.area[i] != nil && m.from[i] == from && m.to[i] == to {
			return m.area[i]
		}
	}
	p := geom.AppendSwept(m.buf[m.next][:0], from, to)
	m.from[m.next], m.to[m.next], m.area[m.next] = from, to, p
	m.next = (m.next + 1) % len(m.area)
	return p
}

// routeDist is the length of a route: each leg measured by its
// furthest-moving corner (R6), summed (R21).
func routeDist(r []geom.Base) geom.Sub {
	var d geom.Sub
	for i := 1; i < len(r); i++ {
		d += geom.MoveDist(r[i-1], r[i])
	}
	return d
}

// allowance is how far e may move along a route: the move of the worst
// going any leg touches, at its start, on the way or at its end; road
// speed only if every leg runs along a road (RULES.md §2, §4.1, R3, R4).
// A route of one pose asks for the going where e stands.
func (t *tx) allowance(e *Element, r []geom.Base) (int, string, error) {
	good, bad, road := t.rulings.Move(e.Type)
	// Each leg's hull holds both its poses, so only a route of one pose
	// needs its base on its own.
	river, slow := false, false
	touch := func(h geom.Poly) {
		river = river || e.Type.Ground() && t.sc.inRiver(h)
		slow = slow || t.sc.inBad(h, e.Type)
	}
	if len(r) == 1 {
		touch(r[0].Poly())
	}
	for i := 1; i < len(r); i++ {
		touch(t.sweep(r[i-1], r[i]))
	}
	switch {
	case river:
		if e.Type == rules.Artillery {
			return 0, "", illegal("move.river", "Artillery cannot wade rivers")
		}
		return rules.RiverMove, "crossing a river", nil
	case slow:
		if bad == rules.Cannot {
			return 0, "", illegal("move.bad_going", "%s cannot enter bad going", e.Type)
		}
		return bad, "in bad going", nil
	case road > good && t.alongRoad(r):
		return road, "along a road", nil
	}
	return good, "in good going", nil
}

// alongRoad reports whether every leg of a route runs along a road.
func (t *tx) alongRoad(r []geom.Base) bool {
	if len(r) < 2 {
		return t.sc.alongRoad(r[0], r[0])
	}
	for i := 1; i < len(r); i++ {
		if !t.sc.alongRoad(r[i-1], r[i]) {
			return false
		}
	}
	return true
}

// routeBlock returns why e may not move along a route, or nil: every leg
// is checked for the table edge, terrain and elements it may not pass
// through (pathBlock); only the last pose must be free to stand on, the
// waypoints being passed through (§4.4).
func (t *tx) routeBlock(e *Element, r []geom.Base, skip ...int) error {
	for i := 1; i < len(r); i++ {
		if err := t.pathBlock(e, r[i-1], r[i], i == len(r)-1, skip...); err != nil {
			return err
		}
	}
	return nil
}

// slideLeg is the last leg of a contact move to the conformed pose `to`,
// flush on edge `edge` of the target: the least distance (R6) from `from`
// to `to` slid along that edge by at most 80 p (R8). It returns the pose
// before the slide and the slide itself. The slide is not a leg (§4.2):
// it is free and not swept, so the leg may be taken as made before the
// slide (from → pre) or after it (from+slide → to). Among equally short
// slides the smallest wins.
func slideLeg(from, to, target geom.Base, edge geom.Edge) (pre geom.Base, slide geom.Point) {
	p, q := target.Edge(edge)
	dir := geom.Towards(geom.Bearing(q.Sub(p)))
	// Sliding translates every corner alike: each corner's travel to the
	// slid pose is its travel to `to` plus the slide.
	a, b := from.Corners(), to.Corners()
	var d [4]geom.Point
	for i := range d {
		d[i] = b[i].Sub(a[i])
	}
	best, _ := bestSlide(d, dir)
	return to.Translate(best), best.Neg()
}

// bestSlide is the slide along dir of up to ConformSlide, each whole pace
// tried, that makes the furthest of the corner travels d shortest, and
// the square of that travel: the first of the shortest in the order 0,
// +1, −1, +2, −2… paces (the smallest slide, forward first).
//
// Every slide that may be the shortest is measured exactly (furthest2);
// the others are not measured at all. A slide v of l paces is within half
// a sub of l·u in each coordinate, u the exact unit vector (Offset
// rounds), so each corner's travel is at least |d + l·u| − 1, and that
// bound is convex in l: the search starts where the bound is least
// (found by ternary search) and works outwards each way, skipping slides
// whose bound exceeds the best travel found (they can neither beat nor
// tie it), until the bound exceeds it and grows: every slide further that
// way is out too. The bound is worked out in subs times One, exact in
// integers, for travels short enough not to overflow (any move a base
// makes in one go); longer ones measure every slide.
func bestSlide(d [4]geom.Point, dir geom.Dir) (geom.Point, int64) {
	const n = rules.ConformSlide
	// unit is u times One, exactly: an offset of One subs rounds nothing.
	unit := dir.Offset(geom.Sub(geom.One))
	stepX, stepY := int64(unit.X)*geom.PerPace, int64(unit.Y)*geom.PerPace // a pace's l·u, times One
	var q [4][2]int64                                                      // each d times One
	for i, c := range d {
		if c.X > slideExact || c.X < -slideExact || c.Y > slideExact || c.Y < -slideExact {
			return everySlide(d, dir)
		}
		q[i] = [2]int64{int64(c.X) * geom.One, int64(c.Y) * geom.One}
	}
	// bound is the square of the largest |d + l·u| times One, for the
	// slide of l paces.
	bound := func(l int) int64 {
		var m int64
		for _, c := range q {
			x, y := c[0]+int64(l)*stepX, c[1]+int64(l)*stepY
			m = max(m, x*x+y*y)
		}
		return m
	}
	lo, hi := -n, n
	for hi-lo > 2 {
		m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
		switch b1, b2 := bound(m1), bound(m2); {
		case b1 < b2:
			hi = m2 - 1
		case b1 > b2:
			lo = m1 + 1
		default: // convex: the least is between them
			lo, hi = m1, m2
		}
	}
	start := lo
	for l := lo + 1; l <= hi; l++ {
		if bound(l) < bound(start) {
			start = l
		}
	}
	slideOf := func(l int) geom.Point {
		if l < 0 {
			return dir.Offset(geom.Paces(-l)).Neg()
		}
		return dir.Offset(geom.Paces(l))
	}
	// The first in the order 0, +1, −1, +2… of equally short slides.
	first := func(l int) int {
		if l < 0 {
			return -2*l + 1
		}
		return 2 * l
	}
	// A slide whose bound exceeds cut cannot beat or tie bestD: its
	// travel exceeds √bestD + 1 less the rounding, so bestD.
	var best geom.Point
	var bestD, cut int64
	bestL := start
	keep := func(v geom.Point, f int64, l int) {
		best, bestD, bestL = v, f, l
		r := (int64(geom.Isqrt(uint64(f))) + 2) * geom.One
		cut = r * r
	}
	keep(slideOf(start), furthest2(d, slideOf(start)), start)
	try := func(l int) {
		v := slideOf(l)
		if f := furthest2(d, v); f < bestD || f == bestD && first(l) < first(bestL) {
			keep(v, f, l)
		}
	}
	out := func(b int64) bool { return b > cut }
	for _, way := range [2]int{1, -1} {
		prev := bound(start)
		for l := start + way; l >= -n && l <= n; l += way {
			b := bound(l)
			if !out(b) {
				try(l)
			} else if b >= prev {
				break
			}
			prev = b
		}
	}
	return best, bestD
}

// everySlide is bestSlide measuring every slide, in its order.
func everySlide(d [4]geom.Point, dir geom.Dir) (geom.Point, int64) {
	var best geom.Point
	bestD := furthest2(d, geom.Point{})
	// Offset(dir, −l) is exactly −Offset(dir, l) (DivRound is odd), so
	// each step works out one offset.
	for s := 1; s <= rules.ConformSlide; s++ {
		v := dir.Offset(geom.Paces(s))
		if f := furthest2(d, v); f < bestD {
			best, bestD = v, f
		}
		if f := furthest2(d, v.Neg()); f < bestD {
			best, bestD = v.Neg(), f
		}
	}
	return best, bestD
}

// slideExact bounds the corner travels bestSlide prunes among, in subs
// along each axis (1536 paces, more than any move and slide): d·One and
// l·u·One then sum to under 2^31 a coordinate, so the bound and the cut
// stay under 2^63.
const slideExact = 3 << 15

// furthest2 is the square of the longest of the corner travels d, each
// plus v, exact: comparing it, unlike the rounded MoveDist, finds the one
// shortest slide.
func furthest2(d [4]geom.Point, v geom.Point) int64 {
	var m int64
	for _, c := range d {
		x, y := int64(c.X+v.X), int64(c.Y+v.Y)
		m = max(m, x*x+y*y)
	}
	return m
}

// lastLegBlock checks the last leg of a contact move, made either before
// or after its free slide (slideLeg): legal if either way is clear. The
// conformed end pose must be free.
func (t *tx) lastLegBlock(e *Element, from, pre, to geom.Base, slide geom.Point, skip ...int) error {
	if err := t.pathBlock(e, to, to, true, skip...); err != nil {
		return err
	}
	err := t.pathBlock(e, from, pre, false, skip...)
	if err == nil || slide == (geom.Point{}) {
		return err
	}
	if t.pathBlock(e, from.Translate(slide), to, false, skip...) == nil {
		return nil
	}
	return err
}
