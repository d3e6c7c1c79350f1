package bot

import (
	"fmt"
	"slices"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/standard"
)

// Outcome is how one simulated game went.
type Outcome struct {
	Winner  int                 // 0 or 1, or -1 if the bound limit was reached
	Bounds  int                 // bounds played
	Events  map[int]int         // scenario event number -> bound it happened
	Broken  []string            // commands broken, in order
	Actions int                 // actions applied
	Moments map[engine.Code]int // scenario moments (see Moments) -> first bound seen
}

// Moments are the events worth counting in a balance report, by their
// codes: the scenario's, and a heroic duel's first blow.
var Moments = []engine.Code{
	engine.CodeActivated,
	engine.CodeGandalf,
	engine.CodeFellBeast,
	engine.CodeMerryEowyn,
	engine.CodePIPPenalty,
	engine.CodeDuelBlow, // the first blow of a heroic duel (with the ruling in play)
}

// Note counts an action's events into the outcome: the scenario events
// (an event counted as happened, P2, happened too), the moments and the
// commands broken. Every player's games are counted so (ai/arena too).
func (out *Outcome) Note(evs []engine.Event) {
	for _, e := range evs {
		if slices.Contains(Moments, e.Code) && out.Moments[e.Code] == 0 {
			out.Moments[e.Code] = e.Bound
		}
		switch e.Kind {
		case engine.EvScenario:
			if (e.Code == engine.CodeEvent || e.Code == engine.CodeEventCounted) && out.Events[e.N] == 0 {
				out.Events[e.N] = e.Bound
			}
		case engine.EvBroken:
			out.Broken = append(out.Broken, e.Command)
		}
	}
}

// Play plays one game of sc between two bots, with the engine's dice
// seeded by seed, for at most maxBounds bounds.
func Play(sc *engine.Scenario, seed uint64, maxBounds int) (Outcome, error) {
	g, evs, err := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Winner: -1, Events: map[int]int{}, Moments: map[engine.Code]int{}}
	out.Note(evs)
	b := newFor(seed)
	for g.Winner() < 0 && g.Bound() <= maxBounds {
		a := b.Next(g)
		evs, err = g.ApplyTo(evs[:0], a) // counted, then let go
		if err != nil {
			return out, fmt.Errorf("bound %d: the bot chose an illegal %s: %v", g.Bound(), a.Kind, err)
		}
		out.Actions++
		out.Note(evs)
	}
	out.Winner, out.Bounds = g.Winner(), g.Bound()
	return out, nil
}

// newFor is the bot of a game seeded with seed: a set-up lays the
// generator's terrain from the game's seed (rulings S9, S10).
func newFor(seed uint64) *Bot {
	b := New(seed ^ 0x5eed)
	b.SetTerrain(standard.Generated(seed, [2]string{}))
	return b
}

func rulingsOf(sc *engine.Scenario) *rules.Rulings {
	if sc.Rulings != nil {
		return sc.Rulings
	}
	return &rules.Rulings{}
}

// Actions plays one game like Play and returns the actions chosen.
func Actions(sc *engine.Scenario, seed uint64, maxBounds int) ([]engine.Action, error) {
	g, _, err := engine.New(sc, dice.NewPCG(seed), *rulingsOf(sc))
	if err != nil {
		return nil, err
	}
	var as []engine.Action
	var evs []engine.Event
	b := newFor(seed)
	for g.Winner() < 0 && g.Bound() <= maxBounds {
		a := b.Next(g)
		if evs, err = g.ApplyTo(evs[:0], a); err != nil {
			return nil, fmt.Errorf("bound %d: the bot chose an illegal %s: %v", g.Bound(), a.Kind, err)
		}
		as = append(as, a)
	}
	return as, nil
}
