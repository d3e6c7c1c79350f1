package table

import (
	"math"
	"testing"

	"pelennor/engine"
)

func TestToEngine(t *testing.T) {
	tests := []struct {
		in   Pose
		want engine.Pose
	}{
		{Pose{X: 10.4, Y: 20.6, Facing: 0}, engine.Pose{X: 10, Y: 21, Facing: 0}},
		{Pose{X: 0, Y: 0, Facing: -1024}, engine.Pose{Facing: 3072}},
		{Pose{X: 0, Y: 0, Facing: 4096 + 100.4}, engine.Pose{Facing: 100}},
	}
	for _, tt := range tests {
		if got := ToEngine(tt.in); got != tt.want {
			t.Errorf("ToEngine(%+v) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
	size := Pose{W: 160, D: 120}
	if got := FromEngine(engine.Pose{X: 5, Y: 6, Facing: 1024}, size); got != (Pose{X: 5, Y: 6, Facing: 1024, W: 160, D: 120}) {
		t.Errorf("FromEngine: %+v", got)
	}
}

// A quarter turn in place keeps the base's centre and moves its front.
func TestMovedTurnsAboutTheCentre(t *testing.T) {
	p := Pose{X: 100, Y: 100, Facing: 0, W: 160, D: 120} // facing north: centre 60 paces south
	q := p.Moved(0, 0, 1024)
	if c, d := p.Center(), q.Center(); math.Abs(c.X-d.X) > 1e-9 || math.Abs(c.Y-d.Y) > 1e-9 {
		t.Errorf("centre moved from %+v to %+v", c, d)
	}
	if q.Facing != 1024 || math.Abs(q.X-160) > 1e-9 || math.Abs(q.Y-160) > 1e-9 {
		t.Errorf("after a quarter turn: %+v, want front (160, 160) facing east", q)
	}
	if !q.Contains(p.Center()) || q.Contains(Pt{X: 100, Y: 70}) {
		t.Error("Contains disagrees with the turned base")
	}
}
