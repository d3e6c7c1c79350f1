package ai

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// candidate is one action the planner weighs.
type candidate struct {
	act  engine.Action
	why  string
	gain int
}

// moves plans the move phase one move ahead.
func (s *search) moves(work func() bool) ([]Step, error) {
	steps, _, err := s.greedy(s.fork(s.g), nil, work)
	if err != nil {
		return nil, err
	}
	return append(steps, endMoves), nil
}

// endMoves ends a planned move phase.
var endMoves = Step{Action: engine.Action{Kind: engine.ActEndPhase}, Why: "nothing more worth its PIPs"}

// greedy plans moves from f one move ahead: it weighs every candidate,
// takes the best while any gains (never skip as the first), and returns
// the moves and the position they leave.
func (s *search) greedy(f *engine.Game, skip *engine.Action, work func() bool) ([]Step, *engine.Game, error) {
	var v view
	var steps []Step
	base := s.score(f, &v)
	for range 64 { // at most a move per element a bound; a bound has never needed more
		cands := s.candidates(f, work)
		if s.w.slip > 0 {
			cands = s.slips(cands)
		}
		if skip != nil && len(steps) == 0 {
			cands = slices.DeleteFunc(cands, func(c candidate) bool { return sameAction(c.act, *skip) })
		}
		best, bestGain := -1, 0
		var bestGame *engine.Game
		games := make([]*engine.Game, len(cands))
		for i := range cands {
			if !work() {
				return nil, nil, errStopped
			}
			h := s.fork(f)
			if _, err := h.Apply(cands[i].act); err != nil {
				cands[i].gain = -won
				continue
			}
			gain := s.score(h, &v) - base
			cands[i].gain, games[i] = gain, h
			if debugf != nil {
				debugf("  cand %s %d %v %s: %d", cands[i].act.Kind, cands[i].act.ID, cands[i].act.IDs, cands[i].why, gain)
			}
			if gain > bestGain {
				best, bestGain, bestGame = i, gain, h
			}
		}
		// A contact that gains little alone may set up a second that
		// wins the fight: a flank or an overlap on the same enemy.
		if i, gain, ok := s.pairs(cands, games, base, bestGain, &v, work); ok {
			best, bestGain, bestGame = i, gain, games[i]
		}
		// A contact is judged by how the bound may end: its fights
		// fought with the planner's own dice, a few times over.
		if s.w.samples > 0 {
			best, bestGain = s.settle(cands, games, f, best, bestGain, &v, work)
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
		if best < 0 {
			if debugf != nil {
				debugf("  %d candidates, none gains", len(cands))
			}
			break
		}
		c := cands[best]
		steps = append(steps, Step{Action: c.act, Why: c.why, Gain: bestGain})
		f, base = bestGame, base+cands[best].gain
	}
	return steps, f, nil
}

// errStopped is a thinking given up by its caller.
var errStopped = errors.New("stopped")

// sameAction reports whether two actions are the same.
func sameAction(a, b engine.Action) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// settle plays the bound out from the best few contacts and from the
// position without them, with the same few streams of the planner's own
// dice for each, and judges those contacts by how the bound ends: it
// returns the best move by that measure, the others by their static
// gains, with its gain (best, better: the best by static gains).
func (s *search) settle(cands []candidate, games []*engine.Game, f *engine.Game, best, better int, v *view, work func() bool) (int, int) {
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
			total += s.score(s.played(g, seed), v)
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
		if gain > pickGain {
			pick, pickGain = i, gain
		}
	}
	return pick, pickGain
}

// played is g with its bound played out on a fork rolling seed's dice:
// no more shots, every combat fought, declarations made when offered.
func (s *search) played(g *engine.Game, seed uint64) *engine.Game {
	f := g.Fork(dice.NewPCG(seed))
	bound := f.Bound()
	for f.Winner() < 0 && f.Bound() == bound {
		a := engine.Action{Kind: engine.ActEndPhase}
		if f.Phase() == engine.PhaseClose {
			a.Kind = engine.ActEndBound
			if d := f.Declarations(); len(d) > 0 {
				a = engine.Action{Kind: engine.ActDeclare, Choice: d[0]}
			}
		}
		if _, err := f.Apply(a); err != nil {
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
				if _, err := h2.Apply(c.Action); err != nil {
					continue
				}
				if gain := s.score(h2, v) - base; gain > bestGain {
					best, bestGain = i, gain
				}
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

// candidates are the moves worth weighing for the side to act in g.
func (s *search) candidates(g *engine.Game, work func() bool) []candidate {
	var out []candidate
	els := g.Elements()
	cmds := g.Commands()
	for _, e := range els {
		if e.Side != s.side || !e.OnTable() || e.Moved || e.Type == rules.Stronghold || !g.MayMove(e.ID) {
			continue
		}
		// An element's contacts and steps are a unit of work: the
		// Thinking's steps stay short.
		if !work() {
			return out
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
	out = append(out, s.groups(g, els, work)...)
	if s.arrived == nil {
		work()
		s.arrived = s.arrivals(g)
	}
	for _, c := range s.arrived {
		if g.Allowed(c.act) {
			out = append(out, c)
		}
	}
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

// steps are moves of e out of contact: toward the nearest enemy that
// matters (straight at it, or a little to either side, keeping its
// facing or turning to face it, as far as it legally gets), beside a
// friend already in line, and back.
func (s *search) steps(g *engine.Game, els []engine.Element, e engine.Element) []candidate {
	var out []candidate
	enemy, ok := nearest(g, els, e)
	if !ok {
		return nil
	}
	good, _, _ := g.Rulings().Move(e.Type)
	dir := geom.Bearing(enemy.Base.Center().Sub(e.Base.Center()))
	for _, turn := range []geom.Angle{0, -256, 256} {
		d := dir + turn
		for _, face := range []bool{false, true} {
			facing := e.Base.Facing
			if face {
				if diff := geom.AngleDiff(d, facing); diff < 128 && diff > -128 {
					continue // as good as facing it already
				}
				facing = d
			}
			for _, frac := range []int{4, 3, 2, 1} {
				front := e.Base.Front.Add(geom.Offset(d, geom.Paces(good*frac/4)))
				if c, ok := s.pose(g, e, front, facing, "toward the enemy"); ok {
					out = append(out, c)
					break
				}
			}
		}
	}
	// Back out of reach: half a move or a whole one straight back,
	// keeping the facing.
	for _, frac := range []int{2, 4} {
		back := e.Base.Front.Add(geom.Offset(e.Base.Facing+fullTurn/2, geom.Paces(good*frac/4)))
		if c, ok := s.pose(g, e, back, e.Base.Facing, "falls back"); ok {
			out = append(out, c)
		}
	}
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

// pose is the move of e to front and facing, if it is legal.
func (s *search) pose(g *engine.Game, e engine.Element, front geom.Point, facing geom.Angle, why string) (candidate, bool) {
	p := &engine.Pose{X: front.X.Paces(), Y: front.Y.Paces(), Facing: int(facing.Norm())}
	a := engine.Action{Kind: engine.ActMove, ID: e.ID, To: p}
	return candidate{act: a, why: why}, g.Allowed(a)
}

// groups are moves of lines of elements side by side: straight ahead,
// or wheeling toward the enemy first, as far as the line legally gets.
func (s *search) groups(g *engine.Game, els []engine.Element, work func() bool) []candidate {
	var out []candidate
	work() // finding the lines
	for _, line := range lines(g, els, s.side) {
		if !work() {
			return out
		}
		if s.w.charges {
			// The whole line into contact, for one PIP.
			if o, err := g.GroupOptions(line); err == nil && o.Allowed {
				for _, c := range o.Contacts {
					out = append(out, candidate{act: c.Action, why: fmt.Sprintf("the line of %d charges %d's %s", len(line), c.Target, c.Edge)})
				}
			}
		}
		slowest := 1 << 30
		var mid geom.Point
		var facing geom.Angle
		for _, id := range line {
			e, _ := g.Element(id)
			good, _, _ := g.Rulings().Move(e.Type)
			slowest = min(slowest, good)
			mid = mid.Add(e.Base.Center())
			facing = e.Base.Facing
		}
		n := geom.Sub(len(line))
		mid = geom.Point{X: mid.X / n, Y: mid.Y / n}
		// Straight on, a little either way (round what is in the way),
		// and further toward the enemy if it is off to one side.
		wheels := []int{0, -256, 256}
		if enemy, ok := nearestTo(g, els, s.side, mid); ok {
			dir := geom.AngleDiff(geom.Bearing(enemy.Base.Center().Sub(mid)), facing)
			switch {
			case dir > 400:
				wheels = append(wheels, 512)
			case dir < -400:
				wheels = append(wheels, -512)
			}
		}
		for _, wheel := range wheels {
			for _, frac := range []int{4, 3, 2, 1} {
				a := engine.Action{Kind: engine.ActGroup, IDs: line, Wheel: wheel, Forward: slowest * frac / 4}
				if wheel != 0 {
					a.Forward /= 2 // the wheel spends part of the move
				}
				if g.Allowed(a) {
					out = append(out, candidate{act: a, why: fmt.Sprintf("the line of %d advances", len(line))})
					break
				}
			}
		}
	}
	return out
}

// lines finds bodies of side's unmoved elements that may move as a
// group: each connected block of one command, facing one way, whose
// elements stand side by side or one behind another; and, where a block
// may not move as one, each of its rows.
func lines(g *engine.Game, els []engine.Element, side int) [][]int {
	var out [][]int
	free := func(e *engine.Element) bool {
		return e.Side == side && e.OnTable() && !e.Moved && e.Type != rules.Stronghold && g.MayMove(e.ID)
	}
	n := len(els)
	links := make([]link, n)
	for i := range els {
		links[i] = link{-1, -1}
		e := &els[i]
		if !free(e) {
			continue
		}
		right := e.Base.Front.Add(geom.Offset(e.Base.Facing+fullTurn/4, e.Base.Width))
		back := e.Base.Front.Add(geom.Offset(e.Base.Facing+fullTurn/2, e.Base.Depth))
		for j := range els {
			f := &els[j]
			if j == i || !free(f) || f.Cmd != e.Cmd || f.Base.Facing != e.Base.Facing {
				continue
			}
			switch {
			case dist2(f.Base.Front, right) <= sq(geom.Paces(10)):
				links[i].right = j
			case dist2(f.Base.Front, back) <= sq(geom.Paces(10)):
				links[i].behind = j
			}
		}
	}
	// Blocks: connected by either link.
	seen := make([]bool, n)
	for i := range els {
		if seen[i] || !free(&els[i]) {
			continue
		}
		var block []int
		stack := []int{i}
		seen[i] = true
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			block = append(block, k)
			for j := range els {
				if !seen[j] && (links[k].right == j || links[k].behind == j || links[j].right == k || links[j].behind == k) {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if len(block) < 2 {
			continue
		}
		ids := idsOf(els, block)
		if g.Groupable(ids) == nil {
			out = append(out, ids)
		}
		if !hasBehind(links, block) && len(block) < 4 {
			continue // a short row: nothing smaller worth trying
		}
		// Its rows, each from its left end, and the halves of long ones:
		// a part may pass where the whole body may not (bad going,
		// something in the way).
		for _, k := range block {
			left := false
			for _, j := range block {
				if links[j].right == k {
					left = true
				}
			}
			if left || links[k].right < 0 {
				continue
			}
			row := []int{k}
			for j := links[k].right; j >= 0; j = links[j].right {
				row = append(row, j)
			}
			parts := [][]int{row}
			if len(row) >= 4 {
				parts = append(parts, row[:len(row)/2], row[len(row)/2:])
			}
			for _, part := range parts {
				if len(part) == len(block) {
					continue // the block itself
				}
				if ids := idsOf(els, part); g.Groupable(ids) == nil {
					out = append(out, ids)
				}
			}
		}
	}
	return out
}

// link is where in the elements the ones touching an element's right
// flank and its rear stand (-1 for none).
type link struct{ right, behind int }

func hasBehind(links []link, block []int) bool {
	for _, k := range block {
		if links[k].behind >= 0 {
			return true
		}
	}
	return false
}

func idsOf(els []engine.Element, at []int) []int {
	ids := make([]int, len(at))
	for i, k := range at {
		ids[i] = els[k].ID
	}
	slices.Sort(ids)
	return ids
}

// arrivals are lost Hordes brought back, and other returns the side may
// pay for, each at the middle of its legal places.
func (s *search) arrivals(g *engine.Game) []candidate {
	out := []candidate{}
	if len(g.Returnable(s.side)) == 0 {
		return out
	}
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

// nearest is the enemy on the table nearest to e's centre that matters
// (see nearestTo).
func nearest(g *engine.Game, els []engine.Element, e engine.Element) (engine.Element, bool) {
	return nearestTo(g, els, e.Side, e.Base.Center())
}

// nearestTo is the enemy of side on the table nearest to p, of a command
// not yet broken if there is one: breaking the others is what wins.
func nearestTo(g *engine.Game, els []engine.Element, side int, p geom.Point) (engine.Element, bool) {
	cmds := g.Commands()
	best, bestD, bestBroken := -1, geom.Sub(0), true
	for i, o := range els {
		if o.Side == side || !o.OnTable() || o.Type == rules.Stronghold && len(cmds) > 2 {
			continue
		}
		broken := cmds[o.Cmd].Broken
		d := geom.Len(o.Base.Center().Sub(p))
		if best < 0 || bestBroken && !broken || broken == bestBroken && d < bestD {
			best, bestD, bestBroken = i, d, broken
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

// debugf, when set (by a test), logs the candidates weighed.
var debugf func(format string, args ...any)
