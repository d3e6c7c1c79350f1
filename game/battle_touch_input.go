package game

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

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
	b.touchInUse, b.target = f.Touch, f.Target()
}

// groupButtonShown reports whether the Group button is on the bar: in
// the move phase while touch is in use, or while its mode is on (so the
// mouse can turn it off again).
func (b *Battle) groupButtonShown() bool {
	return !b.replay && b.M.G.Phase() == engine.PhaseMove && (b.touchInUse || b.GroupMode)
}

// layoutTouch places the Group button after the bar's other small
// buttons.
func (b *Battle) layoutTouch(s float64) {
	if b.groupSel.Label == "" {
		b.groupSel = ui.Button{Label: "Group", Small: true}
	}
	b.groupSel.Primary = b.GroupMode
	if !b.groupButtonShown() {
		b.groupSel.Rect = ui.Rect{}
		return
	}
	r := b.redo.Rect
	if b.meas.made {
		r = b.meas.trails.Rect
	}
	b.groupSel.Rect = ui.R(r.Right()+16*s, r.Y, 84*s, r.H)
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

// touchHint is the bar's hint while touch is in use and nothing else is
// said ("" leaves the mouse's).
func (b *Battle) touchHint() string {
	switch {
	case b.Dragging() != nil && b.Dragging().Kind == engine.ActGroup:
		return "Lift to move the group · a second finger twists to wheel it"
	case b.Dragging() != nil:
		return "Lift to move · second finger: tap for a waypoint, twist to turn · slide back to the start to turn in place"
	case b.Placing() != nil:
		return "Lift to place · a second finger twists to turn"
	case b.M.G.Phase() == engine.PhaseOver:
		return ""
	case b.GroupMode:
		return "Group: tap elements to add or remove · drag one to move them all · drag open ground for a box · Group again to stop"
	case b.M.G.Phase() == engine.PhaseMove:
		return "Drag to move · two-finger twist to turn · Group to gather a group · drag ground to pan · pinch zooms"
	}
	return "Tap to choose · drag ground to pan · pinch zooms"
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

// drawHintAbove shows the bar's hint on a strip along the foot of the
// table, for a bar whose touch-sized buttons leave it no room.
func (b *Battle) drawHintAbove(a *App, dst *ebiten.Image, hint string) {
	s := a.Theme.Scale
	face := a.Theme.Face(fontRegular, 14)
	lines := ui.Wrap(hint, face, b.view.W-220*s)
	h := float64(len(lines))*ui.LineHeight(face) + 10*s
	w := 0.0
	for _, l := range lines {
		w = max(w, ui.Width(l, face))
	}
	// Right of the scale bar, which sits in the view's lower left corner.
	r := ui.R(b.view.X+212*s, b.view.Bottom()-h-8*s, w+20*s, h)
	ui.RoundRect(dst, r, 6*s, color.RGBA{0x12, 0x14, 0x18, 0xd8}, ui.SteelEdge, 1*s)
	for i, l := range lines {
		ui.Text(dst, l, face, r.X+10*s, r.Y+5*s+float64(i)*ui.LineHeight(face), ui.Parchment, ui.Left)
	}
}
