package game

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
)

// mod is which modifiers a binding asks for.
type mod int

const (
	modAny       mod = iota // whatever is held (Shift may refine the command)
	modPlain                // neither Ctrl nor Shift
	modShift                // Shift, not Ctrl
	modCtrl                 // Ctrl, not Shift
	modCtrlShift            // Ctrl and Shift
	modNoCtrl               // anything but Ctrl (Ctrl+S saves, Ctrl+Z undoes)
)

// how is when a binding fires.
type how int

const (
	onPress   how = iota // the frame the key goes down
	onRepeat             // and while it auto-repeats
	whileHeld            // every frame it is held
)

// binding is one key of the keymap.
type binding struct {
	cmd    control.Command
	key    ebiten.Key
	mod    mod
	how    how
	label  string // as the player reads it: "Ctrl+Z"
	letter bool   // a letter that types into the drag instead (off while dragging)
}

// keymap turns keys into commands, for every scene: the buttons take
// their shortcut from it and the hints and the keys list are written
// from it, so what is shown is what works.
var keymap = []binding{
	{control.CmdUndo, ebiten.KeyZ, modCtrl, onPress, "Ctrl+Z", false},
	{control.CmdRedo, ebiten.KeyY, modCtrl, onPress, "Ctrl+Y", false},
	{control.CmdRedo, ebiten.KeyZ, modCtrlShift, onPress, "Ctrl+Shift+Z", false},
	{control.CmdEndPhase, ebiten.KeyP, modAny, onPress, "P", false},
	{control.CmdEndBound, ebiten.KeyB, modAny, onPress, "B", false},
	{control.CmdRotateLeft, ebiten.KeyQ, modAny, onRepeat, "Q", false},
	{control.CmdRotateRight, ebiten.KeyE, modAny, onRepeat, "E", false},
	{control.CmdTurnRight, ebiten.KeyT, modPlain, onPress, "T", false},
	{control.CmdTurnLeft, ebiten.KeyT, modShift, onPress, "Shift+T", false},
	{control.CmdTurnAbout, ebiten.KeyR, modNoCtrl, onPress, "R", false},
	{control.CmdShoot, ebiten.KeyEnter, modAny, onPress, "Enter", false},
	{control.CmdSave, ebiten.KeyS, modCtrl, onPress, "Ctrl+S", false},
	{control.CmdBack, ebiten.KeyEscape, modAny, onPress, "Esc", false},
	{control.CmdFit, ebiten.KeyF, modAny, onPress, "F", false},
	{control.CmdFit, ebiten.KeyHome, modAny, onPress, "Home", false},
	{control.CmdZoomIn, ebiten.KeyEqual, modAny, onPress, "+", false},
	{control.CmdZoomIn, ebiten.KeyKPAdd, modAny, onPress, "", false},
	{control.CmdZoomOut, ebiten.KeyMinus, modAny, onPress, "-", false},
	{control.CmdZoomOut, ebiten.KeyKPSubtract, modAny, onPress, "", false},
	{control.CmdPanLeft, ebiten.KeyArrowLeft, modAny, whileHeld, "←", false},
	{control.CmdPanRight, ebiten.KeyArrowRight, modAny, whileHeld, "→", false},
	{control.CmdPanUp, ebiten.KeyArrowUp, modAny, whileHeld, "↑", false},
	{control.CmdPanDown, ebiten.KeyArrowDown, modAny, whileHeld, "↓", false},
	{control.CmdPanLeft, ebiten.KeyA, modNoCtrl, whileHeld, "A", true},
	{control.CmdPanRight, ebiten.KeyD, modNoCtrl, whileHeld, "D", true},
	{control.CmdPanUp, ebiten.KeyW, modNoCtrl, whileHeld, "W", true},
	{control.CmdPanDown, ebiten.KeyS, modNoCtrl, whileHeld, "S", true},
}

// commandNames are the commands as the keys list names them.
var commandNames = map[control.Command]string{
	control.CmdUndo: "Undo", control.CmdRedo: "Redo", control.CmdEndPhase: "End the phase",
	control.CmdEndBound: "End the bound", control.CmdRotateLeft: "Turn the element in hand anticlockwise (Shift: finely)",
	control.CmdRotateRight: "Turn it clockwise (Shift: finely)", control.CmdTurnRight: "Quarter turn clockwise",
	control.CmdTurnLeft: "Quarter turn anticlockwise", control.CmdTurnAbout: "About turn",
	control.CmdShoot: "Shoot or bespell", control.CmdSave: "Save", control.CmdBack: "Cancel, or the menu",
	control.CmdFit: "Fit the table", control.CmdZoomIn: "Zoom in", control.CmdZoomOut: "Zoom out",
	control.CmdPanLeft: "Pan left", control.CmdPanRight: "Pan right", control.CmdPanUp: "Pan up", control.CmdPanDown: "Pan down",
}

func (m mod) holds(f *input.Frame) bool {
	ctrl, shift := f.Ctrl(), f.Shift()
	switch m {
	case modPlain:
		return !ctrl && !shift
	case modShift:
		return shift && !ctrl
	case modCtrl:
		return ctrl && !shift
	case modCtrlShift:
		return ctrl && shift
	case modNoCtrl:
		return !ctrl
	}
	return true
}

// fired reports whether binding k fires this frame.
func (k binding) fired(f *input.Frame, dragging bool) bool {
	if !k.mod.holds(f) || k.letter && dragging {
		return false
	}
	switch k.how {
	case onRepeat:
		return f.KeyRepeat(k.key)
	case whileHeld:
		return f.Key(k.key)
	}
	return f.KeyPressed(k.key)
}

// commanded reports whether a key asks for cmd this frame; the key is
// consumed, so nothing under the scene sees it too.
func commanded(f *input.Frame, cmd control.Command, dragging bool) bool {
	for _, k := range keymap {
		if k.cmd == cmd && k.fired(f, dragging) {
			if k.how == onPress {
				f.ConsumeKey(k.key)
			}
			return true
		}
	}
	return false
}

// keyOf is the first key bound to cmd and its label (for a button).
func keyOf(cmd control.Command) (ebiten.Key, string) {
	for _, k := range keymap {
		if k.cmd == cmd {
			return k.key, k.label
		}
	}
	return 0, ""
}

// keysOf names every key bound to cmd: "Ctrl+Y or Ctrl+Shift+Z".
func keysOf(cmd control.Command) string {
	var ls []string
	for _, k := range keymap {
		if k.cmd == cmd && k.label != "" {
			ls = append(ls, k.label)
		}
	}
	return strings.Join(ls, " or ")
}

// keyList is the keys list of the help: each command once, with its keys,
// in the keymap's order.
func keyList() [][2]string {
	var out [][2]string
	seen := map[control.Command]bool{}
	for _, k := range keymap {
		if seen[k.cmd] {
			continue
		}
		seen[k.cmd] = true
		out = append(out, [2]string{keysOf(k.cmd), commandNames[k.cmd]})
	}
	return out
}
