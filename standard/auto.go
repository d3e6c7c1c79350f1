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

// AutoSetup plays a standard battle's set-up on g as actions: both
// players' dice for who defends, the features lay gives, terrain done,
// the attacker's edge die, the defender's stronghold at the first legal
// spot along its edge, and both deployments as the engine lays them out
// (ruling S5). It returns the actions, in order, and stops at the
// defender's first bound. A refused action is returned as the error,
// naming it: the terrain's §13 problems, for one.
func AutoSetup(g *engine.Game, lay Layer) ([]engine.Action, error) {
	var done []engine.Action
	apply := func(a engine.Action) error {
		if _, err := g.Apply(a); err != nil {
			return fmt.Errorf("set-up action %d (%s): %w", len(done), a.Kind, err)
		}
		done = append(done, a)
		return nil
	}
	for {
		step, side := g.SetupStep()
		var err error
		switch step {
		case engine.StepRoll:
			err = apply(engine.Action{Kind: engine.ActDefenderRoll})
		case engine.StepTerrain:
			for _, f := range lay(side) {
				if err = apply(engine.Action{Kind: engine.ActTerrain, Op: engine.OpPlace, Feature: &f}); err != nil {
					return done, err
				}
			}
			err = apply(engine.Action{Kind: engine.ActTerrainDone})
		case engine.StepEdge:
			err = apply(engine.Action{Kind: engine.ActEdgeRoll})
		case engine.StepStronghold:
			p, ok := g.StrongholdSpot()
			if !ok {
				return done, fmt.Errorf("set-up: no legal place along its base edge for the defender's stronghold")
			}
			err = apply(engine.Action{Kind: engine.ActStronghold, To: &p})
		default:
			if g.Phase() != engine.PhaseDeploy {
				return done, nil
			}
			err = apply(engine.Action{Kind: engine.ActEndPhase})
		}
		if err != nil {
			return done, err
		}
	}
}
