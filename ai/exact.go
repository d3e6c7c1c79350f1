package ai

import (
	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
)

// checkTries is how many of the best moves have their threats checked.
const checkTries = 4

// check weighs the threats to what the best few moves move the way the
// engine would answer them: on a fork turned to the opponent's bound
// (engine.Game.Turned), every contact its elements could make on the
// moved elements, with the fight's exact odds. That answer takes the
// place of the position's estimate (position, standing) in the move's
// gain, and the best move after it is returned.
func (s *search) check(cands []candidate, games []*engine.Game, best, bestGain int, v *view, work func() bool) (int, int) {
	gains := map[int]int{}
	for i, c := range cands {
		if games[i] != nil && c.gain > 0 {
			gains[i] = c.gain
		}
	}
	if best >= 0 {
		gains[best] = bestGain
	}
	checked := map[int]bool{}
	for range checkTries {
		top, _ := topGain(gains, cands)
		if top < 0 || checked[top] {
			break
		}
		if !work() {
			return best, bestGain
		}
		checked[top] = true
		gains[top] -= s.underrated(games[top], moved(cands[top].act), v)
	}
	return topGain(gains, cands)
}

// topGain is the candidate of the greatest positive gain for each PIP it
// spends (rate), the first of equals; -1 if none gains.
func topGain(gains map[int]int, cands []candidate) (int, int) {
	top, most := -1, 0
	for i, g := range gains {
		if g <= 0 {
			continue
		}
		r := rate(g, cands[i].cost)
		if top < 0 || r > rate(most, cands[top].cost) || r == rate(most, cands[top].cost) && i < top {
			top, most = i, g
		}
	}
	return top, most
}

// moved lists the elements an action moves or brings on.
func moved(a engine.Action) []int {
	if len(a.IDs) > 0 {
		return a.IDs
	}
	return []int{a.ID}
}

// underrated is how much worse the engine's own answer makes the
// threats to ids in h than the estimate did (less than nothing where
// the estimate feared too much).
func (s *search) underrated(h *engine.Game, ids []int, v *view) int {
	s.read(h, v)
	v.pairs = h.FrontPairs()
	engaged := s.engaged(v)
	t := h.Turned(dice.NewPCG(s.rng.next()), 6)
	var tv view
	s.read(t, &tv)
	cut := 0
	for _, id := range ids {
		i, ok := v.at[id]
		if !ok || !v.els[i].OnTable() {
			continue
		}
		est := s.standing(v, i, engaged).threat
		cut += s.exactThreat(t, &tv, id)*s.w.threat/100*guard(&v.els[i]) - est
	}
	return cut
}

// exactThreat is the worst fight the opponent, moving in t, could force
// on element id: the most it stands to gain by any contact on it.
func (s *search) exactThreat(t *engine.Game, v *view, id int) int {
	i, ok := v.at[id]
	if !ok {
		return 0
	}
	e := &v.els[i]
	worst := 0
	for j := range v.els {
		x := &v.els[j]
		if x.Side == e.Side || !x.OnTable() || dist2(v.centre[j], v.centre[i]) > sq(reachOf(x)+geom.Paces(200)) || !t.MayMove(x.ID) {
			continue
		}
		cs, err := t.Contacts(x.ID)
		if err != nil {
			continue
		}
		for _, c := range cs {
			if c.Target != id {
				continue
			}
			k := t.Fork(dice.NewPCG(1))
			if err := s.apply(k, c.Action); err != nil {
				continue
			}
			r, err := engine.Odds(k, x.ID, id, "close", nil)
			if err != nil {
				continue
			}
			// Their gain is our loss less theirs.
			gain := expected(r.Defender.Outcomes, r.Samples, v.loss(e)) - expected(r.Attacker.Outcomes, r.Samples, v.loss(x))
			worst = max(worst, gain)
		}
	}
	return worst
}
