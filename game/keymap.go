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
	modNoShift              // anything but Shift
)

// scope is where a binding applies.
type scope int

const (
	scopeAny    scope = iota // every scene
	scopeTable               // the battle's table; in a replay, not a key the viewer binds
	scopeViewer              // the replay viewer
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
	scope  scope
}

// keyCtx is what the scene reading a command is doing.
type keyCtx struct {
	dragging bool // an element is in hand
	viewer   bool // the table is a replay's
}

// keymap turns keys into commands, for every scene: the buttons take
// their shortcut from it and the hints and the keys list are written
// from it, so what is shown is what works.
var keymap = []binding{
	{control.CmdUndo, ebiten.KeyZ, modCtrl, onPress, "Ctrl+Z", false, scopeTable},
	{control.CmdRedo, ebiten.KeyY, modCtrl, onPress, "Ctrl+Y", false, scopeTable},
	{control.CmdRedo, ebiten.KeyZ, modCtrlShift, onPress, "Ctrl+Shift+Z", false, scopeTable},
	{control.CmdEndPhase, ebiten.KeyP, modAny, onPress, "P", false, scopeTable},
	{control.CmdEndBound, ebiten.KeyB, modAny, onPress, "B", false, scopeTable},
	{control.CmdRotateLeft, ebiten.KeyQ, modAny, onRepeat, "Q", false, scopeTable},
	{control.CmdRotateRight, ebiten.KeyE, modAny, onRepeat, "E", false, scopeTable},
	{control.CmdTurnRight, ebiten.KeyT, modPlain, onPress, "T", false, scopeTable},
	{control.CmdTurnLeft, ebiten.KeyT, modShift, onPress, "Shift+T", false, scopeTable},
	{control.CmdTurnAbout, ebiten.KeyR, modNoCtrl, onPress, "R", false, scopeTable},
	{control.CmdWaypoint, ebiten.KeySpace, modAny, onPress, "Space", false, scopeTable},
	{control.CmdUnwaypoint, ebiten.KeyBackspace, modAny, onPress, "Backspace", false, scopeTable},
	{control.CmdMeasure, ebiten.KeyM, modPlain, onPress, "M", false, scopeTable},
	{control.CmdTrails, ebiten.KeyL, modPlain, onPress, "L", false, scopeTable},
	{control.CmdContrast, ebiten.KeyH, modPlain, onPress, "H", false, scopeTable},
	{control.CmdCodex, ebiten.KeyI, modPlain, onPress, "I", false, scopeTable},
	{control.CmdSave, ebiten.KeyS, modCtrl, onPress, "Ctrl+S", false, scopeAny},
	{control.CmdBack, ebiten.KeyEscape, modAny, onPress, "Esc", false, scopeAny},
	{control.CmdFit, ebiten.KeyF, modAny, onPress, "F", false, scopeTable},
	{control.CmdFit, ebiten.KeyHome, modAny, onPress, "Home", false, scopeTable},
	{control.CmdZoomIn, ebiten.KeyEqual, modAny, onPress, "+", false, scopeTable},
	{control.CmdZoomIn, ebiten.KeyKPAdd, modAny, onPress, "", false, scopeTable},
	{control.CmdZoomOut, ebiten.KeyMinus, modAny, onPress, "-", false, scopeTable},
	{control.CmdZoomOut, ebiten.KeyKPSubtract, modAny, onPress, "", false, scopeTable},
	{control.CmdPanLeft, ebiten.KeyArrowLeft, modAny, whileHeld, "←", false, scopeTable},
	{control.CmdPanRight, ebiten.KeyArrowRight, modAny, whileHeld, "→", false, scopeTable},
	{control.CmdPanUp, ebiten.KeyArrowUp, modAny, whileHeld, "↑", false, scopeTable},
	{control.CmdPanDown, ebiten.KeyArrowDown, modAny, whileHeld, "↓", false, scopeTable},
	{control.CmdPanLeft, ebiten.KeyA, modNoCtrl, whileHeld, "A", true, scopeTable},
	{control.CmdPanRight, ebiten.KeyD, modNoCtrl, whileHeld, "D", true, scopeTable},
	{control.CmdPanUp, ebiten.KeyW, modNoCtrl, whileHeld, "W", true, scopeTable},
	{control.CmdPanDown, ebiten.KeyS, modNoCtrl, whileHeld, "S", true, scopeTable},
	{control.CmdConfirm, ebiten.KeyEnter, modAny, onPress, "Enter", false, scopeAny},
	{control.CmdConfirm, ebiten.KeyNumpadEnter, modAny, onPress, "", false, scopeAny},
	{control.CmdBoundBack, ebiten.KeyArrowLeft, modShift, onRepeat, "Shift+←", false, scopeViewer},
	{control.CmdBoundBack, ebiten.KeyPageUp, modAny, onRepeat, "PgUp", false, scopeViewer},
	{control.CmdBoundOn, ebiten.KeyArrowRight, modShift, onRepeat, "Shift+→", false, scopeViewer},
	{control.CmdBoundOn, ebiten.KeyPageDown, modAny, onRepeat, "PgDn", false, scopeViewer},
	{control.CmdStepBack, ebiten.KeyArrowLeft, modNoShift, onRepeat, "←", false, scopeViewer},
	{control.CmdStepOn, ebiten.KeyArrowRight, modNoShift, onRepeat, "→", false, scopeViewer},
	{control.CmdToStart, ebiten.KeyHome, modAny, onPress, "Home", false, scopeViewer},
	{control.CmdToEnd, ebiten.KeyEnd, modAny, onPress, "End", false, scopeViewer},
	{control.CmdPlay, ebiten.KeySpace, modAny, onPress, "Space", false, scopeViewer},
	{control.CmdMute, ebiten.KeyM, modCtrl, onPress, "Ctrl+M", false, scopeAny},
	{control.CmdFullscreen, ebiten.KeyF11, modAny, onPress, "F11", false, scopeAny},
	{control.CmdHelp, ebiten.KeyF1, modAny, onPress, "F1", false, scopeAny},
}

// commandNames are the commands as the keys list names them.
var commandNames = map[control.Command]string{
	control.CmdUndo: "Undo", control.CmdRedo: "Redo", control.CmdEndPhase: "End the phase",
	control.CmdEndBound: "End the bound", control.CmdRotateLeft: "Turn the element in hand anticlockwise (Shift: finely)",
	control.CmdRotateRight: "Turn it clockwise (Shift: finely)", control.CmdTurnRight: "Quarter turn clockwise",
	control.CmdTurnLeft: "Quarter turn anticlockwise", control.CmdTurnAbout: "About turn",
	control.CmdSave: "Save", control.CmdBack: "Cancel, or the menu",
	control.CmdFit: "Fit the table", control.CmdZoomIn: "Zoom in", control.CmdZoomOut: "Zoom out",
	control.CmdPanLeft: "Pan left", control.CmdPanRight: "Pan right", control.CmdPanUp: "Pan up", control.CmdPanDown: "Pan down",
	control.CmdConfirm: "The highlighted button (Shoot, Yes, Load…)", control.CmdStepBack: "Replay: an action back", control.CmdStepOn: "Replay: an action on",
	control.CmdBoundBack: "Replay: a bound back", control.CmdBoundOn: "Replay: a bound on", control.CmdToStart: "Replay: to the start",
	control.CmdToEnd: "Replay: to the end", control.CmdPlay: "Replay: play or pause", control.CmdMute: "Sound on or off",
	control.CmdFullscreen: "Full screen", control.CmdHelp: "This list of keys",
	control.CmdWaypoint: "Drop a waypoint of the move in hand (up to 3)", control.CmdUnwaypoint: "Take the last waypoint back",
	control.CmdMeasure: "Tape measure on or off", control.CmdTrails: "Trails of the last bound's moves",
	control.CmdContrast: "High-contrast bases on or off (larger symbols, for a small zoom)",
	control.CmdCodex:    "The troops and heroes of the element under the pointer (or selected)",
}

// viewerKeys are the keys the replay viewer binds: on a replay's table
// they mean the viewer's command, not the table's (the arrows step the
// replay and do not pan it too).
var viewerKeys = func() map[ebiten.Key]bool {
	m := map[ebiten.Key]bool{}
	for _, k := range keymap {
		if k.scope == scopeViewer {
			m[k.key] = true
		}
	}
	return m
}()

func (m mod) holds(f *input.Frame) bool { return m.allows(f.Ctrl(), f.Shift()) }

// allows reports whether m fires with Ctrl and Shift held or not.
func (m mod) allows(ctrl, shift bool) bool {
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
	case modNoShift:
		return !shift
	}
	return true
}

// applies reports whether binding k means anything in context c.
func (k binding) applies(c keyCtx) bool {
	switch {
	case k.letter && c.dragging:
		return false
	case k.scope == scopeViewer:
		return c.viewer
	case k.scope == scopeTable && c.viewer:
		return !viewerKeys[k.key]
	}
	return true
}

// fired reports whether binding k fires this frame in context c.
func (k binding) fired(f *input.Frame, c keyCtx) bool {
	if !k.mod.holds(f) || !k.applies(c) {
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

// commanded reports whether a key asks for cmd this frame; a key
// pressed is consumed, so nothing under the scene sees it too.
func commanded(f *input.Frame, cmd control.Command, c keyCtx) bool {
	for _, k := range keymap {
		if k.cmd == cmd && k.fired(f, c) {
			if k.how != whileHeld {
				f.ConsumeKey(k.key)
			}
			return true
		}
	}
	return false
}

// asks is commanded without consuming the key (for a text field that
// must see it too).
func asks(f *input.Frame, cmd control.Command, c keyCtx) bool {
	for _, k := range keymap {
		if k.cmd == cmd && k.fired(f, c) {
			return true
		}
	}
	return false
}

// anyScene is the context of a scene with no table.
var anyScene = keyCtx{}

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

// keyOfCmd is the first key bound to cmd.
func keyOfCmd(cmd control.Command) ebiten.Key { k, _ := keyOf(cmd); return k }
