package game

import (
	"math"
	"testing"

	"pelennor/engine/rules"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/render"
)

// TestMeasureScreenshots writes the two-leg drag, the tape measure and
// the trails into $PELENNOR_SHOTS (skipped when unset):
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1600x900 xvfb-run -a -s "-screen 0 1600x900x24" go test -run MeasureScreenshots ./game/
func TestMeasureScreenshots(t *testing.T) {
	save := shotWriter(t)
	a, b, sc := battleApp(t, "pelennor")
	e, via, end := twoLegs(t, b.M)
	aimAt(b, e, 0, 0.8)
	p := render.PoseOf(e.Base)
	x0, y0 := b.Cam.ToScreen(p.Center().X, p.Center().Y)
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
	save("waypoints.png", ebitest.Run(t, a, 24))
	sc.Add(input.Event{At: 0, Kind: input.Release, X: ex, Y: ey})
	ebitest.Run(t, a, 30)

	// The tape from the knights just moved to the nearest other base:
	// the gap between the two.
	sc.Add(input.Tap(0, keyOfCmd(control.CmdMeasure))...)
	tx, ty := b.ScreenOf(e.ID)
	gx, gy, best := 0.0, 0.0, math.Inf(1)
	for _, o := range b.M.G.Elements() {
		if o.ID == e.ID || !o.OnTable() {
			continue
		}
		ox, oy := b.ScreenOf(o.ID)
		if dd := math.Hypot(ox-tx, oy-ty); dd < best && dd > 380 {
			gx, gy, best = ox, oy, dd
		}
	}
	sc.Add(input.Drag(3, tx, ty, gx, gy, 10)...)
	save("measure.png", ebitest.Run(t, a, 18))
	// With the tape out, a shooter under the pointer shows its ranges.
	for _, o := range b.M.G.Elements() {
		if o.Side == 0 && o.OnTable() && (o.Type == rules.Shooters || o.Type == rules.Artillery) {
			aimAt(b, o, 0, 0.35)
			hx, hy := b.ScreenOf(o.ID)
			sc.Add(input.Event{At: 0, Kind: input.Move, X: hx, Y: hy})
			save("ranges.png", ebitest.Run(t, a, 4))
			break
		}
	}
	sc.Add(input.Tap(0, keyOfCmd(control.CmdMeasure))...)
	sc.Add(input.Tap(2, keyOfCmd(control.CmdTrails))...)
	save("trails.png", ebitest.Run(t, a, 8))
}
