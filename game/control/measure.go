package control

import (
	"math"

	"pelennor/game/table"
)

// Tape is the free tape measure: a line between two points of the
// table, either end of which may be on an element, measured then
// between the element's base rather than the point (the gap a player
// lays the tape across on the tabletop).
type Tape struct {
	A, B     table.Pt
	AID, BID int  // the elements the ends are on, 0 for the ground
	Laid     bool // a measurement is laid on the table
	pulling  bool // the button is held: B follows the pointer
}

// Measuring reports whether the tape is out: presses on the table lay it
// instead of selecting or moving.
func (c *Controller) Measuring() bool { return c.tapeOn }

// ToggleTape takes the tape out or puts it away.
func (c *Controller) ToggleTape() Outcome {
	c.tapeOn = !c.tapeOn
	c.Tape = Tape{}
	if c.tapeOn {
		return Outcome{Hint: "Tape out: drag to measure"}
	}
	return Outcome{Hint: "Tape put away"}
}

// TapePress starts a measurement at p, over element id (0 the ground).
func (c *Controller) TapePress(p Pointer, id int) {
	c.Tape = Tape{A: p.World, B: p.World, AID: id, BID: id, pulling: true}
}

// TapeHold follows the pointer over element id while the button is held;
// letting go leaves the tape laid.
func (c *Controller) TapeHold(p Pointer, id int, down bool) {
	t := &c.Tape
	if !t.pulling {
		return
	}
	t.B, t.BID = p.World, id
	if !down {
		t.pulling = false
		t.Laid = math.Hypot(t.B.X-t.A.X, t.B.Y-t.A.Y) > 0 || t.AID != 0
	}
}

// TapeSpan is what the tape measures, in paces, and the two points it
// is laid between: each end on an element is moved to the nearest point
// of that element's base to the other end; ends on the same element or
// on touching bases measure 0.
func (c *Controller) TapeSpan() (a, b table.Pt, paces float64, ok bool) {
	t := c.Tape
	if !t.pulling && !t.Laid {
		return a, b, 0, false
	}
	a, b = t.A, t.B
	pa, okA := c.poseOf(t.AID)
	pb, okB := c.poseOf(t.BID)
	switch {
	case okA && okB && t.AID == t.BID:
		return a, b, math.Hypot(b.X-a.X, b.Y-a.Y), true
	case okA && okB:
		a, b = nearestBetween(pa, pb)
	case okA:
		a = nearestOn(pa, b)
	case okB:
		b = nearestOn(pb, a)
	}
	return a, b, math.Hypot(b.X-a.X, b.Y-a.Y), true
}

func (c *Controller) poseOf(id int) (table.Pose, bool) {
	if id == 0 {
		return table.Pose{}, false
	}
	e, ok := c.g().Element(id)
	if !ok || !e.OnTable() {
		return table.Pose{}, false
	}
	return table.PoseOf(e.Base), true
}

// nearestOn is the point of base p nearest q (q itself when on it).
func nearestOn(p table.Pose, q table.Pt) table.Pt {
	if p.Contains(q) {
		return q
	}
	cs := p.Corners()
	best, bd := cs[0], math.Inf(1)
	for i := range cs {
		s := onSegment(cs[i], cs[(i+1)%4], q)
		if d := math.Hypot(s.X-q.X, s.Y-q.Y); d < bd {
			best, bd = s, d
		}
	}
	return best
}

// nearestBetween is the closest pair of points of two bases: the gap
// between them (one point twice when they touch or overlap).
func nearestBetween(p, q table.Pose) (table.Pt, table.Pt) {
	var a, b table.Pt
	bd := math.Inf(1)
	try := func(x, y table.Pt) {
		if d := math.Hypot(y.X-x.X, y.Y-x.Y); d < bd {
			a, b, bd = x, y, d
		}
	}
	for _, c := range p.Corners() {
		if q.Contains(c) {
			return c, c
		}
		try(c, nearestOn(q, c))
	}
	for _, c := range q.Corners() {
		if p.Contains(c) {
			return c, c
		}
		try(nearestOn(p, c), c)
	}
	return a, b
}

// onSegment is the point of segment a-b nearest q.
func onSegment(a, b, q table.Pt) table.Pt {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := dx*dx + dy*dy
	if l == 0 {
		return a
	}
	t := math.Max(0, math.Min(1, ((q.X-a.X)*dx+(q.Y-a.Y)*dy)/l))
	return table.Pt{X: a.X + t*dx, Y: a.Y + t*dy}
}

// TapeText words the tape: the distance, and between what.
func (c *Controller) TapeText(dist func(float64) string) string {
	_, _, d, ok := c.TapeSpan()
	if !ok {
		return ""
	}
	t := c.Tape
	s := dist(d)
	switch {
	case t.AID != 0 && t.BID != 0 && t.AID != t.BID:
		s += " between " + c.P.ElementName(t.AID) + " and " + c.P.ElementName(t.BID)
	case t.AID != 0 && t.BID != t.AID:
		s += " from " + c.P.ElementName(t.AID)
	case t.BID != 0 && t.BID != t.AID:
		s += " to " + c.P.ElementName(t.BID)
	}
	return s
}

// TapePulling reports whether the tape is being pulled out (the button
// held since the press that laid its first end).
func (c *Controller) TapePulling() bool { return c.Tape.pulling }
