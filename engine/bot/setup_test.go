package bot

import (
	"encoding/json"
	"slices"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/standard"
)

// The bot plays a standard battle's set-up: on a fresh game it takes the
// automatic set-up's actions (the defender roll, the terrain of the
// generator seeded with the game's seed, the edge roll, the stronghold,
// each deployment ended), each legal, up to the defender's first bound;
// and Play, given only the set-up scenario, plays whole games from there.
func TestBotPlaysTheSetup(t *testing.T) {
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 4; seed++ {
		auto, _, err := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
		if err != nil {
			t.Fatal(err)
		}
		want, err := standard.AutoSetup(auto, standard.Generated(seed, [2]string{}))
		if err != nil {
			t.Fatalf("seed %d: the automatic set-up: %v", seed, err)
		}
		g, _, err := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
		if err != nil {
			t.Fatal(err)
		}
		b := newFor(seed)
		var got []engine.Action
		for g.Phase() == engine.PhaseSetup || g.Phase() == engine.PhaseDeploy {
			a := b.Next(g)
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: set-up action %d: the bot chose an illegal %s: %v", seed, len(got), a.Kind, err)
			}
			got = append(got, a)
		}
		if !slices.EqualFunc(got, want, sameAction) {
			t.Errorf("seed %d: the bot's set-up differs from the automatic one:\n got %v\nwant %v", seed, got, want)
		}
		if g.Bound() != 1 || g.Phase() != engine.PhaseMove || g.Hash() != auto.Hash() {
			t.Errorf("seed %d: after the set-up: bound %d, phase %v, hash %s; want bound 1 moving, hash %s", seed, g.Bound(), g.Phase(), g.Hash(), auto.Hash())
		}
		out, err := Play(sc, seed, 150)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if out.Bounds < 2 || out.Actions <= len(want) {
			t.Errorf("seed %d: Play stopped after %d bounds, %d actions (the set-up alone takes %d)", seed, out.Bounds, out.Actions, len(want))
		}
	}
}

// A bot told to lay a layout lays it, and a refused layout is refused at
// terrain_done, not swallowed: the bot only chooses among the engine's
// actions.
func TestBotLaysTheTerrainItIsGiven(t *testing.T) {
	_, sc, err := standard.Builtin("rohan", "isengard")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.New(sc, dice.NewPCG(9), *rulingsOf(sc))
	if err != nil {
		t.Fatal(err)
	}
	b := New(1)
	b.SetTerrain(standard.Fixed(nil))
	for g.Phase() == engine.PhaseSetup {
		a := b.Next(g)
		if _, err := g.Apply(a); err != nil {
			if a.Kind != engine.ActTerrainDone {
				t.Fatalf("%s refused: %v", a.Kind, err)
			}
			return // an empty table does not meet §13
		}
	}
	t.Fatal("an empty layout passed the set-up")
}

// sameAction compares actions as a save writes them.
func sameAction(a, b engine.Action) bool {
	x, errX := json.Marshal(a)
	y, errY := json.Marshal(b)
	return errX == nil && errY == nil && string(x) == string(y)
}
