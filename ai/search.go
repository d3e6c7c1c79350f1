package ai

import (
	"fmt"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/standard"
)

// search works out the rest of one phase for the side to act.
type search struct {
	cfg  Config
	g    *engine.Game // the position asked about: never changed
	side int
	rng  stream
	w    weights
	// arrived are the returns open at the start of the phase, worked out
	// once: where they may be placed changes little while the side moves.
	arrived []candidate
	// fought caches fights' worth by fightKey, stood stands by standKey.
	fought map[uint64]int
	stood  map[uint64]stand
	// evs gathers the events of what the search plays on its forks,
	// which it never reads (apply).
	evs []engine.Event
	// spares are forks the search is done with (spend, fork).
	spares []*engine.Game
	// aim is what is worth closing with, as the candidates were last
	// found.
	aim aims
	// threats is position's scratch: each threatened element's threat
	// and the command making it.
	threats [][2]int
}

// apply applies a to g, a fork the search plays on, its events gathered
// in s.evs and let go: a planner applies thousands of actions a bound.
func (s *search) apply(g *engine.Game, a engine.Action) error {
	var err error
	s.evs, err = g.ApplyTo(s.evs[:0], a)
	return err
}

func newSearch(c Config, g *engine.Game) *search {
	_, side := g.ToAct()
	// The stream depends on the seed and the position only (see the
	// package comment): the same position gets the same answer.
	rng := stream(c.Seed ^ uint64(g.Bound())*0x9e3779b97f4a7c15 ^ uint64(g.Actions())*0xbf58476d1ce4e5b9)
	// A battle that drags on is pressed harder: the temperament grows
	// bolder by a step every 25 bounds, up to aggressive.
	wc := c
	wc.Temper = min(Aggressive, c.Temper+(g.Bound()-1)/25)
	return &search{cfg: c, g: g, side: side, rng: rng, w: weightsFor(wc)}
}

// fork is a copy of g to play on, rolling dice from the search's own
// stream, made in the memory of a fork the search is done with if it
// has one (spend).
func (s *search) fork(g *engine.Game) *engine.Game {
	return g.ForkInto(s.spare(), dice.NewPCG(s.rng.next()))
}

// spare takes back a fork the search is done with, or returns nil.
func (s *search) spare() *engine.Game {
	n := len(s.spares)
	if n == 0 {
		return nil
	}
	f := s.spares[n-1]
	s.spares = s.spares[:n-1]
	return f
}

// spend gives back forks nothing will use again, for fork to make new
// ones in: a search weighs thousands a bound, each a copy of the table.
func (s *search) spend(gs ...*engine.Game) {
	for _, g := range gs {
		if g != nil {
			s.spares = append(s.spares, g)
		}
	}
}

// run plans the phase; work is called once per candidate weighed and
// returns false if the caller has given up.
func (s *search) run(work func() bool) ([]Step, error) {
	g := s.g
	if g.Winner() >= 0 || g.Phase() == engine.PhaseOver {
		return nil, fmt.Errorf("the game is over")
	}
	switch g.Phase() {
	case engine.PhaseSetup, engine.PhaseDeploy:
		if a, ok := standard.Next(g, standard.Generated(s.cfg.Seed, [2]string{})); ok {
			return []Step{{Action: a, Why: "set-up"}}, nil
		}
		return []Step{{Action: engine.Action{Kind: engine.ActEndPhase}, Why: "keeps the deployment as it stands"}}, nil
	case engine.PhaseMove:
		return s.moves(work)
	case engine.PhaseDistant, engine.PhaseReply:
		return s.fire(work)
	case engine.PhaseClose:
		return s.close(work)
	}
	return []Step{{Action: engine.Action{Kind: engine.ActEndPhase}}}, nil
}

// stream is splitmix64: the computer's own random numbers.
type stream uint64

func (r *stream) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *stream) intn(n int) int { return int(r.next() % uint64(n)) }
