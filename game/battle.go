package game

import (
	"image/color"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/render"
	"pelennor/game/ui"
)

// Drag is a move being dragged: the ghost, the ruler and the verdict
// (the controller's, game/control).
type Drag = control.Drag

type anim struct {
	from, to render.Pose
	start    int
	frames   int
}

// Battle is the battle screen: it lays out and draws the table and the
// panels, and carries out what the controller (game/control) says the
// player's gestures come to. The selection and the gesture state are the
// controller's (embedded, so Sel reads as before).
type Battle struct {
	*control.Controller
	M *Match

	Cam     render.Camera
	terrain *render.Terrain
	cv      *render.Canvas
	colours []color.RGBA
	evNames map[int]string

	// Layout (battle_layout.go).
	view, top, side, info, logR, bar ui.Rect
	layoutScale                      float64
	mode                             layoutMode
	centre, track, hintBox, minimap  ui.Rect
	chips                            []ui.Rect // each command's chip in the top bar
	hintLines                        int
	tabs                             [2]ui.Button // the narrow layout's panel tabs
	tab                              int
	showLog                          bool
	onMinimap                        bool    // a press on the minimap is being followed
	replayNeed                       float64 // the replay's controls' width in one row (viewer.go)
	barPlan                          barPlan // the bar as last planned, for barPlanned
	barPlanned                       barKey
	hintCache                        struct {
		key   hintKey
		lines []string
	}

	log     ui.Log
	logged  int
	hover   int
	panning bool
	lastX   float64
	lastY   float64

	// replay: the battle is a replay's view (Viewer): the table, the
	// panels and the log, but nothing that changes the game.
	replay   bool
	viewNote []ui.LogEntry // what the replay says of the position
	logGen   int           // the match's Gen the log was fed from

	// Buttons.
	endPhase, endBound, fit, menu, shoot, cancelShot, resolveAll, merry ui.Button
	undo, redo                                                          ui.Button
	groupSel                                                            ui.Button // touch's group-select mode (battle_touch_input.go)
	combatRowRects                                                      []ui.Rect // the listed close combats (battle_whatif.go)
	fights                                                              []ui.Button
	returns                                                             []ui.Button
	returnIDs                                                           []int

	comp       computerPlay // the computer's play (battle_computer.go)
	anims      map[int]*anim
	animFrames int // frames an animation lasts; 0 for 24
	frameNow   int
	lastActing int
	fitted     bool
	camTouched bool
	fitView    ui.Rect
	noticed    bool
	lastResult *engine.Report
	doc        *docPanel // the duel panel or the codex, over the table (docpanel.go)
	codexBtn   ui.Button // under the selection's details: its codex (codex.go)
	cardHint   bool      // drawElementInfo is drawing the hover card
	hint       string
	tooltip    string
	tipX, tipY float64
	meas       measuring // the tape measure and trails (battle_measure.go)
	touchInUse bool      // the last input was a finger's: touch's targets and hints
	cardCache  struct {
		id, actions, gen int
		inRange          string
		beyond           bool
	}
}

// NewBattle returns the battle screen for a match.
func NewBattle(a *App, m *Match) *Battle {
	a.track(m) // durable from the first action; an older line resumes the journal
	b := &Battle{Controller: control.New(m), M: m, anims: map[int]*anim{}, lastActing: -1}
	for _, c := range m.Sc.Commands {
		clr, ok := render.ParseHex(c.Colour)
		if !ok {
			clr = defaultSideColours[sideIndex(m.Sc, c.Side)] // a standard battle's armies name none
		}
		b.colours = append(b.colours, clr)
	}
	b.evNames = map[int]string{}
	for _, e := range m.G.ScenarioEvents() {
		b.evNames[e.N] = e.Name
	}
	b.endPhase = keyed(ui.Button{Label: "End phase"}, control.CmdEndPhase)
	b.endBound = keyed(ui.Button{Label: "End bound", Primary: true}, control.CmdEndBound)
	b.fit = keyed(ui.Button{Label: "Fit table", Small: true}, control.CmdFit)
	b.menu = ui.Button{Label: "Menu", Small: true}
	b.undo = ui.Button{Label: "Undo", Small: true}
	b.redo = ui.Button{Label: "Redo", Small: true}
	b.shoot = keyed(ui.Button{Label: "Shoot", Primary: true}, control.CmdConfirm)
	b.cancelShot = ui.Button{Label: "Cancel", Small: true}
	b.resolveAll = ui.Button{Label: "Fight all and end the bound", Short: "Fight all, end bound", Primary: true}
	b.merry = ui.Button{Label: "Merry and Éowyn!", Primary: true}
	b.codexBtn = ui.Button{Label: "Troops and heroes", Short: "Codex", Small: true}
	b.tabs = [2]ui.Button{{Label: "Orders", Small: true}, {Label: "Battle log", Small: true}}
	_, b.lastActing = m.G.ToAct()
	return b
}

// sideIndex is the index of the side with id (0 when none has it).
func sideIndex(sc *engine.Scenario, id string) int {
	for i, s := range sc.Sides {
		if s.ID == id {
			return i
		}
	}
	return 0
}

// Match returns the battle's match.
func (b *Battle) Match() *Match { return b.M }

// ScreenOf returns where element id's centre is on the screen.
func (b *Battle) ScreenOf(id int) (float64, float64) {
	e, _ := b.M.G.Element(id)
	c := render.PoseOf(e.Base).Center()
	return b.Cam.ToScreen(c.X, c.Y)
}

// Hint returns the status line under the table.
func (b *Battle) Hint() string { return b.hint }

// keyed gives a button its shortcut from the keymap.
func keyed(btn ui.Button, cmd control.Command) ui.Button {
	btn.Key, btn.KeyLabel = keyOf(cmd)
	return btn
}
