package engine_test

import (
	"errors"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/standard"
	"pelennor/terrain"
)

// setupGame starts the standard battle of Gondor against Mordor.
func setupGame(t *testing.T, seed uint64) (*engine.Scenario, *engine.Game) {
	t.Helper()
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.NewGame(sc, dice.NewPCG(seed), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc, g
}

// setupUntil plays the automatic set-up until done says stop.
func setupUntil(t *testing.T, g *engine.Game, lay standard.Layer, done func(*engine.Game) bool) {
	t.Helper()
	for !done(g) {
		a, ok := standard.Next(g, lay)
		if !ok {
			t.Fatal("the set-up ended before the position wanted")
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", a.Kind, err)
		}
	}
}

func atStep(s engine.SetupStep) func(*engine.Game) bool {
	return func(g *engine.Game) bool { st, _ := g.SetupStep(); return st == s && g.Phase() == engine.PhaseSetup }
}

func inDeploy(g *engine.Game) bool { return g.Phase() == engine.PhaseDeploy }

// Every set-up step takes its own actions and refuses the others, and
// each action's own mistakes, with a typed code.
func TestSetupActions(t *testing.T) {
	lay := standard.Generated(5, [2]string{})
	wood := terrain.Feature{Name: "Copse", Kind: "wood", Shape: "oval", X: 1200, Y: 1200, Width: 400, Depth: 300}
	far := func(g *engine.Game) *engine.Pose {
		_, side := g.SetupStep()
		e, _ := g.BaseEdge(side)
		return &engine.Pose{X: 1200, Y: map[terrain.Edge]int{terrain.North: 2000, terrain.South: 400}[e]}
	}
	apart := func(g *engine.Game) *engine.Pose {
		p, _ := g.StrongholdSpot()
		_, side := g.SetupStep()
		if e, _ := g.BaseEdge(side); e == terrain.North {
			p.Y += 200
		} else {
			p.Y -= 200
		}
		return &p
	}
	cases := []struct {
		name string
		at   func(*engine.Game) bool
		act  func(*engine.Game) engine.Action
		code string // "" legal
	}{
		{"roll", atStep(engine.StepRoll), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActDefenderRoll} }, ""},
		{"terrain before the roll", atStep(engine.StepRoll), func(*engine.Game) engine.Action {
			return engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &wood}
		}, "setup.step"},
		{"a move in the set-up", atStep(engine.StepRoll), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActMove, ID: 1} }, "setup.step"},
		{"end_phase in the set-up", atStep(engine.StepRoll), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActEndPhase} }, "setup.step"},
		{"time in the set-up", atStep(engine.StepRoll), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActTimeCalled} }, "time.setup"},
		{"place a wood", atStep(engine.StepTerrain), func(*engine.Game) engine.Action {
			return engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &wood}
		}, ""},
		{"place a wood beyond the world", atStep(engine.StepTerrain), func(*engine.Game) engine.Action {
			huge := wood
			huge.X = 1 << 30
			return engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &huge}
		}, "terrain.feature"},
		{"place nothing", atStep(engine.StepTerrain), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace} }, "terrain.feature"},
		{"unknown op", atStep(engine.StepTerrain), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActTerrain, Op: "paint"} }, "terrain.op"},
		{"remove what is not there", atStep(engine.StepTerrain), func(*engine.Game) engine.Action {
			return engine.Action{Kind: engine.ActTerrain, Op: engine.OpRemove, Index: 7}
		}, "terrain.index"},
		{"done on a bare table", atStep(engine.StepTerrain), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActTerrainDone} }, "terrain.problems"},
		{"edge die before the terrain", atStep(engine.StepTerrain), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActEdgeRoll} }, "setup.step"},
		{"edge die", atStep(engine.StepEdge), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActEdgeRoll} }, ""},
		{"stronghold before the edges", atStep(engine.StepEdge), func(*engine.Game) engine.Action {
			return engine.Action{Kind: engine.ActStronghold, To: &engine.Pose{X: 1200, Y: 160}}
		}, "setup.step"},
		{"stronghold nowhere", atStep(engine.StepStronghold), func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActStronghold} }, "stronghold.pose"},
		{"stronghold across the table", atStep(engine.StepStronghold), func(g *engine.Game) engine.Action {
			return engine.Action{Kind: engine.ActStronghold, To: far(g)}
		}, string(terrain.DeployBeyond)},
		{"stronghold off its edge", atStep(engine.StepStronghold), func(g *engine.Game) engine.Action {
			return engine.Action{Kind: engine.ActStronghold, To: apart(g)}
		}, string(terrain.StrongholdApart)},
		{"stronghold on its edge", atStep(engine.StepStronghold), func(g *engine.Game) engine.Action {
			p, _ := g.StrongholdSpot()
			return engine.Action{Kind: engine.ActStronghold, To: &p}
		}, ""},
		{"deploy an enemy", inDeploy, func(g *engine.Game) engine.Action {
			_, side := g.ToAct()
			for _, e := range g.Elements() {
				if e.Side != side && e.OnTable() {
					return engine.Action{Kind: engine.ActDeploy, ID: e.ID, To: &engine.Pose{X: 1200, Y: 1200}}
				}
			}
			return engine.Action{}
		}, "element.enemy"},
		{"deploy beyond the zone", inDeploy, func(g *engine.Game) engine.Action {
			_, side := g.ToAct()
			for _, e := range g.Elements() {
				if e.Side == side && e.OnTable() && !e.General && e.Type.String() != "Stronghold" {
					return engine.Action{Kind: engine.ActDeploy, ID: e.ID, To: &engine.Pose{X: 1200, Y: 1200}}
				}
			}
			return engine.Action{}
		}, "deploy.zone"},
		{"time in the deployment", inDeploy, func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActTimeCalled} }, "time.setup"},
		{"end the deployment", inDeploy, func(*engine.Game) engine.Action { return engine.Action{Kind: engine.ActEndPhase} }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, g := setupGame(t, 3)
			setupUntil(t, g, lay, c.at)
			before := g.Hash()
			_, err := g.Apply(c.act(g))
			var ie *engine.IllegalError
			switch {
			case c.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.code != "" && !errors.As(err, &ie):
				t.Fatalf("got %v, want refusal %s", err, c.code)
			case c.code != "" && ie.Code != c.code:
				t.Fatalf("refused with %s (%v), want %s", ie.Code, err, c.code)
			case c.code != "" && g.Hash() != before:
				t.Fatal("a refused action changed the game")
			}
		})
	}
}
