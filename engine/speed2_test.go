package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"pelennor/engine/geom"
)

// nearOf holds every element that touches x, edge to edge or corner to
// corner, on tables where many stand flush: the close combat factors,
// flankers and supporters read only it.
func TestNearOfHoldsEveryTouchingElement(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 5))
	touching := 0
	for range 40 {
		g := &Game{sc: &Scenario{}, st: &state{}}
		els := make([]Element, 0, 50)
		for i := range 50 {
			b := geom.Base{Front: geom.Point{X: geom.Sub(rng.IntN(6000)), Y: geom.Sub(rng.IntN(3000))},
				Facing: geom.Angle(rng.IntN(4096)), Width: geom.Paces(40 + rng.IntN(40)), Depth: geom.Paces(15 + rng.IntN(60))}
			if i > 0 && rng.IntN(2) == 0 { // flush against an earlier one, on a random edge
				o := els[rng.IntN(len(els))].Base
				b = geom.Against(o, geom.Edge(rng.IntN(4)), b.Width, b.Depth)
			}
			e := Element{ID: i + 1, Side: rng.IntN(2), Base: b}
			if rng.IntN(12) == 0 {
				e.Status = Destroyed
			}
			els = append(els, e)
		}
		g.st.Elements = els
		tx := &tx{Game: g, st: g.st}
		for i := range els {
			x := &els[i]
			nx := tx.nearOf(x, nil)
			for j := range els {
				z := &els[j]
				if !z.OnTable() {
					if slices.Contains(nx, z) {
						t.Fatalf("nearOf(%d) holds %d, which is off the table", x.ID, z.ID)
					}
					continue
				}
				if !geom.Touching(x.Base.Poly(), z.Base.Poly()) {
					continue
				}
				touching++
				if !slices.Contains(nx, z) {
					t.Fatalf("element %d touches %d but nearOf(%d) does not hold it", z.ID, x.ID, x.ID)
				}
			}
		}
	}
	if touching < 500 {
		t.Fatalf("only %d touching pairs: the tables test too little", touching)
	}
}

// pathStop refuses exactly the legs pathBlock refuses, with its code, on
// the Pelennor table: detour and the reach outline ask it instead.
func TestPathStopAgreesWithPathBlock(t *testing.T) {
	g := pelennor(t, nil, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
	tx := g.begin()
	rng := rand.New(rand.NewPCG(3, 9))
	codes := map[string]int{}
	for range 3000 {
		e := &tx.st.Elements[rng.IntN(len(tx.st.Elements))]
		if !e.OnTable() {
			continue
		}
		to := e.Base.Translate(geom.Point{X: geom.Paces(rng.IntN(1600) - 800), Y: geom.Paces(rng.IntN(1600) - 800)})
		final := rng.IntN(2) == 0
		code, _, _ := tx.pathStop(e, e.Base, to, final, nil)
		err := tx.pathBlock(e, e.Base, to, final)
		var ie *IllegalError
		switch {
		case code == "" && err != nil, code != "" && err == nil:
			t.Fatalf("element %d to %+v: pathStop %q, pathBlock %v", e.ID, to, code, err)
		case err != nil && (!errors.As(err, &ie) || ie.Code != code):
			t.Fatalf("element %d to %+v: pathStop %q, pathBlock %v", e.ID, to, code, err)
		}
		codes[code]++
	}
	for _, c := range []string{"", "move.blocked", "move.overlap"} {
		if codes[c] == 0 {
			t.Fatalf("no leg gave %q (%v): the test misses a case", c, codes)
		}
	}
}

// contactStop refuses exactly the contact moves contactRoute refuses,
// with its code, on the Pelennor table: the contacts offered
// (tryContact) ask it instead. Each move is a random element's to a
// random enemy's edge, straight or by a waypoint, as tryContact builds it.
func TestContactStopAgreesWithContactRoute(t *testing.T) {
	g := pelennor(t, nil, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
	tx := g.begin()
	els := tx.st.Elements
	rng := rand.New(rand.NewPCG(5, 11))
	codes, slid := map[string]int{}, 0
	for range 4000 {
		e, o := &els[rng.IntN(len(els))], &els[rng.IntN(len(els))]
		if !e.OnTable() || !o.OnTable() || e.Side == o.Side {
			continue
		}
		edge := geom.Edge(rng.IntN(4))
		w, d := tx.size(e)
		to := geom.Against(o.Base, edge, w, d)
		legs := []geom.Base{e.Base}
		if rng.IntN(2) == 0 {
			half := to.Center().Sub(e.Base.Center())
			half.X, half.Y = half.X/2+geom.Paces(rng.IntN(400)-200), half.Y/2+geom.Paces(rng.IntN(400)-200)
			legs = append(legs, e.Base.Translate(half))
		}
		last, slide := slideLeg(legs[len(legs)-1], to, o.Base, edge)
		legs = append(legs, last)
		if slide != (geom.Point{}) {
			slid++
		}
		code := tx.contactStop(e, legs, to, slide, nil)
		err := tx.contactRoute(e, legs, to, slide)
		if (code == "") != (err == nil) || err != nil && refusalOf(err).Code != code {
			t.Fatalf("element %d to %d's %v by %v: contactStop %q, contactRoute %v", e.ID, o.ID, edge, legs, code, err)
		}
		codes[code]++
	}
	for _, c := range []string{"", "move.blocked", "move.overlap"} {
		if codes[c] == 0 {
			t.Fatalf("no contact gave %q (%v): the test misses a case", c, codes)
		}
	}
	if slid == 0 {
		t.Fatal("no contact slid: the test misses the last leg made after the slide")
	}
	t.Logf("codes %v, %d slid", codes, slid)
}

// bestSlide finds the very slide measuring every one finds, ties
// included: on the contacts of the Pelennor's elements with every enemy
// edge from where they stand and from points round them, on corner
// travels of every size (those beyond the pruned range are measured
// whole), and on symmetric travels where forward and back tie.
func TestBestSlideAgreesWithEverySlide(t *testing.T) {
	g := pelennor(t, nil, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
	tx := g.begin()
	els := tx.st.Elements
	rng := rand.New(rand.NewPCG(8, 13))
	check := func(d [4]geom.Point, dir geom.Dir) geom.Point {
		v, f := bestSlide(d, dir)
		rv, rf := everySlide(d, dir)
		if v != rv || f != rf {
			t.Fatalf("travels %v along %v: bestSlide %v (%d), every slide %v (%d)", d, dir, v, f, rv, rf)
		}
		return v
	}
	slid := 0
	for range 3000 {
		e, o := &els[rng.IntN(len(els))], &els[rng.IntN(len(els))]
		if !e.OnTable() || !o.OnTable() || e == o {
			continue
		}
		edge := geom.Edge(rng.IntN(4))
		w, dp := tx.size(e)
		to := geom.Against(o.Base, edge, w, dp)
		from := e.Base
		if rng.IntN(2) == 0 { // a waypoint near the target
			from = to.Translate(geom.Point{X: geom.Paces(rng.IntN(600) - 300), Y: geom.Paces(rng.IntN(600) - 300)})
			from.Facing += geom.Angle(rng.IntN(1024) - 512)
		}
		p, q := o.Base.Edge(edge)
		a, b := from.Corners(), to.Corners()
		var d [4]geom.Point
		for i := range d {
			d[i] = b[i].Sub(a[i])
		}
		if check(d, geom.Towards(geom.Bearing(q.Sub(p)))) != (geom.Point{}) {
			slid++
		}
	}
	if slid < 100 {
		t.Fatalf("only %d of the contacts slid: the test misses the slides", slid)
	}
	// Travels far beyond the pruned range, and square travels along an
	// axis where a slide forward and back tie.
	for range 500 {
		var d [4]geom.Point
		big := []int{1 << 10, 1 << 16, 1 << 22}[rng.IntN(3)]
		for i := range d {
			d[i] = geom.Point{X: geom.Sub(rng.IntN(2*big) - big), Y: geom.Sub(rng.IntN(2*big) - big)}
		}
		check(d, geom.Towards(geom.Angle(rng.IntN(int(geom.Turn)))))
		l := geom.Sub(rng.IntN(1 << 14))
		check([4]geom.Point{{X: l, Y: l}, {X: -l, Y: l}, {X: -l, Y: -l}, {X: l, Y: -l}}, geom.Towards(geom.Angle(rng.IntN(4))*geom.Turn/4))
	}
}
