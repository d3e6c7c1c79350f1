package game

import (
	"image/color"
	"math"

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

	// Layout.
	view, top, side, info, logR, bar ui.Rect
	layoutScale                      float64

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

	anims      map[int]*anim
	animFrames int // frames an animation lasts; 0 for 24
	frameNow   int
	lastActing int
	fitted     bool
	camTouched bool
	fitView    ui.Rect
	noticed    bool
	lastResult *engine.Report
	hint       string
	tooltip    string
	tipX, tipY float64
	meas       measuring // the tape measure and trails (battle_measure.go)
	touchInUse bool      // the last input was a finger's: touch's targets and hints
	target     float64   // the least button size, screen pixels (input.Frame.Target)
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
			clr = render.RGB(0x88, 0x88, 0x88)
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
	b.resolveAll = ui.Button{Label: "Resolve all and end the bound", Primary: true}
	b.merry = ui.Button{Label: "Merry and Éowyn!", Primary: true}
	_, b.lastActing = m.G.ToAct()
	return b
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

func (b *Battle) layout(a *App) {
	s := a.Theme.Scale
	b.Scale = s
	full := ui.R(0, 0, a.W, a.H)
	b.top, full = full.CutTop(84*s, 0)
	b.side, full = full.CutRight(math.Min(380*s, a.W*0.3), 0)
	barH := max(60*s, b.target+12*s) // a finger's target fits
	if b.replay {
		barH = 104 * s // the replay's controls
	}
	b.bar, b.view = full.CutBottom(barH, 0)
	in := b.side.Inset(10 * s)
	b.logR, b.info = in.CutBottom(in.H*0.42, 10*s)
	b.Cam.TableW, b.Cam.TableH = float64(b.M.Sc.Table.Width), float64(b.M.Sc.Table.Height)
	if b.Cam.MaxZoom == 0 {
		b.Cam.MaxZoom = 3 * s
	}
	b.Cam.Margin = 34 * s
	b.Cam.SetViewport(b.view.X, b.view.Y, b.view.W, b.view.H)
	// Until the player moves the camera, the whole table stays fitted to
	// the view (the first frames may come before the window's real size).
	if b.view.W > 0 && (!b.fitted || !b.camTouched && b.fitView != b.view) {
		b.Cam.Fit()
		b.fitted, b.fitView = true, b.view
	}
	if b.terrain == nil || b.layoutScale != s {
		b.terrain = render.NewTerrain(b.M.Sc, s)
		b.layoutScale = s
	}
	// The bar's buttons.
	bw, bh := 160*s, max(42*s, b.target)
	y := b.bar.Y + (b.bar.H-bh)/2
	sh := max(bh-8*s, b.target) // the small buttons
	sy := b.bar.Y + (b.bar.H-sh)/2
	b.endBound.Rect = ui.R(b.bar.Right()-12*s-bw, y, bw, bh)
	b.endPhase.Rect = ui.R(b.endBound.Rect.X-10*s-bw, y, bw, bh)
	b.fit.Rect = ui.R(b.bar.X+12*s, sy, 112*s, sh)
	b.menu.Rect = ui.R(b.fit.Rect.Right()+8*s, sy, 84*s, sh)
	b.undo.Rect = ui.R(b.menu.Rect.Right()+16*s, sy, 76*s, sh)
	b.redo.Rect = ui.R(b.undo.Rect.Right()+6*s, sy, 76*s, sh)
	b.layoutMeasure(s)
	b.layoutTouch(s)
	b.log.Rect = b.logR.Inset(4 * s)
	b.log.Rect.Y += 34 * s
	b.log.Rect.H -= 34 * s
}
