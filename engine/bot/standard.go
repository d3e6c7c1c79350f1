package bot

import (
	"fmt"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/standard"
)

// Battle plays one standard battle of sc (a scenario with the standard
// set-up, standard.Scenario): two bots, the engine's dice seeded by seed,
// from the set-up (lay's terrain, the automatic set-up's actions) for at
// most maxBounds bounds. It returns how it went and every action, set-up
// included.
func Battle(sc *engine.Scenario, seed uint64, maxBounds int, lay standard.Layer) (Outcome, []engine.Action, error) {
	out := Outcome{Winner: -1}
	g, _, err := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
	if err != nil {
		return out, nil, err
	}
	b := New(seed ^ 0x5eed)
	b.SetTerrain(lay)
	var acts []engine.Action
	var evs []engine.Event
	for g.Phase() != engine.PhaseOver && g.Bound() <= maxBounds {
		a := b.Next(g)
		evs, err = g.ApplyTo(evs[:0], a)
		if err != nil {
			return out, nil, fmt.Errorf("bound %d: the bot chose an illegal %s: %v", g.Bound(), a.Kind, err)
		}
		for _, e := range evs {
			if e.Kind == engine.EvBroken {
				out.Broken = append(out.Broken, e.Command)
			}
		}
		acts = append(acts, a)
	}
	out.Winner, out.Bounds, out.Actions = g.Winner(), g.Bound(), len(acts)
	return out, acts, nil
}
