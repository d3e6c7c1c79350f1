package engine

import (
	"cmp"
	"slices"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// contactSweep is what the close combat phase's start asks of every pair
// of enemies that may touch, found in one sweep of the spots instead of
// a search of the spots per element (twice per pair): the front-to-front
// contacts and the flank or rear attacks, by element index.
type contactSweep struct {
	fronts []frontPair
	flanks []flankPair // by x, then z
}

// frontPair is two enemies front to front, a < b, l the length of the
// contact.
type frontPair struct {
	a, b int
	l    geom.Sub
}

// flankPair is z's front against a side or the rear of x (flankedBy).
type flankPair struct{ x, z int }

// sweepContacts finds the contacts of every pair of enemies on the table as the
// bases stand, reusing sw's slices. The spots must be kept.
func (t *tx) sweepContacts(sw *contactSweep) {
	els, s := t.st.Elements, t.spots
	if cap(sw.fronts) == 0 {
		sw.fronts = make([]frontPair, 0, len(els)/2+1) // as many as can fight
	}
	sw.fronts, sw.flanks = sw.fronts[:0], sw.flanks[:0]
	// Two near elements' front centres are at most both reaches and
	// nearTol apart along x and y.
	lim := 2*s.reach + nearTol
	for k, i := range s.order {
		a := &els[i]
		if !a.OnTable() {
			continue
		}
		for k2 := k + 1; k2 < len(s.order) && s.xs[k2]-s.xs[k] <= lim; k2++ {
			j := s.order[k2]
			b := &els[j]
			if a.Side == b.Side || !b.OnTable() || !near(a, b) {
				continue
			}
			lo, hi := min(i, j), max(i, j)
			if l := geom.EdgesAgainst(els[lo].Base, geom.Front, els[hi].Base, geom.Front); l > 0 {
				sw.fronts = append(sw.fronts, frontPair{lo, hi, l})
			}
			if flankedBy(b, a) >= 0 {
				sw.flanks = append(sw.flanks, flankPair{i, j})
			}
			if flankedBy(a, b) >= 0 {
				sw.flanks = append(sw.flanks, flankPair{j, i})
			}
		}
	}
	slices.SortFunc(sw.flanks, func(p, q flankPair) int { return cmp.Or(cmp.Compare(p.x, q.x), cmp.Compare(p.z, q.z)) })
}

// enterClose starts the close combat phase: elements contacted only on a
// side or rear turn to face (R9), then the combats are listed.
func (t *tx) enterClose() error {
	t.setPhase(PhaseClose)
	t.keepSpots()
	els := t.st.Elements
	sw := &t.sweepBuf
	t.sweepContacts(sw)
	// The sweep holds while no element has turned; after a turn the
	// elements still to look at are searched for as the bases now stand.
	turned := false
	next := 0 // the first of sw.flanks about an element still to come
	var buf [scanBuf]int
	for i := range els {
		x := &els[i]
		var z *Element // the first flank or rear attacker, in index order
		if !turned {
			for next < len(sw.flanks) && sw.flanks[next].x < i {
				next++
			}
			if next < len(sw.flanks) && sw.flanks[next].x == i {
				z = &els[sw.flanks[next].z]
			}
		}
		if !x.OnTable() || x.Type == rules.Stronghold {
			continue
		}
		if turned {
			for _, k := range t.nearby(buf[:0], x) {
				if o := &els[k]; o.Side != x.Side && o.OnTable() && near(o, x) && flankedBy(o, x) >= 0 {
					z = o
					break
				}
			}
		}
		// Only an element with no enemy against its front turns (R9): one
		// whose front is against an enemy's flank fights on there.
		if z == nil || t.frontBusy(x) {
			continue
		}
		w, d := t.size(x)
		if to := geom.Against(z.Base, geom.Front, w, d); t.roomFor(x, to, z) {
			t.setBase(x, to)
			t.emitEl(EvTurned, CodeTurned, x, z, Event{To: t.poseAt(to)})
			turned = true
		}
	}
	if turned {
		t.sweepContacts(sw)
	}
	t.st.Pending = t.pairUp(sw)
	return nil
}

// pairings returns the close combats as the table stands (pairUp).
func (t *tx) pairings() []pair {
	if t.spots == nil {
		t.keepSpots()
		defer t.dropSpots()
	}
	t.sweepContacts(&t.sweepBuf)
	return t.pairUp(&t.sweepBuf)
}

// pairUp returns the close combats as the table stands, sw its sweep
// (RULES.md §6.1): front-to-front pairs, most squarely in contact first
// (ties by lower IDs, docs/rulings.md D2), each element fighting once;
// then elements that could not turn to face a flank or rear attacker. In
// each pair A is the element of the moving side.
func (t *tx) pairUp(sw *contactSweep) []pair {
	els := t.st.Elements
	cs := sw.fronts
	// Longest contacts first, ties in the order of a scan of all pairs.
	slices.SortFunc(cs, func(p, q frontPair) int {
		return cmp.Or(cmp.Compare(q.l, p.l), cmp.Compare(p.a, q.a), cmp.Compare(p.b, q.b))
	})
	var bb [256]bool // the busy marks on the stack on most tables
	var busy []bool  // by index
	if len(els) <= len(bb) {
		busy = bb[:len(els)]
	} else {
		busy = make([]bool, len(els))
	}
	var ps []pair
	if len(cs) > 0 {
		ps = make([]pair, 0, len(cs))
	}
	add := func(i, j int) {
		busy[i], busy[j] = true, true
		a, b := &els[i], &els[j]
		if a.Side != t.st.Side {
			a, b = b, a
		}
		ps = append(ps, pair{a.ID, b.ID})
	}
	for _, c := range cs {
		if !busy[c.a] && !busy[c.b] {
			add(c.a, c.b)
		}
	}
	// The flank attackers of each element, in index order: the first
	// not yet fighting fights it.
	fl := sw.flanks
	for len(fl) > 0 {
		i := fl[0].x
		j := -1
		for ; len(fl) > 0 && fl[0].x == i; fl = fl[1:] {
			if j < 0 && !busy[i] && !busy[fl[0].z] {
				j = fl[0].z
			}
		}
		// One whose front is against an enemy fights to its front
		// (§6.1): a flank attacker of it only gives −1.
		if j >= 0 && !t.frontBusy(&els[i]) {
			add(j, i)
		}
	}
	return ps
}
