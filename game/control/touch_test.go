package control

import (
	"slices"
	"testing"

	"pelennor/engine"
)

// press presses on element id and lets go after moving the pointer by
// (dx, dy), with a finger's slop (0: the mouse's); it returns the
// outcome of the last Hold.
func pressAndLift(c *Controller, p *pos, id int, dx, dy, slop float64) Outcome {
	s := centre(p, id)
	down := at(s.X, s.Y)
	down.Slop = slop
	c.Press(down, id)
	moved := at(s.X+dx, s.Y+dy)
	moved.Slop = slop
	out := c.Hold(moved, true, false, camera{})
	if c.Dragging() != nil {
		return out
	}
	return c.Hold(moved, false, true, camera{})
}

// TestTouchSlop: a finger's press (slop 32 screen pixels: 16 CSS pixels
// at device scale 2) that wobbles 20 pixels is a tap that selects; the
// mouse's (5 logical pixels) picks the element up; past the finger's
// slop the finger does too.
func TestTouchSlop(t *testing.T) {
	tests := []struct {
		name     string
		slop, dx float64
		drag     bool
	}{
		{"a finger's wobble is a tap", 32, 20, false},
		{"the mouse moving as far drags", 0, 20, true},
		{"a finger past its slop drags", 32, 40, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPos(t)
			c := New(p)
			pressAndLift(c, p, 1, tc.dx, 0, tc.slop)
			if got := c.Dragging() != nil; got != tc.drag {
				t.Fatalf("dragging %v, want %v", got, tc.drag)
			}
			if !tc.drag && (!slices.Equal(c.Sel, []int{1}) || p.Game().Actions() != 0) {
				t.Fatalf("the tap: selection %v, %d actions; want [1] and none", c.Sel, p.Game().Actions())
			}
		})
	}
}

// TestGroupMode: with the group-select mode on, taps gather a group and
// take elements out of it without Shift, a tap on the ground keeps it,
// and dragging one of it moves the group; a drag on the ground boxes.
func TestGroupMode(t *testing.T) {
	p := newPos(t)
	c := New(p)
	if out := c.ToggleGroupMode(); !c.GroupMode || out.Hint == "" {
		t.Fatalf("group mode on: %v, %+v", c.GroupMode, out)
	}
	taps := []struct {
		id   int
		want []int
	}{{1, []int{1}}, {3, []int{1, 3}}, {3, []int{1}}, {3, []int{1, 3}}, {0, []int{1, 3}}, {2, []int{2}}, {0, []int{2}}}
	for i, tp := range taps {
		c.Press(at(0, 0), tp.id)
		c.Hold(at(0, 0), false, true, camera{})
		if !slices.Equal(c.Sel, tp.want) {
			t.Fatalf("tap %d on %d: selection %v, want %v", i, tp.id, c.Sel, tp.want)
		}
	}
	// A drag on open ground draws a box round both knights.
	c.Press(at(600, 1700), 0)
	c.Hold(at(950, 2050), true, false, camera{})
	if _, _, _, _, ok := c.Box(); !ok {
		t.Fatal("no box after a drag on the ground in group mode")
	}
	c.Hold(at(950, 2050), false, true, camera{})
	if !slices.Equal(c.Sel, []int{1, 3}) {
		t.Fatalf("the box selected %v, want [1 3]", c.Sel)
	}
	out := drag(c, p, 3, 0, -100, true)
	if out.Act == nil || out.Act.Kind != engine.ActGroup {
		t.Fatalf("dragging one of the group: %+v, want a group move", out)
	}
	p.apply(t, out)
	for _, id := range []int{1, 3} {
		if e, _ := p.Game().Element(id); e.Base.Front.Y.Paces() != 1800 {
			t.Errorf("element %d at y %d, want 1800", id, e.Base.Front.Y.Paces())
		}
	}
	c.ToggleGroupMode()
	c.Press(at(0, 0), 0)
	c.Hold(at(0, 0), false, true, camera{})
	if c.GroupMode || c.Sel != nil {
		t.Fatalf("group mode off: a tap on the ground should clear, selection %v", c.Sel)
	}
}

// TestTwistTurnsTheElementInHand: a drag's turn (a finger's twist comes
// as DragInput.Turn) turns the ghost about its centre, and the move
// submitted stands turned.
func TestTwistTurnsTheElementInHand(t *testing.T) {
	p := newPos(t)
	c := New(p)
	drag(c, p, 4, 0, -100, false)
	s := centre(p, 4)
	for range 4 {
		c.DragTo(at(s.X, s.Y-100), DragInput{Down: true, Turn: 64}, camera{})
	}
	if d := c.Dragging(); d == nil || d.Rot != 256 || !d.OK {
		t.Fatalf("dragging %+v, want turned 256 and legal", d)
	}
	out := c.DragTo(at(s.X, s.Y-100), DragInput{}, camera{})
	p.apply(t, out)
	if e, _ := p.Game().Element(4); e.Base.Facing.Norm() != 256 {
		t.Fatalf("facing %d after the twist, want 256", e.Base.Facing.Norm())
	}
}
