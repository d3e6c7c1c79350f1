package ai

import (
	"fmt"
	"slices"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// candidates are the moves worth weighing for the side to act in g.
func (s *search) candidates(g *engine.Game, work func() bool) []candidate {
	var out []candidate
	els := g.Elements()
	cmds := g.Commands()
	s.aim.read(g.Scenario(), cmds, els)
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
	enemy, ok := nearestTo(els, len(g.Scenario().Commands), &s.aim, e.Side, e.Base.Center())
	if !ok {
		return nil
	}
	good, bad, _ := g.Rulings().Move(e.Type)
	// As far as it legally gets: a move that crosses bad going goes no
	// further than the bad going's allowance.
	dists := []int{good, good * 3 / 4, good / 2}
	if bad > 0 && bad < good/2 {
		dists = append(dists, bad)
	}
	dists = append(dists, good/4)
	dir := geom.Bearing(enemy.Base.Center().Sub(e.Base.Center()))
	ways := []geom.Angle{dir, dir - 256, dir + 256}
	if diff := geom.AngleDiff(dir, e.Base.Facing); diff != 0 && diff < 512 && diff > -512 {
		// Straight ahead: an element in a line may not step aslant
		// without ending on its neighbour.
		ways = append(ways, e.Base.Facing)
	}
	for _, d := range ways {
		for _, face := range []bool{false, true} {
			facing := e.Base.Facing
			if face {
				if diff := geom.AngleDiff(d, facing); diff < 128 && diff > -128 {
					continue // as good as facing it already
				}
				facing = d
			}
			for _, dist := range dists {
				front := e.Base.Front.Add(geom.Offset(d, geom.Paces(dist)))
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
		if enemy, ok := nearestTo(els, len(g.Scenario().Commands), &s.aim, s.side, mid); ok {
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

// nearestTo is the enemy of side on the table nearest to p that is worth
// closing with (a) if there is one: breaking those is what wins. A
// stronghold of the Pelennor counts only where taking it wins.
func nearestTo(els []engine.Element, ncmds int, a *aims, side int, p geom.Point) (engine.Element, bool) {
	best, bestD, bestBroken := -1, geom.Sub(0), true
	for i, o := range els {
		if o.Side == side || !o.OnTable() || o.Type == rules.Stronghold && ncmds > 2 && !a.gate[o.Side] {
			continue
		}
		broken := !a.at(&o)
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
