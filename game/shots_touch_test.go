package game

import (
	"math"
	"testing"

	"pelennor/game/internal/ebitest"
)

// TestTouchScreenshots writes a twist by touch (a second finger turning
// the element in hand, with the touch hints) and a group gathered in the
// group-select mode into $PELENNOR_SHOTS (skipped when unset):
//
//	PELENNOR_SHOTS=/tmp/shots EBITEST_SIZE=1600x900 xvfb-run -a -s "-screen 0 1600x900x24" go test -run TouchScreenshots ./game/
func TestTouchScreenshots(t *testing.T) {
	save := shotWriter(t)
	a, b, sc := touchApp(t)
	m := b.Match()
	e, sign := turnable(t, m, 120, 180, 30.0/360*4096)
	x0, y0, x1, y1 := aimAt(b, e, 180, 0.8)
	at := func(k float64) [2]float64 { return pt2(x0+(x1-x0)*k, y0+(y1-y0)*k) }
	for i := 0; i <= 12; i++ {
		sc.Add(finger(i, at(float64(i)/12*120/180)))
	}
	way := at(120.0 / 180)
	sc.Add(finger(13, way, pt2(way[0]+80, way[1])), finger(15, way))
	for i := 1; i <= 10; i++ {
		sc.Add(finger(15+i, at((120+60*float64(i)/10)/180)))
	}
	for i := 0; i <= 10; i++ {
		th := sign * 30 * math.Pi / 180 * float64(i) / 10
		sc.Add(finger(26+i, pt2(x1, y1), pt2(x1+110*math.Cos(th), y1+110*math.Sin(th))))
	}
	save("screenshot-touch-twist.png", ebitest.Run(t, a, 38))
	sc.Add(finger(0))
	ebitest.Run(t, a, 30)

	id1, id2 := touchPair(t, m, 100)
	e1, _ := m.G.Element(id1)
	aimAt(b, e1, 0, 0.6)
	tap := func(x, y float64) {
		sc.Add(finger(0, pt2(x, y)), finger(2))
		ebitest.Run(t, a, 5)
	}
	tap(b.groupSel.Rect.CX(), b.groupSel.Rect.CY())
	for _, id := range []int{id1, id2} {
		tap(b.ScreenOf(id))
	}
	save("screenshot-touch-group.png", ebitest.Run(t, a, 30))
}
