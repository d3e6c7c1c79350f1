package engine

import "pelennor/engine/geom"

// contactRoute checks what a contact move passes over and where it ends,
// the same for a single move (moveOne), a group's member (groupLegal) and
// a contact the engine offers (tryContact, through contactStop): every
// leg but the last as any move's (routeBlock), then the last, made before
// or after its free slide, and the conformed pose end (lastLegBlock).
// legs is the route with the last leg ending before the slide; skip lists
// the elements ignored (the rest of a group).
func (t *tx) contactRoute(e *Element, legs []geom.Base, end geom.Base, slide geom.Point, skip ...int) error {
	if err := t.routeBlock(e, legs[:len(legs)-1], skip...); err != nil {
		return err
	}
	return t.lastLegBlock(e, legs[len(legs)-2], legs[len(legs)-1], end, slide, skip...)
}

// contactMemo keeps what every try of one contact shares, whatever its
// path: the codes of the tests of the conformed pose alone (contactStop's
// of where it ends, tryContact's touchCheck), once worked out.
type contactMemo struct {
	end, touch         string
	endDone, touchDone bool
}

// contactStop is contactRoute's test of a single element's contact move
// without the messages: the code of the refusal contactRoute would make
// ("" if none), the same tests in the same order. The contacts the engine
// offers try many moves and only ask whether each is legal, so writing
// every refusal's words would be wasted. m keeps the test of end, the same
// for every path to it (nil: none kept).
func (t *tx) contactStop(e *Element, legs []geom.Base, end geom.Base, slide geom.Point, m *contactMemo) string {
	// routeBlock of every leg but the last: the pose the last leg starts
	// from is checked as an end.
	r := legs[:len(legs)-1]
	for i := 1; i < len(r); i++ {
		if code, _, _ := t.pathStop(e, r[i-1], r[i], i == len(r)-1, nil); code != "" {
			return code
		}
	}
	// lastLegBlock: the conformed pose, then the last leg before or after
	// the slide.
	from, pre := legs[len(legs)-2], legs[len(legs)-1]
	if m == nil {
		m = new(contactMemo)
	}
	if !m.endDone {
		m.end, _, _ = t.pathStop(e, end, end, true, nil)
		m.endDone = true
	}
	if m.end != "" {
		return m.end
	}
	code, _, _ := t.pathStop(e, from, pre, false, nil)
	if code == "" || slide == (geom.Point{}) {
		return code
	}
	if again, _, _ := t.pathStop(e, from.Translate(slide), end, false, nil); again == "" {
		return ""
	}
	return code
}
