package game

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/sound"
	"pelennor/game/ui"
)

// dragStart is how far the pointer must travel, in logical pixels, before
// a press becomes a drag.
const dragStart = 5

// mode is what a press on the table does.
type mode int

const (
	modeNormal  mode = iota
	modePlacing      // placing a returning element (replace, desorcel)
)

// Drag is a move being dragged: the ghost, the ruler and the verdict.
type Drag struct {
	IDs  []int
	From []render.Pose
	grab render.Pt // the world point grabbed
	Rot  float64   // turn while dragging, 4096ths of a turn
	Kind string    // move, group, deploy, place, replace, desorcel

	// The engine's verdict on the ghost, refreshed when it moves.
	Action  engine.Action
	Ghost   []render.Pose
	OK      bool
	Reason  string
	Cost    int
	CostWhy string
	Dist    float64 // paces, as the engine measures
	Going   going
	Snapped bool
	key     [4]float64
}

type anim struct {
	from, to render.Pose
	start    int
	frames   int
}

// Battle is the battle screen.
type Battle struct {
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
	Sel     []int
	drag    *Drag
	pending *pendingPress
	panning bool
	lastX   float64
	lastY   float64
	box     *[4]float64 // box selection: x0, y0, x1, y1 (screen)

	// Distant combat.
	shooter int
	targets []int
	target  int
	aiders  []int

	placing   *Drag // a returning element being placed
	placeMode mode

	// replay: the battle is a replay's view (Viewer): the table, the
	// panels and the log, but nothing that changes the game.
	replay   bool
	viewNote []ui.LogEntry // what the replay says of the position
	logGen   int           // the match's Gen the log was fed from

	// Buttons.
	endPhase, endBound, fit, menu, shoot, cancelShot, resolveAll, merry ui.Button
	undo, redo                                                          ui.Button
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
	cardCache  struct {
		id, actions, gen int
		inRange          string
		beyond           bool
	}
	queries queryCache // the engine's answers for this position (queries.go)
}

type pendingPress struct {
	x, y  float64
	id    int // element pressed, 0 for the ground
	right bool
}

// NewBattle returns the battle screen for a match.
func NewBattle(a *App, m *Match) *Battle {
	a.track(m) // durable from the first action; an older line resumes the journal
	b := &Battle{M: m, anims: map[int]*anim{}, lastActing: -1}
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
	b.endPhase = ui.Button{Label: "End phase", Key: ebiten.KeyP, KeyLabel: "P"}
	b.endBound = ui.Button{Label: "End bound", Primary: true, Key: ebiten.KeyB, KeyLabel: "B"}
	b.fit = ui.Button{Label: "Fit table", Small: true, Key: ebiten.KeyF, KeyLabel: "F"}
	b.menu = ui.Button{Label: "Menu", Small: true}
	b.undo = ui.Button{Label: "Undo", Small: true}
	b.redo = ui.Button{Label: "Redo", Small: true}
	b.shoot = ui.Button{Label: "Shoot", Primary: true, Key: ebiten.KeyEnter, KeyLabel: "Enter"}
	b.cancelShot = ui.Button{Label: "Cancel", Small: true}
	b.resolveAll = ui.Button{Label: "Resolve all and end the bound", Primary: true}
	b.merry = ui.Button{Label: "Merry and Éowyn!", Primary: true}
	_, b.lastActing = m.G.ToAct()
	return b
}

// Match returns the battle's match.
func (b *Battle) Match() *Match { return b.M }

// Dragging returns the move being dragged, or nil.
func (b *Battle) Dragging() *Drag { return b.drag }

// ScreenOf returns where element id's centre is on the screen.
func (b *Battle) ScreenOf(id int) (float64, float64) {
	e, _ := b.M.G.Element(id)
	c := render.PoseOf(e.Base).Center()
	return b.Cam.ToScreen(c.X, c.Y)
}

// Hint returns the status line under the table.
func (b *Battle) Hint() string { return b.hint }

func (b *Battle) layout(a *App) {
	s := a.Theme.Scale
	full := ui.R(0, 0, a.W, a.H)
	b.top, full = full.CutTop(84*s, 0)
	b.side, full = full.CutRight(math.Min(380*s, a.W*0.3), 0)
	barH := 60 * s
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
	bw, bh := 160*s, 42*s
	y := b.bar.Y + (b.bar.H-bh)/2
	b.endBound.Rect = ui.R(b.bar.Right()-12*s-bw, y, bw, bh)
	b.endPhase.Rect = ui.R(b.endBound.Rect.X-10*s-bw, y, bw, bh)
	b.fit.Rect = ui.R(b.bar.X+12*s, y+4*s, 112*s, bh-8*s)
	b.menu.Rect = ui.R(b.fit.Rect.Right()+8*s, y+4*s, 84*s, bh-8*s)
	b.undo.Rect = ui.R(b.menu.Rect.Right()+16*s, y+4*s, 76*s, bh-8*s)
	b.redo.Rect = ui.R(b.undo.Rect.Right()+6*s, y+4*s, 76*s, bh-8*s)
	b.log.Rect = b.logR.Inset(4 * s)
	b.log.Rect.Y += 34 * s
	b.log.Rect.H -= 34 * s
}

// acting returns the side that acts now.
func (b *Battle) acting() int { _, s := b.M.G.ToAct(); return s }

// Update handles a frame of input.
func (b *Battle) Update(a *App, f *input.Frame) error {
	b.frameNow = a.Frame()
	if !b.noticed {
		b.noticed = true
		if b.M.Notice != "" {
			a.Toast(b.M.Notice, ui.Info)
		}
	}
	for id, an := range b.anims {
		if b.frameNow-an.start > an.frames {
			delete(b.anims, id)
		}
	}
	b.layout(a)
	b.feedLog()
	g := b.M.G
	phase := g.Phase()
	b.hover = 0

	if b.fit.Update(f) || f.KeyPressed(ebiten.KeyHome) {
		b.Cam.Fit()
		b.camTouched = false
	}
	before := b.Cam.View()
	defer func() {
		if b.Cam.View() != before && b.fitView == b.view {
			b.camTouched = true
		}
	}()
	if b.replay {
		return b.updateView(a, f)
	}
	if b.menu.Update(f) {
		a.Push(NewPause(a, b))
		return nil
	}
	if f.Ctrl() && f.KeyPressed(ebiten.KeyS) && b.drag == nil {
		f.ConsumeKey(ebiten.KeyS)
		a.Push(NewSaveDialog(a, b.M))
		return nil
	}
	if b.updateUndo(a, f) {
		return nil
	}
	if phase == engine.PhaseOver {
		b.endPhase.Disabled, b.endBound.Disabled = true, true
		if f.KeyPressed(ebiten.KeyEscape) {
			a.Push(NewResults(a, b.M))
		}
	}
	b.updateButtons(a, f)
	if b.M.G.Phase() != phase {
		return nil
	}
	return b.updateView(a, f)
}

// updateUndo handles the undo and redo buttons and keys (Ctrl+Z;
// Ctrl+Y or Ctrl+Shift+Z) and reports whether it changed the game.
func (b *Battle) updateUndo(a *App, f *input.Frame) bool {
	busy := b.drag != nil || b.placing != nil
	b.undo.Disabled = busy || !b.M.CanUndo()
	b.redo.Disabled = busy || !b.M.CanRedo()
	undo := b.undo.Update(f)
	redo := b.redo.Update(f)
	if f.Ctrl() && f.KeyPressed(ebiten.KeyZ) {
		f.ConsumeKey(ebiten.KeyZ)
		if f.Shift() {
			redo = true
		} else {
			undo = true
		}
	}
	if f.Ctrl() && f.KeyPressed(ebiten.KeyY) {
		f.ConsumeKey(ebiten.KeyY)
		redo = true
	}
	switch {
	case undo && b.undo.Disabled:
		if !busy {
			a.Toast(b.undoRefusal(), ui.Info)
		}
	case undo:
		before := b.M.G.Elements()
		if err := b.M.Undo(); err != nil {
			a.Toast("Cannot undo: "+err.Error(), ui.Bad)
			return false
		}
		b.afterRewind(a, before)
		b.hint = "Undone (Ctrl+Y redoes it)"
		return true
	case redo && b.redo.Disabled:
		if !busy {
			a.Toast("Nothing to redo", ui.Info)
		}
	case redo:
		before := b.M.G.Elements()
		evs, err := b.M.Redo()
		if err != nil {
			a.Toast("Cannot redo: "+err.Error(), ui.Bad)
			return false
		}
		b.animate(before, nil)
		b.react(a, evs)
		b.afterAction(a)
		b.hint = "Redone"
		return true
	}
	return false
}

// undoRefusal says why the last action cannot be undone: the engine's
// typed reason (engine.UndoBlock), never guessed here.
func (b *Battle) undoRefusal() string { return capitalise(b.M.UndoBlocked().String()) }

// afterRewind shows the game after an undo: the elements slide back.
func (b *Battle) afterRewind(a *App, before []engine.Element) {
	b.cancelSelection()
	b.animate(before, nil)
	b.lastResult = nil
	b.feedLog()
	_, b.lastActing = b.M.G.ToAct()
}

// updateView handles the camera, the log, the pointer on the table and
// the drags: everything but the bar's buttons.
func (b *Battle) updateView(a *App, f *input.Frame) error {
	b.log.Update(f)

	// Keyboard camera (not with Ctrl: Ctrl+S saves).
	s := a.Theme.Scale
	step := 14 * s
	letters := b.drag == nil && !f.Ctrl()
	if f.Key(ebiten.KeyArrowLeft) || (f.Key(ebiten.KeyA) && letters) {
		b.Cam.PanBy(step, 0)
	}
	if f.Key(ebiten.KeyArrowRight) || (f.Key(ebiten.KeyD) && letters) {
		b.Cam.PanBy(-step, 0)
	}
	if f.Key(ebiten.KeyArrowUp) || (f.Key(ebiten.KeyW) && !f.Ctrl()) {
		b.Cam.PanBy(0, step)
	}
	if f.Key(ebiten.KeyArrowDown) || (f.Key(ebiten.KeyS) && letters) {
		b.Cam.PanBy(0, -step)
	}
	if f.KeyPressed(ebiten.KeyEqual) || f.KeyPressed(ebiten.KeyKPAdd) {
		b.Cam.ZoomAt(b.view.CX(), b.view.CY(), 1.25)
	}
	if f.KeyPressed(ebiten.KeyMinus) || f.KeyPressed(ebiten.KeyKPSubtract) {
		b.Cam.ZoomAt(b.view.CX(), b.view.CY(), 0.8)
	}

	inView := b.view.Contains(f.X, f.Y)
	wx, wy := b.Cam.ToWorld(f.X, f.Y)
	if inView || b.drag != nil {
		b.hover = b.elementAt(wx, wy)
	}

	// A drag in progress.
	if b.drag != nil {
		b.updateDrag(a, f, wx, wy)
		return nil
	}
	if b.placing != nil {
		b.updatePlacing(a, f, wx, wy, inView)
		return nil
	}

	// Wheel zoom toward the pointer.
	if inView && f.WheelY != 0 {
		b.Cam.ZoomAt(f.X, f.Y, math.Pow(1.15, f.WheelY))
	}
	// Panning with the right or middle button, or the left on the ground.
	if b.panning {
		if f.Down(input.Left) || f.Down(input.Right) || f.Down(input.Middle) {
			b.Cam.PanBy(f.X-b.lastX, f.Y-b.lastY)
			b.lastX, b.lastY = f.X, f.Y
		} else {
			b.panning = false
		}
		return nil
	}
	if b.box != nil {
		b.box[2], b.box[3] = f.X, f.Y
		if f.Released(input.Left) || !f.Down(input.Left) {
			b.finishBox(a)
		}
		return nil
	}
	if inView && (f.Pressed(input.Left) || f.Pressed(input.Right) || f.Pressed(input.Middle)) {
		id := b.elementAt(wx, wy)
		if f.Pressed(input.Middle) || (f.Pressed(input.Right) && id == 0) {
			b.panning, b.lastX, b.lastY = true, f.X, f.Y
			return nil
		}
		if f.Pressed(input.Right) {
			b.cancelSelection()
			return nil
		}
		b.pending = &pendingPress{x: f.X, y: f.Y, id: id}
		return nil
	}
	if p := b.pending; p != nil {
		moved := math.Hypot(f.X-p.x, f.Y-p.y) > dragStart*s
		switch {
		case f.Released(input.Left) && !moved:
			b.pending = nil
			b.click(a, f, p.id)
		case !f.Down(input.Left):
			b.pending = nil
		case moved && p.id != 0 && b.mayDrag(p.id):
			b.pending = nil
			b.startDrag(a, p, f)
			b.updateDrag(a, f, wx, wy)
		case moved && p.id == 0 && f.Shift():
			b.pending = nil
			b.box = &[4]float64{p.x, p.y, f.X, f.Y}
		case moved:
			b.pending = nil
			b.panning, b.lastX, b.lastY = true, f.X, f.Y
			b.Cam.PanBy(f.X-p.x, f.Y-p.y)
		}
	}
	if f.KeyPressed(ebiten.KeyEscape) && !b.replay {
		if len(b.Sel) == 0 && b.shooter == 0 {
			a.Push(NewPause(a, b))
		}
		b.cancelSelection()
	}
	return nil
}

func (b *Battle) cancelSelection() {
	b.Sel = nil
	b.shooter, b.target, b.targets, b.aiders = 0, 0, nil, nil
}

// elementAt returns the on-table element at a world point, preferring
// the smallest (so a base beside the Gate is never hidden by it).
func (b *Battle) elementAt(wx, wy float64) int {
	best, bestArea := 0, math.Inf(1)
	for _, e := range b.M.G.Elements() {
		if !e.OnTable() {
			continue
		}
		p := b.poseOf(e)
		if p.Contains(render.Pt{X: wx, Y: wy}) && p.W*p.D < bestArea {
			best, bestArea = e.ID, p.W*p.D
		}
	}
	return best
}

// poseOf returns where to draw an element, animation included.
func (b *Battle) poseOf(e engine.Element) render.Pose {
	p := render.PoseOf(e.Base)
	if an, ok := b.anims[e.ID]; ok {
		t := 1.0
		if an.frames > 0 {
			t = math.Min(1, float64(b.frameNow-an.start)/float64(an.frames))
		}
		t = t * t * (3 - 2*t)
		q := an.from
		q.X += (an.to.X - an.from.X) * t
		q.Y += (an.to.Y - an.from.Y) * t
		q.Facing += math.Remainder(an.to.Facing-an.from.Facing, 4096) * t
		return q
	}
	return p
}

// mayDrag reports whether element id can be picked up now.
func (b *Battle) mayDrag(id int) bool {
	if b.replay {
		return false
	}
	e, ok := b.M.G.Element(id)
	if !ok || !e.OnTable() || e.Type == rules.Stronghold {
		return false
	}
	switch b.M.G.Phase() {
	case engine.PhaseMove, engine.PhaseDeploy:
		return e.Side == b.acting()
	}
	return false
}

func (b *Battle) click(a *App, f *input.Frame, id int) {
	g := b.M.G
	phase := g.Phase()
	if b.replay {
		b.Sel = nil
		if id != 0 {
			b.Sel = []int{id}
		}
		return
	}
	if phase == engine.PhaseDistant || phase == engine.PhaseReply {
		b.clickShooting(a, f, id)
		return
	}
	if id == 0 {
		if !f.Shift() {
			b.Sel = nil
		}
		return
	}
	e, _ := g.Element(id)
	if f.Shift() && e.Side == b.acting() {
		if i := slices.Index(b.Sel, id); i >= 0 {
			b.Sel = slices.Delete(b.Sel, i, i+1)
		} else {
			b.Sel = append(b.Sel, id)
		}
		return
	}
	b.Sel = []int{id}
}

func (b *Battle) finishBox(a *App) {
	x0, y0 := b.Cam.ToWorld(math.Min(b.box[0], b.box[2]), math.Min(b.box[1], b.box[3]))
	x1, y1 := b.Cam.ToWorld(math.Max(b.box[0], b.box[2]), math.Max(b.box[1], b.box[3]))
	b.box = nil
	b.Sel = nil
	for _, e := range b.M.G.Elements() {
		if !e.OnTable() || e.Side != b.acting() || e.Type == rules.Stronghold {
			continue
		}
		c := render.PoseOf(e.Base).Center()
		if c.X >= x0 && c.X <= x1 && c.Y >= y0 && c.Y <= y1 {
			b.Sel = append(b.Sel, e.ID)
		}
	}
}

// groupState says whether the selection is a legal group and what
// moving it costs.
func (b *Battle) groupState() (ok bool, msg string) {
	if len(b.Sel) < 2 {
		return false, ""
	}
	if err := b.M.G.Groupable(b.Sel); err != nil {
		return false, "Not a group: " + reason(err)
	}
	// A zero move previews the cost.
	evs, err := b.M.G.Preview(engine.Action{Kind: engine.ActGroup, IDs: b.Sel})
	if err != nil {
		return true, fmt.Sprintf("A group of %d (%s)", len(b.Sel), reason(err))
	}
	for _, e := range evs {
		if e.Kind == engine.EvSpent {
			return true, fmt.Sprintf("A group of %d: moving it costs %d PIP%s", len(b.Sel), e.Value, plural(e.Value))
		}
	}
	return true, fmt.Sprintf("A group of %d", len(b.Sel))
}

func reason(err error) string {
	var ie *engine.IllegalError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	return err.Error()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// arrivedThisBound reports whether element id was brought on by a
// scenario event this bound (or re-placed since) and may still be
// re-placed.
func (b *Battle) arrivedThisBound(id int) bool {
	for _, e := range b.M.BoundEvents(b.M.G.Bound()) {
		if (e.Code == engine.CodeEntered || e.Code == engine.CodePlaced) && e.ID == id {
			return true
		}
	}
	return false
}

func (b *Battle) startDrag(a *App, p *pendingPress, f *input.Frame) {
	g := b.M.G
	wx, wy := b.Cam.ToWorld(p.x, p.y)
	d := &Drag{grab: render.Pt{X: wx, Y: wy}, Kind: engine.ActMove}
	e, _ := g.Element(p.id)
	if g.Phase() == engine.PhaseDeploy {
		d.Kind = engine.ActDeploy
	}
	ids := []int{p.id}
	if len(b.Sel) > 1 && slices.Contains(b.Sel, p.id) && g.Phase() == engine.PhaseMove && g.Groupable(b.Sel) == nil {
		ids = slices.Clone(b.Sel)
		slices.Sort(ids)
		d.Kind = engine.ActGroup
	} else {
		b.Sel = []int{p.id}
	}
	if d.Kind == engine.ActMove && !e.Moved && b.arrivedThisBound(p.id) {
		d.Kind = engine.ActPlace
	}
	for _, id := range ids {
		el, _ := g.Element(id)
		d.IDs = append(d.IDs, id)
		d.From = append(d.From, render.PoseOf(el.Base))
	}
	b.drag = d
	b.anims = map[int]*anim{}
}

// updateDrag follows the pointer with the ghost and asks the engine about
// it; release submits, Escape or the right button cancels.
func (b *Battle) updateDrag(a *App, f *input.Frame, wx, wy float64) {
	d := b.drag
	if f.KeyPressed(ebiten.KeyEscape) || f.Pressed(input.Right) {
		b.drag = nil
		b.hint = "Move cancelled"
		return
	}
	step := 64.0 // 5.6°
	if f.Shift() {
		step = 16
	}
	if f.KeyRepeat(ebiten.KeyQ) {
		d.Rot -= step
	}
	if f.KeyRepeat(ebiten.KeyE) {
		d.Rot += step
	}
	if f.WheelY != 0 {
		d.Rot -= math.Copysign(step*2, f.WheelY)
	}
	if d.Kind == engine.ActGroup {
		d.Rot = math.Max(-2048, math.Min(2048, d.Rot))
	}
	b.evaluate(a, d, wx, wy)
	if f.Released(input.Left) || !f.Down(input.Left) {
		b.drag = nil
		if !d.OK {
			msg := d.Reason
			if msg == "" {
				msg = "That move is not allowed"
			}
			a.Toast(msg, ui.Bad)
			b.hint = msg
			sound.Play(sound.Click)
			return
		}
		b.submit(a, d.Action, d.IDs...)
	}
}

// evaluate recomputes the ghost for the pointer at (wx, wy).
func (b *Battle) evaluate(a *App, d *Drag, wx, wy float64) {
	key := [4]float64{math.Round(wx), math.Round(wy), d.Rot, float64(b.M.G.Actions())}
	if key == d.key && d.Ghost != nil {
		return
	}
	d.key = key
	g := b.M.G
	dx, dy := wx-d.grab.X, wy-d.grab.Y
	d.Snapped, d.Reason, d.Cost, d.CostWhy = false, "", 0, ""
	if d.Kind == engine.ActGroup {
		fwd, _ := d.From[0].Dirs()
		forward := math.Max(0, dx*fwd.X+dy*fwd.Y)
		d.Action = engine.Action{Kind: engine.ActGroup, IDs: d.IDs, Forward: int(math.Round(forward)), Wheel: int(math.Round(d.Rot))}
		d.Ghost = groupGhost(d.From, float64(d.Action.Forward), float64(d.Action.Wheel))
		evs, err := g.Preview(d.Action)
		b.verdict(d, evs, err)
		if err == nil {
			for i, id := range d.IDs {
				for _, e := range evs {
					if e.Kind == engine.EvMoved && e.ID == id && e.To != nil {
						d.Ghost[i] = poseFromEngine(*e.To, d.From[i])
					}
				}
			}
		}
		d.Going = allowanceOf(g, d.IDs[0], enginePose(d.Ghost[0]))
		return
	}
	id := d.IDs[0]
	e, _ := g.Element(id)
	free := moved(d.From[0], dx, dy, d.Rot)
	ep := enginePose(free)
	d.Action = engine.Action{Kind: d.Kind, ID: id, To: &ep}
	d.Ghost = []render.Pose{poseFromEngine(ep, d.From[0])}
	if d.Kind == engine.ActMove {
		reach := math.Max(90, 22*a.Theme.Scale/b.Cam.Zoom)
		if c, ok := nearestContact(b.contactsOf(id), e, free, reach); ok {
			d.Snapped = true
			d.Action = c.action
			d.Ghost = []render.Pose{c.pose}
		}
	}
	if d.Kind == engine.ActPlace {
		if err := g.Check(d.Action); err != nil {
			// Not a legal re-placing: treat it as its move.
			d.Kind = engine.ActMove
			d.Action.Kind = engine.ActMove
		}
	}
	evs, err := g.Preview(d.Action)
	b.verdict(d, evs, err)
	for _, ev := range evs {
		if ev.Kind == engine.EvMoved && ev.ID == id && ev.To != nil {
			d.Ghost = []render.Pose{poseFromEngine(*ev.To, d.From[0])}
		}
	}
	if d.Kind == engine.ActPlace && err != nil {
		d.Kind = engine.ActMove
	}
	d.Going = allowanceOf(g, id, enginePose(d.Ghost[0]))
	if d.Dist == 0 && err != nil {
		gb := poseToBase(enginePose(d.Ghost[0]), e.Base.Width, e.Base.Depth)
		d.Dist = float64(geom.MoveDist(e.Base, gb)) / geom.PerPace
	}
}

// verdict records what the engine said about a previewed action.
func (b *Battle) verdict(d *Drag, evs []engine.Event, err error) {
	d.OK = err == nil
	d.Dist = 0
	if err != nil {
		d.Reason = reason(err)
		return
	}
	for _, e := range evs {
		switch e.Kind {
		case engine.EvSpent:
			d.Cost += e.Value
			d.CostWhy = engine.CostText(e.Cost) // the engine's items, in its words
		case engine.EvMoved:
			d.Dist = math.Max(d.Dist, float64(e.Value))
		}
	}
}

// poseFromEngine converts an engine pose, keeping the base's size.
func poseFromEngine(p engine.Pose, size render.Pose) render.Pose {
	return render.Pose{X: float64(p.X), Y: float64(p.Y), Facing: float64(p.Facing), W: size.W, D: size.D}
}

// submit sends an action to the engine and shows what happened.
func (b *Battle) submit(a *App, act engine.Action, dropped ...int) bool {
	before := b.M.G.Elements()
	bound, over := b.M.G.Bound(), b.M.G.Winner() >= 0
	evs, err := b.M.Submit(act)
	if err != nil {
		a.Toast(reason(err), ui.Bad)
		b.hint = reason(err)
		return false
	}
	b.hint = ""
	b.animate(before, dropped)
	b.react(a, evs)
	if b.M.G.Bound() != bound || (!over && b.M.G.Winner() >= 0) {
		a.Autosave(b.M)
	}
	b.afterAction(a)
	return true
}

// animate slides everything that moved since before, except the
// elements dropped in place.
func (b *Battle) animate(before []engine.Element, dropped []int) {
	after := b.M.G.Elements()
	for i := range after {
		if i >= len(before) || slices.Contains(dropped, after[i].ID) || !after[i].OnTable() || !before[i].OnTable() {
			continue
		}
		if after[i].Base != before[i].Base {
			frames := 24
			if b.animFrames > 0 {
				frames = b.animFrames
			}
			b.anims[after[i].ID] = &anim{from: render.PoseOf(before[i].Base), to: render.PoseOf(after[i].Base), start: b.frameNow, frames: frames}
		}
	}
}

// react plays sounds and shows toasts for notable events.
func (b *Battle) react(a *App, evs []engine.Event) {
	for _, e := range evs {
		switch e.Kind {
		case engine.EvCombat:
			if e.Combat != nil {
				b.lastResult = e.Combat
			}
		case engine.EvScenario:
			// Events, Imrahil's sally, Gandalf, the Witch-King's fall:
			// every scenario rule that acts is announced.
			a.Toast(e.Describe(), ui.Info)
		case engine.EvBroken:
			a.Toast(e.Describe(), ui.Bad)
		case engine.EvGameOver:
			sound.Play(sound.Fanfare)
		}
	}
	if k, ok := cue(evs); ok {
		sound.Play(k)
	}
}

// cue picks the one sound an action's events call for, from their kinds
// and codes: the horn for a scenario moment, else the clash of a close
// combat, else the dice.
func cue(evs []engine.Event) (sound.Kind, bool) {
	dice, clash, horn := false, false, false
	for _, e := range evs {
		switch e.Kind {
		case engine.EvDie:
			dice = true
		case engine.EvCombat:
			clash = clash || e.Combat != nil && e.Combat.Contest == rules.Close.String()
		case engine.EvScenario:
			horn = horn || hornCodes[e.Code]
		}
	}
	switch {
	case horn:
		return sound.Horn, true
	case clash:
		return sound.Clash, true
	case dice:
		return sound.Dice, true
	}
	return 0, false
}

// hornCodes are the scenario moments the horn sounds for: an event,
// a command called to battle, Gandalf riding out.
var hornCodes = map[engine.Code]bool{
	engine.CodeEvent: true, engine.CodeEventCounted: true, engine.CodeActivated: true, engine.CodeGandalf: true,
}

// afterAction hands over to the other player or shows the result.
func (b *Battle) afterAction(a *App) {
	g := b.M.G
	b.cancelSelection()
	b.feedLog()
	if g.Phase() == engine.PhaseMove {
		// The last contest's card stays up until the next bound.
		b.lastResult = nil
	}
	if g.Winner() >= 0 {
		a.Push(NewResults(a, b.M))
		return
	}
	if a.mailTurn(b.M) { // play by e-mail: no hand-over at this screen
		b.lastActing = b.acting()
		return
	}
	if acting := b.acting(); acting != b.lastActing {
		prev := b.lastActing
		b.lastActing = acting
		if prev >= 0 {
			a.Push(NewHandover(a, b.M, acting, b))
		}
	}
}

// pipsLeft returns the PIPs the acting side has left in active commands.
func (b *Battle) pipsLeft() int {
	n := 0
	side := b.acting()
	for i, c := range b.M.G.Commands() {
		if b.M.Sc.Commands[i].Side == b.M.Sc.Sides[side].ID && c.Active {
			n += c.PIPs
		}
	}
	return n
}

func (b *Battle) updateButtons(a *App, f *input.Frame) {
	g := b.M.G
	phase := g.Phase()
	over := phase == engine.PhaseOver
	b.endPhase.Disabled, b.endBound.Disabled = over || b.drag != nil, over || b.drag != nil || phase == engine.PhaseDeploy
	switch phase {
	case engine.PhaseDeploy:
		b.endPhase.Label = "Deployment done"
	case engine.PhaseMove:
		b.endPhase.Label = "To shooting"
	case engine.PhaseDistant, engine.PhaseReply:
		b.endPhase.Label = "To combat"
	case engine.PhaseClose:
		b.endPhase.Label = "Fight all"
	default:
		b.endPhase.Label = "End phase"
	}
	if b.endPhase.Update(f) {
		if phase == engine.PhaseMove && b.pipsLeft() > 0 {
			a.Push(NewConfirm(a, fmt.Sprintf("%d PIP%s remain unspent. End the move phase?", b.pipsLeft(), plural(b.pipsLeft())), "End move phase", func() {
				b.submit(a, engine.Action{Kind: engine.ActEndPhase})
			}))
		} else {
			b.submit(a, engine.Action{Kind: engine.ActEndPhase})
		}
		return
	}
	if b.endBound.Update(f) {
		if phase == engine.PhaseMove && b.pipsLeft() > 0 {
			a.Push(NewConfirm(a, fmt.Sprintf("%d PIP%s remain unspent. End the bound now? Every close combat will be fought.", b.pipsLeft(), plural(b.pipsLeft())), "End bound", func() {
				b.submit(a, engine.Action{Kind: engine.ActEndBound})
			}))
		} else {
			b.submit(a, engine.Action{Kind: engine.ActEndBound})
		}
		return
	}
	b.updatePanelButtons(a, f)
}
