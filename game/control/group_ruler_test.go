package control

import (
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/game/table"
)

// A group dragged near an enemy snaps to the group's contact (one member
// contacting, the rest conforming), as the engine lists it.
func TestGroupSnapsToItsContact(t *testing.T) {
	p := newPos(t)
	c := New(p)
	c.Sel = []int{1, 3}
	drag(c, p, 3, 0, -150, false)
	d := c.Dragging()
	if d == nil || d.Kind != engine.ActGroup || !d.Snapped || !d.OK || d.Action.Contact == nil || d.Action.Contact.Target != 2 {
		t.Fatalf("dragging %+v, want the group snapped into contact with the Blades", d)
	}
	out := c.DragTo(at(centre(p, 3).X, centre(p, 3).Y-150), DragInput{}, camera{})
	p.apply(t, out)
	if e, _ := p.Game().Element(1); e.Base.Front.Y.Paces() != 1700 {
		t.Errorf("knights at y %d, want in contact at 1700", e.Base.Front.Y.Paces())
	}
}

// The group's ruler reads the slowest member's allowance, and a refused
// group move still reads its distance and the engine's own reason.
func TestGroupRulerWhenRefused(t *testing.T) {
	p := newPos(t)
	c := New(p)
	c.Sel = []int{1, 3}
	drag(c, p, 3, 0, -600, false) // twice the allowance ahead
	d := c.Dragging()
	if d == nil || d.OK || d.Kind != engine.ActGroup {
		t.Fatalf("dragging %+v, want a refused group move", d)
	}
	if d.Dist <= 0 {
		t.Errorf("a refused group move reads %v paces", d.Dist)
	}
	want := AllowanceOf(p.Game(), 1, engineGhost(d, 0))
	if alt := AllowanceOf(p.Game(), 3, engineGhost(d, 1)); alt.Allow < want.Allow {
		want = alt
	}
	if d.Going != want {
		t.Errorf("group going %+v, want the slowest member's %+v", d.Going, want)
	}
	_, err := p.Game().Preview(d.Action)
	lines := d.Label(func(float64) string { return "x" })
	if err == nil || d.Reason != Reason(err) || !strings.Contains(lines[len(lines)-1].Text, d.Reason) {
		t.Errorf("reason %q, want the engine's %v", d.Reason, err)
	}
}

// engineGhost is member i's ghost pose as the engine takes it.
func engineGhost(d *Drag, i int) engine.Pose { return table.ToEngine(d.Ghost[i]) }
