package bot

import (
	"os"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

func load(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	data, err := os.ReadFile("../../scenarios/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The bot only ever chooses legal actions and games end, the same way
// for the same seed.
func TestBotPlaysWholeGames(t *testing.T) {
	for _, name := range []string{"skirmish", "pelennor"} {
		sc := load(t, name)
		for seed := uint64(1); seed <= 3; seed++ {
			a, err := Play(sc, seed, 60)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			b, _ := Play(sc, seed, 60)
			if a.Winner != b.Winner || a.Bounds != b.Bounds || a.Actions != b.Actions {
				t.Errorf("%s seed %d: replays differ: %+v vs %+v", name, seed, a, b)
			}
			t.Logf("%s seed %d: winner %d after %d bounds, %d actions, events %v, broken %v", name, seed, a.Winner, a.Bounds, a.Actions, a.Events, a.Broken)
		}
	}
}

// The bot's shortcuts never skip a legal contact: at the start of every
// move phase of a game, every contact they call too far is refused by the
// engine. Pairs far beyond the shortcuts' margins are left out (the test
// would only take longer).
func TestShortcutsSkipOnlyIllegalContacts(t *testing.T) {
	sc := load(t, "pelennor")
	g, _, err := engine.New(sc, dice.NewPCG(3), *rulingsOf(sc))
	if err != nil {
		t.Fatal(err)
	}
	b, skipped, bound := New(3^0x5eed), 0, 0
	for g.Winner() < 0 && g.Bound() <= 20 {
		if g.Phase() == engine.PhaseMove && g.Bound() != bound {
			bound = g.Bound()
			_, side := g.ToAct()
			els := g.Elements()
			for _, e := range els {
				if e.Side != side || !e.OnTable() || e.Type == rules.Stronghold {
					continue
				}
				good, bad, road := g.Rulings().Move(e.Type)
				most := max(good, bad, road, rules.RiverMove)
				for _, o := range els {
					if o.Side == side || !o.OnTable() || e.Base.Bounds().Gap(o.Base.Bounds()) > geom.Paces(most+400) {
						continue
					}
					for _, edge := range contactEdges {
						if mayReach(e, o, most) && !tooFar(e, o, edge.edge, most) {
							continue
						}
						skipped++
						a := engine.Action{Kind: engine.ActMove, ID: e.ID, Contact: &engine.Contact{Target: o.ID, Edge: edge.name}}
						if err := g.Check(a); err == nil {
							t.Fatalf("bound %d: the bot would skip the legal contact of %d with the %s of %d", bound, e.ID, edge.name, o.ID)
						}
					}
				}
			}
		}
		if _, err := g.Apply(b.Next(g)); err != nil {
			t.Fatal(err)
		}
	}
	if skipped < 100 {
		t.Fatalf("only %d contacts near the margins were tried", skipped)
	}
	t.Logf("%d skipped contacts near the margins, all illegal", skipped)
}

// nearestEnemy, with its box bounds, picks what measuring every enemy
// picks: the nearest, the first of equals.
func TestNearestEnemyAsMeasured(t *testing.T) {
	sc := load(t, "pelennor")
	g, _, err := engine.New(sc, dice.NewPCG(7), *rulingsOf(sc))
	if err != nil {
		t.Fatal(err)
	}
	b, checked := New(7^0x5eed), 0
	for g.Winner() < 0 && g.Bound() <= 12 {
		els := g.Elements()
		for _, e := range els {
			if !e.OnTable() {
				continue
			}
			var want engine.Element
			wantD := geom.Sub(-1)
			for _, o := range els {
				if d := geom.Dist(e.Base.Poly(), o.Base.Poly()); o.Side != e.Side && o.OnTable() && (wantD < 0 || d < wantD) {
					want, wantD = o, d
				}
			}
			if got, ok := b.nearestEnemy(els, e); ok != (wantD >= 0) || got.ID != want.ID {
				t.Fatalf("bound %d: nearest enemy of %d is %d (%v), measuring gives %d", g.Bound(), e.ID, got.ID, ok, want.ID)
			}
			checked++
		}
		if _, err := g.Apply(b.Next(g)); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d elements checked", checked)
	}
}
