package game

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/sound"
	"pelennor/game/table"
	"pelennor/game/ui"
	"pelennor/terrain"
)

// SetupField is the set-up screen of a standard battle (RULES.md §13
// steps 1–4): the roll for who defends, the defender's terrain, the
// attacker's base-edge die and the defender's stronghold. The gestures
// and the actions they come to are the controller's (game/control
// Setup); every rule is the engine's. When the stronghold stands the
// match goes on to the battle screen for the deployment.
type SetupField struct {
	M   *Match
	Ctl *control.Setup
	Cam render.Camera

	terrain  *render.Terrain
	laidAt   int // the actions played when terrain was built, −1 for none
	laidGen  int
	hidden   int // the feature left out of terrain (in hand), −1 for none
	cv       *render.Canvas
	styles   [2]string // each side's home terrain (Lay for me)
	fitted   bool
	fitView  ui.Rect
	panning  bool
	lastX    float64
	lastY    float64
	palPress int    // the palette tile pressed, −1 for none
	note     string // what the engine said last, or why it refused
	noteBad  bool
	noteAt   [2]int // the log's length and Gen the note was written at

	// Layout (setup_field_layout.go).
	view, banner, panel, body ui.Rect
	tiles                     []ui.Rect // one per terrain.Palette kind
	problemsBox, keysBox      ui.Rect
	touch                     bool // the last input was a finger's: no keys hint
	layoutScale               float64
	compact                   bool // a short panel (setup_field_layout.go)

	roll                        [2]ui.Button
	edgeRoll, layForMe, done    ui.Button
	place, undo, menu, fit      ui.Button
	save                        ui.Button
	turnL, turnR, smaller, more ui.Button
	remove                      ui.Button
	comp                        computerPlay // the computer's steps, when it sits at one side (battle_computer.go)
}

// NewSetupField returns the set-up screen of a match in its set-up.
func NewSetupField(a *App, m *Match) *SetupField {
	a.track(m) // durable from the first die
	s := &SetupField{M: m, Ctl: control.NewSetup(m), laidAt: -1, hidden: -1, palPress: -1, styles: homeStyles(m.Sc.ID)}
	// Enter presses the step's main button (the one enabled).
	for i := range s.roll {
		s.roll[i] = keyed(ui.Button{Label: "Roll the die", Primary: true}, control.CmdConfirm)
	}
	s.edgeRoll = keyed(ui.Button{Label: "Roll for the base edge", Primary: true}, control.CmdConfirm)
	s.layForMe = ui.Button{Label: "Lay for me"}
	s.done = keyed(ui.Button{Label: "Terrain done", Primary: true}, control.CmdConfirm)
	s.place = keyed(ui.Button{Label: "Place the stronghold", Primary: true}, control.CmdConfirm)
	s.undo = keyed(ui.Button{Label: "Undo", Small: true}, control.CmdUndo)
	s.menu = ui.Button{Label: "Menu", Small: true}
	s.fit = keyed(ui.Button{Label: "Fit table", Small: true}, control.CmdFit)
	s.save = ui.Button{Label: "Save", Small: true, KeyLabel: keyLabel(control.CmdSave)} // Ctrl+S: read as a command
	s.turnL = ui.Button{Label: "Turn left", Small: true}
	s.turnR = ui.Button{Label: "Turn right", Small: true}
	s.smaller = ui.Button{Label: "Smaller −", Short: "−", Small: true}
	s.more = ui.Button{Label: "Larger +", Short: "+", Small: true}
	s.remove = ui.Button{Label: "Remove", Small: true, Danger: true}
	return s
}

// homeStyles are the home terrains of the two armies' lists (the
// generator's style for "Lay for me", ruling S12), found from a standard
// battle's id, standard-A-B (package standard), among the built-in lists;
// "" (mixed country) for a list not found.
func homeStyles(id string) [2]string {
	var out [2]string
	cat, err := army.Builtin()
	rest, ok := strings.CutPrefix(id, "standard-")
	if err != nil || !ok {
		return out
	}
	for _, a := range cat.IDs() {
		b, ok := strings.CutPrefix(rest, a+"-")
		lb, okB := cat.List(b)
		if !ok || !okB {
			continue
		}
		la, _ := cat.List(a)
		return [2]string{la.Home, lb.Home}
	}
	return out
}

// Match returns the screen's match.
func (s *SetupField) Match() *Match { return s.M }

// step is the set-up's step and the side whose turn it is.
func (s *SetupField) step() (engine.SetupStep, int) { return s.M.G.SetupStep() }

// pointer is the frame's pointer for the controller.
func (s *SetupField) pointer(f *input.Frame) control.Pointer {
	wx, wy := s.Cam.ToWorld(f.X, f.Y)
	return control.Pointer{Screen: table.Pt{X: f.X, Y: f.Y}, World: table.Pt{X: wx, Y: wy}, Shift: f.Shift(), Slop: f.TouchSlop()}
}

// Update handles a frame: the buttons, the palette, the gestures on the
// table and the keys.
func (s *SetupField) Update(a *App, f *input.Frame) error {
	s.touch = f.Touch
	s.refreshNote()
	s.layout(a)
	s.Ctl.HandleR = max(14*a.Theme.Scale, a.Theme.TargetPx()/2)
	if s.updateComputer(a) {
		return nil
	}
	if s.updateButtons(a, f) {
		return nil
	}
	step, _ := s.step()
	if !s.here(a) {
		step = engine.StepDone // nothing on the table is this player's to change
	}
	p := s.pointer(f)
	inView := s.view.Contains(f.X, f.Y)
	switch {
	case f.Pressed(input.Left):
		s.palPress = -1
		if i := s.tileAt(f.X, f.Y); step == engine.StepTerrain && i >= 0 {
			s.palPress = i
			s.Ctl.StartNew(terrain.Palette[i], p)
		} else if inView && (step == engine.StepDone || s.Ctl.Press(p, &s.Cam) == control.GripNone) {
			s.panning = true
		}
	case inView && (f.Pressed(input.Middle) || f.Pressed(input.Right)):
		s.panning = true // two fingers, or the other buttons: the view pans
	case (f.Down(input.Left) || f.Down(input.Middle) || f.Down(input.Right)) && s.panning:
		s.Cam.PanBy(f.X-s.lastX, f.Y-s.lastY)
	case f.Down(input.Left):
		s.Ctl.Twist(f.Twist, p)
		s.Ctl.Move(p)
	case f.Released(input.Middle) || f.Released(input.Right):
		s.panning = false
	case f.Released(input.Left):
		s.panning = false
		acts := s.Ctl.Release(p, inView)
		if i := s.palPress; i >= 0 && len(acts) == 0 && s.tiles[i].Contains(f.X, f.Y) {
			// A tap on the palette lays the kind in the middle of the view.
			cx, cy := s.Cam.ToWorld(s.view.CX(), s.view.CY())
			acts = []engine.Action{s.Ctl.LayAt(terrain.Palette[i], table.Pt{X: cx, Y: cy})}
		}
		s.palPress = -1
		s.submitAll(a, acts)
	}
	s.lastX, s.lastY = f.X, f.Y
	if f.WheelY != 0 && inView {
		// A pinch (two fingers: the middle button) always zooms.
		if act, ok := s.Ctl.Turn(wheelTurn(f.WheelY)); ok && step == engine.StepTerrain && !f.Down(input.Middle) {
			s.submitAll(a, []engine.Action{act})
		} else {
			s.Cam.ZoomAt(f.X, f.Y, 1+0.1*f.WheelY)
		}
	}
	s.keys(a, f, step)
	return nil
}

// here reports whether the player whose step it is sits at this screen
// (in play by e-mail the other's steps come in their turn file).
func (s *SetupField) here(a *App) bool {
	_, side := s.step()
	return a.session(s.M).Seats[side].Kind() == SeatHere
}

// wheelTurn is the turn a wheel's scroll asks: up anticlockwise.
func wheelTurn(dy float64) int {
	if dy > 0 {
		return -control.TurnWheelStep
	}
	return control.TurnWheelStep
}

// keys: Q and E turn the selected feature, + and − resize it (else they
// zoom), Delete removes it, Esc drops the gesture, then the selection,
// then asks to leave, F fits the table.
func (s *SetupField) keys(a *App, f *input.Frame, step engine.SetupStep) {
	ctx := keyCtx{dragging: s.Ctl.Dragging() != control.GripNone}
	var act engine.Action
	ok := false
	switch {
	case commanded(f, control.CmdRotateLeft, ctx):
		act, ok = s.Ctl.Turn(-control.TurnKeyStep)
	case commanded(f, control.CmdRotateRight, ctx):
		act, ok = s.Ctl.Turn(control.TurnKeyStep)
	case f.KeyPressed(ebiten.KeyDelete) || f.KeyPressed(ebiten.KeyBackspace):
		act, ok = s.Ctl.Remove()
	case commanded(f, control.CmdZoomIn, ctx):
		if act, ok = s.Ctl.Grow(1); !ok && s.Ctl.Sel < 0 {
			s.Cam.ZoomAt(s.view.CX(), s.view.CY(), 1.25)
		}
	case commanded(f, control.CmdZoomOut, ctx):
		if act, ok = s.Ctl.Grow(-1); !ok && s.Ctl.Sel < 0 {
			s.Cam.ZoomAt(s.view.CX(), s.view.CY(), 0.8)
		}
	case commanded(f, control.CmdBack, ctx):
		switch {
		case s.Ctl.Dragging() != control.GripNone:
			s.Ctl.Cancel()
		case s.Ctl.Sel >= 0:
			s.Ctl.Sel = -1
		default:
			s.askLeave(a)
		}
	}
	if ok && step == engine.StepTerrain {
		s.submitAll(a, []engine.Action{act})
	}
	// The arrow keys pan, as on the battle screen.
	pan := 12 * a.Theme.Scale
	for cmd, d := range map[control.Command][2]float64{control.CmdPanLeft: {pan, 0}, control.CmdPanRight: {-pan, 0},
		control.CmdPanUp: {0, pan}, control.CmdPanDown: {0, -pan}} {
		if commanded(f, cmd, ctx) {
			s.Cam.PanBy(d[0], d[1])
		}
	}
}

// askLeave asks before leaving for the title (the match is kept in its
// journal and autosave).
func (s *SetupField) askLeave(a *App) {
	a.Push(NewConfirm(a, "Leave the set-up for the main menu? The battle is kept: Continue resumes it.", "Leave", func() {
		a.Autosave(s.M)
		a.Reset(NewTitle(a))
	}))
}

// updateButtons handles the step's buttons; true when one took the
// frame.
func (s *SetupField) updateButtons(a *App, f *input.Frame) bool {
	step, side := s.step()
	s.undo.Disabled = !s.M.CanUndo() || s.Ctl.Dragging() != control.GripNone
	if s.undo.Update(f) {
		s.doUndo(a)
		return true
	}
	if s.menu.Update(f) {
		s.askLeave(a)
		return true
	}
	if s.fit.Update(f) {
		s.fitted = false
		return true
	}
	if s.save.Update(f) || commanded(f, control.CmdSave, anyScene) {
		a.Push(NewSaveDialog(a, s.M))
		return true
	}
	if !s.here(a) {
		return false // the other player's step, from their turn file
	}
	switch step {
	case engine.StepRoll:
		for i := range s.roll {
			s.roll[i].Disabled = i != side
			if s.roll[i].Update(f) {
				s.submitAll(a, []engine.Action{{Kind: engine.ActDefenderRoll}})
				return true
			}
		}
	case engine.StepTerrain:
		return s.updateTerrainButtons(a, f)
	case engine.StepEdge:
		if s.edgeRoll.Update(f) {
			s.submitAll(a, []engine.Action{{Kind: engine.ActEdgeRoll}})
			return true
		}
	case engine.StepStronghold:
		s.place.Disabled = s.Ctl.StrongholdVerdict(s.verdictGen()) != nil
		if s.place.Update(f) {
			if act, ok := s.Ctl.StrongholdAction(); ok {
				s.submitAll(a, []engine.Action{act})
			}
			return true
		}
	}
	return false
}

func (s *SetupField) updateTerrainButtons(a *App, f *input.Frame) bool {
	sel, has := s.Ctl.Selected()
	s.turnL.Disabled, s.turnR.Disabled = !has || sel.Linear(), !has || sel.Linear()
	s.smaller.Disabled, s.more.Disabled, s.remove.Disabled = !has, !has, !has
	// "Terrain done" is enabled only when the engine would take it.
	s.done.Disabled = s.Ctl.DoneRefused() != nil
	var acts []engine.Action
	try := func(act engine.Action, ok bool) {
		if ok {
			acts = append(acts, act)
		}
	}
	switch {
	case s.turnL.Update(f):
		try(s.Ctl.Turn(-control.TurnKeyStep))
	case s.turnR.Update(f):
		try(s.Ctl.Turn(control.TurnKeyStep))
	case s.smaller.Update(f):
		try(s.Ctl.Grow(-1))
	case s.more.Update(f):
		try(s.Ctl.Grow(1))
	case s.remove.Update(f):
		try(s.Ctl.Remove())
	case s.layForMe.Update(f):
		def, _ := s.M.G.Defender()
		acts = s.Ctl.LayForMe(s.styles[def])
	case s.done.Update(f):
		acts = []engine.Action{{Kind: engine.ActTerrainDone}}
	default:
		return false
	}
	s.submitAll(a, acts)
	return true
}

// submitAll plays acts in order, stopping at the first the engine
// refuses (its reason is shown); then hands over to the battle screen
// once the set-up is over.
func (s *SetupField) submitAll(a *App, acts []engine.Action) {
	before, _ := s.step()
	for _, act := range acts {
		evs, err := s.M.Submit(act)
		if err != nil {
			sound.Play(sound.Click)
			s.note, s.noteBad, s.noteAt = err.Error(), true, [2]int{len(s.M.Log), s.M.Gen}
			a.Toast(err.Error(), ui.Bad)
			break
		}
		if k, ok := cue(evs); ok {
			sound.Play(k)
		}
	}
	s.afterChange(a, before)
}

// afterChange follows a change of the game: a new step keeps an
// autosave and resets the stronghold's proposal; the end of the set-up
// opens the battle screen (the deployment).
func (s *SetupField) afterChange(a *App, before engine.SetupStep) {
	step, _ := s.step()
	if fs := s.Ctl.Features(); s.Ctl.Sel >= len(fs) {
		s.Ctl.Sel = -1
	}
	if step != before {
		s.Ctl.ResetStronghold()
		s.Ctl.Sel = -1
		a.Autosave(s.M)
	}
	if step == engine.StepDone {
		a.Reset(OpenMatch(a, s.M))
	}
}

func (s *SetupField) doUndo(a *App) {
	before, _ := s.step()
	if err := s.M.Undo(); err != nil {
		a.Toast(err.Error(), ui.Bad)
		return
	}
	s.Ctl.ResetStronghold()
	s.afterChange(a, before)
}

// refreshNote shows what the engine said last whenever the log has
// changed (an action here, an undo, a turn file); a refusal stays until
// then.
func (s *SetupField) refreshNote() {
	if at := [2]int{len(s.M.Log), s.M.Gen}; at != s.noteAt || s.note == "" {
		s.note, s.noteBad, s.noteAt = lastSetupWords(s.M), false, at
	}
}

// lastSetupWords is the last thing the engine said of the set-up.
func lastSetupWords(m *Match) string {
	for i := len(m.Log) - 1; i >= 0; i-- {
		if e := m.Log[i]; e.Kind == engine.EvSetup || (e.Kind == engine.EvDie && (e.Purpose == engine.DieSetup || e.Purpose == engine.DieEdge)) {
			return e.Describe()
		}
	}
	return ""
}
