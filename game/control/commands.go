package control

import (
	"fmt"
	"slices"
	"strings"

	"pelennor/engine"
)

// Command is what a key (through the keymap, game/keymap.go) or a
// button asks for.
type Command int

// The commands. The keymap binds keys to them; the battle screen and
// every other scene read commands, never keys.
const (
	CmdNone Command = iota
	CmdUndo
	CmdRedo
	CmdEndPhase
	CmdEndBound
	CmdRotateLeft  // turn the ghost anticlockwise
	CmdRotateRight // turn the ghost clockwise
	CmdTurnLeft    // a quarter turn anticlockwise
	CmdTurnRight   // a quarter turn clockwise
	CmdTurnAbout   // a half turn
	CmdSave
	CmdBack // Escape: cancel what is under way, else the menu
	CmdFit
	CmdZoomIn
	CmdZoomOut
	CmdPanLeft
	CmdPanRight
	CmdPanUp
	CmdPanDown
	CmdConfirm   // Enter: the primary button of a dialog or screen
	CmdStepBack  // the replay: one action back
	CmdStepOn    // one action on
	CmdBoundBack // a bound back
	CmdBoundOn   // a bound on
	CmdToStart   // to the start
	CmdToEnd     // to the end
	CmdPlay      // play or pause
	CmdMute      // sound on or off
	CmdFullscreen
	CmdHelp       // the keys list
	CmdWaypoint   // drop a waypoint of the move in hand (R21)
	CmdUnwaypoint // take the last waypoint back
	CmdMeasure    // take the tape measure out or put it away
	CmdTrails     // show or hide the trails of the last bound's moves
	CmdContrast   // the high-contrast bases on or off
	CmdCodex      // the codex of the element under the pointer, or selected
	NumCommands
)

// Turns are the whole turns the turn commands ask for, 4096ths.
var Turns = map[Command]float64{CmdTurnLeft: -1024, CmdTurnRight: 1024, CmdTurnAbout: 2048}

// PIPsLeft returns the PIPs the acting side has left in active commands.
func (c *Controller) PIPsLeft() int {
	g := c.g()
	sc := g.Scenario()
	side := c.Acting()
	n := 0
	for i, cmd := range g.Commands() {
		if sc.Commands[i].Side == sc.Sides[side].ID && cmd.Active {
			n += cmd.PIPs
		}
	}
	return n
}

// phaseLabels names the end-phase button in each phase.
var phaseLabels = map[engine.Phase]string{
	engine.PhaseDeploy:  "Deployment done",
	engine.PhaseMove:    "To shooting",
	engine.PhaseDistant: "To combat",
	engine.PhaseReply:   "To combat",
	engine.PhaseClose:   "Fight all",
}

// PhaseLabels are every label the end-phase button shows, for a layout
// that must hold the longest.
func PhaseLabels() []string {
	var out []string
	for _, l := range phaseLabels {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// EndPhaseLabel is what the end-phase button says now.
func (c *Controller) EndPhaseLabel() string {
	if l, ok := phaseLabels[c.g().Phase()]; ok {
		return l
	}
	return "End phase"
}

// EndDisabled says whether ending the phase and the bound are refused
// now: when the game is over, while a drag is under way, and the bound
// during deployment.
func (c *Controller) EndDisabled() (phase, bound bool) {
	ph := c.g().Phase()
	over := ph == engine.PhaseOver
	return over || c.drag != nil, over || c.drag != nil || ph == engine.PhaseDeploy
}

// EndPhase is the intent to end the phase: asked to confirm when PIPs
// remain in the move phase.
func (c *Controller) EndPhase() Outcome {
	act := engine.Action{Kind: engine.ActEndPhase}
	out := Outcome{Act: &act}
	if n := c.PIPsLeft(); c.g().Phase() == engine.PhaseMove && n > 0 {
		out.Confirm = fmt.Sprintf("%d PIP%s remain unspent. End the move phase?", n, Plural(n))
		out.Yes = "End move phase"
	}
	return out
}

// EndBound is the intent to end the bound: asked to confirm when PIPs
// remain in the move phase.
func (c *Controller) EndBound() Outcome {
	act := engine.Action{Kind: engine.ActEndBound}
	out := Outcome{Act: &act}
	if n := c.PIPsLeft(); c.g().Phase() == engine.PhaseMove && n > 0 {
		out.Confirm = fmt.Sprintf("%d PIP%s remain unspent. End the bound now? Every close combat will be fought.", n, Plural(n))
		out.Yes = "End bound"
	}
	return out
}

// UndoRefusal says why the last action cannot be undone: the engine's
// typed reason (engine.UndoBlock), never guessed here.
func (c *Controller) UndoRefusal() string {
	if c.Locked != "" {
		return Capitalise(c.Locked)
	}
	return Capitalise(c.P.UndoBlocked().String())
}

// Refuse turns an outcome that would act while the table is Locked into
// the refusal, with its reason; any other outcome passes unchanged.
func (c *Controller) Refuse(out Outcome) Outcome {
	if c.Locked == "" || out.Act == nil {
		return out
	}
	msg := Capitalise(c.Locked)
	return Outcome{Toast: msg, Tone: ToneInfo, Hint: msg, Refused: true}
}

// MayUndo reports whether undo is offered now (not during a drag).
func (c *Controller) MayUndo() bool {
	return !c.Busy() && c.Locked == "" && c.P.UndoBlocked() == engine.UndoAllowed
}

// Back is Escape on the table: it cancels the selection or the shot,
// and with nothing to cancel opens the menu.
func (c *Controller) Back() Outcome {
	out := Outcome{Pause: len(c.Sel) == 0 && c.Shot.Shooter == 0}
	c.Cancel()
	return out
}

// Capitalise upper-cases the first letter.
func Capitalise(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
