package ai

import (
	"cmp"
	"slices"

	"pelennor/engine"
)

// fire plans the distant combat phase one shot at a time: a shot rolls
// dice, and what follows depends on them.
func (s *search) fire(work func() bool) ([]Step, error) {
	g := s.g
	type shot struct {
		act  engine.Action
		gain int
	}
	var shots []shot
	var v view
	s.read(g, &v)
	for _, e := range g.Elements() {
		if e.Side != s.side || !e.OnTable() {
			continue
		}
		if !work() {
			return nil, errStopped
		}
		fo, err := g.FireOptions(e.ID)
		if err != nil || fo.Kind == "" {
			continue
		}
		for _, t := range fo.Targets {
			if t.Odds == nil {
				continue
			}
			ti, ok := v.at[t.ID]
			if !ok {
				continue
			}
			gain := expected(t.Odds.Defender.Outcomes, t.Odds.Samples, v.loss(&v.els[ti]))*s.w.theirs/100 -
				expected(t.Odds.Attacker.Outcomes, t.Odds.Samples, v.loss(&e))*s.w.ours/100
			act := engine.Action{Kind: fo.Kind, ID: e.ID, Target: t.ID}
			if gain > 0 && g.Allowed(act) {
				shots = append(shots, shot{act, gain})
			}
		}
	}
	if len(shots) == 0 {
		return []Step{{Action: engine.Action{Kind: engine.ActEndPhase}, Why: "no shot worth taking"}}, nil
	}
	best := slices.MaxFunc(shots, func(a, b shot) int { return cmp.Compare(a.gain, b.gain) })
	return []Step{{Action: best.act, Why: "the best shot", Gain: best.gain}}, nil
}

// close plans the close combat phase: a declaration when one is offered
// (it only ever helps the side offered it), then every combat.
func (s *search) close(work func() bool) ([]Step, error) {
	if d := s.g.Declarations(); len(d) > 0 {
		return []Step{{Action: engine.Action{Kind: engine.ActDeclare, Choice: d[0]}, Why: "declared"}}, nil
	}
	return []Step{{Action: engine.Action{Kind: engine.ActEndBound}, Why: "fights every combat"}}, nil
}
