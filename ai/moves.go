package ai

import (
	"cmp"
	"fmt"
	"slices"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// candidate is one action the planner weighs.
type candidate struct {
	act  engine.Action
	why  string
	gain int
}

// moves plans the move phase: it weighs every candidate one move ahead,
// takes the best while any gains, and ends the phase.
func (s *search) moves(work func() bool) ([]Step, error) {
	f := s.fork(s.g)
	var v view
	var steps []Step
	base := s.score(f, &v)
	for range 64 { // at most a move per element a bound; a bound has never needed more
		cands := s.candidates(f)
		if s.w.slip > 0 {
			cands = s.slips(cands)
		}
		best, bestGain := -1, 0
		var bestGame *engine.Game
		for i := range cands {
			if !work() {
				return nil, fmt.Errorf("stopped")
			}
			h := s.fork(f)
			if _, err := h.Apply(cands[i].act); err != nil {
				continue
			}
			gain := s.score(h, &v) - base
			cands[i].gain = gain
			if gain > bestGain {
				best, bestGain, bestGame = i, gain, h
			}
		}
		if best < 0 {
			break
		}
		c := cands[best]
		steps = append(steps, Step{Action: c.act, Why: c.why, Gain: bestGain})
		f, base = bestGame, base+bestGain
	}
	return append(steps, Step{Action: engine.Action{Kind: engine.ActEndPhase}, Why: "nothing more worth its PIPs"}), nil
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

// candidates are the moves worth weighing for the side to act in g.
func (s *search) candidates(g *engine.Game) []candidate {
	var out []candidate
	els := g.Elements()
	cmds := g.Commands()
	for _, e := range els {
		if e.Side != s.side || !e.OnTable() || e.Moved || e.Type == rules.Stronghold || !g.MayMove(e.ID) {
			continue
		}
		if cmds[e.Cmd].PIPs == 0 && !anyPayer(g, cmds, e) {
			continue
		}
		if cs, err := g.Contacts(e.ID); err == nil {
			for _, c := range cs {
				out = append(out, candidate{act: c.Action, why: fmt.Sprintf("into contact with %d's %s", c.Target, c.Edge)})
			}
		}
		out = append(out, s.steps(g, els, e)...)
	}
	out = append(out, s.groups(g, els)...)
	out = append(out, s.arrivals(g)...)
	return out
}

// anyPayer reports whether a command that may pay for any element (the
// Pelennor's Gandalf) has PIPs for e.
func anyPayer(g *engine.Game, cmds []engine.Command, e engine.Element) bool {
	sc := g.Scenario()
	for i, c := range sc.Commands {
		if c.AnyElement && cmds[i].PIPs > 0 && sc.Sides[e.Side].ID == c.Side {
			return true
		}
	}
	return false
}

// steps are moves of e out of contact: toward the nearest enemy, the
// whole way or half, beside a friend already in line, and back.
func (s *search) steps(g *engine.Game, els []engine.Element, e engine.Element) []candidate {
	var out []candidate
	enemy, ok := nearest(els, e)
	if !ok {
		return nil
	}
	good, _, _ := g.Rulings().Move(e.Type)
	dir := geom.Bearing(enemy.Base.Center().Sub(e.Base.Center()))
	for _, frac := range []int{4, 2} {
		d := geom.Paces(good * frac / 4)
		front := e.Base.Front.Add(geom.Offset(dir, d))
		facing := e.Base.Facing
		if diff := geom.AngleDiff(dir, facing); diff > 512 || diff < -512 {
			facing = dir
		}
		out = s.pose(g, out, e, front, facing, "toward the enemy")
	}
	// Back out of reach: half a move straight back, keeping the facing.
	back := e.Base.Front.Add(geom.Offset(e.Base.Facing+fullTurn/2, geom.Paces(good/2)))
	out = s.pose(g, out, e, back, e.Base.Facing, "falls back")
	for _, f := range els {
		if f.Side != e.Side || f.ID == e.ID || !f.OnTable() || f.Type == rules.Stronghold {
			continue
		}
		if geom.Len(f.Base.Center().Sub(e.Base.Center())) > geom.Paces(good+200) {
			continue
		}
		for _, edge := range []string{"left", "right"} {
			c := &engine.Contact{Target: f.ID, Edge: edge}
			a := engine.Action{Kind: engine.ActMove, ID: e.ID, Contact: c}
			if g.Allowed(a) {
				out = append(out, candidate{act: a, why: fmt.Sprintf("lines up on the %s of %d", edge, f.ID)})
			}
		}
	}
	return out
}

func (s *search) pose(g *engine.Game, out []candidate, e engine.Element, front geom.Point, facing geom.Angle, why string) []candidate {
	p := &engine.Pose{X: front.X.Paces(), Y: front.Y.Paces(), Facing: int(facing.Norm())}
	a := engine.Action{Kind: engine.ActMove, ID: e.ID, To: p}
	if g.Allowed(a) {
		out = append(out, candidate{act: a, why: why})
	}
	return out
}

// groups are moves of lines of elements side by side: straight ahead,
// the whole way or half.
func (s *search) groups(g *engine.Game, els []engine.Element) []candidate {
	var out []candidate
	for _, line := range lines(g, els, s.side) {
		if len(line) < 2 {
			continue
		}
		slowest := 1 << 30
		for _, id := range line {
			e, _ := g.Element(id)
			good, _, _ := g.Rulings().Move(e.Type)
			slowest = min(slowest, good)
		}
		for _, frac := range []int{4, 2} {
			a := engine.Action{Kind: engine.ActGroup, IDs: line, Forward: slowest * frac / 4}
			if g.Allowed(a) {
				out = append(out, candidate{act: a, why: fmt.Sprintf("the line of %d advances", len(line))})
			}
		}
	}
	return out
}

// lines finds runs of side's unmoved elements standing side by side,
// facing the same way, each of one command.
func lines(g *engine.Game, els []engine.Element, side int) [][]int {
	var out [][]int
	used := map[int]bool{}
	free := func(e engine.Element) bool {
		return e.Side == side && e.OnTable() && !e.Moved && e.Type != rules.Stronghold && !used[e.ID] && g.MayMove(e.ID)
	}
	at := func(p geom.Point, cmd int, facing geom.Angle) int {
		for _, f := range els {
			if free(f) && f.Cmd == cmd && f.Base.Facing == facing && geom.Len(f.Base.Center().Sub(p)) <= geom.Paces(10) {
				return f.ID
			}
		}
		return 0
	}
	for _, e := range els {
		if !free(e) {
			continue
		}
		// Start from the left end of a line.
		if at(geom.Beside(e.Base, false, e.Base.Width, e.Base.Depth).Center(), e.Cmd, e.Base.Facing) != 0 {
			continue
		}
		line := []int{e.ID}
		used[e.ID] = true
		cur := e
		for {
			id := at(geom.Beside(cur.Base, true, cur.Base.Width, cur.Base.Depth).Center(), e.Cmd, e.Base.Facing)
			if id == 0 {
				break
			}
			used[id] = true
			line = append(line, id)
			cur, _ = g.Element(id)
		}
		if len(line) > 1 && g.Groupable(line) == nil {
			slices.Sort(line)
			out = append(out, line)
		}
	}
	return out
}

// arrivals are lost Hordes brought back, and other returns the side may
// pay for, each at the middle of its legal places.
func (s *search) arrivals(g *engine.Game) []candidate {
	var out []candidate
	for _, a := range g.Arrivals(s.side) {
		if !a.Allowed || len(a.Poses) == 0 || a.Kind == engine.ActPlace {
			continue
		}
		p := a.Poses[len(a.Poses)/2]
		act := engine.Action{Kind: a.Kind, ID: a.ID, To: &p}
		if g.Allowed(act) {
			out = append(out, candidate{act: act, why: a.Kind})
		}
	}
	return out
}

// nearest is the enemy on the table nearest to e's centre.
func nearest(els []engine.Element, e engine.Element) (engine.Element, bool) {
	best, bestD := -1, geom.Sub(0)
	for i, o := range els {
		if o.Side == e.Side || !o.OnTable() {
			continue
		}
		if d := geom.Len(o.Base.Center().Sub(e.Base.Center())); best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return engine.Element{}, false
	}
	return els[best], true
}

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
			return nil, fmt.Errorf("stopped")
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
			gain := expected(t.Odds.Defender.Outcomes, v.loss(&v.els[ti]))*s.w.theirs/100 -
				expected(t.Odds.Attacker.Outcomes, v.loss(&e))*s.w.ours/100
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
