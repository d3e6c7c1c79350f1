package control

import (
	"testing"

	"pelennor/engine"
)

// A knight brought up beside a friend already fighting the Blades snaps
// to the overlap: front edges in line, front corners meeting (R11).
func TestDragSnapsToAnOverlap(t *testing.T) {
	var p *pos
	for seed := uint64(1); seed < 40; seed++ {
		q := newPosSeed(t, seed)
		c := New(q)
		for q.Game().Phase() != engine.PhaseMove {
			q.apply(t, c.EndPhase())
		}
		if q.Game().Commands()[0].PIPs >= 2 {
			p = q
			break
		}
	}
	if p == nil {
		t.Fatal("no seed gives side a two PIPs")
	}
	c := New(p)
	p.apply(t, drag(c, p, 1, 0, -200, true)) // into the Blades' front
	if fp := p.Game().FrontPairs(); len(fp) != 1 || fp[0] != [2]int{1, 2} {
		t.Fatalf("front pairs %v, want the knights against the Blades", fp)
	}
	drag(c, p, 3, 0, -180, false)
	d := c.Dragging()
	if d == nil || !d.Snapped || !d.Overlap || !d.OK {
		t.Fatalf("dragging %+v, want snapped to the overlap", d)
	}
	if lines := d.Label(func(float64) string { return "x" }); lines[len(lines)-1].Text != "Overlap: front corners meet (R11)" {
		t.Errorf("label %v", lines)
	}
	out := c.DragTo(at(centre(p, 3).X, centre(p, 3).Y-180), DragInput{}, camera{})
	p.apply(t, out)
	if e, _ := p.Game().Element(3); e.Base.Front.X.Paces() != 860 || e.Base.Front.Y.Paces() != 1700 {
		t.Errorf("knights 3 at (%d, %d), want (860, 1700) beside their friend", e.Base.Front.X.Paces(), e.Base.Front.Y.Paces())
	}
}
