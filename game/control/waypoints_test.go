package control

import (
	"strconv"
	"strings"
	"testing"

	"pelennor/engine"
)

// dragLegs picks up element id and follows the pointer through the
// given offsets from its centre, dropping a waypoint after each but the
// last; the button stays held.
func dragLegs(c *Controller, p *pos, id int, offs ...[2]float64) Outcome {
	s := centre(p, id)
	c.Press(at(s.X, s.Y), id)
	c.Hold(at(s.X+offs[0][0], s.Y+offs[0][1]), true, false, camera{})
	var out Outcome
	for i, o := range offs {
		out = c.DragTo(at(s.X+o[0], s.Y+o[1]), DragInput{Down: true, Waypoint: i < len(offs)-1}, camera{})
	}
	return out
}

func TestTwoLegMoveGoesVia(t *testing.T) {
	p := newPos(t)
	c := New(p)
	// West 200 paces, then north 100: a path of two legs (R21).
	dragLegs(c, p, 1, [2]float64{-200, 0}, [2]float64{-200, -100})
	d := c.Dragging()
	if d == nil || !d.OK || len(d.Via) != 1 {
		t.Fatalf("dragging %+v, want a legal move with one waypoint", d)
	}
	if len(d.Legs) != 2 || d.Legs[0] != 200 || d.Legs[1] != 100 || d.Dist != 300 {
		t.Errorf("legs %v, distance %v: want 200 + 100 = 300, as the engine measures", d.Legs, d.Dist)
	}
	lines := d.Label(func(x float64) string { return strconv.Itoa(int(x)) })
	if !strings.HasPrefix(lines[0].Text, "200 + 100 = 300 of ") {
		t.Errorf("ruler %q, want the legs and their total against the allowance", lines[0].Text)
	}
	s := centre(p, 1)
	out := c.DragTo(at(s.X-200, s.Y-100), DragInput{}, camera{})
	if out.Act == nil || len(out.Act.Via) != 1 || out.Act.Via[0].X != 500 || out.Act.Via[0].Y != 1900 {
		t.Fatalf("released %+v, want a move via (500, 1900)", out.Act)
	}
	evs := p.apply(t, out)
	e, _ := p.Game().Element(1)
	if e.Base.Front.X.Paces() != 500 || e.Base.Front.Y.Paces() != 1800 {
		t.Errorf("knights at (%d, %d), want (500, 1800)", e.Base.Front.X.Paces(), e.Base.Front.Y.Paces())
	}
	for _, ev := range evs {
		if ev.Kind == engine.EvMoved && ev.Value != 300 {
			t.Errorf("the engine measured %d paces, want 300", ev.Value)
		}
	}
}

func TestWaypointsTakenBackAndLimited(t *testing.T) {
	p := newPos(t)
	c := New(p)
	out := dragLegs(c, p, 1, [2]float64{-40, 0}, [2]float64{-80, 0}, [2]float64{-120, 0}, [2]float64{-160, 0})
	d := c.Dragging()
	if len(d.Via) != 3 || len(d.Legs) != 4 {
		t.Fatalf("%d waypoints, %d legs; want 3 and 4", len(d.Via), len(d.Legs))
	}
	s := centre(p, 1)
	out = c.DragTo(at(s.X-160, s.Y), DragInput{Down: true, Waypoint: true}, camera{})
	if len(d.Via) != 3 || !strings.Contains(out.Hint, "at most 4 legs") {
		t.Errorf("a fourth waypoint: %d waypoints, hint %q; want it refused", len(d.Via), out.Hint)
	}
	out = c.DragTo(at(s.X-160, s.Y), DragInput{Down: true, Unwaypoint: true}, camera{})
	if len(d.Via) != 2 || len(d.Action.Via) != 2 || !strings.Contains(out.Hint, "taken back") {
		t.Errorf("taking one back: %d waypoints, action via %d, hint %q", len(d.Via), len(d.Action.Via), out.Hint)
	}
}

func TestRefusedPathIsMeasuredByItsLegs(t *testing.T) {
	p := newPos(t)
	c := New(p)
	// Far west and back: each leg is short of the allowance, the sum is not.
	dragLegs(c, p, 1, [2]float64{-250, 0}, [2]float64{0, 0})
	d := c.Dragging()
	if d.OK {
		t.Fatalf("a 500-pace path allowed: %+v", d)
	}
	if d.Dist != 500 || !strings.Contains(d.Reason, "this move is 500") {
		t.Errorf("distance %v, reason %q: want the 500 paces of the legs and the engine's refusal", d.Dist, d.Reason)
	}
}

func TestTurnReadout(t *testing.T) {
	for _, tt := range []struct {
		rot  float64
		want string
	}{{0, ""}, {512, "Turned 45° clockwise"}, {-1024, "Turned 90° anticlockwise"}, {4096 - 512, "Turned 45° anticlockwise"}} {
		if got := (&Drag{Rot: tt.rot}).TurnText(); got != tt.want {
			t.Errorf("rot %v: %q, want %q", tt.rot, got, tt.want)
		}
	}
}
