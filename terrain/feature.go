package terrain

import (
	"pelennor/engine/geom"
)

// Feature is one feature laid on the table (docs/formats.md §7). An area
// feature is the outline Shape, Width across and Depth deep, turned by
// Facing about its centre X, Y. A linear feature (river, road) is Path,
// Width wide. Distances are paces; Facing is in 4096ths of a turn,
// clockwise, 0 leaving the outline as drawn (width east–west).
type Feature struct {
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	Shape  string   `json:"shape,omitempty"`
	X      int      `json:"x,omitempty"`
	Y      int      `json:"y,omitempty"`
	Facing int      `json:"facing,omitempty"`
	Width  int      `json:"width"`
	Depth  int      `json:"depth,omitempty"`
	Path   [][2]int `json:"path,omitempty"`
}

// Spec is a feature as a scenario file's terrain entry. It has the fields
// of engine.TerrainSpec, so engine.TerrainSpec(f.Spec()) converts it
// without this package importing the engine.
type Spec struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Polygon [][2]int `json:"polygon,omitempty"`
	Path    [][2]int `json:"path,omitempty"`
	Width   int      `json:"width,omitempty"`
}

// Specs returns the features as a scenario's terrain entries, in order.
func Specs(features []Feature) []Spec {
	out := make([]Spec, len(features))
	for i, f := range features {
		out[i] = f.Spec()
	}
	return out
}

// Linear reports whether the feature is a path (a river or road).
func (f Feature) Linear() bool {
	k, ok := KindOf(f.Kind)
	return ok && k.Linear
}

// Spec returns the feature as a scenario terrain entry: an area
// feature's outline in whole paces, or a linear feature's path.
func (f Feature) Spec() Spec {
	if f.Linear() {
		return Spec{Name: f.Name, Kind: f.Kind, Path: clonePath(f.Path), Width: f.Width}
	}
	return Spec{Name: f.Name, Kind: f.Kind, Polygon: f.Outline()}
}

// Outline returns an area feature's corners in whole paces, clockwise on
// the screen; nil for a linear feature or an unknown shape.
func (f Feature) Outline() [][2]int {
	s, ok := ShapeOf(f.Shape)
	if !ok || f.Linear() {
		return nil
	}
	a := geom.Angle(f.Facing)
	sin, cos := int64(geom.Sin(a)), int64(geom.Cos(a))
	out := make([][2]int, len(s.Pts))
	for i, p := range s.Pts {
		// Per-mille of the half extents, in paces times 2000.
		u, v := int64(p[0])*int64(f.Width), int64(p[1])*int64(f.Depth)
		// Turned clockwise on the screen (y grows south).
		dx := geom.DivRound(u*cos-v*sin, 2000*geom.One)
		dy := geom.DivRound(u*sin+v*cos, 2000*geom.One)
		out[i] = [2]int{f.X + int(dx), f.Y + int(dy)}
	}
	return out
}

// Parts returns the feature's convex parts in sub-paces, as the engine
// builds them from Spec: the outline, or one strip per leg of the path.
func (f Feature) Parts() []geom.Poly {
	if f.Linear() {
		var parts []geom.Poly
		for i := 1; i < len(f.Path); i++ {
			a, b := toPoint(f.Path[i-1]), toPoint(f.Path[i])
			if a == b || f.Width <= 0 {
				continue
			}
			parts = append(parts, strip(a, b, geom.Paces(f.Width)))
		}
		return parts
	}
	o := f.Outline()
	if o == nil {
		return nil
	}
	p := make(geom.Poly, len(o))
	for i, v := range o {
		p[i] = toPoint(v)
	}
	return []geom.Poly{p}
}

// strip is the rectangle of the given width around segment a–b, extended
// by half the width at each end: the engine's construction of a path's
// parts (engine/scenario.go), which TestPartsAsEngine holds this to.
func strip(a, b geom.Point, width geom.Sub) geom.Poly {
	dir := geom.Bearing(b.Sub(a))
	half := width / 2
	a = a.Add(geom.Offset(dir+geom.South, half))
	b = b.Add(geom.Offset(dir, half))
	l, r := geom.Offset(dir-geom.East, half), geom.Offset(dir+geom.East, half)
	return geom.Poly{a.Add(l), b.Add(l), b.Add(r), a.Add(r)}
}

func toPoint(p [2]int) geom.Point { return geom.Point{X: geom.Paces(p[0]), Y: geom.Paces(p[1])} }

func clonePath(p [][2]int) [][2]int {
	if p == nil {
		return nil
	}
	return append([][2]int(nil), p...)
}

// Moved returns f moved by dx, dy paces (a path moves every point).
func (f Feature) Moved(dx, dy int) Feature {
	f.X, f.Y = f.X+dx, f.Y+dy
	if f.Path != nil {
		f.Path = clonePath(f.Path)
		for i := range f.Path {
			f.Path[i][0] += dx
			f.Path[i][1] += dy
		}
	}
	return f
}

// Turned returns an area feature turned to facing (any integer; reduced
// to 0..4095). A path is turned by moving its points.
func (f Feature) Turned(facing int) Feature {
	f.Facing = int(geom.Angle(facing).Norm())
	return f
}

// Resized returns f with a new width and depth (a path's depth is
// ignored), clamped to its kind's range so a drag cannot make it illegal.
func (f Feature) Resized(width, depth int) Feature {
	k, ok := KindOf(f.Kind)
	if !ok {
		return f
	}
	f.Width = min(max(width, k.Min), k.Max)
	if !k.Linear {
		f.Depth = min(max(depth, k.Min), k.Max)
	}
	return f
}

// WithPoint returns a path with point i moved to p.
func (f Feature) WithPoint(i int, p [2]int) Feature {
	if i < 0 || i >= len(f.Path) {
		return f
	}
	f.Path = clonePath(f.Path)
	f.Path[i] = p
	return f
}
