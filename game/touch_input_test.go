package game

import (
	"math"
	"testing"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
	"pelennor/game/table"
)

// finger is one scripted finger at frame at (nothing: all lifted).
func finger(at int, pts ...[2]float64) input.Event { return input.Fingers(at, pts...) }

// pt2 is a screen point for input.Fingers.
func pt2(x, y float64) [2]float64 { return [2]float64{x, y} }

// touchApp starts a battle and taps open ground once, so touch is in
// use and the bar has its touch size before the tests aim the camera.
func touchApp(t *testing.T) (*App, *Battle, *input.Script) {
	t.Helper()
	a, b, sc := battleApp(t, "pelennor")
	sc.Add(finger(0, pt2(b.view.X+10, b.view.Y+10)), finger(1))
	ebitest.Run(t, a, 4)
	if !b.touchInUse {
		t.Fatal("a tap left touch not in use")
	}
	return a, b, sc
}

// TestTouchWobbleSpendsNoPIP: a finger held on an element for half a
// second, wobbling 8 pixels, selects it on lifting; nothing moves and no
// PIP is spent.
func TestTouchWobbleSpendsNoPIP(t *testing.T) {
	a, b, sc := touchApp(t)
	m := b.Match()
	e := rohirrimKnight(t, m, 300, false)
	pips := m.G.Commands()[e.Cmd].PIPs
	x0, y0, _, _ := aim(b, e, 0)
	for i := range 30 {
		d := []float64{0, 8, -8, 6, -4, 7}[i%6]
		sc.Add(finger(i, pt2(x0+d, y0-d)))
	}
	sc.Add(finger(30))
	ebitest.Run(t, a, 36)
	if len(m.Actions) != 0 || m.G.Commands()[e.Cmd].PIPs != pips {
		t.Fatalf("a wobbling finger made %d actions, PIPs %d of %d", len(m.Actions), m.G.Commands()[e.Cmd].PIPs, pips)
	}
	if len(b.Sel) != 1 || b.Sel[0] != e.ID {
		t.Fatalf("the tap selected %v, want [%d]", b.Sel, e.ID)
	}
}

// TestTouchLatePinchMovesNothing: a second finger landing 100 ms after
// the first, which has already slid 40 pixels off an element, makes a
// pinch that zooms, and the element stays where it was.
func TestTouchLatePinchMovesNothing(t *testing.T) {
	a, b, sc := touchApp(t)
	m := b.Match()
	e := rohirrimKnight(t, m, 300, false)
	x0, y0, _, _ := aim(b, e, 0)
	zoom := b.Cam.Zoom
	for i := 1; i <= 5; i++ {
		sc.Add(finger(i-1, pt2(x0, y0-8*float64(i))))
	}
	for i := 0; i < 8; i++ {
		sc.Add(finger(5+i, pt2(x0, y0-40), pt2(x0+60+12*float64(i), y0-40)))
	}
	sc.Add(finger(13))
	ebitest.Run(t, a, 18)
	if len(m.Actions) != 0 || b.Dragging() != nil {
		t.Fatalf("the late pinch moved something: %d actions, dragging %v", len(m.Actions), b.Dragging() != nil)
	}
	if after, _ := m.G.Element(e.ID); after.Base != e.Base {
		t.Fatalf("the element moved from %+v to %+v", e.Base, after.Base)
	}
	if b.Cam.Zoom <= zoom*1.2 {
		t.Fatalf("the pinch zoomed from %v to %v, want in", zoom, b.Cam.Zoom)
	}
}

// TestTouchTwistTurnsTheElement: out of a line, as on the tabletop, an
// element goes ahead and turns at a waypoint (R21). By touch alone: a
// finger drags it 120 paces ahead, a second finger taps (a waypoint), the
// finger drags on to 180 paces, and a second finger landing beside it and
// circling 20° about the first turns it as far the same way (clockwise on
// the screen is clockwise on the table); lifting both moves it so.
func TestTouchTwistTurnsTheElement(t *testing.T) {
	a, b, sc := touchApp(t)
	m := b.Match()
	const deg = 20.0
	e, sign := turnable(t, m, 120, 180, deg/360*4096)
	x0, y0, x1, y1 := aim(b, e, 180)
	at := func(k float64) [2]float64 { return pt2(x0+(x1-x0)*k, y0+(y1-y0)*k) }
	for i := 0; i <= 12; i++ {
		sc.Add(finger(i, at(float64(i)/12*120/180)))
	}
	way := at(120.0 / 180)
	sc.Add(finger(13, way, pt2(way[0]+80, way[1])), finger(15, way, pt2(way[0]+80, way[1]+2)), finger(16, way))
	for i := 1; i <= 10; i++ {
		sc.Add(finger(16+i, at((120+60*float64(i)/10)/180)))
	}
	for i := 0; i <= 10; i++ {
		th := sign * deg * math.Pi / 180 * float64(i) / 10
		sc.Add(finger(27+i, pt2(x1, y1), pt2(x1+90*math.Cos(th), y1+90*math.Sin(th))))
	}
	sc.Add(finger(38))
	ebitest.Run(t, a, 42)
	if len(m.Actions) != 1 {
		t.Fatalf("want one move, got %d (hint %q, toasts %q)", len(m.Actions), b.Hint(), a.Toasts())
	}
	if act := m.Actions[0]; len(act.Via) != 1 {
		t.Fatalf("the move %+v, want one waypoint from the two-finger tap", act)
	}
	after, _ := m.G.Element(e.ID)
	turned := math.Remainder(float64(after.Base.Facing.Norm())-float64(e.Base.Facing.Norm()), 4096)
	if want := sign * deg / 360 * 4096; math.Abs(turned-want) > 12 {
		t.Fatalf("turned %v 4096ths, want about %v", turned, want)
	}
	c0, c1 := render.PoseOf(e.Base).Center(), render.PoseOf(after.Base).Center()
	if d := math.Hypot(c1.X-c0.X, c1.Y-c0.Y); d < 170 || d > 190 {
		t.Fatalf("the centre moved %v paces, want about 180", d)
	}
}

// turnable finds an element of the side acting that the engine lets
// move d1 paces ahead to a waypoint, then on to d2 paces ahead turning by
// turn or by -turn (4096ths, about its centre, as a drag turns it); sign
// says which.
func turnable(t *testing.T, m *Match, d1, d2, turn float64) (engine.Element, float64) {
	t.Helper()
	_, side := m.G.ToAct()
	for _, e := range m.G.Elements() {
		if e.Side != side || !e.OnTable() {
			continue
		}
		for _, sign := range []float64{1, -1} {
			p := table.PoseOf(e.Base)
			f, _ := p.Dirs()
			via := table.ToEngine(p.Moved(f.X*d1, f.Y*d1, 0))
			to := table.ToEngine(p.Moved(f.X*d2, f.Y*d2, sign*turn))
			if m.G.Check(engine.Action{Kind: engine.ActMove, ID: e.ID, Via: []engine.Pose{via}, To: &to}) == nil {
				return e, sign
			}
		}
	}
	t.Fatal("no element may go ahead and turn at a waypoint")
	return engine.Element{}, 0
}

// touchPair is groupPair's two elements, or the test's end.
func touchPair(t *testing.T, m *Match, d int) (int, int) {
	t.Helper()
	ids := groupPair(m.G, d)
	if ids == nil {
		t.Fatal("no pair of the acting side makes a group that can go ahead")
	}
	return ids[0], ids[1]
}

// TestTouchGroupSelect: by touch alone, the bar's Group button turns on
// the group-select mode, two taps gather a group, and a finger dragging
// one of it moves both.
func TestTouchGroupSelect(t *testing.T) {
	a, b, sc := touchApp(t)
	m := b.Match()
	id1, id2 := touchPair(t, m, 100)
	e1, _ := m.G.Element(id1)
	e2, _ := m.G.Element(id2)
	aim(b, e1, 0)
	// Touch in use shows the Group button.
	if b.groupSel.Rect.W == 0 {
		t.Fatal("no Group button on the bar while touch is in use")
	}
	if b.groupSel.Rect.H < input.TouchTarget-0.5 {
		t.Errorf("the Group button is %v px high, want at least %v", b.groupSel.Rect.H, input.TouchTarget)
	}
	tap := func(x, y float64) {
		sc.Add(finger(0, pt2(x, y)), finger(2))
		ebitest.Run(t, a, 5)
	}
	tap(b.groupSel.Rect.CX(), b.groupSel.Rect.CY())
	if !b.GroupMode {
		t.Fatal("tapping Group did not turn the group-select mode on")
	}
	for _, e := range []engine.Element{e1, e2} {
		x, y := b.ScreenOf(e.ID)
		tap(x, y)
	}
	if len(b.Sel) != 2 {
		t.Fatalf("two taps in group mode selected %v, want [%d %d]", b.Sel, id1, id2)
	}
	x0, y0, x1, y1 := aim(b, e1, 100)
	for i := 0; i <= 12; i++ {
		k := float64(i) / 12
		sc.Add(finger(i, pt2(x0+(x1-x0)*k, y0+(y1-y0)*k)))
	}
	sc.Add(finger(14))
	ebitest.Run(t, a, 18)
	if len(m.Actions) != 1 || m.Actions[0].Kind != engine.ActGroup {
		t.Fatalf("actions %+v, want one group move (hint %q)", m.Actions, b.Hint())
	}
	for _, e := range []engine.Element{e1, e2} {
		after, _ := m.G.Element(e.ID)
		c0, c1 := render.PoseOf(e.Base).Center(), render.PoseOf(after.Base).Center()
		if d := math.Hypot(c1.X-c0.X, c1.Y-c0.Y); d < 90 || d > 110 {
			t.Errorf("element %d moved %v paces, want about 100", e.ID, d)
		}
	}
}
