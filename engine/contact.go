package engine

import "pelennor/engine/geom"

// contactRoute checks what a contact move passes over and where it ends,
// the same for a single move (moveOne), a group's member (groupLegal) and
// a contact the engine offers (tryContact): every leg but the last as
// any move's (routeBlock), then the last, made before or after its free
// slide, and the conformed pose end (lastLegBlock). legs is the route
// with the last leg ending before the slide; skip lists the elements
// ignored (the rest of a group).
func (t *tx) contactRoute(e *Element, legs []geom.Base, end geom.Base, slide geom.Point, skip ...int) error {
	if err := t.routeBlock(e, legs[:len(legs)-1], skip...); err != nil {
		return err
	}
	return t.lastLegBlock(e, legs[len(legs)-2], legs[len(legs)-1], end, slide, skip...)
}
