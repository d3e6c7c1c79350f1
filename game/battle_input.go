package game

import (
	"image/color"
	"math"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/render"
	"pelennor/game/sound"
	"pelennor/game/table"
	"pelennor/game/ui"
)

// acting returns the side that acts now.
func (b *Battle) acting() int { return b.Acting() }

// Update handles a frame of input.
func (b *Battle) Update(a *App, f *input.Frame) error {
	b.frameNow = a.Frame()
	b.tickClock(a)
	b.noteInput(f)
	if !b.noticed {
		b.noticed = true
		if b.M.Notice != "" {
			a.Toast(b.M.Notice, ui.Info)
		}
	}
	if step, _ := b.M.G.SetupStep(); step < engine.StepDone && !b.replay {
		a.Reset(OpenMatch(a, b.M)) // undone back into a standard battle's set-up
		return nil
	}
	for id, an := range b.anims {
		if b.frameNow-an.start > an.frames {
			delete(b.anims, id)
		}
	}
	if !b.replay {
		b.updateComputer(a)
	}
	b.layout(a)
	b.feedLog()
	b.updateDoc(a, f)
	b.updateCodex(a, f)
	g := b.M.G
	phase := g.Phase()
	b.hover = 0

	if b.fit.Update(f) || commanded(f, control.CmdFit, b.keys()) {
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
	if commanded(f, control.CmdHelp, b.keys()) {
		a.Push(NewKeys(a))
		return nil
	}
	if commanded(f, control.CmdContrast, b.keys()) {
		b.toggleContrast(a)
	}
	if b.Dragging() == nil && commanded(f, control.CmdSave, b.keys()) {
		a.Push(NewSaveDialog(a, b.M))
		return nil
	}
	if b.updateUndo(a, f) {
		return nil
	}
	if phase == engine.PhaseOver {
		b.endPhase.Disabled, b.endBound.Disabled = true, true
		if f.KeyPressed(keyBack) {
			a.Push(NewResults(a, b.M))
		}
	}
	b.updateButtons(a, f)
	if b.updateGroupButton(a, f) {
		return nil
	}
	if b.M.G.Phase() != phase {
		return nil
	}
	return b.updateView(a, f)
}

// keys is the context the battle reads its keys in.
func (b *Battle) keys() keyCtx { return keyCtx{dragging: b.Dragging() != nil, viewer: b.replay} }

// keyBack is Escape, read without consuming it on the results' way.
var keyBack, _ = keyOf(control.CmdBack)

// updateUndo handles the undo and redo buttons and keys and reports
// whether it changed the game.
func (b *Battle) updateUndo(a *App, f *input.Frame) bool {
	busy := b.Busy()
	b.undo.Disabled = !b.MayUndo()
	b.redo.Disabled = busy || b.Locked != "" || !b.M.CanRedo()
	undo := b.undo.Update(f)
	redo := b.redo.Update(f)
	if commanded(f, control.CmdRedo, b.keys()) {
		redo = true
	} else if commanded(f, control.CmdUndo, b.keys()) {
		undo = true
	}
	switch {
	case undo && b.undo.Disabled:
		if !busy {
			a.Toast(b.UndoRefusal(), ui.Info)
		}
	case undo:
		before := b.M.G.Elements()
		a.session(b.M).Stop()
		if err := b.M.Undo(); err != nil {
			a.Toast("Cannot undo: "+err.Error(), ui.Bad)
			return false
		}
		b.afterRewind(a, before)
		_, redoKey := keyOf(control.CmdRedo)
		b.hint = "Undone (" + redoKey + " redoes it)"
		return true
	case redo && b.redo.Disabled:
		if b.Locked != "" {
			a.Toast(b.UndoRefusal(), ui.Info)
		} else if !busy {
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

// afterRewind shows the game after an undo: the elements slide back.
func (b *Battle) afterRewind(a *App, before []engine.Element) {
	b.Cancel()
	b.animate(before, nil)
	b.lastResult = nil
	b.feedLog()
	_, b.lastActing = b.M.G.ToAct()
}

// toneColour is how each of the controller's tones is shown.
var toneColour = map[control.Tone]color.Color{
	control.ToneInfo: ui.Info, control.ToneBad: ui.Bad, control.ToneGood: render.LegalGreen,
	control.TonePlain: ui.Parchment, control.ToneCost: ui.GoldBright,
}

// do carries out what a gesture or a command came to.
func (b *Battle) do(a *App, out control.Outcome) {
	out = b.Refuse(out) // the computer's side: the person only looks
	if out.Hint != "" {
		b.hint = out.Hint
	}
	if out.Toast != "" {
		a.Toast(out.Toast, toneColour[out.Tone])
	}
	if out.Refused {
		sound.Play(sound.Click)
	}
	if out.Pause {
		a.Push(NewPause(a, b))
	}
	if out.Act == nil {
		return
	}
	act := *out.Act
	if out.Confirm != "" {
		a.Push(NewConfirm(a, out.Confirm, out.Yes, func() { b.submit(a, act) }))
		return
	}
	b.submit(a, act, out.Dropped...)
}

// dragInput reads a frame's turning and cancelling for a drag.
func (b *Battle) dragInput(f *input.Frame) control.DragInput {
	in := control.DragInput{
		Down:   f.Down(input.Left) && !f.Released(input.Left),
		Cancel: commanded(f, control.CmdBack, b.keys()) || f.Pressed(input.Right),
		Fine:   f.Shift(),
		Wheel:  f.WheelY,
		Turn:   f.Twist, // a second finger's twist (touch.go)
	}
	in.Waypoint = commanded(f, control.CmdWaypoint, b.keys()) || f.TwoTap
	in.Unwaypoint = commanded(f, control.CmdUnwaypoint, b.keys())
	if commanded(f, control.CmdRotateLeft, b.keys()) {
		in.Rotate--
	}
	if commanded(f, control.CmdRotateRight, b.keys()) {
		in.Rotate++
	}
	for cmd, turn := range control.Turns {
		if commanded(f, cmd, b.keys()) {
			in.Turn += turn
		}
	}
	return in
}

// panKeys are the commands that pan the view, and which way.
var panKeys = []struct {
	cmd    control.Command
	dx, dy float64
}{
	{control.CmdPanLeft, 1, 0}, {control.CmdPanRight, -1, 0}, {control.CmdPanUp, 0, 1}, {control.CmdPanDown, 0, -1},
}

// updateView handles the camera, the log, the pointer on the table and
// the drags: everything but the bar's buttons.
func (b *Battle) updateView(a *App, f *input.Frame) error {
	if b.updateLayout(f) {
		return nil
	}
	if b.showLog {
		b.log.Update(f)
		if k := b.log.Clicked(); k > 0 && k <= len(b.M.Log) && isDuelReport(b.M.Log[k-1]) {
			b.openDoc(newDuelPanel(b.M.Log[k-1].Combat))
		}
	}

	s := a.Theme.Scale
	step := 14 * s
	dragging := b.Dragging() != nil
	for _, k := range panKeys {
		if commanded(f, k.cmd, b.keys()) {
			b.Cam.PanBy(k.dx*step, k.dy*step)
		}
	}
	if commanded(f, control.CmdZoomIn, b.keys()) {
		b.Cam.ZoomAt(b.view.CX(), b.view.CY(), 1.25)
	}
	if commanded(f, control.CmdZoomOut, b.keys()) {
		b.Cam.ZoomAt(b.view.CX(), b.view.CY(), 0.8)
	}

	inView := b.view.Contains(f.X, f.Y)
	wx, wy := b.Cam.ToWorld(f.X, f.Y)
	if inView || dragging {
		b.hover = b.elementAt(wx, wy)
	}
	p := touchPointer(control.Pointer{Screen: table.Pt{X: f.X, Y: f.Y}, World: table.Pt{X: wx, Y: wy}, Shift: f.Shift()}, f)
	if b.updateMeasure(a, f, p, inView) {
		return nil
	}

	if dragging {
		b.do(a, b.DragTo(p, b.dragInput(f), &b.Cam))
		return nil
	}
	if b.Placing() != nil {
		b.do(a, b.PlaceTo(p, b.dragInput(f), inView && f.Released(input.Left)))
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
	if _, _, _, _, boxing := b.Box(); boxing {
		b.Hold(p, f.Down(input.Left), f.Released(input.Left), &b.Cam)
		return nil
	}
	if inView && (f.Pressed(input.Left) || f.Pressed(input.Right) || f.Pressed(input.Middle)) {
		id := b.elementAt(wx, wy)
		if f.Pressed(input.Middle) || (f.Pressed(input.Right) && id == 0) {
			b.panning, b.lastX, b.lastY = true, f.X, f.Y
			return nil
		}
		if f.Pressed(input.Right) {
			b.Cancel()
			return nil
		}
		b.Press(p, id)
		return nil
	}
	if b.Pressing() {
		out := b.Hold(p, f.Down(input.Left), f.Released(input.Left), &b.Cam)
		if b.Dragging() != nil {
			b.anims = map[int]*anim{} // what is picked up stops sliding
		}
		if out.Pan {
			b.panning, b.lastX, b.lastY = true, f.X, f.Y
			b.Cam.PanBy(f.X-out.PanFrom.X, f.Y-out.PanFrom.Y)
		}
		b.do(a, out)
	}
	if !b.replay && commanded(f, control.CmdBack, b.keys()) {
		b.do(a, b.Back())
	}
	return nil
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
