package game

import (
	"math"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
	"pelennor/game/table"
)

// twoLegs is a Rohirrim Knights element and a path the engine accepts
// for it: 150 paces ahead, then 50 ahead and 100 to one side.
func twoLegs(t *testing.T, m *Match) (engine.Element, engine.Pose, engine.Pose) {
	t.Helper()
	ci := cmdIndex(m.Sc, "rohirrim")
	for _, e := range m.G.Elements() {
		if e.Cmd != ci || e.Type != rules.Knights || !e.OnTable() {
			continue
		}
		p := render.PoseOf(e.Base)
		for _, side := range []float64{100, -100} {
			via := table.ToEngine(p.Moved(p.Local(0, 150).X-p.X, p.Local(0, 150).Y-p.Y, 0))
			end := table.ToEngine(p.Moved(p.Local(side, 200).X-p.X, p.Local(side, 200).Y-p.Y, 0))
			if m.G.Check(engine.Action{Kind: engine.ActMove, ID: e.ID, Via: []engine.Pose{via}, To: &end}) == nil {
				return e, via, end
			}
		}
	}
	t.Fatal("no Rohirrim Knights with room for the two legs")
	return engine.Element{}, engine.Pose{}, engine.Pose{}
}

// A move of two legs through the real input path: drag, Space drops the
// waypoint, drag on, release; the engine gets via + to (R21).
func TestTwoLegDragThroughInput(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	e, via, end := twoLegs(t, b.M)
	x0, y0, _, _ := aim(b, e, 0)
	p := render.PoseOf(e.Base)
	wx, wy := b.Cam.ToScreen(p.Center().X+float64(via.X)-p.X, p.Center().Y+float64(via.Y)-p.Y)
	ex, ey := b.Cam.ToScreen(p.Center().X+float64(end.X)-p.X, p.Center().Y+float64(end.Y)-p.Y)
	sc.Add(input.Event{At: 0, Kind: input.Move, X: x0, Y: y0}, input.Event{At: 1, Kind: input.Press, X: x0, Y: y0})
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		sc.Add(input.Event{At: 1 + i, Kind: input.Move, X: x0 + (wx-x0)*f, Y: y0 + (wy-y0)*f})
	}
	sc.Add(input.Tap(11, keyOfCmd(control.CmdWaypoint))...)
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		sc.Add(input.Event{At: 13 + i, Kind: input.Move, X: wx + (ex-wx)*f, Y: wy + (ey-wy)*f})
	}
	ebitest.Run(t, a, 23)
	d := b.Dragging()
	if d == nil || len(d.Via) != 1 || len(d.Legs) != 2 || !d.OK {
		t.Fatalf("dragging %+v, want a legal move of two legs", d)
	}
	if got := d.Label(a.Settings.Dist)[0].Text; !strings.Contains(got, " + ") || !strings.Contains(got, " of ") {
		t.Errorf("ruler %q, want each leg, the total and the allowance", got)
	}
	sc.Add(input.Event{At: 0, Kind: input.Release, X: ex, Y: ey})
	ebitest.Run(t, a, 3)
	if len(b.M.Actions) != 1 {
		t.Fatalf("actions %+v, want the move", b.M.Actions)
	}
	act := b.M.Actions[0]
	if act.Kind != engine.ActMove || len(act.Via) != 1 || act.To == nil {
		t.Fatalf("submitted %+v, want a move via a waypoint", act)
	}
	near := func(p, q engine.Pose) bool { return math.Abs(float64(p.X-q.X)) <= 2 && math.Abs(float64(p.Y-q.Y)) <= 2 }
	if !near(act.Via[0], via) || !near(*act.To, end) {
		t.Errorf("via %+v to %+v, want near %+v and %+v", act.Via[0], *act.To, via, end)
	}
	// L shows the trail of the move just made, through its waypoint.
	sc.Add(input.Tap(0, keyOfCmd(control.CmdTrails))...)
	ebitest.Run(t, a, 3)
	if !b.TrailsOn() {
		t.Fatal("L did not show the trails")
	}
	found := false
	for _, tr := range b.trailsNow() {
		found = found || tr.ID == e.ID && len(tr.Pts) == 3
	}
	if !found {
		t.Errorf("no trail of element %d in %+v", e.ID, b.trailsNow())
	}
}

// M takes the tape out; a drag on the table lays it and it reads the
// distance; the press neither selects nor moves.
func TestTapeThroughInput(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	b.Cam.Zoom = 0.5
	b.Cam.CenterOn(1200, 1200)
	ebitest.Run(t, a, 1)
	x0, y0 := b.Cam.ToScreen(1000, 1200)
	x1, y1 := b.Cam.ToScreen(1300, 1600)
	sc.Add(input.Tap(0, keyOfCmd(control.CmdMeasure))...)
	sc.Add(input.Drag(3, x0, y0, x1, y1, 8)...)
	ebitest.Run(t, a, 16)
	if !b.Measuring() {
		t.Fatal("M did not take the tape out")
	}
	pa, pb, d, ok := b.TapeSpan()
	if !ok || b.TapePulling() || len(b.M.Actions) != 0 || b.Dragging() != nil {
		t.Fatalf("tape laid %v, pulling %v, actions %v", ok, b.TapePulling(), b.M.Actions)
	}
	if b.Tape.AID == 0 && b.Tape.BID == 0 && math.Abs(d-500) > 3 {
		t.Errorf("tape from %v to %v reads %v paces, want 500", pa, pb, d)
	}
	if txt := b.TapeText(a.Settings.Dist); txt == "" {
		t.Error("the tape has no words")
	}
	// Escape puts the tape away and opens no menu.
	sc.Add(input.Tap(0, keyOfCmd(control.CmdBack))...)
	ebitest.Run(t, a, 3)
	if b.Measuring() || a.Top() != Scene(b) {
		t.Errorf("after Escape: measuring %v, top scene %T", b.Measuring(), a.Top())
	}
}
