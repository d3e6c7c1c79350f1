package ai

import (
	"cmp"
	"errors"
	"slices"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
)

// candidate is one action the planner weighs.
type candidate struct {
	act  engine.Action
	why  string
	gain int
	cost int // the PIPs it spends, once weighed
}

// rate is what a candidate gains for each PIP it spends, scaled so that
// rates of costs 1 to 5 compare exactly: each command's PIPs are a small
// knapsack, and a move that costs two (beyond command range, a broken
// command's, an aerial's) must gain twice what a move of one does.
func rate(gain, cost int) int { return gain * 60 / max(1, cost) }

// pips is what all of a game's commands have left to spend.
func pips(g *engine.Game) int {
	n := 0
	for _, c := range g.Commands() {
		n += c.PIPs
	}
	return n
}

// moves plans the move phase one move ahead: it weighs every candidate
// on a fork, takes the best while any gains, and ends the phase.
func (s *search) moves(work func() bool) ([]Step, error) {
	f := s.fork(s.g)
	var v view
	var steps []Step
	base := s.score(f, &v)
	for range 64 { // at most a move per element a bound; a bound has never needed more
		cands := s.candidates(f, work)
		if s.w.slip > 0 {
			cands = s.slips(cands)
		}
		best, bestGain := -1, 0
		var bestGame *engine.Game
		games := make([]*engine.Game, len(cands))
		left := pips(f)
		for i := range cands {
			if !work() {
				return nil, errStopped
			}
			h := s.fork(f)
			if err := s.apply(h, cands[i].act); err != nil {
				cands[i].gain = -won
				s.spend(h)
				continue
			}
			gain := s.score(h, &v) - base
			cands[i].gain, cands[i].cost, games[i] = gain, left-pips(h), h
			if gain > 0 && (best < 0 || rate(gain, cands[i].cost) > rate(bestGain, cands[best].cost)) {
				best, bestGain, bestGame = i, gain, h
			}
		}
		// A contact that gains little alone may set up a second that
		// wins the fight: a flank or an overlap on the same enemy.
		pair := paired{at: -1}
		if i, gain, ok := s.pairs(cands, games, base, bestGain, &v, work); ok {
			best, bestGain, bestGame = i, gain, games[i]
			if s.lastStanding(f, cands[i].act.Contact.Target) {
				pair = paired{at: i, gain: gain}
			}
		}
		// A contact is judged by how the bound may end: its fights
		// fought with the planner's own dice, a few times over.
		if s.w.samples > 0 {
			best, bestGain = s.settle(cands, games, f, best, bestGain, pair, &v, work)
			if best >= 0 {
				bestGame = games[best]
			}
		}
		// The threats to what the best moves move, as the engine answers.
		if s.w.check {
			best, bestGain = s.check(cands, games, best, bestGain, &v, work)
			if best >= 0 {
				bestGame = games[best]
			}
		}
		// Every fork but the one taken is done with, and so is the
		// position it was weighed from.
		for i, h := range games {
			if h != bestGame || best < 0 {
				s.spend(h)
				games[i] = nil
			}
		}
		if best < 0 {
			break
		}
		c := cands[best]
		steps = append(steps, Step{Action: c.act, Why: c.why, Gain: bestGain})
		s.spend(f)
		f, base = bestGame, base+cands[best].gain
	}
	return append(steps, Step{Action: engine.Action{Kind: engine.ActEndPhase}, Why: "nothing more worth its PIPs"}), nil
}

// errStopped is a thinking given up by its caller.
var errStopped = errors.New("stopped")

// lastStanding reports whether element id belongs to the enemy's last
// command worth closing with on the table.
func (s *search) lastStanding(g *engine.Game, id int) bool {
	e, ok := g.Element(id)
	if !ok || e.Side == s.side || !s.aim.cmd[e.Cmd] {
		return false
	}
	for i, ok := range s.aim.cmd {
		if ok && i != e.Cmd && s.aim.placed[i] && s.aim.side[i] == e.Side {
			return false
		}
	}
	return true
}

// paired is a contact worth making for the second it sets up on the
// same element of the enemy's last command standing (at: -1 for none),
// and the gain of the two.
type paired struct{ at, gain int }

// settle plays the bound out from the best few contacts and from the
// position without them, with the same few streams of the planner's own
// dice for each, and judges those contacts by how the bound ends: it
// returns the best move by that measure, the others by their static
// gains, with its gain (best, better: the best by static gains). The
// contact pairs found on the enemy's last command standing is worth at
// least half its pair's gain, the first of its two PIPs' worth: a lone
// contact played out is not the fight the pair sets up (AI33).
func (s *search) settle(cands []candidate, games []*engine.Game, f *engine.Game, best, better int, pair paired, v *view, work func() bool) (int, int) {
	var order []int
	for i, c := range cands {
		if c.act.Contact == nil || games[i] == nil || c.gain <= -5*apValue {
			continue
		}
		if t, ok := f.Element(c.act.Contact.Target); ok && t.Side != s.side {
			order = append(order, i) // a charge, not a friend lined up beside
		}
	}
	if len(order) == 0 {
		return best, better
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(cands[b].gain, cands[a].gain) })
	if len(order) > s.w.tries {
		order = order[:s.w.tries]
	}
	seeds := make([]uint64, s.w.samples)
	for k := range seeds {
		seeds[k] = s.rng.next()
	}
	end := func(g *engine.Game) int {
		total := 0
		for _, seed := range seeds {
			work() // a bound played out is a unit of work
			p := s.played(g, seed)
			total += s.score(p, v)
			s.spend(p)
		}
		return total / len(seeds)
	}
	without := end(f)
	settled := map[int]int{}
	for _, i := range order {
		if !work() {
			return best, better
		}
		// Half the exact odds of the fights as they stand, half the few
		// bounds played out: the samples see what follows a fight, the
		// odds weigh its dice without the samples' noise.
		settled[i] = (end(games[i]) - without + cands[i].gain) / 2
	}
	// The best of all: contacts by how their bound ends, the rest as
	// they stand; a contact not played out keeps its static gain.
	pick, pickGain := -1, 0
	for i, c := range cands {
		if games[i] == nil {
			continue
		}
		gain := c.gain
		if g, ok := settled[i]; ok {
			gain = g
		}
		if i == pair.at {
			gain = max(gain, pair.gain/2)
		}
		if gain > 0 && (pick < 0 || rate(gain, c.cost) > rate(pickGain, cands[pick].cost)) {
			pick, pickGain = i, gain
		}
	}
	return pick, pickGain
}

// played is g with its bound played out on a fork rolling seed's dice:
// no more shots, every combat fought, declarations made when offered.
func (s *search) played(g *engine.Game, seed uint64) *engine.Game {
	f := g.ForkInto(s.spare(), dice.NewPCG(seed))
	bound := f.Bound()
	for f.Winner() < 0 && f.Bound() == bound {
		a := engine.Action{Kind: engine.ActEndPhase}
		if f.Phase() == engine.PhaseClose {
			a.Kind = engine.ActEndBound
			if d := f.Declarations(); len(d) > 0 {
				a = engine.Action{Kind: engine.ActDeclare, Choice: d[0]}
			}
		}
		if err := s.apply(f, a); err != nil {
			break
		}
	}
	return f
}

// pairs looks one move further past the best few contacts: for each, the
// best second contact on the same enemy. It returns the contact to make
// now if some pair gains more than better (the best single move), with
// the pair's gain.
func (s *search) pairs(cands []candidate, games []*engine.Game, base, better int, v *view, work func() bool) (int, int, bool) {
	var order []int
	for i, c := range cands {
		if c.act.Contact != nil && games[i] != nil && c.gain > -5*apValue {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(cands[b].gain, cands[a].gain) })
	if len(order) > s.w.tries {
		order = order[:s.w.tries]
	}
	best, bestGain := -1, better
	for _, i := range order {
		h := games[i]
		target := cands[i].act.Contact.Target
		tx, ok := h.Element(target)
		if !ok || !tx.OnTable() {
			continue
		}
		for _, m := range h.Elements() {
			if m.Side != s.side || m.Moved || !m.OnTable() || m.ID == cands[i].act.ID ||
				geom.Len(m.Base.Center().Sub(tx.Base.Center())) > reachOf(&m)+geom.Paces(100) || !h.MayMove(m.ID) {
				continue
			}
			if !work() {
				return 0, 0, false
			}
			cs, err := h.Contacts(m.ID)
			if err != nil {
				continue
			}
			for _, c := range cs {
				if c.Target != target {
					continue
				}
				if !work() {
					return 0, 0, false
				}
				h2 := s.fork(h)
				if err := s.apply(h2, c.Action); err == nil {
					if gain := s.score(h2, v) - base; gain > bestGain {
						best, bestGain = i, gain
					}
				}
				s.spend(h2)
			}
		}
	}
	return best, bestGain, best >= 0
}

// slips drops some candidates at random: an easy player overlooks
// moves.
func (s *search) slips(cs []candidate) []candidate {
	out := cs[:0]
	for _, c := range cs {
		if s.rng.intn(100) >= s.w.slip {
			out = append(out, c)
		}
	}
	return out
}
