package standard

import (
	"fmt"

	"pelennor/engine"
	"pelennor/terrain"
)

// Layer chooses the terrain the defender lays, once the dice have said
// which side defends.
type Layer func(defender int) []terrain.Feature

// Generated lays the seeded generator's terrain (terrain.Generate) in
// the style of each side's home terrain (styles[side], "" the default).
func Generated(seed uint64, styles [2]string) Layer {
	return func(defender int) []terrain.Feature {
		return terrain.Generate(seed, terrain.Options{Style: styles[defender]})
	}
}

// Fixed lays the given features whoever defends.
func Fixed(fs []terrain.Feature) Layer {
	return func(int) []terrain.Feature { return fs }
}

// Next returns the next action of an automatic set-up on g (false once
// the set-up and both deployments are over): a roll for who defends,
// the next of the features lay gives, terrain done, the attacker's edge
// die, the defender's stronghold at the first legal spot along its edge
// (engine StrongholdSpot), and the end of each deployment as the engine
// has laid the armies out (ruling S5). A bot may take the set-up's
// actions from it.
func Next(g *engine.Game, lay Layer) (engine.Action, bool) {
	step, side := g.SetupStep()
	switch step {
	case engine.StepRoll:
		return engine.Action{Kind: engine.ActDefenderRoll}, true
	case engine.StepTerrain:
		fs, laid := lay(side), len(g.SetupTerrain())
		if laid < len(fs) {
			f := fs[laid]
			return engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}, true
		}
		return engine.Action{Kind: engine.ActTerrainDone}, true
	case engine.StepEdge:
		return engine.Action{Kind: engine.ActEdgeRoll}, true
	case engine.StepStronghold:
		p, ok := g.StrongholdSpot()
		if !ok {
			p = engine.Pose{} // refused: the error says why
		}
		return engine.Action{Kind: engine.ActStronghold, To: &p}, true
	}
	if g.Phase() == engine.PhaseDeploy {
		return engine.Action{Kind: engine.ActEndPhase}, true
	}
	return engine.Action{}, false
}

// AutoSetup plays Next's actions on g up to the defender's first bound
// and returns them, in order. A refused action is returned as the error,
// naming it (the terrain's §13 problems, for one).
func AutoSetup(g *engine.Game, lay Layer) ([]engine.Action, error) {
	var done []engine.Action
	for {
		a, ok := Next(g, lay)
		if !ok {
			return done, nil
		}
		if _, err := g.Apply(a); err != nil {
			return done, fmt.Errorf("set-up action %d (%s): %w", len(done), a.Kind, err)
		}
		done = append(done, a)
	}
}
