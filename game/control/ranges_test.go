package control

import (
	"math"
	"testing"

	"pelennor/engine"
	"pelennor/game/table"
)

func TestRangesOfAShooter(t *testing.T) {
	p := newPos(t)
	c := New(p)
	for p.Game().Phase() != engine.PhaseMove {
		p.apply(t, c.EndPhase())
	}
	r, ok := c.RangesOf(6)
	if !ok || r.Command == nil || r.Command.General != 4 || r.Command.Radius <= 0 {
		t.Fatalf("ranges %+v, want the command range from general 4", r)
	}
	if r.Fire == nil || r.Fire.Range <= 0 || len(r.Fire.Arc) != 4 {
		t.Fatalf("fire %+v, want the shooter's range and arc", r.Fire)
	}
	// Side a is moving: no shot now, and the engine says why.
	if len(r.Fire.Targets) != 0 || r.NoShot == "" || r.NoShot != c.NoShotWhy(6) {
		t.Errorf("no shot %q with targets %v, want the engine's reason", r.NoShot, r.Fire.Targets)
	}
	if r.Allow.Allow <= 0 {
		t.Errorf("allowance %+v", r.Allow)
	}
	// The knights may move: their reach is outlined; the shooters, far
	// from their general, cannot pay for a move and have none.
	if k, _ := c.RangesOf(1); len(k.Reach) < 3 || len(r.Reach) != 0 {
		t.Errorf("reach: knights %d points, shooters %d", len(k.Reach), len(r.Reach))
	}
	if _, ok := c.RangesOf(99); ok {
		t.Error("ranges of no element")
	}
	if r, _ := c.RangesOf(1); r.Fire != nil {
		t.Errorf("knights shoot: %+v", r.Fire)
	}
}

// The outline of a base grown by r is r from the base all round.
func TestOutline(t *testing.T) {
	for _, p := range []table.Pose{{X: 500, Y: 500, W: 160, D: 120}, {X: 100, Y: 900, Facing: 700, W: 160, D: 80}} {
		pts := Outline(p, 300)
		if len(pts) < 16 {
			t.Fatalf("%d points", len(pts))
		}
		for _, q := range pts {
			n := nearestOn(p, q)
			if d := math.Hypot(q.X-n.X, q.Y-n.Y); math.Abs(d-300) > 0.01 {
				t.Errorf("pose %+v: point %v is %v from the base, want 300", p, q, d)
			}
		}
	}
}
