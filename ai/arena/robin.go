package arena

import "pelennor/engine"

// Match is one pairing of a round robin: its players (by place in the
// list) and its games and outcomes.
type Match struct {
	A, B     int
	Games    []Game
	Outcomes []Outcome
}

// Result is the match's record for Elo, from A's side.
func (m Match) Result() Result {
	return Result{A: m.A, B: m.B, Record: Tally(m.Games, m.Outcomes)[0].Total}
}

// RoundRobin plays every pair of specs n paired games (each of n seeds
// from first on, twice, sides swapped) on workers goroutines; done is
// called after each game, as Run calls it. The matches come in order:
// (0,1), (0,2), … (1,2), …
func RoundRobin(sc *engine.Scenario, specs []Spec, first uint64, n, maxBounds int, homes [2]string, workers int, done func()) ([]Match, error) {
	var ms []Match
	var all []Game
	for a := range specs {
		for b := a + 1; b < len(specs); b++ {
			gs := Games(first, n, specs[a], specs[b], true)
			ms = append(ms, Match{A: a, B: b, Games: gs})
			all = append(all, gs...)
		}
	}
	// One batch: the workers never wait for a slow match to finish.
	outs, err := Run(sc, all, maxBounds, homes, workers, done)
	if err != nil {
		return nil, err
	}
	for i := range ms {
		ms[i].Outcomes, outs = outs[:len(ms[i].Games)], outs[len(ms[i].Games):]
	}
	return ms, nil
}
