package engine

import (
	"math/rand/v2"
	"testing"

	"pelennor/engine/geom"
)

// contactPair returns two random bases, mostly standing against each
// other edge to edge (slid along the edge, nudged by up to 2·Tol and
// turned by up to AngleTol+2), sometimes corner to corner or apart.
func contactPair(rng *rand.Rand) (a, b Element) {
	size := func() (geom.Sub, geom.Sub) {
		return geom.Paces(40 + rng.IntN(200)), geom.Paces(20 + rng.IntN(160))
	}
	w, d := size()
	b = Element{ID: 1, Side: 1, Base: geom.Base{
		Front:  geom.Point{X: geom.Sub(rng.IntN(40000)), Y: geom.Sub(rng.IntN(40000))},
		Facing: geom.Angle(rng.IntN(4096)), Width: w, Depth: d}}
	aw, ad := size()
	var ab geom.Base
	switch rng.IntN(5) {
	case 4: // a corner of a on a corner of b, at any angle: the furthest
		// apart touching bases stand
		ab = geom.Base{Facing: geom.Angle(rng.IntN(4096)), Width: aw, Depth: ad}
		ac, bc := ab.Corners()[rng.IntN(4)], b.Base.Corners()[rng.IntN(4)]
		ab.Front = bc.Sub(ac)
	case 0: // b's front edge against a's edge instead
		ab = geom.Against(b.Base, geom.Edge(rng.IntN(4)), aw, ad)
		ab.Front = ab.Front.Add(geom.Offset(ab.Facing+geom.East, geom.Sub(rng.IntN(int(aw))-int(aw)/2)))
		a, b = Element{ID: 2, Base: b.Base}, Element{ID: 1, Side: 1, Base: ab}
		return a, b
	case 1: // apart, somewhere near
		ab = b.Base
		ab.Width, ab.Depth = aw, ad
		ab.Front = ab.Front.Add(geom.Point{X: geom.Sub(rng.IntN(40000) - 20000), Y: geom.Sub(rng.IntN(40000) - 20000)})
		ab.Facing = geom.Angle(rng.IntN(4096))
	default: // a's front against an edge of b
		ab = geom.Against(b.Base, geom.Edge(rng.IntN(4)), aw, ad)
		ab.Front = ab.Front.Add(geom.Offset(ab.Facing+geom.East, geom.Sub(rng.IntN(int(aw))-int(aw)/2)))
	}
	ab.Front = ab.Front.Add(geom.Point{X: geom.Sub(rng.IntN(4*int(geom.Tol)+1)) - 2*geom.Tol, Y: geom.Sub(rng.IntN(4*int(geom.Tol)+1)) - 2*geom.Tol})
	ab.Facing += geom.Angle(rng.IntN(2*int(geom.AngleTol)+5)) - geom.AngleTol - 2
	return Element{ID: 2, Base: ab}, b
}

// touching reports whether any contact test the engine makes finds a and
// b in contact: flush edges, touching corners, overlapping bases.
func touching(a, b *Element) bool {
	for ea := geom.Front; ea <= geom.Left; ea++ {
		for eb := geom.Front; eb <= geom.Left; eb++ {
			if geom.EdgesAgainst(a.Base, ea, b.Base, eb) > 0 || geom.EdgesAgainst(b.Base, eb, a.Base, ea) > 0 {
				return true
			}
		}
	}
	for _, p := range a.Base.Corners() {
		for _, q := range b.Base.Corners() {
			if geom.CornersTouch(p, q) {
				return true
			}
		}
	}
	return geom.Overlap(a.Base.Poly(), b.Base.Poly())
}

// The cheap contact tests give what the full ones give, on bases in
// contact, nearly in contact and apart: near holds for every pair that
// touches in any way; againstEdge is frontAgainst's scan of four edges;
// flankedBy is the scan of the three side and rear edges; the single
// edge frontBusy tries finds what trying all four finds.
func TestCheapContactTestsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	touched, flush := 0, 0
	for i := range 20000 {
		a, b := contactPair(rng)
		if touching(&a, &b) {
			touched++
			if !near(&a, &b) || !near(&b, &a) {
				t.Fatalf("pair %d touches but is not near: %+v %+v", i, a.Base, b.Base)
			}
		}
		for _, p := range [2][2]*Element{{&a, &b}, {&b, &a}} {
			x, y := p[0], p[1]
			want := frontAgainst(x, y)
			if got := againstEdge(x, y); got != want {
				t.Fatalf("pair %d: againstEdge %d, frontAgainst %d: %+v %+v", i, got, want, x.Base, y.Base)
			}
			if want >= 0 {
				flush++
			}
			wantFlank := geom.Edge(-1)
			best := geom.Sub(0)
			for _, ed := range [...]geom.Edge{geom.Right, geom.Rear, geom.Left} {
				if l := geom.EdgesAgainst(x.Base, geom.Front, y.Base, ed); l > best {
					best, wantFlank = l, ed
				}
			}
			if got := flankedBy(x, y); got != wantFlank {
				t.Fatalf("pair %d: flankedBy %d, want %d", i, got, wantFlank)
			}
			wantBusy := false
			for ed := geom.Front; ed <= geom.Left; ed++ {
				wantBusy = wantBusy || geom.EdgesAgainst(x.Base, ed, y.Base, geom.Front) > 0
			}
			if got := onFront(x, y); got != wantBusy {
				t.Fatalf("pair %d: onFront %v, want %v: %+v %+v", i, got, wantBusy, x.Base, y.Base)
			}
		}
	}
	// The pairs must exercise the tests, not only miss.
	if touched < 5000 || flush < 5000 {
		t.Fatalf("only %d touching pairs and %d flush fronts of 20000", touched, flush)
	}
}

// index finds every element by id, with the table or with the map, and
// no element for an id none has.
func TestIndexByID(t *testing.T) {
	for _, ids := range [][]int{{1, 2, 3, 7}, {5, 101, 140}, {3, 100000}} {
		var es []ElementSpec
		sc := &Scenario{byID: map[int]int{}}
		for i, id := range ids {
			es = append(es, ElementSpec{ID: id})
			sc.byID[id] = i
		}
		sc.Elements, sc.idIndex = es, denseIndex(es)
		if dense := ids[len(ids)-1] < 5000; dense != (sc.idIndex != nil) {
			t.Fatalf("ids %v: table %v", ids, sc.idIndex != nil)
		}
		for i, id := range ids {
			if got := sc.index(id); got != i {
				t.Fatalf("ids %v: index(%d) = %d, want %d", ids, id, got, i)
			}
		}
		for _, id := range []int{0, -1, 4, 99, 100001, 1 << 40} {
			if got := sc.index(id); got != -1 {
				t.Fatalf("ids %v: index(%d) = %d, want -1", ids, id, got)
			}
		}
	}
}
