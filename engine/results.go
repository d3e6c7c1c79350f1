package engine

import (
	"fmt"
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// suffer applies a result to e, beaten by victor. It returns how far e
// recoiled, if it did and is still on the table.
func (t *tx) suffer(e *Element, r rules.Result, victor *Element, c rules.Contest) geom.Sub {
	switch r {
	case rules.Recoil:
		return t.recoil(e, victor)
	case rules.Flee:
		t.flee(e, victor, c)
	case rules.Destroyed:
		t.remove(e, Destroyed, CodeDestroyedBy, victor, "")
	case rules.Ensorcelled:
		t.remove(e, Ensorcelled, CodeEnsorcelled, victor, "")
	case rules.LeaveTable:
		t.remove(e, Left, CodeLeftBeaten, victor, "")
	case rules.Captured:
		t.st.Captured[e.Side] = true
		t.addEl(EvDestroyed, CodeCaptured, e, victor)
	case rules.NoEffect:
		t.addEl(EvCombat, CodeUnaffected, e, nil)
	}
	return 0
}

// remove takes e off the table; it counts as lost (§9.1). The event has
// the code, the other element concerned (or nil) and the detail given.
func (t *tx) remove(e *Element, why Status, code Code, other *Element, detail string) {
	e.Status, e.Lost = why, true
	kind := EvDestroyed
	switch why {
	case Ensorcelled:
		kind = EvSorcery
	case Left:
		kind = EvLeft
	}
	t.addEl(kind, code, e, other).Detail = detail
	t.hooks.Removed(t, e, why)
}

// shift is one element's move in a recoil plan: k along the recoil's
// direction.
type shift struct {
	e  *Element
	k  geom.Sub
	to geom.Base
	by []int // the moves that push it
	// Kept by push: the area the move sweeps and its box, and whether
	// the table edge and terrain were found to allow it (shiftBlock,
	// which depends on nothing else).
	pb      [9]geom.Point
	n       int // the area is pb[:n] (path)
	box     geom.Box
	allowed bool
}

// path is the area the move sweeps, in the shift's own array (a copy of
// the shift has its own).
func (m *shift) path() geom.Poly { return m.pb[:m.n] }

// plan collects the moves a recoil makes: the recoiler, friends pushed
// back, friends trampled. Every move is along the recoil's direction.
type plan struct {
	moves     []shift
	trampled  []*Element
	recoiling *Element
	dir       geom.Angle
}

// index returns where e is among the moves, or -1.
func (p *plan) index(e *Element) int {
	for i, m := range p.moves {
		if m.e == e {
			return i
		}
	}
	return -1
}

func (p *plan) isTrampled(e *Element) bool {
	for _, x := range p.trampled {
		if x == e {
			return true
		}
	}
	return false
}

// push sets the i-th move to k along the plan's direction.
func (p *plan) push(i int, k geom.Sub) {
	m := &p.moves[i]
	m.k = k
	m.to = m.e.Base.Translate(geom.Offset(p.dir, k))
	m.n = len(geom.SweptIn(&m.pb, m.e.Base, m.to))
	m.box = geom.BoxOf(m.path())
	m.allowed = false
}

// recoil moves e straight back its own base depth, pushing back or
// trampling friends behind it (§6.4). It returns the distance moved, or 0
// if e was destroyed instead.
func (t *tx) recoil(e *Element, victor *Element) geom.Sub {
	// Only a flank or rear attacker, an enemy whose front edge is against
	// e's side or rear, makes the recoil fatal; one standing side to side
	// or rear to side does not (R23). An enemy the recoil would move into
	// still blocks it, below.
	if o := t.flankAttacker(e); o != nil {
		t.note(e, CauseRecoilBlocked)
		t.remove(e, Destroyed, CodeRecoilFlank, o, edgeWord[flankedBy(o, e)])
		return 0
	}
	_, d := t.size(e)
	p, why := t.planRecoil(e, d)
	if why != "" {
		t.note(e, CauseRecoilBlocked)
		t.remove(e, Destroyed, CodeRecoilBlock, nil, why)
		return 0
	}
	for _, x := range p.trampled {
		t.note(x, CauseTrampled)
		t.remove(x, Destroyed, CodeTrampled, e, "")
	}
	for i, m := range p.moves {
		t.setBase(m.e, m.to)
		if i == 0 {
			ev := t.addEl(EvRecoiled, CodeRecoiled, e, nil)
			ev.Value, ev.To = m.k.Paces(), t.poseAt(m.to)
		} else {
			ev := t.addEl(EvPushed, CodePushed, m.e, e)
			ev.Value, ev.To = m.k.Paces(), t.poseAt(m.to)
		}
	}
	return d
}

// flankAttacker returns a non-Sneaker enemy whose front edge is against
// e's side or rear edge (§6.4, R23), or nil.
func (t *tx) flankAttacker(e *Element) *Element {
	var buf [scanBuf]int
	for _, i := range t.nearby(buf[:0], e) {
		o := &t.st.Elements[i]
		if o.Side != e.Side && o.OnTable() && o.Type != rules.Sneakers && near(o, e) && flankedBy(o, e) >= 0 {
			return o
		}
	}
	return nil
}

// planRecoil plans e's recoil of d straight back and whatever it pushes
// or tramples; it returns why that is impossible, or "". Pushed friends
// move along the recoil's direction just far enough to clear the path of
// whatever pushes them (docs/rulings.md D15); the plan is relaxed until
// no moved element's path overlaps another's place, so friends side by
// side pushed by a slanting recoil also clear each other.
func (t *tx) planRecoil(e *Element, d geom.Sub) (*plan, string) {
	// The plan and its moves are t's own, reused: a transaction plans one
	// recoil at a time, and carries each out before the next.
	p := &t.recoilPlan
	*p = plan{recoiling: e, dir: (e.Base.Facing + geom.South).Norm(), moves: p.moves[:0], trampled: p.trampled[:0]}
	var buf [scanBuf]int
	p.moves = append(p.moves, shift{e: e})
	p.push(0, d)
	for round := 0; ; round++ {
		if round > 4*len(t.st.Elements)+4 {
			return nil, "too many elements in the way"
		}
		changed := false
		for i := 0; i < len(p.moves); i++ {
			if !p.moves[i].allowed {
				if why := t.shiftBlock(&p.moves[i], p.moves[i].e == e); why != "" {
					return nil, why
				}
				p.moves[i].allowed = true
			}
			// A copy, whose path is its own: pushes below may change
			// p.moves (and move it, appending).
			m := p.moves[i]
			path, pathBox := m.path(), m.box
			// Only the plan's moves and what the path's box meets can
			// change anything: those, in index order.
			cands := t.meeting(buf[:0], pathBox)
			if t.spots != nil {
				for _, pm := range p.moves {
					cands = append(cands, t.sc.index(pm.e.ID))
				}
				slices.Sort(cands)
				cands = slices.Compact(cands)
			}
			for _, j := range cands {
				o := &t.st.Elements[j]
				if o == m.e || o == e || !o.OnTable() || p.isTrampled(o) {
					continue
				}
				if k := p.index(o); k >= 0 {
					// Both move. If m pushes o, o's new place clears m's
					// path; else they must only not end on each other, and
					// then the one behind pushes the one ahead.
					to := p.moves[k].to.Poly()
					pushes := slices.Contains(p.moves[k].by, i)
					switch {
					case pushes && !geom.Overlap(path, to):
						continue
					case !pushes && (!geom.Overlap(m.to.Poly(), to) || !ahead(m.e, o, p.dir)):
						continue
					}
					if rules.Heavy.Has(o.Type) && !rules.Heavy.Has(m.e.Type) {
						return nil, fmt.Sprintf("%s cannot push back %s", m.e.Type, t.name(o))
					}
					if !pushes {
						p.moves[k].by = append(p.moves[k].by, i)
					}
					p.push(k, clearance(o.Base, p.dir, path, p.moves[k].k))
					changed = true
					continue
				}
				if !overlapsBase(path, pathBox, o.Base) {
					continue
				}
				switch {
				case t.mayPass(m.e, o, true) && !geom.Overlap(m.to.Poly(), o.Base.Poly()):
				case o.Type == rules.Stronghold:
					return nil, "a stronghold is behind it"
				case o.Side != m.e.Side:
					return nil, t.name(o) + " (an enemy) is behind it"
				case m.e == e && rules.Tramplers.Has(e.Type) && !rules.TrampleProof.Has(o.Type):
					p.trampled = append(p.trampled, o)
					changed = true
				case rules.Heavy.Has(o.Type) && !rules.Heavy.Has(m.e.Type):
					return nil, fmt.Sprintf("%s cannot push back %s", m.e.Type, t.name(o))
				default:
					p.moves = append(p.moves, shift{e: o, by: []int{i}})
					p.push(len(p.moves)-1, clearance(o.Base, p.dir, path, 0))
					changed = true
				}
			}
		}
		if !changed {
			return p, ""
		}
	}
}

// ahead reports whether b stands further than a along dir (ties by ID).
func ahead(a, b *Element, dir geom.Angle) bool {
	u, v := geom.Offset(dir, geom.One), b.Base.Center().Sub(a.Base.Center())
	d := int64(u.X)*int64(v.X) + int64(u.Y)*int64(v.Y)
	return d > 0 || d == 0 && b.ID > a.ID
}

// shiftBlock returns why a move of a recoil plan cannot be made for the
// table edge or the terrain, or "".
func (t *tx) shiftBlock(m *shift, recoiler bool) string {
	// The words are made only for a refusal.
	whose := func() string {
		if recoiler {
			return " behind it"
		}
		return " behind " + t.name(m.e)
	}
	if !t.sc.onTable(m.to.Poly()) {
		return "the table edge is" + whose()
	}
	if m.e.Type.Ground() && len(t.sc.terrain) > 0 {
		for i := range t.sc.terrain {
			f := &t.sc.terrain[i]
			if f.kind.Impassable && f.overlaps(m.path()) {
				return f.name + " is" + whose()
			}
		}
	}
	return ""
}

// clearance returns the shortest push of b along dir, from at least
// `from`, that takes it clear of area a, which it overlaps there.
func clearance(b geom.Base, dir geom.Angle, a geom.Poly, from geom.Sub) geom.Sub {
	lo, hi := from, from+b.Width+b.Depth
	for _, v := range a {
		for _, w := range a {
			hi = max(hi, from+geom.Len(v.Sub(w))+b.Width+b.Depth)
		}
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		if geom.Overlap(a, b.Translate(geom.Offset(dir, mid)).Poly()) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	// Overlap forgives Tol: go that much further, so that pushes in line
	// come out exact rather than Tol short (and add up along a column).
	return lo + geom.Tol
}

// flee: recoil (Lurkers do not), then up to 600 p straight away from the
// victor, stopping behind friends it cannot pass; meeting an enemy,
// impassable ground or the table edge destroys it (§6.5, R14).
func (t *tx) flee(e, victor *Element, c rules.Contest) {
	if e.Type != rules.Lurkers {
		if t.recoil(e, victor); !e.OnTable() {
			return
		}
	}
	away := victor.Base.Facing
	if c != rules.Close {
		away = geom.Bearing(e.Base.Center().Sub(victor.Base.Center()))
	}
	centre := e.Base.Center()
	start := e.Base
	start.Facing = away
	start.Front = centre.Add(geom.Offset(away, start.Depth/2))
	// Every path below lies within the longest: only what its box meets
	// can be in the way.
	var buf [scanBuf]int
	var pb [9]geom.Point
	cands := t.meeting(buf[:0], geom.BoxOf(geom.SweptIn(&pb, start, start.Forward(geom.Paces(rules.FleeDistance)))))
	// It goes as far as it can without crossing a friend it may not pass
	// (the path only grows, so a binary search finds that)...
	crosses := func(d geom.Sub) bool {
		path := geom.SweptIn(&pb, start, start.Forward(d))
		box := geom.BoxOf(path)
		for _, i := range cands {
			o := &t.st.Elements[i]
			if o != e && o.OnTable() && o.Side == e.Side && overlapsBase(path, box, o.Base) && !t.mayPass(e, o, true) {
				return true
			}
		}
		return false
	}
	// ...and stops short of a friend, or an enemy it may pass, that it
	// would end on (R14). An enemy it may not pass destroys it below.
	ends := func(d geom.Sub) bool {
		end := start.Forward(d).Poly()
		box := geom.BoxOf(end)
		for _, i := range cands {
			o := &t.st.Elements[i]
			if o != e && o.OnTable() && box.Meets(o.Base.Bounds()) && (o.Side == e.Side || t.mayPass(e, o, true)) && geom.Overlap(end, o.Base.Poly()) {
				return true
			}
		}
		return false
	}
	lo, hi := geom.Sub(0), geom.Paces(rules.FleeDistance)
	if crosses(hi) {
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if crosses(mid) {
				hi = mid - 1
			} else {
				lo = mid
			}
		}
	} else {
		lo = hi
	}
	if ends(lo) {
		top := lo
		for lo > 0 && ends(lo) {
			top, lo = lo, max(lo-geom.PerPace, 0)
		}
		for lo < top-1 { // the last free sub-pace below the first overlap
			if mid := (lo + top) / 2; ends(mid) {
				top = mid
			} else {
				lo = mid
			}
		}
	}
	if lo == 0 {
		// Hemmed in where it stands: it does not even turn.
		t.note(e, CauseHemmedIn)
		t.addEl(EvFled, CodeHemmedIn, e, victor).To = t.poseAt(e.Base)
		return
	}
	end := start.Forward(lo)
	path := geom.SweptIn(&pb, start, end)
	if !t.sc.onTable(path) {
		t.note(e, CauseFledOff)
		t.remove(e, Destroyed, CodeFledOff, nil, "")
		return
	}
	for i := range t.sc.terrain {
		f := &t.sc.terrain[i]
		if e.Type.Ground() && f.kind.Impassable && f.overlaps(path) {
			t.note(e, CauseFleeBlocked)
			t.remove(e, Destroyed, CodeFleeTerrain, nil, f.name)
			return
		}
	}
	pathBox := geom.BoxOf(path)
	for _, i := range cands {
		o := &t.st.Elements[i]
		if o.Side != e.Side && o.OnTable() && overlapsBase(path, pathBox, o.Base) && !t.mayPass(e, o, true) {
			t.note(e, CauseFleeBlocked)
			t.remove(e, Destroyed, CodeFleeEnemy, o, "")
			return
		}
	}
	t.setBase(e, end)
	ev := t.addEl(EvFled, CodeFled, e, victor)
	ev.Value, ev.To = lo.Paces(), t.poseAt(end)
}

// followUp moves a victorious Knights, Beasts, Behemoths or Warband
// element forward after its beaten opponent (§6.4, R13).
func (t *tx) followUp(w, loser *Element, recoiled geom.Sub) {
	if !rules.FollowUp.Has(w.Type) || loser.Type == rules.Stronghold {
		return
	}
	if t.inContactBesides(w, loser) {
		return // would leave contact with a second enemy
	}
	limit := recoiled
	if !loser.OnTable() || recoiled == 0 {
		_, limit = t.size(w)
	}
	// Nothing follows up into bad going that would slow it: not even to
	// its edge.
	good, bad, _ := t.rulings.Move(w.Type)
	var lb [9]geom.Point
	longest := geom.SweptIn(&lb, w.Base, w.Base.Forward(limit))
	if bad < good && t.sc.inBad(longest, w.Type) && !t.sc.inBad(w.Base.Poly(), w.Type) {
		return
	}
	// Only elements that meet the longest path can stop it: find them once.
	var near []geom.Poly
	box := geom.BoxOf(longest)
	var buf [scanBuf]int
	for _, i := range t.meeting(buf[:0], box) {
		o := &t.st.Elements[i]
		if o != w && o.OnTable() && overlapsBase(longest, box, o.Base) {
			near = append(near, o.Base.Poly())
		}
	}
	var pb [9]geom.Point
	free := func(d geom.Sub) bool {
		to := w.Base.Forward(d)
		path := longest // the whole way, most often the only one tried
		if d != limit {
			path = geom.SweptIn(&pb, w.Base, to)
		}
		if end := to.Poly(); !t.sc.onTable(end) || t.sc.terrainBlock(w.Type, path, end) != "" {
			return false
		}
		for _, op := range near {
			if geom.Overlap(path, op) {
				return false
			}
		}
		return true
	}
	// The way only narrows as it lengthens (a longer path contains a
	// shorter), so if the whole way is free that is the answer; else the
	// furthest free stop is found by halving.
	lo, hi := geom.Sub(0), limit
	if free(hi) {
		lo = hi
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if free(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return
	}
	t.setBase(w, w.Base.Forward(lo))
	ev := t.addEl(EvFollowed, CodeFollowed, w, loser)
	ev.Value, ev.To = lo.Paces(), t.poseAt(w.Base)
}

// inContactBesides reports whether an enemy other than o is in close
// combat with e (contacts).
func (t *tx) inContactBesides(e, o *Element) bool {
	if !e.OnTable() {
		return false
	}
	var buf [scanBuf]int
	for _, i := range t.nearby(buf[:0], e) {
		z := &t.st.Elements[i]
		if z != o && z.Side != e.Side && z.OnTable() && near(z, e) && (againstEdge(z, e) >= 0 || againstEdge(e, z) >= 0) {
			return true
		}
	}
	return false
}
