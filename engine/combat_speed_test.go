package engine

import (
	"cmp"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
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
			// overlaps' reject: front corners that touch have fronts
			// within both half widths, a rounding and Tol.
			xc, yc := x.Base.Corners(), y.Base.Corners()
			for _, p := range []geom.Point{xc[geom.FrontLeft], xc[geom.FrontRight]} {
				for _, q := range []geom.Point{yc[geom.FrontLeft], yc[geom.FrontRight]} {
					reach := x.Base.Width/2 + y.Base.Width/2 + 4 + geom.Tol
					d := x.Base.Front.Sub(y.Base.Front)
					if geom.CornersTouch(p, q) && (d.X > reach || -d.X > reach || d.Y > reach || -d.Y > reach) {
						t.Fatalf("pair %d: front corners touch %v beyond the reach %d", i, d, reach)
					}
				}
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
		for _, id := range []int{0, -1, 4, 99, 100001, math.MaxInt32} {
			if got := sc.index(id); got != -1 {
				t.Fatalf("ids %v: index(%d) = %d, want -1", ids, id, got)
			}
		}
	}
}

// sweepTable is a transaction on n random elements of two sides: most
// placed against an edge of one placed before (front to front, on a
// flank, in the rear, slid along), some apart, a few off the table.
func sweepTable(rng *rand.Rand, n int) *tx {
	sc := &Scenario{byID: map[int]int{}, Table: TableSpec{Width: 3000, Height: 3000}}
	st := &state{Side: rng.IntN(2)}
	types := []rules.Type{rules.Blades, rules.Knights, rules.Behemoths, rules.Hordes, rules.Warband, rules.Spears}
	for i := range n {
		ty := types[rng.IntN(len(types))]
		w, d := geom.Paces(rules.BaseWidth), geom.Paces(ty.Info().Depth)
		b := geom.Base{Front: geom.Point{X: geom.Paces(500 + rng.IntN(2000)), Y: geom.Paces(500 + rng.IntN(2000))},
			Facing: geom.Angle(rng.IntN(4) * 1024), Width: w, Depth: d}
		if i > 0 && rng.IntN(5) > 0 {
			o := st.Elements[rng.IntN(i)].Base
			b = geom.Against(o, geom.Edge(rng.IntN(4)), w, d)
			b.Front = b.Front.Add(geom.Offset(b.Facing+geom.East, geom.Paces(rng.IntN(5)*40-80)))
		}
		e := Element{ID: i + 1, Side: rng.IntN(2), Type: ty, Base: b}
		if rng.IntN(12) == 0 {
			e.Status = Destroyed
		}
		st.Elements = append(st.Elements, e)
		sc.Elements = append(sc.Elements, ElementSpec{ID: e.ID, Name: "e" + itoa(e.ID)})
		sc.byID[e.ID] = i
	}
	return &tx{Game: &Game{sc: sc}, st: st}
}

// scanEnterClose is enterClose and pairings as they were before the
// sweep: a search of the table per element, the turns as they come.
func scanEnterClose(t *tx) {
	els := t.st.Elements
	var buf [scanBuf]int
	for i := range els {
		x := &els[i]
		if !x.OnTable() || x.Type == rules.Stronghold {
			continue
		}
		var z *Element
		for _, k := range t.nearby(buf[:0], x) {
			if o := &els[k]; o.Side != x.Side && o.OnTable() && near(o, x) && flankedBy(o, x) >= 0 {
				z = o
				break
			}
		}
		if z == nil || t.frontBusy(x) {
			continue
		}
		w, d := t.size(x)
		if to := geom.Against(z.Base, geom.Front, w, d); t.roomFor(x, to, z) {
			t.setBase(x, to)
			t.emitEl(EvTurned, CodeTurned, x, z, Event{To: t.poseAt(to)})
		}
	}
	type cand struct {
		a, b int
		l    geom.Sub
	}
	var cs []cand
	for i := range els {
		a := &els[i]
		for _, j := range t.nearby(buf[:0], a) {
			b := &els[j]
			if !a.OnTable() || j <= i || a.Side == b.Side || !b.OnTable() || !near(a, b) {
				continue
			}
			if l := geom.EdgesAgainst(a.Base, geom.Front, b.Base, geom.Front); l > 0 {
				cs = append(cs, cand{i, j, l})
			}
		}
	}
	slices.SortFunc(cs, func(p, q cand) int {
		return cmp.Or(cmp.Compare(q.l, p.l), cmp.Compare(p.a, q.a), cmp.Compare(p.b, q.b))
	})
	busy := make([]bool, len(els))
	var ps []pair
	add := func(i, j int) {
		busy[i], busy[j] = true, true
		a, b := &els[i], &els[j]
		if a.Side != t.st.Side {
			a, b = b, a
		}
		ps = append(ps, pair{a.ID, b.ID})
	}
	for _, c := range cs {
		if !busy[c.a] && !busy[c.b] {
			add(c.a, c.b)
		}
	}
	for i := range els {
		x := &els[i]
		if busy[i] || !x.OnTable() {
			continue
		}
		j := -1
		for _, k := range t.nearby(buf[:0], x) {
			if z := &els[k]; z.Side != x.Side && z.OnTable() && !busy[k] && near(z, x) && flankedBy(z, x) >= 0 {
				j = k
				break
			}
		}
		if j >= 0 && !t.frontBusy(x) {
			add(j, i)
		}
	}
	t.st.Pending = ps
}

// The sweep's close combat phase start turns the same elements the same
// way and lists the same combats, in the same order, as searching the
// table element by element: on crowded random tables with contacts of
// every kind.
func TestSweepPairsAsScanning(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	turns, combats, flanks := 0, 0, 0
	for round := range 400 {
		swept := sweepTable(rng, 12+rng.IntN(50))
		scanned := &tx{Game: swept.Game, st: swept.st.clone()}
		if err := swept.enterClose(); err != nil {
			t.Fatal(err)
		}
		scanEnterClose(scanned)
		if !reflect.DeepEqual(swept.st.Pending, scanned.st.Pending) || !reflect.DeepEqual(swept.st.Elements, scanned.st.Elements) {
			t.Fatalf("round %d: the sweep pairs %v, scanning %v", round, swept.st.Pending, scanned.st.Pending)
		}
		var evs []Event
		for _, e := range swept.events {
			if e.Kind == EvTurned {
				evs = append(evs, e)
			}
		}
		if !reflect.DeepEqual(evs, scanned.events) {
			t.Fatalf("round %d: the sweep turns %v, scanning %v", round, texts(evs), texts(scanned.events))
		}
		turns += len(evs)
		combats += len(swept.st.Pending)
		for _, p := range swept.st.Pending {
			a, b := swept.el(p.A), swept.el(p.B)
			if flankedBy(a, b) >= 0 || flankedBy(b, a) >= 0 {
				flanks++
			}
		}
	}
	if turns < 50 || combats < 1000 || flanks < 20 {
		t.Fatalf("the tables gave only %d turns, %d combats, %d flank combats", turns, combats, flanks)
	}
	t.Logf("%d turns, %d combats, %d of them flank or rear", turns, combats, flanks)
}

// A listed combat whose elements no longer touch, or one of which has
// left the table, is not fought: it reports them apart and rolls no die.
func TestApartCombatNotFought(t *testing.T) {
	for _, c := range []struct {
		name string
		part func(y *Element)
	}{
		{"stepped back", func(y *Element) { y.Base = y.Base.Forward(-geom.Paces(100)) }},
		{"turned away", func(y *Element) { y.Base.Facing += geom.East }},
		{"destroyed", func(y *Element) { y.Status = Destroyed }},
		{"still fighting", func(y *Element) {}},
	} {
		g, _, err := New(benchLine(&testing.B{}, 3, 0), dice.NewPCG(1), rules.Rulings{})
		if err != nil {
			t.Fatal(err)
		}
		toClose(t, g)
		tx := g.begin()
		p := tx.st.Pending[0]
		c.part(tx.el(p.B))
		if err := tx.fight(p); err != nil {
			t.Fatal(err)
		}
		apart := len(tx.events) == 1 && tx.events[0].Code == CodeApart && tx.events[0].ID == p.A && tx.events[0].Other == p.B
		if want := c.name != "still fighting"; apart != want {
			t.Fatalf("%s: apart %v, want %v: %s", c.name, apart, want, texts(tx.events))
		}
	}
}

// nearBoth finds what nearOf finds about each of the two, with spots
// and without.
func TestNearBothIsNearOfEach(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2))
	for round := range 200 {
		tx := sweepTable(rng, 10+rng.IntN(50))
		if round%2 == 0 {
			tx.keepSpots()
		}
		els := tx.st.Elements
		for range 10 {
			x, y := &els[rng.IntN(len(els))], &els[rng.IntN(len(els))]
			bx, by := tx.nearBoth(x, y, nil, nil)
			if wx, wy := tx.nearOf(x, nil), tx.nearOf(y, nil); !slices.Equal(bx, wx) || !slices.Equal(by, wy) {
				t.Fatalf("round %d: nearBoth gives %d and %d elements, nearOf %d and %d", round, len(bx), len(by), len(wx), len(wy))
			}
		}
	}
}

// frontAgainst is againstEdge by its definition: the edge of b that a's
// front edge is flush against, of all four tried, or -1.
func frontAgainst(a, b *Element) geom.Edge {
	best, edge := geom.Sub(0), geom.Edge(-1)
	for ed := geom.Front; ed <= geom.Left; ed++ {
		if l := geom.EdgesAgainst(a.Base, geom.Front, b.Base, ed); l > best {
			best, edge = l, ed
		}
	}
	return edge
}
