package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"pelennor/engine/geom"
)

// spots orders every element by the x of its front centre, so that the
// elements near one, or near an area, are found by a binary search and a
// short walk instead of a scan of the whole table. The close combat
// phase asks that of nearly every element several times per combat
// (nearOf, flankers, frontBusy, recoil plans, follow-ups, flights): with
// spots these cost a few elements each, not the table.
//
// A transaction keeps one only while its close combats are set up and
// fought (enterClose, finishBound, combatAction), and every base that
// changes meanwhile goes through setBase, which keeps the order. Off-table
// elements are in it too, where their bases last stood: callers test
// OnTable as they always did.
type spots struct {
	order  []int      // element indices, by front x
	xs, ys []geom.Sub // the front x and y of order[k]
	at     []int      // at[i] is where element i is in order
	reach  geom.Sub   // the largest boundsReach of any base
	keys   []int64    // build's sort keys
	found  []uint64   // within's bit set of indices, all clear between calls
}

// keyBits is how many low bits of a sort key hold the element's index.
const keyBits = 24

var spotsPool = sync.Pool{New: func() any { return new(spots) }}

// build indexes els.
func (s *spots) build(els []Element) {
	n := len(els)
	// Sorted as one integer each, the front x above the index: the
	// order of x, ties by index, with no comparison function to call.
	s.keys = resize(s.keys, n)
	for k, i := range lastOrder(s.order, n) {
		s.keys[k] = int64(els[i].Base.Front.X)<<keyBits | int64(i)
	}
	sortNearlySorted(s.keys)
	s.order, s.xs, s.ys, s.at = resize(s.order, n), resize(s.xs, n), resize(s.ys, n), resize(s.at, n)
	for k, key := range s.keys {
		s.order[k] = int(key & (1<<keyBits - 1))
	}
	s.found = resize(s.found, (n+63)/64)
	clear(s.found)
	s.reach = 0
	for k, i := range s.order {
		b := &els[i].Base
		s.xs[k], s.ys[k], s.at[i] = b.Front.X, b.Front.Y, k
		s.reach = max(s.reach, boundsReach(b))
	}
}

// lastOrder is the order to lay n sort keys out in before sorting them:
// prev, the order the spots or the view last had, if it holds n indices
// (most often the same game's a few actions before, in which few elements
// have moved, so that sortNearlySorted has little to do); else 0 … n−1.
func lastOrder(prev []int, n int) []int {
	switch {
	case len(prev) == n:
		return prev
	case n <= len(upTo):
		return upTo[:n]
	}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// sortNearlySorted sorts keys by insertion while that is cheap, and
// hands what is left to slices.Sort once the keys prove far from sorted.
func sortNearlySorted(keys []int64) {
	budget := 4 * len(keys) // shifts
	for i := 1; i < len(keys); i++ {
		k, j := keys[i], i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j] = keys[j-1]
		}
		keys[j] = k
		if budget -= i - j; budget < 0 {
			slices.Sort(keys)
			return
		}
	}
}

// resize returns a slice of n elements, reusing s's array if it can.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// moved puts element i back in order after its base has changed.
func (s *spots) moved(els []Element, i int) {
	b := &els[i].Base
	s.reach = max(s.reach, boundsReach(b))
	x, k := b.Front.X, s.at[i]
	// Slide it along to its place: the others shift by one.
	for k > 0 && s.xs[k-1] > x {
		s.put(k, k-1)
		k--
	}
	for k+1 < len(s.xs) && s.xs[k+1] < x {
		s.put(k, k+1)
		k++
	}
	s.order[k], s.xs[k], s.ys[k], s.at[i] = i, x, b.Front.Y, k
}

// put moves the entry at k from to k.
func (s *spots) put(k, from int) {
	s.order[k], s.xs[k], s.ys[k] = s.order[from], s.xs[from], s.ys[from]
	s.at[s.order[k]] = k
}

// within appends to buf, in index order, every element whose front
// centre lies in the box l..r × t..b.
func (s *spots) within(buf []int, l, t, r, b geom.Sub) []int {
	// The walk finds them in order of x; a bit set puts them in index
	// order without sorting, and is left clear again.
	lo, hi := len(s.found), -1 // the words set
	k := firstAtLeast(s.xs, l)
	for ; k < len(s.xs) && s.xs[k] <= r; k++ {
		if y := s.ys[k]; y >= t && y <= b {
			i := s.order[k]
			s.found[i>>6] |= 1 << (i & 63)
			lo, hi = min(lo, i>>6), max(hi, i>>6)
		}
	}
	for w := lo; w <= hi; w++ {
		for m := s.found[w]; m != 0; m &= m - 1 {
			buf = append(buf, w<<6|bits.TrailingZeros64(m))
		}
		s.found[w] = 0
	}
	return buf
}

// firstAtLeast returns the least k with xs[k] >= x, or len(xs), xs
// being sorted: slices.BinarySearch written out for the one type, small
// enough to be inlined in the searches of every move checked.
func firstAtLeast(xs []geom.Sub, x geom.Sub) int {
	lo, hi := 0, len(xs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if xs[m] < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// nearby appends to buf, in index order, the indices of the elements
// that may be near e (near); when no spots are kept it returns every
// index instead (every), a slice not to be written to.
func (t *tx) nearby(buf []int, e *Element) []int {
	if t.spots == nil {
		return t.every(buf)
	}
	// near needs |dx| and |dy| ≤ e's boundsReach + the other's + nearTol.
	lim := boundsReach(&e.Base) + t.spots.reach + nearTol
	f := e.Base.Front
	return t.spots.within(buf, f.X-lim, f.Y-lim, f.X+lim, f.Y+lim)
}

// meeting appends to buf, in index order, the indices of the elements
// whose bounds (geom.Base.Bounds) may meet box; when no spots are kept it
// returns every index instead (every), a slice not to be written to.
func (t *tx) meeting(buf []int, box geom.Box) []int {
	if t.spots == nil {
		return t.every(buf)
	}
	// A base's bounds reach boundsReach from its front centre.
	r := t.spots.reach
	return t.spots.within(buf, box.L-r, box.T-r, box.R+r, box.B+r)
}

// every returns every element's index, in order: a slice that must not
// be written to (its capacity ends with it, so appends copy it).
func (t *tx) every(buf []int) []int {
	if n := len(t.st.Elements); n <= len(upTo) {
		return upTo[:n:n]
	}
	for i := range t.st.Elements {
		buf = append(buf, i)
	}
	return buf
}

// upTo is 0, 1, 2…, for every: the scans no spots narrow need no list
// built.
var upTo = func() []int {
	s := make([]int, 1024)
	for i := range s {
		s[i] = i
	}
	return s
}()

// bounding appends to buf, in index order, every element whose base may
// meet box, on the table or not: the candidates of a scan of the whole
// table for what an area may touch, each then tested exactly. While t's
// bases are the committed position's, they are those whose corners' box
// (baseBox) meets box, from the game's view of the position, worked out
// once for the many questions a bot asks of it (Allowed); else those
// whose bounds (geom.Base.Bounds, cheaper to work out and wider) do.
func (t *tx) bounding(buf []int, box geom.Box) []int {
	if t.committed {
		v := t.Game.bounds()
		if checkViews {
			t.checkView(v.boxes)
		}
		// Only boxes whose left edge lies from the widest box's width
		// before box to its right can meet it: those are found by binary
		// search, and sorted into index order, unless they are more than
		// a third of the table, which is then scanned in order: sorting
		// many costs more than testing all.
		lo := firstAtLeast(v.lefts, box.L-v.widest)
		hi := lo + firstAtLeast(v.lefts[lo:], box.R+1)
		if hi-lo > len(v.boxes)/3 {
			for i, b := range v.boxes {
				if box.Meets(b) {
					buf = append(buf, i)
				}
			}
			return buf
		}
		start := len(buf)
		for _, i := range v.byLeft[lo:hi] {
			if box.Meets(v.boxes[i]) {
				buf = append(buf, i)
			}
		}
		slices.Sort(buf[start:])
		return buf
	}
	for i := range t.st.Elements {
		if box.Meets(t.st.Elements[i].Base.Bounds()) {
			buf = append(buf, i)
		}
	}
	return buf
}

// boxView is the box of every element of a committed position (baseBox), by
// index, and in order of their left edges, and the position's serial.
type boxView struct {
	serial uint64
	boxes  []geom.Box
	bases  []geom.Base // the bases the boxes are of
	byLeft []int       // element indices, by the left edge of their box
	lefts  []geom.Sub  // the left edges, in that order
	keys   []int64     // the sort's keys
	widest geom.Sub    // the widest box's width
}

// bounds returns the view of the committed position's elements, worked
// out the first time it is asked for. Questions may be asked on several
// goroutines at once: each finds the view made or makes its own, and a
// view once stored is not changed before the next commit.
func (g *Game) bounds() *boxView {
	if v := g.view.Load(); v != nil && v.serial == g.st.serial {
		return v
	}
	v := g.spareView.Swap(nil)
	if v == nil {
		v = new(boxView)
	}
	n := len(g.st.Elements)
	// The spare's boxes are of the bases it keeps: only a base that has
	// changed since (most often one or a few, an action or two ago) needs
	// its box worked out, and if none has, the order stands.
	kept := len(v.bases) == n
	v.serial, v.boxes, v.bases = g.st.serial, resize(v.boxes, n), resize(v.bases, n)
	moved := !kept
	for i := range g.st.Elements {
		if b := &g.st.Elements[i].Base; !kept || *b != v.bases[i] {
			v.bases[i], v.boxes[i], moved = *b, baseBox(b), true
		}
	}
	if !moved {
		g.view.Store(v)
		return v
	}
	v.widest = 0
	for _, b := range v.boxes {
		v.widest = max(v.widest, b.R-b.L)
	}
	// Sorted as the spots are (build), from the spare view's order.
	v.keys = resize(v.keys, n)
	for k, i := range lastOrder(v.byLeft, n) {
		v.keys[k] = int64(v.boxes[i].L)<<keyBits | int64(i)
	}
	sortNearlySorted(v.keys)
	v.byLeft, v.lefts = resize(v.byLeft, n), resize(v.lefts, n)
	for k, key := range v.keys {
		i := int(key & (1<<keyBits - 1))
		v.byLeft[k], v.lefts[k] = i, v.boxes[i].L
	}
	g.view.Store(v)
	return v
}

// baseBox is the box of b's corners, which its polygon fills: within its
// bounds, and for a base at an angle, or deeper than it is wide, far
// tighter than they are, so that fewer candidates are tested exactly.
func baseBox(b *geom.Base) geom.Box {
	c := b.Corners()
	return geom.Box{
		L: min(c[0].X, c[1].X, c[2].X, c[3].X), T: min(c[0].Y, c[1].Y, c[2].Y, c[3].Y),
		R: max(c[0].X, c[1].X, c[2].X, c[3].X), B: max(c[0].Y, c[1].Y, c[2].Y, c[3].Y),
	}
}

// checkViews makes bounding check, each time it answers from the
// committed position's view, that t's bases are still that position's
// (the tests set it: a base changed without setBase would be missed).
var checkViews bool

// checkView panics if the boxes of t's bases (baseBox) are not bs.
func (t *tx) checkView(bs []geom.Box) {
	for i := range t.st.Elements {
		if e := &t.st.Elements[i]; baseBox(&e.Base) != bs[i] {
			panic(fmt.Sprintf("engine: element %d moved without setBase: the committed view is stale", e.ID))
		}
	}
}

// keepSpots indexes the table for the close combats, if it is not yet.
func (t *tx) keepSpots() {
	if t.spots == nil {
		t.spots = spotsPool.Get().(*spots)
		t.spots.build(t.st.Elements)
	}
}

// dropSpots stops keeping the index: bases may change after this without
// setBase.
func (t *tx) dropSpots() {
	if t.spots != nil {
		spotsPool.Put(t.spots)
		t.spots = nil
	}
}

// setBase moves e to b, keeping the spots in order; the committed
// position's view no longer holds for t. Every base a transaction
// changes goes through here.
func (t *tx) setBase(e *Element, b geom.Base) {
	e.Base = b
	t.committed = false
	if t.spots != nil {
		t.spots.moved(t.st.Elements, t.sc.index(e.ID))
	}
}

// denseIndex returns the index of each element by id, -1 for ids no
// element has, when the ids are positive and the largest is at most
// 8 per element plus 4096 (a table of a few kilobytes); else nil, and
// index uses the map. Every event and combat asks for elements by id:
// a table answers without hashing.
func denseIndex(es []ElementSpec) []int32 {
	top := 0
	for _, e := range es {
		if e.ID <= 0 {
			return nil
		}
		top = max(top, e.ID)
	}
	if top > 8*len(es)+4096 {
		return nil
	}
	idx := make([]int32, top+1)
	for i := range idx {
		idx[i] = -1
	}
	for i, e := range es {
		idx[e.ID] = int32(i)
	}
	return idx
}

// index returns the index of element id in the scenario's (and the
// state's) elements, or -1.
func (sc *Scenario) index(id int) int {
	if sc.idIndex != nil {
		if uint(id) < uint(len(sc.idIndex)) {
			return int(sc.idIndex[id])
		}
		return -1
	}
	if i, ok := sc.byID[id]; ok {
		return i
	}
	return -1
}
