package engine

import (
	"fmt"

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
		t.remove(e, Destroyed, "destroyed by "+t.name(victor))
	case rules.Ensorcelled:
		t.remove(e, Ensorcelled, "ensorcelled by "+t.name(victor))
	case rules.LeaveTable:
		t.remove(e, Left, "leaves the table, beaten by "+t.name(victor))
	case rules.Captured:
		t.st.Captured[e.Side] = true
		t.emit(Event{Kind: EvDestroyed, ID: e.ID, Other: victor.ID,
			Text: fmt.Sprintf("%s is captured by %s", t.name(e), t.name(victor))})
	case rules.NoEffect:
		t.emitf(EvCombat, e.ID, "%s is beaten but unaffected", t.name(e))
	}
	return 0
}

// remove takes e off the table; it counts as lost (§9.1).
func (t *tx) remove(e *Element, why Status, text string) {
	e.Status, e.Lost = why, true
	kind := EvDestroyed
	switch why {
	case Ensorcelled:
		kind = EvSorcery
	case Left:
		kind = EvLeft
	}
	t.emit(Event{Kind: kind, ID: e.ID, Text: t.name(e) + " " + text})
	t.hooks.Removed(t, e, why)
}

// shift is one element's move in a recoil plan.
type shift struct {
	e  *Element
	to geom.Base
}

// plan collects the moves a recoil makes: the recoiler, friends pushed
// back, friends trampled.
type plan struct {
	moves     []shift
	trampled  []*Element
	recoiling *Element
}

func (p *plan) has(e *Element) bool {
	for _, m := range p.moves {
		if m.e == e {
			return true
		}
	}
	for _, x := range p.trampled {
		if x == e {
			return true
		}
	}
	return false
}

// recoil moves e straight back its own base depth, pushing back or
// trampling friends behind it (§6.4). It returns the distance moved, or 0
// if e was destroyed instead.
func (t *tx) recoil(e *Element, victor *Element) geom.Sub {
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Side == e.Side || !o.OnTable() || o.Type == rules.Sneakers {
			continue
		}
		for _, ed := range []geom.Edge{geom.Left, geom.Right, geom.Rear} {
			for oe := geom.Front; oe <= geom.Left; oe++ {
				if geom.EdgesAgainst(e.Base, ed, o.Base, oe) > 0 {
					t.remove(e, Destroyed, fmt.Sprintf("cannot recoil with %s against its %s: destroyed", t.name(o), edgeWord[ed]))
					return 0
				}
			}
		}
	}
	_, d := t.size(e)
	p := &plan{recoiling: e}
	if why := t.planShift(e, geom.Offset(e.Base.Facing+geom.South, d), p, 0); why != "" {
		t.remove(e, Destroyed, "cannot recoil: "+why)
		return 0
	}
	for _, x := range p.trampled {
		t.remove(x, Destroyed, "trampled by "+t.name(e))
	}
	for i, m := range p.moves {
		dist := geom.Len(m.to.Front.Sub(m.e.Base.Front))
		m.e.Base = m.to
		if i == 0 {
			t.emit(Event{Kind: EvRecoiled, ID: e.ID, Value: dist.Paces(), To: poseOf(m.to),
				Text: fmt.Sprintf("%s recoils %s", t.name(e), paces(dist.Paces()))})
		} else {
			t.emit(Event{Kind: EvPushed, ID: m.e.ID, Other: e.ID, Value: dist.Paces(), To: poseOf(m.to),
				Text: fmt.Sprintf("%s is pushed back %s by %s", t.name(m.e), paces(dist.Paces()), t.name(e))})
		}
	}
	return d
}

// planShift plans moving m by v as part of a recoil, and whatever it
// pushes; it returns why that is impossible, or "".
func (t *tx) planShift(m *Element, v geom.Point, p *plan, depth int) string {
	if depth > len(t.st.Elements) {
		return "too many elements in the way"
	}
	to := m.Base.Translate(v)
	path := geom.Swept(m.Base, to)
	if !t.sc.onTable(to.Poly()) {
		return "the table edge is behind it"
	}
	for _, f := range t.sc.terrain {
		if m.Type.Ground() && f.kind.Impassable && f.overlaps(path) {
			return f.name + " is behind it"
		}
	}
	p.moves = append(p.moves, shift{m, to})
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o == m || !o.OnTable() || p.has(o) || !geom.Overlap(path, o.Base.Poly()) {
			continue
		}
		passes := t.mayPass(m, o, true) && !geom.Overlap(to.Poly(), o.Base.Poly())
		switch {
		case passes:
		case o.Type == rules.Stronghold:
			return "a stronghold is behind it"
		case o.Side != m.Side:
			return t.name(o) + " (an enemy) is behind it"
		case rules.Tramplers.Has(p.recoiling.Type) && m == p.recoiling && !rules.TrampleProof.Has(o.Type):
			p.trampled = append(p.trampled, o)
		case rules.Heavy.Has(o.Type) && !rules.Heavy.Has(m.Type):
			return fmt.Sprintf("%s cannot push back %s", m.Type, t.name(o))
		default:
			if why := t.planShift(o, clearance(o.Base, v, path), p, depth+1); why != "" {
				return why
			}
		}
	}
	return ""
}

// clearance returns the shortest push of b in the direction of v that
// takes it clear of area a.
func clearance(b geom.Base, v geom.Point, a geom.Poly) geom.Point {
	n := int64(geom.Len(v))
	scaled := func(k geom.Sub) geom.Point {
		return geom.Point{X: geom.Sub(geom.DivRound(int64(v.X)*int64(k), n)), Y: geom.Sub(geom.DivRound(int64(v.Y)*int64(k), n))}
	}
	lo, hi := geom.Sub(0), geom.Sub(n)+b.Width+b.Depth
	for lo < hi {
		mid := (lo + hi) / 2
		if geom.Overlap(a, b.Translate(scaled(mid)).Poly()) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return scaled(lo)
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
	blocked := func(d geom.Sub) bool {
		path, end := geom.Swept(start, start.Forward(d)), start.Forward(d).Poly()
		for i := range t.st.Elements {
			o := &t.st.Elements[i]
			if o == e || !o.OnTable() || o.Side != e.Side {
				continue
			}
			op := o.Base.Poly()
			if geom.Overlap(end, op) || geom.Overlap(path, op) && !t.mayPass(e, o, true) {
				return true
			}
		}
		return false
	}
	lo, hi := geom.Sub(0), geom.Paces(rules.FleeDistance)
	if blocked(hi) {
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if blocked(mid) {
				hi = mid - 1
			} else {
				lo = mid
			}
		}
	} else {
		lo = hi
	}
	end := start.Forward(lo)
	path := geom.Swept(start, end)
	if !t.sc.onTable(path) {
		t.remove(e, Destroyed, "flees off the table")
		return
	}
	for _, f := range t.sc.terrain {
		if e.Type.Ground() && f.kind.Impassable && f.overlaps(path) {
			t.remove(e, Destroyed, "flees into "+f.name+" and is destroyed")
			return
		}
	}
	for i := range t.st.Elements {
		o := &t.st.Elements[i]
		if o.Side != e.Side && o.OnTable() && geom.Overlap(path, o.Base.Poly()) && !t.mayPass(e, o, true) {
			t.remove(e, Destroyed, "flees into "+t.name(o)+" and is destroyed")
			return
		}
	}
	e.Base = end
	t.emit(Event{Kind: EvFled, ID: e.ID, Other: victor.ID, Value: lo.Paces(), To: poseOf(end),
		Text: fmt.Sprintf("%s flees %s", t.name(e), paces(lo.Paces()))})
}

// followUp moves a victorious Knights, Beasts, Behemoths or Warband
// element forward after its beaten opponent (§6.4, R13).
func (t *tx) followUp(w, loser *Element, recoiled geom.Sub) {
	if !rules.FollowUp.Has(w.Type) || loser.Type == rules.Stronghold {
		return
	}
	for _, o := range t.contacts(w) {
		if o != loser {
			return // would leave contact with a second enemy
		}
	}
	limit := recoiled
	if !loser.OnTable() || recoiled == 0 {
		_, limit = t.size(w)
	}
	good, bad, _ := t.rulings.Move(w.Type)
	free := func(d geom.Sub) bool {
		to := w.Base.Forward(d)
		path := geom.Swept(w.Base, to)
		if !t.sc.onTable(to.Poly()) || t.sc.terrainBlock(w.Type, path, to.Poly()) != "" {
			return false
		}
		if bad < good && t.sc.inBad(path, w.Type) && !t.sc.inBad(w.Base.Poly(), w.Type) {
			return false
		}
		for i := range t.st.Elements {
			o := &t.st.Elements[i]
			if o != w && o.OnTable() && geom.Overlap(path, o.Base.Poly()) {
				return false
			}
		}
		return true
	}
	lo, hi := geom.Sub(0), limit
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
	w.Base = w.Base.Forward(lo)
	t.emit(Event{Kind: EvFollowed, ID: w.ID, Other: loser.ID, Value: lo.Paces(), To: poseOf(w.Base),
		Text: fmt.Sprintf("%s follows up %s", t.name(w), paces(lo.Paces()))})
}
