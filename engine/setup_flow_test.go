package engine_test

import (
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/standard"
	"pelennor/terrain"
)

// The lower die defends, ties are rolled again; the defender lays the
// terrain, the attacker rolls for the edges, the defender deploys first
// and has the first bound.
func TestSetupOrder(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		_, g := setupGame(t, seed)
		var dice [2]int
		for {
			step, side := g.SetupStep()
			if step != engine.StepRoll {
				break
			}
			evs, err := g.Apply(engine.Action{Kind: engine.ActDefenderRoll})
			if err != nil {
				t.Fatal(err)
			}
			dice[side] = evs[0].Value
		}
		def, ok := g.Defender()
		if !ok || dice[def] >= dice[1-def] {
			t.Fatalf("seed %d: dice %v, defender %d", seed, dice, def)
		}
		if got := g.SetupActions(); len(got) != 2 || got[0] != engine.ActTerrain || got[1] != engine.ActTerrainDone {
			t.Fatalf("seed %d: the terrain step offers %v", seed, got)
		}
		if _, side := g.SetupStep(); side != def || len(g.SetupProblems()) == 0 {
			t.Fatalf("seed %d: the defender lays a bare table with problems; side %d to act, %d problems", seed, side, len(g.SetupProblems()))
		}
		setupUntil(t, g, standard.Generated(seed, [2]string{}), atStep(engine.StepStronghold))
		if _, side := g.SetupStep(); side != def || len(g.SetupProblems()) != 0 {
			t.Fatalf("seed %d: stronghold by side %d, want the defender %d", seed, side, def)
		}
		ea, _ := g.BaseEdge(1 - def)
		ed, _ := g.BaseEdge(def)
		if ed != ea.Opposite() {
			t.Fatalf("seed %d: edges %v and %v", seed, ea, ed)
		}
		setupUntil(t, g, nil, inDeploy)
		if _, side := g.ToAct(); side != def {
			t.Fatalf("seed %d: side %d deploys first, want the defender %d", seed, side, def)
		}
		setupUntil(t, g, nil, func(g *engine.Game) bool { return g.Phase() != engine.PhaseDeploy })
		if _, side := g.ToAct(); g.Bound() != 1 || side != def || g.Phase() != engine.PhaseMove {
			t.Fatalf("seed %d: bound %d to side %d in %s, want bound 1 to the defender %d", seed, g.Bound(), side, g.Phase(), def)
		}
		tbl := terrain.Table{Width: 2400, Height: 2400}
		for _, e := range g.Elements() {
			edge := map[bool]terrain.Edge{true: ed, false: ea}[e.Side == def]
			spec, _ := g.Scenario().Spec(e.ID)
			want := !spec.Reserve && !(e.Type.String() == "Stronghold" && e.Side != def)
			if e.OnTable() != want {
				t.Fatalf("seed %d: %s on the table %v, want %v", seed, spec.Name, e.OnTable(), want)
			}
			if p := tbl.DeployProblem(edge, e.Base); e.OnTable() && p != nil {
				t.Fatalf("seed %d: %s deployed out of its zone: %s", seed, spec.Name, p.Describe())
			}
		}
	}
}

// The terrain ops change the feature they name; the problems follow.
func TestSetupTerrainOps(t *testing.T) {
	_, g := setupGame(t, 2)
	setupUntil(t, g, nil, atStep(engine.StepTerrain))
	wood := terrain.Feature{Name: "Copse", Kind: "wood", Shape: "oval", X: 600, Y: 600, Width: 400, Depth: 300}
	steps := []struct {
		a    engine.Action
		want func(fs []terrain.Feature) bool
	}{
		{engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &wood}, func(fs []terrain.Feature) bool { return len(fs) == 1 && fs[0].X == 600 }},
		{engine.Action{Kind: engine.ActTerrain, Op: engine.OpMove, To: &engine.Pose{X: 900, Y: 700}}, func(fs []terrain.Feature) bool { return fs[0].X == 900 && fs[0].Y == 700 }},
		{engine.Action{Kind: engine.ActTerrain, Op: engine.OpTurn, To: &engine.Pose{Facing: 1024}}, func(fs []terrain.Feature) bool { return fs[0].Facing == 1024 }},
		{engine.Action{Kind: engine.ActTerrain, Op: engine.OpResize, Width: 500, Depth: 350}, func(fs []terrain.Feature) bool { return fs[0].Width == 500 && fs[0].Depth == 350 }},
		{engine.Action{Kind: engine.ActTerrain, Op: engine.OpRemove}, func(fs []terrain.Feature) bool { return len(fs) == 0 }},
	}
	for i, s := range steps {
		if _, err := g.Apply(s.a); err != nil {
			t.Fatalf("step %d (%s): %v", i, s.a.Op, err)
		}
		if fs := g.SetupTerrain(); !s.want(fs) {
			t.Fatalf("step %d (%s): features %+v", i, s.a.Op, fs)
		}
	}
	for i, f := range terrain.Generate(2, terrain.Options{}) {
		if i == 0 && len(g.SetupProblems()) == 0 {
			t.Fatal("no problems before the layout is complete")
		}
		if _, err := g.Apply(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}); err != nil {
			t.Fatal(err)
		}
	}
	if ps := g.SetupProblems(); len(ps) != 0 {
		t.Fatalf("the generated layout has problems: %v", ps)
	}
}

// A saved set-up and the game after it replay to the same game on the
// scenario the save carries (refused if it is not the one it names), and
// the replay's scenario holds the laid terrain.
func TestSetupReplay(t *testing.T) {
	sc, g := setupGame(t, 9)
	acts, err := standard.AutoSetup(g, standard.Generated(9, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	acts = append(acts, engine.Action{Kind: engine.ActEndBound})
	seed := uint64(9)
	save, rec, err := engine.Record(sc, &seed, nil, engine.Options{}, acts)
	if err != nil {
		t.Fatal(err)
	}
	data, err := save.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := engine.ParseSave("setup.json", data)
	if err != nil {
		t.Fatal(err)
	}
	carried, err := parsed.EmbeddedScenario("setup.json")
	if err != nil || carried == nil || carried.Checksum() != sc.Checksum() {
		t.Fatalf("the save does not carry its scenario: %v, %v", carried, err)
	}
	again, _, err := engine.Replay(parsed, carried)
	if err != nil {
		t.Fatal(err)
	}
	parsed.Scenario.Embedded = strings.Replace(parsed.Scenario.Embedded, `"version": 1`, `"version": 2`, 1)
	if _, err := parsed.EmbeddedScenario("setup.json"); err == nil || !strings.Contains(err.Error(), "setup.json") {
		t.Fatalf("a save carrying another scenario than it names: %v", err)
	}
	if again.Hash() != rec.Hash() || again.Bound() != 2 {
		t.Fatalf("replay hash %s bound %d, recorded %s bound %d", again.Hash(), again.Bound(), rec.Hash(), rec.Bound())
	}
	if n, want := len(again.Scenario().Features()), len(again.SetupTerrain()); n != want || n == 0 {
		t.Fatalf("the replayed scenario has %d features, the set-up laid %d", n, want)
	}
	if len(sc.Features()) != 0 {
		t.Fatal("the set-up changed the scenario it started from")
	}
}

// Time called: the bound in progress is finished, then the game is a
// draw.
func TestTimeCalled(t *testing.T) {
	_, g := setupGame(t, 4)
	if _, err := standard.AutoSetup(g, standard.Generated(4, [2]string{})); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(engine.Action{Kind: engine.ActTimeCalled}); err != nil {
		t.Fatal(err)
	}
	if g.Phase() == engine.PhaseOver {
		t.Fatal("time ended the game before the bound in progress was finished")
	}
	if _, err := g.Apply(engine.Action{Kind: engine.ActTimeCalled}); err == nil {
		t.Fatal("time called twice")
	}
	evs, err := g.Apply(engine.Action{Kind: engine.ActEndBound})
	if err != nil {
		t.Fatal(err)
	}
	last := evs[len(evs)-1]
	if g.Phase() != engine.PhaseOver || g.Winner() != -1 || last.Code != engine.CodeTimeDraw || g.Bound() != 1 {
		t.Fatalf("after the bound: phase %s, winner %d, last event %s, bound %d", g.Phase(), g.Winner(), last.Code, g.Bound())
	}
}
