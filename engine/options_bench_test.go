package engine

import "testing"

// fellBeastBound is the Pelennor table after Gondor's first bound: the
// Fell Beast (a Flyer, 1200 p) may move, with most of Gondor in reach.
func fellBeastBound(b *testing.B) *Game {
	g := pelennor(b, nil, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
	if _, err := g.Apply(Action{Kind: ActEndBound}); err != nil {
		b.Fatal(err)
	}
	if g.st.Side != 1 || g.Phase() != PhaseMove {
		b.Fatalf("side %d to act in the %s phase, want Mordor moving", g.st.Side, g.Phase())
	}
	return g
}

// BenchmarkContacts: every legal contact of the Fell Beast on the
// 78-element Pelennor table (issue 10 target ≤ 100 µs), asked as a
// player asks it (Game.Contacts, on a pooled copy of the state).
func BenchmarkContacts(b *testing.B) {
	g := fellBeastBound(b)
	cs, err := g.Contacts(pFlyer)
	if err != nil || len(cs) == 0 {
		b.Fatalf("the Fell Beast has no contacts (%v)", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		g.Contacts(pFlyer)
	}
	b.ReportMetric(float64(len(cs)), "contacts")
}

// BenchmarkMoveOptions: the whole MoveOptions of the Fell Beast (ways,
// allowances, reach outline and contacts).
func BenchmarkMoveOptions(b *testing.B) {
	g := fellBeastBound(b)
	b.ReportAllocs()
	for range b.N {
		if _, err := g.MoveOptions(pFlyer); err != nil {
			b.Fatal(err)
		}
	}
}
