package ui

import (
	"image/color"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The triangles of a rounded rectangle depend only on its size, corner
// radius and stroke width, and the screens draw the same few dozen
// panels, buttons and chips every frame: they are worked out once at
// the origin and moved into place, instead of flattening the corners'
// arcs again each time.

type meshKey struct{ w, h, rad, width float64 } // width 0: the fill

type mesh struct {
	vs []ebiten.Vertex
	is []uint16
}

// maxMeshes bounds the cache; it is emptied when full (a window being
// resized makes new sizes every frame).
const maxMeshes = 512

var meshes = struct {
	sync.Mutex
	m   map[meshKey]*mesh
	tmp []ebiten.Vertex
}{m: map[meshKey]*mesh{}}

func roundRectMesh(k meshKey) *mesh {
	if m, ok := meshes.m[k]; ok {
		return m
	}
	m := &mesh{}
	r := R(0, 0, k.w, k.h)
	if k.width == 0 {
		m.vs, m.is = RoundRectPath(r, k.rad).AppendVerticesAndIndicesForFilling(nil, nil)
	} else {
		p := RoundRectPath(r.Inset(k.width/2), max(0, k.rad-k.width/2))
		m.vs, m.is = p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: float32(k.width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound})
	}
	if len(meshes.m) >= maxMeshes {
		clear(meshes.m)
	}
	meshes.m[k] = m
	return m
}

// drawRoundRect draws the fill (width 0) or the stroke of a rounded
// rectangle.
func drawRoundRect(dst *ebiten.Image, r Rect, rad, width float64, clr color.Color) {
	meshes.Lock()
	defer meshes.Unlock()
	vs, is := roundRectAt(meshes.tmp[:0], r, rad, width)
	meshes.tmp = vs
	drawTris(dst, vs, is, clr, ebiten.FillRuleFillAll)
}

// roundRectAt appends to vs the kept triangles for r's size, moved to
// r's place.
func roundRectAt(vs []ebiten.Vertex, r Rect, rad, width float64) ([]ebiten.Vertex, []uint16) {
	m := roundRectMesh(meshKey{r.W, r.H, rad, width})
	x, y := float32(r.X), float32(r.Y)
	n := len(vs)
	vs = append(vs, m.vs...)
	for i := n; i < len(vs); i++ {
		vs[i].DstX += x
		vs[i].DstY += y
	}
	return vs, m.is
}
