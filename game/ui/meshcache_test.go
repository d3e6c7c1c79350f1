package ui

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The kept triangles of a rounded rectangle, moved into place, are the
// ones its path gives where it is, for fills and strokes, and a second
// use gives them again.
func TestRoundRectMeshes(t *testing.T) {
	cases := []struct {
		r          Rect
		rad, width float64
	}{
		{R(10.5, 20.25, 200, 40), 6, 0},
		{R(10.5, 20.25, 200, 40), 6, 1.2},
		{R(300, 7.75, 12, 30), 9, 0}, // radius larger than half the width
		{R(-4, 500, 80, 80), 0, 2},
	}
	for _, c := range cases {
		var want *vector.Path
		var wv []float32
		if c.width == 0 {
			want = RoundRectPath(c.r, c.rad)
			vs, _ := want.AppendVerticesAndIndicesForFilling(nil, nil)
			for _, v := range vs {
				wv = append(wv, v.DstX, v.DstY)
			}
		} else {
			want = RoundRectPath(c.r.Inset(c.width/2), math.Max(0, c.rad-c.width/2))
			vs, _ := want.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: float32(c.width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound})
			for _, v := range vs {
				wv = append(wv, v.DstX, v.DstY)
			}
		}
		for pass := 0; pass < 2; pass++ {
			vs, is := roundRectAt(nil, c.r, c.rad, c.width)
			if len(vs)*2 != len(wv) || len(is) == 0 {
				t.Fatalf("%+v: %d vertices, %d indices; want %d vertices", c, len(vs), len(is), len(wv)/2)
			}
			for i, v := range vs {
				if math.Abs(float64(v.DstX-wv[2*i])) > 1e-3 || math.Abs(float64(v.DstY-wv[2*i+1])) > 1e-3 {
					t.Fatalf("%+v pass %d: vertex %d at %v,%v, want %v,%v", c, pass, i, v.DstX, v.DstY, wv[2*i], wv[2*i+1])
				}
			}
		}
	}
}
