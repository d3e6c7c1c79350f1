package control

import (
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/game/table"
)

// TestLockedTableOnlyInspects: while the computer plays (Locked), the
// person's own element cannot be picked up, a click only selects to
// inspect, every action is refused with the reason, and undo is not
// offered; unlocked, the same table plays as before.
func TestLockedTableOnlyInspects(t *testing.T) {
	p := newPos(t)
	c := New(p)
	if !c.MayDrag(1) {
		t.Fatal("Knights 1 may not be dragged on an unlocked table")
	}
	act := engine.Action{Kind: engine.ActEndPhase}
	if out := c.Refuse(Outcome{Act: &act}); out.Act == nil {
		t.Fatal("an unlocked table refused an action")
	}
	c.Locked = "the computer is playing b"
	if c.MayDrag(1) {
		t.Error("a locked table lets the person pick up Knights 1")
	}
	c.Click(Pointer{World: table.Pt{}}, 2)
	if len(c.Sel) != 1 || c.Sel[0] != 2 {
		t.Errorf("a click on the enemy's Blades 2 selected %v, want it inspected", c.Sel)
	}
	out := c.Refuse(Outcome{Act: &act, Confirm: "sure?"})
	if out.Act != nil || !out.Refused || !strings.Contains(out.Toast, "The computer is playing b") || out.Confirm != "" {
		t.Errorf("refusal %+v", out)
	}
	if pan := c.Refuse(Outcome{Pan: true}); !pan.Pan {
		t.Error("a pan was refused on a locked table")
	}
	if c.MayUndo() {
		t.Error("undo offered on a locked table")
	}
	if got := c.UndoRefusal(); got != "The computer is playing b" {
		t.Errorf("undo refusal %q", got)
	}
}
