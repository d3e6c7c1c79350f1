package engine_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"pelennor/engine"
	"pelennor/standard"
	"pelennor/terrain"
)

// Random set-up actions, legal or not, never crash the engine: Check
// agrees with Apply, a refusal is an *IllegalError that changes nothing,
// and a game that gets through its set-up stands legally deployed.
func TestSetupRandomActions(t *testing.T) {
	kinds := []string{engine.ActDefenderRoll, engine.ActTerrain, engine.ActTerrainDone, engine.ActEdgeRoll,
		engine.ActStronghold, engine.ActEndPhase, engine.ActDeploy, engine.ActTimeCalled, engine.ActMove}
	ops := []string{engine.OpPlace, engine.OpMove, engine.OpTurn, engine.OpResize, engine.OpRemove, "bad"}
	through := 0
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		_, g := setupGame(t, seed)
		gen := terrain.Generate(seed, terrain.Options{})
		num := func() int { return rng.IntN(2800) - 200 }
		for i := 0; i < 400 && g.Bound() == 0; i++ {
			a := engine.Action{Kind: kinds[rng.IntN(len(kinds))], Op: ops[rng.IntN(len(ops))], Index: rng.IntN(8) - 1,
				ID: rng.IntN(30), Width: rng.IntN(900) - 100, Depth: rng.IntN(900) - 100}
			if rng.IntN(4) > 0 {
				a.To = &engine.Pose{X: num(), Y: num(), Facing: rng.IntN(4096)}
			}
			if rng.IntN(3) > 0 {
				f := gen[rng.IntN(len(gen))]
				if rng.IntN(3) == 0 {
					f = f.Moved(num()-1200, num()-1200)
				}
				a.Feature = &f
			}
			if rng.IntN(6) == 0 { // now and then, what the automatic set-up would do
				a, _ = standard.Next(g, standard.Fixed(gen))
			}
			before := g.Hash()
			checked := g.Check(a)
			_, err := g.Apply(a)
			if (checked == nil) != (err == nil) {
				t.Fatalf("seed %d action %d %+v: Check says %v, Apply %v", seed, i, a, checked, err)
			}
			var ie *engine.IllegalError
			if err != nil && (!errors.As(err, &ie) || g.Hash() != before) {
				t.Fatalf("seed %d action %d %+v: %v (hash changed: %v)", seed, i, a, err, g.Hash() != before)
			}
		}
		if g.Phase() == engine.PhaseSetup {
			continue
		}
		through++
		for _, e := range g.Elements() {
			edge, _ := g.BaseEdge(e.Side)
			if p := terrain.Standard.DeployProblem(edge, e.Base); e.OnTable() && p != nil {
				t.Fatalf("seed %d: element %d stands out of its zone: %s", seed, e.ID, p.Describe())
			}
		}
	}
	if through == 0 {
		t.Fatal("no random game got through its set-up: the test reaches too little")
	}
}
