package render

import (
	"pelennor/engine/rules"
	"pelennor/terrain"
)

// NewLaidTerrain prepares a table of w × h paces with the features a
// defender has laid so far (a standard battle's set-up): drawn as a
// scenario's terrain is, whether or not the layout is legal yet.
func NewLaidTerrain(w, h int, fs []terrain.Feature, scale float64) *Terrain {
	t := &Terrain{W: float64(w), H: float64(h), scale: scale}
	for _, lf := range fs {
		kind, _ := rules.ParseTerrain(lf.Kind)
		f := feature{name: lf.Name, kind: kind, width: float64(lf.Width)}
		for _, part := range lf.Parts() {
			var pp []Pt
			for _, v := range part {
				pp = append(pp, PtOf(v))
			}
			f.parts = append(f.parts, pp)
		}
		for _, v := range lf.Outline() {
			f.poly = append(f.poly, Pt{X: float64(v[0]), Y: float64(v[1])})
		}
		for _, v := range lf.Path {
			f.path = append(f.path, Pt{X: float64(v[0]), Y: float64(v[1])})
		}
		t.features = append(t.features, f)
	}
	t.plan("standard-setup")
	return t
}
