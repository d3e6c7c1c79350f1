package engine

import (
	"cmp"
	"slices"

	"pelennor/engine/geom"
)

// sweep orders the elements on the table by the x of their front
// centres at one moment, so that the elements near one (near, the first
// test of every contact) are found by binary search instead of by a scan
// of the whole table: it turns the all-pairs contact scans of the close
// combat phase from O(n²) into O(n log n).
//
// Bases may change after the sweep is made; whoever changes one calls
// moved, and the element is then always a candidate.
type sweep struct {
	order []int      // indices into els of elements on the table, by x then index
	xs    []geom.Sub // order's front x when the sweep was made
	ys    []geom.Sub // and front y
	reach geom.Sub   // the largest Width+Depth of any of them
	moved []int      // indices whose base changed since
	buf   []int
}

func newSweep(els []Element) *sweep {
	s := &sweep{}
	for i := range els {
		if e := &els[i]; e.OnTable() {
			s.order = append(s.order, i)
			s.reach = max(s.reach, e.Base.Width+e.Base.Depth)
		}
	}
	slices.SortFunc(s.order, func(a, b int) int {
		return cmp.Or(cmp.Compare(els[a].Base.Front.X, els[b].Base.Front.X), cmp.Compare(a, b))
	})
	s.xs, s.ys = make([]geom.Sub, len(s.order)), make([]geom.Sub, len(s.order))
	for k, i := range s.order {
		s.xs[k], s.ys[k] = els[i].Base.Front.X, els[i].Base.Front.Y
	}
	return s
}

// note records that els[i]'s base has changed.
func (s *sweep) note(els []Element, i int) {
	s.moved = append(s.moved, i)
	s.reach = max(s.reach, els[i].Base.Width+els[i].Base.Depth)
}

// around returns the indices of elements that may be near e: a superset
// of those for which near(e, ·) holds, in no useful order, and with
// repeats if bases have moved. The slice is reused by the next call.
func (s *sweep) around(e *Element) []int {
	// near needs |dx| ≤ e's Width+Depth + the other's + Tol.
	lim := e.Base.Width + e.Base.Depth + s.reach + geom.Tol
	x, y := e.Base.Front.X, e.Base.Front.Y
	lo, _ := slices.BinarySearch(s.xs, x-lim)
	s.buf = s.buf[:0]
	for k := lo; k < len(s.xs) && s.xs[k] <= x+lim; k++ {
		if dy := s.ys[k] - y; dy <= lim && -dy <= lim { // and along y
			s.buf = append(s.buf, s.order[k])
		}
	}
	return append(s.buf, s.moved...)
}

// first returns the least index among the candidates of e for which ok
// holds, or -1: what a scan of every element in index order finds first,
// for ok without side effects.
func (s *sweep) first(e *Element, ok func(j int) bool) int {
	best := -1
	for _, j := range s.around(e) {
		if (best < 0 || j < best) && ok(j) {
			best = j
		}
	}
	return best
}
