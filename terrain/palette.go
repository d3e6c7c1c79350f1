package terrain

import "pelennor/engine/rules"

// Kind is an entry of the palette: a kind of feature a defender may lay,
// with the sizes a player may choose (docs/rulings.md T8).
type Kind struct {
	Name  string // the engine's terrain kind (rules.Terrains), as in scenario files
	Label string // shown name of the kind
	// Linear features (rivers, roads) are a path with a width; the others
	// are an outline of one of Shapes, sized Width × Depth.
	Linear bool
	// Min and Max bound an area feature's width and depth, or a linear
	// feature's width, in paces.
	Min, Max int
	// Shapes are the outlines a player may pick for an area feature, the
	// first the default.
	Shapes []string
	// Counts is false for a road: it is not one of §13's features (T6).
	Counts bool
	// Crosses lists the kinds a feature of this kind may overlap (T4).
	Crosses []string
}

// Path limits for linear features (T8): a river or road has 2 to
// MaxPathPoints points, each leg at least MinLeg paces.
const (
	MaxPathPoints = 8
	MinLeg        = 100
)

// Palette is every kind a defender may lay, in the order a picker shows
// them.
var Palette = []Kind{
	{Name: "wood", Label: "Wood", Min: 200, Max: 800, Shapes: []string{"rounded", "oval", "egg", "teardrop", "ragged"}, Counts: true},
	{Name: "hill", Label: "Hill", Min: 300, Max: 900, Shapes: []string{"oval", "egg", "rounded", "ridge"}, Counts: true, Crosses: []string{"road"}},
	{Name: "marsh", Label: "Marsh", Min: 200, Max: 700, Shapes: []string{"oval", "ragged", "rounded"}, Counts: true},
	{Name: "rough", Label: "Rough ground", Min: 200, Max: 600, Shapes: []string{"ragged", "teardrop", "ridge"}, Counts: true},
	{Name: "built-up", Label: "Built-up area", Min: 200, Max: 500, Shapes: []string{"block", "rounded"}, Counts: true, Crosses: []string{"road"}},
	{Name: "water", Label: "Lake", Min: 200, Max: 600, Shapes: []string{"oval", "egg", "rounded"}, Counts: true},
	{Name: "impassable", Label: "Crags", Min: 100, Max: 400, Shapes: []string{"ridge", "teardrop", "ragged"}, Counts: true},
	{Name: "river", Label: "River", Linear: true, Min: 60, Max: 160, Counts: true, Crosses: []string{"road"}},
	{Name: "road", Label: "Road", Linear: true, Min: 40, Max: 80, Crosses: []string{"hill", "built-up", "river"}},
}

// KindOf returns the palette entry of a kind name.
func KindOf(name string) (Kind, bool) {
	for _, k := range Palette {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// Rules returns what the kind does in the engine.
func (k Kind) Rules() rules.Terrain {
	t, _ := rules.ParseTerrain(k.Name)
	return t
}

// Going is the kind's going for §13's requirements: "bad", "river",
// "impassable" or "good" (hills and roads).
func (k Kind) Going() string {
	switch t := k.Rules(); {
	case t.Bad:
		return "bad"
	case t.River:
		return "river"
	case t.Impassable:
		return "impassable"
	}
	return "good"
}

// crosses reports whether features of kinds a and b may overlap (T4).
func crosses(a, b Kind) bool {
	for _, c := range a.Crosses {
		if c == b.Name {
			return true
		}
	}
	return false
}

// Shape is a convex outline of an area feature in per-mille of its half
// width (x, across, east at facing 0) and half depth (y, south at facing
// 0): it spans −1000..1000 on both axes, so Width and Depth are the
// feature's true extents before it is turned.
type Shape struct {
	Name  string
	Label string
	Pts   [][2]int
}

// Shapes are the outlines of area features. Each is convex and touches
// all four sides of its box (TestShapes).
var Shapes = []Shape{
	{"oval", "Oval", [][2]int{{1000, 0}, {866, 500}, {500, 866}, {0, 1000}, {-500, 866}, {-866, 500},
		{-1000, 0}, {-866, -500}, {-500, -866}, {0, -1000}, {500, -866}, {866, -500}}},
	{"egg", "Egg", [][2]int{{0, -1000}, {450, -880}, {820, -520}, {1000, 50}, {880, 560}, {500, 920},
		{0, 1000}, {-500, 920}, {-880, 560}, {-1000, 50}, {-820, -520}, {-450, -880}}},
	{"rounded", "Rounded", [][2]int{{-1000, -500}, {-800, -880}, {-350, -1000}, {350, -1000}, {800, -880},
		{1000, -500}, {1000, 500}, {800, 880}, {350, 1000}, {-350, 1000}, {-800, 880}, {-1000, 500}}},
	{"teardrop", "Teardrop", [][2]int{{0, -1000}, {600, -420}, {960, 160}, {1000, 520}, {760, 880}, {300, 1000},
		{-300, 1000}, {-760, 880}, {-1000, 520}, {-960, 160}, {-600, -420}}},
	{"ragged", "Ragged", [][2]int{{-1000, -150}, {-760, -720}, {-180, -1000}, {520, -900}, {1000, -360},
		{960, 420}, {560, 880}, {-120, 1000}, {-720, 720}}},
	{"ridge", "Ridge", [][2]int{{-1000, 0}, {-760, -600}, {-200, -1000}, {420, -920}, {920, -420}, {1000, 160},
		{660, 760}, {80, 1000}, {-560, 760}}},
	{"block", "Block", [][2]int{{-1000, -800}, {-800, -1000}, {800, -1000}, {1000, -800}, {1000, 800},
		{800, 1000}, {-800, 1000}, {-1000, 800}}},
}

// ShapeOf returns a shape by name.
func ShapeOf(name string) (Shape, bool) {
	for _, s := range Shapes {
		if s.Name == name {
			return s, true
		}
	}
	return Shape{}, false
}
