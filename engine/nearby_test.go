package engine

import (
	"flag"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// spotsTable is a transaction on n random elements, some off the table,
// for the tests of spots alone.
func spotsTable(rng *rand.Rand, n int) *tx {
	sc := &Scenario{byID: map[int]int{}}
	st := &state{}
	for i := range n {
		e := Element{ID: i + 1, Base: geom.Base{
			Front:  geom.Point{X: geom.Sub(rng.IntN(20000)), Y: geom.Sub(rng.IntN(6000))},
			Facing: geom.Angle(rng.IntN(4096)), Width: geom.Paces(150), Depth: geom.Paces(20 + rng.IntN(60))}}
		if rng.IntN(10) == 0 {
			e.Status = Destroyed
		}
		st.Elements = append(st.Elements, e)
		sc.byID[e.ID] = i
	}
	return &tx{Game: &Game{sc: sc}, st: st}
}

// checkSpots fails unless t's spots hold every element once, in order of
// front x, where its base now stands.
func checkSpots(t *testing.T, tx *tx) {
	t.Helper()
	s := tx.spots
	if !slices.IsSorted(s.xs) {
		t.Fatalf("spots out of order: %v", s.xs)
	}
	for k, i := range s.order {
		b := tx.st.Elements[i].Base
		if s.at[i] != k || s.xs[k] != b.Front.X || s.ys[k] != b.Front.Y {
			t.Fatalf("spot %d holds element %d at (%d, %d), at %d; its base is at %v", k, i, s.xs[k], s.ys[k], s.at[i], b.Front)
		}
		if boundsReach(&b) > s.reach {
			t.Fatalf("reach %d is short of element %d's %d", s.reach, i, boundsReach(&b))
		}
	}
}

// Every element near another is among its nearby ones, and every element
// whose bounds meet a box among those meeting it, in index order once
// each, also after bases have moved (and grown) by setBase; without
// spots, nearby and meeting give every element.
func TestSpotsFindEveryNearElement(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 4))
	for round := range 50 {
		tx := spotsTable(rng, 60)
		els := tx.st.Elements
		if got := tx.nearby(nil, &els[0]); !slices.Equal(got, upTo[:len(els)]) {
			t.Fatalf("without spots nearby gives %v", got)
		}
		tx.keepSpots()
		checkSpots(t, tx)
		for range 8 {
			e := &els[rng.IntN(len(els))]
			b := e.Base
			b.Front.X += geom.Sub(rng.IntN(8000) - 4000)
			b.Front.Y += geom.Sub(rng.IntN(2000) - 1000)
			b.Depth += geom.Paces(rng.IntN(100))
			tx.setBase(e, b)
			checkSpots(t, tx)
		}
		for i := range els {
			e := &els[i]
			got := tx.nearby(nil, e)
			if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
				t.Fatalf("round %d: nearby(%d) = %v, not in index order once each", round, i, got)
			}
			box := geom.BoxOf(e.Base.Poly()).Grow(geom.Paces(rng.IntN(400)))
			meet := tx.meeting(nil, box)
			for j := range els {
				if near(e, &els[j]) && !slices.Contains(got, j) {
					t.Fatalf("round %d: %d is near %d but not nearby: %v", round, j, i, got)
				}
				if box.Meets(els[j].Base.Bounds()) && !slices.Contains(meet, j) {
					t.Fatalf("round %d: %d meets the box about %d but is not among %v", round, j, i, meet)
				}
			}
		}
		tx.dropSpots()
	}
}

// sortNearlySorted sorts whatever it is given: sorted, nearly sorted,
// reversed (where its budget runs out) and shuffled keys.
func TestSortNearlySorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, n := range []int{0, 1, 2, 7, 80, 150} {
		sorted := make([]int64, n)
		for i := range sorted {
			sorted[i] = int64(rng.IntN(1000))<<keyBits | int64(i)
		}
		slices.Sort(sorted)
		cases := map[string]func([]int64){
			"sorted":   func([]int64) {},
			"reversed": slices.Reverse[[]int64],
			"shuffled": func(k []int64) { rng.Shuffle(len(k), func(i, j int) { k[i], k[j] = k[j], k[i] }) },
			"nearly": func(k []int64) {
				for range 3 {
					if len(k) > 1 {
						i, j := rng.IntN(len(k)), rng.IntN(len(k))
						k[i], k[j] = k[j], k[i]
					}
				}
			},
		}
		for name, mess := range cases {
			keys := slices.Clone(sorted)
			mess(keys)
			sortNearlySorted(keys)
			if !slices.Equal(keys, sorted) {
				t.Errorf("%d keys %s: sorted to %v", n, name, keys)
			}
		}
	}
}

// fightAll fights every pending close combat of g on a copy, with spots
// or scanning the table, and returns the events and the elements after.
func fightAll(t *testing.T, g *Game, spots bool) ([]Event, []Element) {
	t.Helper()
	tx := g.begin()
	if spots {
		tx.keepSpots()
	}
	for len(tx.st.Pending) > 0 {
		if err := tx.fight(tx.st.Pending[0]); err != nil {
			t.Fatal(err)
		}
	}
	return tx.events, tx.st.Elements
}

// The close combats fought with spots do exactly what they do scanning
// the whole table: on the benchmark's lines, and at every close combat
// phase of the golden Pelennor game (recoils, pushes, flights, follow-ups,
// flank attacks).
func TestSpotsChangeNoCombat(t *testing.T) {
	same := func(what string, g *Game) {
		t.Helper()
		e1, s1 := fightAll(t, g, true)
		e2, s2 := fightAll(t, g, false)
		if !reflect.DeepEqual(e1, e2) || !reflect.DeepEqual(s1, s2) {
			t.Fatalf("%s: the combats differ with spots:\n%v\nscanning:\n%v", what, texts(e1), texts(e2))
		}
	}
	for _, gap := range []int{0, 40} {
		g, _, err := New(benchLine(&testing.B{}, 40, gap), dice.NewPCG(3), rules.Rulings{})
		if err != nil {
			t.Fatal(err)
		}
		toClose(t, g)
		same("the lines", g)
	}
	s, sc := goldenPelennor(t)
	src, err := s.source(nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := NewGame(sc, src, Options{Rulings: s.Rulings, Deployment: s.Deployment})
	if err != nil {
		t.Fatal(err)
	}
	phases := 0
	for i, a := range s.Actions {
		if g.Phase() == PhaseClose && len(g.st.Pending) > 0 {
			same("before golden action "+itoa(i), g)
			phases++
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("golden action %d: %v", i, err)
		}
	}
	if phases == 0 {
		t.Fatal("the golden game never stops in a close combat phase with combats to fight")
	}
	t.Logf("%d close combat phases of the golden game compared", phases)
}

// Every test of the package checks that a search answered from the
// committed position's view finds the bases as that view has them;
// benchmarks time the engine without the check.
func TestMain(m *testing.M) {
	flag.Parse()
	checkViews = flag.Lookup("test.bench").Value.String() == ""
	os.Exit(m.Run())
}
