package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"pelennor/engine"
	"pelennor/game/table"
)

// fingers moves the fingers given (finger i is touch ID i+1), or puts
// them down if start, and waits a frame: a finger left out is lifted.
func (tb *tab) fingers(start bool, pts ...pt) {
	tb.t.Helper()
	typ := input.DispatchTouchEventTypeTouchMove
	if start {
		typ = input.DispatchTouchEventTypeTouchStart
	}
	tb.touch(typ, pts...)
	tb.frames(1)
}

// liftSecond lifts the second finger (touch ID 2), at p, and waits a
// frame: DevTools' touchEnd lifts the points it lists.
func (tb *tab) liftSecond(p pt) {
	tb.t.Helper()
	id := 2.0
	params := input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{{X: p.X, Y: p.Y, ID: &id}}}
	if _, err := chromedp.Call(tb.ctx, input.DispatchTouchEvent, params); err != nil {
		tb.t.Fatalf("lifting the second finger: %v", err)
	}
	tb.frames(1)
}

// lift lifts every finger and lets the game see it.
func (tb *tab) lift() {
	tb.t.Helper()
	tb.touch(input.DispatchTouchEventTypeTouchEnd)
	tb.frames(3)
}

// tap touches p and lifts at once.
func (tb *tab) tap(p pt) {
	tb.t.Helper()
	tb.fingers(true, p)
	tb.lift()
	tb.frames(2)
}

// pinch puts two fingers about p, spread apart by from CSS pixels, and
// moves them to to apart (to > from zooms in).
func (tb *tab) pinch(p pt, from, to float64) {
	tb.t.Helper()
	tb.fingers(true, pt{p.X - from/2, p.Y}, pt{p.X + from/2, p.Y})
	for i := 1; i <= 5; i++ {
		d := from + (to-from)*float64(i)/5
		tb.fingers(false, pt{p.X - d/2, p.Y}, pt{p.X + d/2, p.Y})
	}
	tb.lift()
}

// pagePos is element id's centre, d paces ahead of it, in page pixels.
func (tb *tab) pagePos(id int, d float64) pt {
	tb.t.Helper()
	var p *pt
	tb.eval(fmt.Sprintf(`hott.pagePos(%d, %g)`, id, d), &p)
	if p == nil {
		tb.t.Fatalf("no page position for element %d", id)
	}
	return *p
}

func lerp(a, b pt, k float64) pt { return pt{a.X + (b.X-a.X)*k, a.Y + (b.Y-a.Y)*k} }

// replayNative applies the browser's actions to the same battle natively
// and checks that both reach one position.
func replayNative(t *testing.T, seed uint64, st hookState) *engine.Game {
	t.Helper()
	g := nativeGame(t, seed)
	for i, raw := range st.Actions {
		var act engine.Action
		if err := json.Unmarshal(raw, &act); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if _, err := g.Apply(act); err != nil {
			t.Fatalf("action %d %s refused natively: %v", i, raw, err)
		}
	}
	if g.Hash() != st.Hash {
		t.Fatalf("after %d actions: hash %s in the browser, %s natively", len(st.Actions), st.Hash, g.Hash())
	}
	return g
}

// turnsAtWaypoint finds an element of the side acting that may go d1
// paces ahead to a waypoint and on to d2 paces ahead turned by ±turn
// (4096ths about its centre, as a drag turns it); sign says which way.
func turnsAtWaypoint(t *testing.T, g *engine.Game, d1, d2, turn float64) (engine.Element, float64) {
	t.Helper()
	_, side := g.ToAct()
	for _, e := range g.Elements() {
		if e.Side != side || !e.OnTable() {
			continue
		}
		for _, sign := range []float64{1, -1} {
			p := table.PoseOf(e.Base)
			f, _ := p.Dirs()
			via := table.ToEngine(p.Moved(f.X*d1, f.Y*d1, 0))
			to := table.ToEngine(p.Moved(f.X*d2, f.Y*d2, sign*turn))
			if g.Check(engine.Action{Kind: engine.ActMove, ID: e.ID, Via: []engine.Pose{via}, To: &to}) == nil {
				return e, sign
			}
		}
	}
	t.Fatal("no element may go ahead and turn at a waypoint")
	return engine.Element{}, 0
}

// groupAhead finds two elements of the side acting, neither of them
// skip, that make a group the engine lets go d paces ahead.
func groupAhead(t *testing.T, g *engine.Game, d, skip int) (engine.Element, engine.Element) {
	t.Helper()
	_, side := g.ToAct()
	els := g.Elements()
	for i, a := range els {
		for _, b := range els[i+1:] {
			if a.Side != side || b.Side != side || a.ID == skip || b.ID == skip || !a.OnTable() || !b.OnTable() {
				continue
			}
			ids := []int{a.ID, b.ID}
			if g.Groupable(ids) == nil && g.Check(engine.Action{Kind: engine.ActGroup, IDs: ids, Forward: d}) == nil {
				return a, b
			}
		}
	}
	t.Fatal("no pair makes a group that can go ahead")
	return engine.Element{}, engine.Element{}
}

// elementOf is element id in a hook state.
func elementOf(t *testing.T, st hookState, id int) (x, y, facing int) {
	t.Helper()
	for _, e := range st.Elements {
		if e.ID == id {
			return e.X, e.Y, e.Facing
		}
	}
	t.Fatalf("no element %d in the hook's state", id)
	return
}

// TestBrowserTouchTurnAndGroup plays by touch events alone, on a tablet
// of device scale 2: an element leaves its line to a waypoint dropped by
// a second finger's tap and turns 20° by a second finger's twist; then
// the Group button, two taps and a drag move a group. The engine's
// positions are read through the hook and replayed natively. Last, the
// save dialog's field brings the page's <input> (the phone's keyboard):
// text put into it and Enter save the battle under that name.
func TestBrowserTouchTurnAndGroup(t *testing.T) {
	tb, _, base := openSite(t)
	const seed = 2
	tb.do("loading the page", 60*time.Second,
		chromedp.EmulateViewport(1024, 700, chromedp.EmulateTouch, chromedp.EmulateScale(2)),
		chromedp.Navigate(base+fmt.Sprintf("/?mute=1&seed=%d&show=battle", seed)))
	tb.poll("the battle", `window.hott && hott.ready && hott.state().scene === "battle"`, 120*time.Second)
	tb.frames(5)
	// A tap on open ground puts touch in use: the bar grows to a
	// finger's size and shows the Group button.
	tb.tap(pt{520, 120})
	if !tb.state().hasButton("Group") {
		t.Fatalf("no Group button with touch in use; buttons %+v", tb.state().Buttons)
	}

	// Turning: ahead 120 paces, a waypoint, on to 180 turning 20°.
	const deg = 20.0
	g := nativeGame(t, seed)
	e, sign := turnsAtWaypoint(t, g, 120, 180, deg/360*4096)
	// Two fingers spreading about the element zoom in on it.
	tb.pinch(tb.pagePos(e.ID, 90), 60, 240)
	from, way, to := tb.pagePos(e.ID, 0), tb.pagePos(e.ID, 120), tb.pagePos(e.ID, 180)
	if d := math.Hypot(way.X-from.X, way.Y-from.Y); d < 40 {
		t.Fatalf("zoomed in, 120 paces are only %.0f CSS px", d)
	}
	tb.fingers(true, from)
	for i := 1; i <= 10; i++ {
		tb.fingers(false, lerp(from, way, float64(i)/10))
	}
	tb.fingers(true, way, pt{way.X + 45, way.Y})
	tb.liftSecond(pt{way.X + 45, way.Y}) // a second finger's tap: a waypoint
	for i := 1; i <= 4; i++ {
		tb.fingers(false, lerp(way, to, float64(i)/4))
	}
	tb.fingers(true, to, pt{to.X + 50, to.Y})
	for i := 1; i <= 5; i++ {
		a := sign * deg * math.Pi / 180 * float64(i) / 5
		tb.fingers(false, to, pt{to.X + 50*math.Cos(a), to.Y + 50*math.Sin(a)})
	}
	tb.frames(2)
	tb.shot("touch-1-twist")
	tb.lift()
	st := tb.state()
	if len(st.Actions) != 1 {
		t.Fatalf("the touch move made %d actions (toasts %q)", len(st.Actions), st.Toasts)
	}
	if !strings.Contains(string(st.Actions[0]), `"via"`) {
		t.Errorf("the move %s has no waypoint from the two-finger tap", st.Actions[0])
	}
	x, y, facing := elementOf(t, st, e.ID)
	turned := math.Remainder(float64(facing)-float64(e.Base.Facing.Norm()), 4096)
	if want := sign * deg / 360 * 4096; math.Abs(turned-want) > 16 {
		t.Errorf("the twist turned %d by %.0f 4096ths, want about %.0f", e.ID, turned, want)
	}
	c0 := table.PoseOf(e.Base).Center()
	after := table.Pose{X: float64(x), Y: float64(y), Facing: float64(facing), W: table.PoseOf(e.Base).W, D: table.PoseOf(e.Base).D}
	if d := math.Hypot(after.Center().X-c0.X, after.Center().Y-c0.Y); d < 165 || d > 195 {
		t.Errorf("the element's centre moved %.0f paces, want about 180", d)
	}
	g = replayNative(t, seed, st)

	// A group: Group, two taps, a drag of one of them 100 paces ahead.
	a, b := groupAhead(t, g, 100, e.ID)
	// Pinch out, and in again about the pair.
	tb.pinch(pt{512, 300}, 240, 60)
	tb.pinch(lerp(tb.pagePos(a.ID, 50), tb.pagePos(b.ID, 50), 0.5), 60, 240)
	tb.tap(tb.button("Group"))
	tb.tap(tb.pagePos(a.ID, 0))
	tb.tap(tb.pagePos(b.ID, 0))
	st = tb.state()
	if len(st.Selected) != 2 {
		t.Fatalf("two taps in group mode selected %v, want %d and %d", st.Selected, a.ID, b.ID)
	}
	tb.shot("touch-2-group-selected")
	from, to = tb.pagePos(a.ID, 0), tb.pagePos(a.ID, 100)
	tb.fingers(true, from)
	for i := 1; i <= 10; i++ {
		tb.fingers(false, lerp(from, to, float64(i)/10))
	}
	tb.frames(2)
	tb.lift()
	st = tb.state()
	if len(st.Actions) != 2 {
		t.Fatalf("the group drag made %d actions in all (toasts %q)", len(st.Actions), st.Toasts)
	}
	var act engine.Action
	if err := json.Unmarshal(st.Actions[1], &act); err != nil || act.Kind != engine.ActGroup || len(act.IDs) != 2 {
		t.Fatalf("the second action %s, want a group of two", st.Actions[1])
	}
	for _, el := range []engine.Element{a, b} {
		x, y, _ := elementOf(t, st, el.ID)
		d := math.Hypot(float64(x-el.Base.Front.X.Paces()), float64(y-el.Base.Front.Y.Paces()))
		if d < 90 || d > 110 {
			t.Errorf("the group moved %d %.0f paces, want about 100", el.ID, d)
		}
	}
	replayNative(t, seed, st)
	tb.shot("touch-3-group-moved")
	tb.tap(tb.button("Group")) // and off again

	// The on-screen keyboard: the save dialog's field has the focus, so
	// the page's input lies over it with the phone's keyboard.
	tb.tap(tb.button("Menu"))
	tb.poll("the pause menu", `hott.state().scene === "pause"`, 10*time.Second)
	tb.tap(tb.button("Save the battle"))
	tb.poll("the page's input over the field", `document.activeElement && document.activeElement.id === "hott-text"`, 10*time.Second)
	var box struct{ X, Y, W, H float64 }
	tb.eval(`(() => { const r = document.getElementById("hott-text").getBoundingClientRect(); return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, &box)
	if box.W < 200 || box.H < 20 || box.X < 0 || box.Y < 0 || box.X+box.W > 1024 || box.Y+box.H > 700 {
		t.Errorf("the input lies at %+v, want over the dialog's field inside the 1024×700 page", box)
	}
	tb.pageShot("touch-4-keyboard")
	tb.eval(`document.getElementById("hott-text").select(), true`, nil)
	if _, err := chromedp.Call(tb.ctx, input.InsertText, input.InsertTextParams{Text: "Touch save"}); err != nil {
		t.Fatalf("typing into the input: %v", err)
	}
	tb.frames(3)
	tb.shot("touch-5-typed")
	tb.key("Enter", "Enter", 13, false)
	tb.poll("the save", `(hott.state().toasts || []).some(m => m.includes("Touch save"))`, 10*time.Second)
	tb.poll("the input gone", `document.getElementById("hott-text").style.display === "none"`, 10*time.Second)
	if st := tb.state(); st.Scene != "battle" {
		t.Errorf("after saving: scene %q, want the battle", st.Scene)
	}
}
