package game

import (
	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// Touch on the battle screen (docs/rulings.md C7-C9): the bar's Group
// button toggles the controller's group-select mode, a finger's twist
// turns the element in hand, and the hints speak of fingers while touch
// is in use.

// noteInput records whether the frame's input was a finger's, which
// sizes the bar's buttons and words the hints.
func (b *Battle) noteInput(f *input.Frame) {
	b.touchInUse = f.Touch
}

// groupButtonShown reports whether the Group button is on the bar: in
// the move phase while touch is in use, or while its mode is on (so the
// mouse can turn it off again).
func (b *Battle) groupButtonShown() bool {
	return !b.replay && b.M.G.Phase() == engine.PhaseMove && (b.touchInUse || b.GroupMode)
}

// layoutTouch readies the Group button; the bar places it after its
// other small buttons while it is shown (barButtons).
func (b *Battle) layoutTouch() {
	if b.groupSel.Label == "" {
		b.groupSel = ui.Button{Label: "Group", Small: true}
	}
	b.groupSel.Primary = b.GroupMode
	if !b.groupButtonShown() {
		b.groupSel.Rect = ui.Rect{}
	}
}

// updateGroupButton toggles the group-select mode; it reports whether
// the button took the frame.
func (b *Battle) updateGroupButton(a *App, f *input.Frame) bool {
	if b.groupSel.Rect.W == 0 {
		if b.GroupMode && b.M.G.Phase() != engine.PhaseMove {
			b.GroupMode = false // a new phase starts without it
		}
		return false
	}
	if !b.groupSel.Update(f) {
		return false
	}
	b.do(a, b.ToggleGroupMode())
	return true
}

// touchHints are the bar's hint wordings, longest first, while touch is
// in use and nothing else is said (nil leaves the mouse's).
func (b *Battle) touchHints() []string {
	switch {
	case b.Dragging() != nil && b.Dragging().Kind == engine.ActGroup:
		return []string{"Lift to move the group · a second finger twists to wheel it", "Lift to move · twist to wheel", "Lift to move"}
	case b.Dragging() != nil:
		return []string{"Lift to move · second finger: tap for a waypoint, twist to turn · slide back to the start to turn in place",
			"Lift to move · second finger: tap for a waypoint, twist to turn", "Lift to move · twist to turn", "Lift to move"}
	case b.Placing() != nil:
		return []string{"Lift to place · a second finger twists to turn", "Lift to place · twist to turn", "Lift to place"}
	case b.M.G.Phase() == engine.PhaseOver:
		return nil
	case b.GroupMode:
		return []string{"Group: tap elements to add or remove · drag one to move them all · drag open ground for a box · Group again to stop",
			"Group: tap to add or remove · drag one to move them all", "Tap to add or remove"}
	case b.M.G.Phase() == engine.PhaseMove:
		return []string{"Drag to move · two-finger twist to turn · Group to gather a group · drag ground to pan · pinch zooms",
			"Drag to move · twist to turn · Group for a group · pinch zooms", "Drag to move · twist to turn", "Drag to move"}
	}
	return []string{"Tap to choose · drag ground to pan · pinch zooms", "Tap to choose · pinch zooms", "Tap to choose"}
}

// touchPointer is the pointer on the table for frame f: a finger's
// presses travel its slop before they drag.
func touchPointer(p control.Pointer, f *input.Frame) control.Pointer {
	if f.Touch {
		p.Slop = f.TouchSlop()
	}
	return p
}

// The panel's advice that differs by touch and mouse.
type panelAdvice int

const (
	panelGroupDrag panelAdvice = iota // a legal group is selected
	panelGather                       // how to gather a group and look around
)

// panelAdvices are the panel's words for the mouse and for a finger.
var panelAdvices = map[panelAdvice][2]string{
	panelGroupDrag: {"Drag any of them: the group moves straight ahead; turn the wheel or Q/E to wheel it.",
		"Drag any of them: the group moves straight ahead; a second finger twists to wheel it."},
	panelGather: {"Shift-click, or shift-drag on open ground, to gather a group. Drag the ground or use the arrow keys to look around; the wheel zooms.",
		"Tap Group, then tap elements (or drag a box on open ground) to gather a group. Drag the ground to look around; pinch to zoom."},
}

// panelWords is the panel's advice w, as the last input calls for.
func (b *Battle) panelWords(w panelAdvice) string {
	if b.touchInUse {
		return panelAdvices[w][1]
	}
	return panelAdvices[w][0]
}
