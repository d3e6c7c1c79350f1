package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pelennor/engine/geom"
)

// Every element near another is among the sweep's candidates for it, also
// after bases have moved (and grown) since the sweep was made; elements
// off the table never are; and first finds what a scan in index order
// finds first.
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
			got := slices.Clone(sw.around(&els[i]))
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
			// The first near element of the other side with a deep base.
			ok := func(j int) bool {
				o := &els[j]
				return o.OnTable() && near(&els[i], o) && o.ID%2 != els[i].ID%2 && o.Base.Depth > geom.Paces(50)
			}
			want := slices.IndexFunc(els, func(o Element) bool { return ok(int(o.ID - 1)) })
			if f := sw.first(&els[i], ok); f != want {
				t.Fatalf("round %d: first of %d is %d, a scan finds %d", round, i, f, want)
			}
		}
	}
}
