package render

import (
	"testing"

	"pelennor/terrain"
)

// NewLaidTerrain draws what was laid: each feature with its kind, an
// area feature's outline and a path's points, whether or not the layout
// is legal yet (here the two overlap).
func TestNewLaidTerrain(t *testing.T) {
	wood := terrain.Feature{Name: "Wood 1", Kind: "wood", Shape: "oval", X: 600, Y: 600, Width: 400, Depth: 300}
	river := terrain.Feature{Name: "River 1", Kind: "river", Width: 100, Path: [][2]int{{0, 600}, {1200, 700}, {2400, 600}}}
	tr := NewLaidTerrain(2400, 2400, []terrain.Feature{wood, river}, 1)
	if tr.W != 2400 || len(tr.features) != 2 {
		t.Fatalf("%v × %v with %d features", tr.W, tr.H, len(tr.features))
	}
	w, r := tr.features[0], tr.features[1]
	if w.kind.Name != "wood" || len(w.poly) != len(wood.Outline()) || len(w.parts) != 1 || len(tr.trees[0]) == 0 {
		t.Errorf("the wood: kind %q, %d corners, %d parts, %d trees", w.kind.Name, len(w.poly), len(w.parts), len(tr.trees[0]))
	}
	if !r.kind.River || len(r.path) != 3 || r.path[1] != (Pt{X: 1200, Y: 700}) || len(r.parts) != 2 || r.width != 100 {
		t.Errorf("the river: %+v", r)
	}
}
