package terrain

import (
	"slices"
	"testing"
)

// The edits a set-up screen makes: placed, turned, resized, a path's
// point dragged; none changes the feature it was made from.
func TestFeatureEdits(t *testing.T) {
	f := Feature{Name: "Elder Wood", Kind: "wood", Shape: "rounded", X: 800, Y: 1000, Width: 400, Depth: 300}
	box := func(f Feature) [4]int {
		o := f.Outline()
		b := [4]int{o[0][0], o[0][1], o[0][0], o[0][1]}
		for _, p := range o {
			b = [4]int{min(b[0], p[0]), min(b[1], p[1]), max(b[2], p[0]), max(b[3], p[1])}
		}
		return b
	}
	if got := box(f); got != [4]int{600, 850, 1000, 1150} {
		t.Errorf("outline box %v", got)
	}
	if got := box(f.Moved(100, -50)); got != [4]int{700, 800, 1100, 1100} {
		t.Errorf("moved: outline box %v", got)
	}
	if got := box(f.Turned(1024)); got != [4]int{650, 800, 950, 1200} {
		t.Errorf("turned a quarter: outline box %v", got)
	}
	if g := f.Turned(-1024); g.Facing != 3072 {
		t.Errorf("turned to -1024: facing %d", g.Facing)
	}
	if g := f.Resized(1000, 100); g.Width != 800 || g.Depth != 200 {
		t.Errorf("resized beyond the palette: %d x %d, want the limits 800 x 200", g.Width, g.Depth)
	}
	r := Feature{Name: "The Wending", Kind: "river", Width: 100, Path: [][2]int{{0, 1000}, {1200, 1100}, {2400, 900}}}
	moved, dragged := r.Moved(0, 100), r.WithPoint(1, [2]int{1200, 1300})
	if !slices.Equal(moved.Path, [][2]int{{0, 1100}, {1200, 1200}, {2400, 1000}}) || dragged.Path[1] != [2]int{1200, 1300} {
		t.Errorf("moved %v, dragged %v", moved.Path, dragged.Path)
	}
	if r.Path[1] != [2]int{1200, 1100} {
		t.Errorf("editing a copy changed the original: %v", r.Path)
	}
	if g := r.Resized(500, 0); g.Width != 160 {
		t.Errorf("a river resized to 500 p: %d", g.Width)
	}
	if s := r.Spec(); s.Polygon != nil || len(s.Path) != 3 || s.Width != 100 {
		t.Errorf("river spec %+v", s)
	}
	if s := f.Spec(); len(s.Polygon) != 12 || s.Path != nil || s.Width != 0 {
		t.Errorf("wood spec %+v", s)
	}
}
