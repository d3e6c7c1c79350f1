package engine

import (
	"slices"
	"sync"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Allowed reports whether Check(a) would accept a, without its reason: for
// a caller that tries many actions and keeps the first legal one (a bot).
// A move is first put to the same tests Check makes, cheapest first and
// with no message built, on the game's own state (they only read it), so
// most illegal moves are refused without copying the state; any move that
// passes, and any other action, is then checked in full. The last legal
// move is kept, made: Apply of it next commits it without making it again.
func (g *Game) Allowed(a Action) bool {
	if a.Kind != ActMove {
		return g.Check(a) == nil
	}
	r := g.reader()
	refused := r.moveRefused(a)
	r.done()
	if refused {
		return false
	}
	t := g.scratch()
	if t.run(a) != nil {
		t.release()
		return false
	}
	// Kept: a caller that asks is about to make the move (a bot).
	c := checkedMoves.Get().(*checkedMove)
	c.keep(g.st.serial, a, t)
	if old := g.checked.Swap(c); old != nil {
		old.drop()
	}
	return true
}

// MayMove reports whether element id may make some move now, paid by its
// own command: it is its side's move phase, the element may move (on the
// table, not yet moved, its command active) and the command has the PIPs
// it costs. If not, Allowed refuses every move of it that names no payer.
func (g *Game) MayMove(id int) bool {
	t := g.reader()
	defer t.done()
	if t.st.Phase == PhaseOver || t.st.Awaiting {
		return false
	}
	e, pay, err := t.mover(id, "")
	return err == nil && !t.moveShort(pay, e)
}

// checkedMove is a move Allowed found legal and the transaction that
// made it, uncommitted: if the next Apply is of the same move in the same
// position it commits that instead of making the move again.
type checkedMove struct {
	serial uint64
	a      Action // a copy: the caller may reuse what its fields point to
	t      *tx
	// the copy's own storage, reused when the move is pooled
	to      Pose
	contact Contact
}

// checkedMoves holds the checked moves Allowed and Apply have done with:
// a bot checks a move before each it makes.
var checkedMoves = sync.Pool{New: func() any { return new(checkedMove) }}

// keep makes c move a in position serial, made by t, a copied into c's
// own storage.
func (c *checkedMove) keep(serial uint64, a Action, t *tx) {
	ids, via, aiders, place := c.a.IDs[:0], c.a.Via[:0], c.a.Aiders[:0], c.a.Place[:0]
	c.serial, c.a, c.t = serial, a, t
	if a.To != nil {
		c.to = *a.To
		c.a.To = &c.to
	}
	if a.Contact != nil {
		c.contact = *a.Contact
		c.a.Contact = &c.contact
	}
	c.a.IDs, c.a.Via = append(ids, a.IDs...), append(via, a.Via...)
	c.a.Aiders, c.a.Place = append(aiders, a.Aiders...), append(place, a.Place...)
}

// drop releases c's transaction, uncommitted, and pools c.
func (c *checkedMove) drop() {
	c.t.release()
	c.t = nil
	checkedMoves.Put(c)
}

// applyChecked commits the move Allowed kept, if a is that move in this
// position, and appends its events to dst.
func (g *Game) applyChecked(dst []Event, a Action) ([]Event, bool) {
	c := g.checked.Swap(nil)
	if c == nil {
		return nil, false
	}
	if c.serial != g.st.serial || !actionsEqual(c.a, a) {
		c.drop()
		return nil, false
	}
	evs := append(dst, c.t.events...) // Apply's dst, nil, gets nil for none
	// The committed state is now the game's: the pooled transaction takes
	// the spare for its next copy, and the replaced state becomes the spare.
	free := g.spare
	if free == nil {
		free = new(state)
	}
	g.commit(c.t)
	c.t.st = free
	c.drop()
	g.counted()
	return evs, true
}

// actionsEqual reports whether two actions are the same decision, field
// by field (what pointers and slices hold, not where).
func actionsEqual(a, b Action) bool {
	return a.Kind == b.Kind && a.ID == b.ID && a.Target == b.Target && a.Pay == b.Pay && a.Forward == b.Forward &&
		a.Wheel == b.Wheel && a.Choice == b.Choice && samePtr(a.To, b.To) && samePtr(a.Contact, b.Contact) &&
		slices.Equal(a.IDs, b.IDs) && slices.Equal(a.Via, b.Via) && slices.Equal(a.Aiders, b.Aiders) && slices.Equal(a.Place, b.Place)
}

// samePtr reports whether both are nil or point to equal values.
func samePtr[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// readers holds transactions that read the game's own state.
var readers = sync.Pool{New: func() any { return new(tx) }}

// reader begins a transaction on the game's own state, not a copy, for a
// question that only reads it: what it runs must change nothing, nor draw
// a die. Give it back with done.
func (g *Game) reader() *tx {
	t := readers.Get().(*tx)
	*t = tx{Game: g, st: g.st, dice: g.dice, committed: true}
	return t
}

// done gives a reader back, pointing at no game. What else a question
// left in it is cleared by the next reader, which sets every field.
func (t *tx) done() {
	t.Game, t.st, t.dice = nil, nil, nil
	readers.Put(t)
}

// moveRefused reports whether moveOne surely refuses a. Every test here is
// one of moveOne's, so it never refuses a legal move; the order differs
// (cheap and often failing first), which changes only which reason a
// refusal would give, and that is not asked. Tests that seldom refuse are
// left out, for Check to make. It must only read the state.
func (t *tx) moveRefused(a Action) bool {
	if t.st.Phase == PhaseOver || t.st.Awaiting {
		return true // apply refuses every move then
	}
	e, pay, err := t.mover(a.ID, a.Pay)
	if err != nil {
		return true
	}
	var buf [maxLegs + 1]geom.Base
	route, err := t.viaRoute(e, a.Via, buf[:0])
	if err != nil {
		return true
	}
	var to geom.Base
	var target *Element
	switch {
	case a.Contact != nil && a.To != nil:
		return true
	case a.Contact != nil:
		if a.Contact.By != 0 && a.Contact.By != e.ID {
			return true
		}
		if to, target, err = t.contactPose(e, a.Contact); err != nil {
			return true
		}
	case a.To != nil:
		to = t.poseBase(e, a.To)
	default:
		return true
	}
	if t.moveShort(pay, e) {
		return true // spend refuses it
	}
	// Where it ends must be free: the last leg's test (pathStop), which
	// for a contact move lastLegBlock makes first, on the same area.
	if t.endTaken(e, to.Poly()) {
		return true
	}
	last, slide := to, geom.Point{}
	if target != nil {
		last, slide = slideLeg(route[len(route)-1], to, target.Base, edgeByName[a.Contact.Edge])
	}
	legs := append(route, last)
	dist := routeDist(legs).Paces()
	if dist > mostMove(t.rulings, e.Type) {
		return true // beyond any allowance (move.too_far)
	}
	// The legs, elements before terrain: routeBlock and lastLegBlock.
	n := len(legs)
	if target != nil {
		n-- // the last leg is lastLegBlock's
	}
	for i := 1; i < n; i++ {
		if !t.legClear(e, legs[i-1], legs[i], i == n-1) {
			return true
		}
	}
	// lastLegBlock's test of the conformed pose itself is, for the
	// elements, endTaken's, already passed: only the ground is left.
	if target != nil && !(t.groundClear(e, to) && (t.legClear(e, legs[n-1], last, false) ||
		slide != (geom.Point{}) && t.legClear(e, legs[n-1].Translate(slide), to, false))) {
		return true
	}
	// Whether e is in close combat (a scan of the table) is asked of the
	// few moves left; touchCheck is left to Check: it refuses a few moves
	// a game, and would cost a scan of the table for every one.
	if t.engaged(e) && (len(a.Via) > 0 || t.breakOff(e, to) != nil) {
		return true
	}
	going := legs
	if last != to {
		var gbuf [maxLegs + 2]geom.Base
		going = append(append(gbuf[:0], legs...), to)
	}
	allow, _, err := t.allowance(e, going)
	return err != nil || dist > allow
}

// endTaken reports whether area end overlaps an element on the table
// other than e: what elementStop refuses first on a last leg (it asks
// every element the leg's box meets, and end lies within that box).
func (t *tx) endTaken(e *Element, end geom.Poly) bool {
	var buf [scanBuf]int
	for _, i := range t.bounding(buf[:0], geom.BoxOf(end)) {
		o := &t.st.Elements[i]
		if o != e && o.OnTable() && geom.Overlap(end, o.Base.Poly()) {
			return true
		}
	}
	return false
}

// legClear is pathStop's test as a verdict, the elements first.
func (t *tx) legClear(e *Element, from, to geom.Base, final bool) bool {
	var eb [4]geom.Point
	path, end := t.legAreas(from, to, final, &eb)
	if code, _ := t.elementStop(e, path, end, nil); code != "" {
		return false
	}
	code, _ := t.groundStop(e, path, end)
	return code == ""
}

// groundClear is legClear's test of the table and terrain for standing
// at to.
func (t *tx) groundClear(e *Element, to geom.Base) bool {
	var eb [4]geom.Point
	path, end := t.legAreas(to, to, true, &eb)
	code, _ := t.groundStop(e, path, end)
	return code == ""
}

// mostMove is the furthest an element of type ty may move in any going
// (allowance's largest answer).
func mostMove(r rules.Rulings, ty rules.Type) int {
	good, bad, road := r.Move(ty)
	return max(good, bad, road, rules.RiverMove)
}
