package terrain

import "pelennor/engine/geom"

// Table is the playing area in paces, x east and y south from the
// north-west corner, as in scenario files.
type Table struct{ Width, Height int }

// Standard is the standard HOTT table, 2400 p square (RULES.md §1).
var Standard = Table{Width: 2400, Height: 2400}

// Set-up distances of §13, in paces.
const (
	DeployDepth    = 600 // deployment and the stronghold: wholly within 600 p of the base edge
	CentreReach    = 600 // the central bad going: nearest point within 600 p of the centre
	CentreAcross   = 200 // ... each at least 200 p across
	MinFeatures    = 4
	MinQuarters    = 3 // quarters with terrain
	MinBadQuarters = 2 // quarters with bad going, a river or impassable terrain
	MinCentral     = 2 // central bad-going features
)

// Edge is a table edge, in the order of the engine's edge names.
type Edge int

// The edges.
const (
	North Edge = iota
	East
	South
	West
)

var edgeNames = [...]string{"north", "east", "south", "west"}

// Edges lists the four edges.
var Edges = []Edge{North, East, South, West}

func (e Edge) String() string {
	if e < North || e > West {
		return "edge?"
	}
	return edgeNames[e]
}

// ParseEdge reads an edge name as scenario files write it.
func ParseEdge(s string) (Edge, bool) {
	for i, n := range edgeNames {
		if n == s {
			return Edge(i), true
		}
	}
	return 0, false
}

// Opposite is the edge across the table.
func (e Edge) Opposite() Edge { return (e + 2) % 4 }

// LongEdges are the table's two long edges, north first. On a square
// table they are north and south, the top and bottom of the battle
// screen (docs/rulings.md T7).
func (t Table) LongEdges() [2]Edge {
	if t.Height > t.Width {
		return [2]Edge{West, East}
	}
	return [2]Edge{North, South}
}

// BaseEdges gives the attacker's and the defender's base edges for the
// attacker's die (§13 step 3, T7): 1–3 the first long edge, 4–6 the
// second; the defender takes the opposite one.
func (t Table) BaseEdges(die int) (attacker, defender Edge) {
	long := t.LongEdges()
	attacker = long[0]
	if die >= 4 {
		attacker = long[1]
	}
	return attacker, attacker.Opposite()
}

// Quarter is one of the four quarters the centre lines divide the table
// into (T1).
type Quarter int

// The quarters, clockwise from the north-west.
const (
	NorthWest Quarter = iota
	NorthEast
	SouthEast
	SouthWest
)

var quarterNames = [...]string{"north-west", "north-east", "south-east", "south-west"}

func (q Quarter) String() string {
	if q < NorthWest || q > SouthWest {
		return "quarter?"
	}
	return quarterNames[q]
}

// QuarterOf returns the quarter holding the point (x, y) in paces; a
// point on a centre line belongs to the quarter east or south of it.
func (t Table) QuarterOf(x, y int) Quarter {
	east, south := 2*x >= t.Width, 2*y >= t.Height
	switch {
	case south && east:
		return SouthEast
	case south:
		return SouthWest
	case east:
		return NorthEast
	}
	return NorthWest
}

// quarterRect is quarter q in sub-paces.
func (t Table) quarterRect(q Quarter) rect {
	w, h := geom.Paces(t.Width), geom.Paces(t.Height)
	mx, my := w/2, h/2
	r := rect{0, 0, mx, my}
	if q == NorthEast || q == SouthEast {
		r.l, r.r = mx, w
	}
	if q == SouthEast || q == SouthWest {
		r.t, r.b = my, h
	}
	return r
}

func (t Table) whole() rect { return rect{0, 0, geom.Paces(t.Width), geom.Paces(t.Height)} }

// Centre is the middle of the table in sub-paces.
func (t Table) Centre() geom.Point {
	return geom.Point{X: geom.Paces(t.Width) / 2, Y: geom.Paces(t.Height) / 2}
}

// Zone returns the deployment zone of a base edge: the strip of the table
// within depth paces of it, as a polygon in sub-paces.
func (t Table) Zone(e Edge, depth int) geom.Poly {
	w, h, d := geom.Paces(t.Width), geom.Paces(t.Height), geom.Paces(depth)
	r := [4]rect{
		North: {0, 0, w, d},
		East:  {w - d, 0, w, h},
		South: {0, h - d, w, h},
		West:  {0, 0, d, h},
	}[e]
	return geom.Poly{{X: r.l, Y: r.t}, {X: r.r, Y: r.t}, {X: r.r, Y: r.b}, {X: r.l, Y: r.b}}
}

// fromEdge returns the distance of pt from edge e, in sub-paces
// (negative beyond it).
func (t Table) fromEdge(e Edge, pt geom.Point) geom.Sub {
	switch e {
	case North:
		return pt.Y
	case East:
		return geom.Paces(t.Width) - pt.X
	case South:
		return geom.Paces(t.Height) - pt.Y
	}
	return pt.X
}

// DeployProblem checks that base b stands wholly on the table and wholly
// within 600 p of base edge e (§13 steps 4 and 5); nil if it does. Corners
// may be up to geom.Tol out, the rounding of turned bases.
func (t Table) DeployProblem(e Edge, b geom.Base) *Problem {
	for _, c := range b.Corners() {
		if !t.onTable(c) {
			return &Problem{Code: DeployOffTable, Feature: -1, Other: -1}
		}
	}
	if far := t.furthest(e, b); far > geom.Paces(DeployDepth)+geom.Tol {
		return &Problem{Code: DeployBeyond, Feature: -1, Other: -1, Got: far.Paces(), Max: DeployDepth, Edge: e}
	}
	return nil
}

// StrongholdProblem checks a stronghold's base: touching base edge e and
// wholly within 600 p of it (§13 step 4); nil if it does.
func (t Table) StrongholdProblem(e Edge, b geom.Base) *Problem {
	if p := t.DeployProblem(e, b); p != nil {
		return p
	}
	near := geom.Sub(1 << 30)
	for _, c := range b.Corners() {
		near = min(near, t.fromEdge(e, c))
	}
	if near > geom.Tol {
		return &Problem{Code: StrongholdApart, Feature: -1, Other: -1, Got: near.Paces(), Edge: e}
	}
	return nil
}

// furthest is the distance from edge e of b's corner furthest from it.
func (t Table) furthest(e Edge, b geom.Base) geom.Sub {
	var far geom.Sub
	for _, c := range b.Corners() {
		far = max(far, t.fromEdge(e, c))
	}
	return far
}

func (t Table) onTable(pt geom.Point) bool {
	w, h := geom.Paces(t.Width), geom.Paces(t.Height)
	return pt.X >= -geom.Tol && pt.Y >= -geom.Tol && pt.X <= w+geom.Tol && pt.Y <= h+geom.Tol
}

// onEdge returns the edge point p lies on (x or y at a table edge), or
// false; a corner of the table lies on two and is refused (T3).
func (t Table) onEdge(p [2]int) (Edge, bool) {
	var on []Edge
	if p[1] == 0 {
		on = append(on, North)
	}
	if p[0] == t.Width {
		on = append(on, East)
	}
	if p[1] == t.Height {
		on = append(on, South)
	}
	if p[0] == 0 {
		on = append(on, West)
	}
	if len(on) != 1 {
		return 0, false
	}
	return on[0], true
}
