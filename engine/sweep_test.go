package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pelennor/engine/geom"
)

// Every element near another is among the sweep's candidates for it, in
// index order, also after bases have moved (and grown) since the sweep was
// made; elements off the table never are.
func TestSweepFindsEveryNearElement(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 4))
	for round := range 50 {
		els := make([]Element, 60)
		for i := range els {
			els[i] = Element{ID: i + 1, Base: geom.Base{
				Front:  geom.Point{X: geom.Sub(rng.IntN(20000)), Y: geom.Sub(rng.IntN(6000))},
				Facing: geom.Angle(rng.IntN(4096)), Width: geom.Paces(150), Depth: geom.Paces(20 + rng.IntN(60))}}
			if rng.IntN(10) == 0 {
				els[i].Status = Destroyed
			}
		}
		sw := newSweep(els)
		for range 5 {
			i := rng.IntN(len(els))
			els[i].Base.Front.X += geom.Sub(rng.IntN(8000) - 4000)
			els[i].Base.Depth += geom.Paces(rng.IntN(100))
			sw.note(els, i)
		}
		for i := range els {
			got := sw.around(&els[i])
			if !slices.IsSorted(got) {
				t.Fatalf("round %d: candidates of %d out of order: %v", round, i, got)
			}
			for j := range els {
				if els[j].OnTable() && near(&els[i], &els[j]) && !slices.Contains(got, j) {
					t.Fatalf("round %d: %d is near %d but not a candidate: %v", round, j, i, got)
				}
			}
			for _, j := range got {
				if !els[j].OnTable() && !slices.Contains(sw.moved, j) {
					t.Fatalf("round %d: %d is off the table but a candidate", round, j)
				}
			}
		}
	}
}
