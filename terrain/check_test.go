package terrain

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"pelennor/engine/geom"
)

// base is a legal layout on the standard table: a wood and a marsh either
// side of the centre, a hill, rough ground and a river across the
// south-east corner.
func base() []Feature {
	return []Feature{
		{Name: "Elder Wood", Kind: "wood", Shape: "rounded", X: 800, Y: 1000, Width: 400, Depth: 300},
		{Name: "Sedge Fen", Kind: "marsh", Shape: "oval", X: 1600, Y: 1400, Width: 400, Depth: 300},
		{Name: "Barrow Hill", Kind: "hill", Shape: "egg", X: 1800, Y: 500, Width: 500, Depth: 400},
		{Name: "Hoar Stones", Kind: "rough", Shape: "ragged", X: 500, Y: 1900, Width: 300, Depth: 300},
		{Name: "The Wending", Kind: "river", Width: 100, Path: [][2]int{{2400, 1900}, {1800, 2150}, {1300, 2400}}},
	}
}

// edit returns base() changed by fn.
func edit(fn func(fs []Feature) []Feature) []Feature { return fn(base()) }

// prob is the part of a Problem a test names.
type prob struct {
	code           Code
	feature, other int
	got, min, max  int
}

func TestCheck(t *testing.T) {
	hills := func(fs []Feature) []Feature {
		// Only good going besides the wood and a marsh, both north-west.
		return []Feature{fs[0],
			{Name: "Wither Mire", Kind: "marsh", Shape: "oval", X: 450, Y: 500, Width: 300, Depth: 300},
			fs[2],
			{Name: "Low Down", Kind: "hill", Shape: "oval", X: 1800, Y: 1800, Width: 400, Depth: 300},
			{Name: "High Down", Kind: "hill", Shape: "oval", X: 500, Y: 1900, Width: 400, Depth: 300}}
	}
	var woods []Feature // nine great woods edge to edge
	for i := range 9 {
		woods = append(woods, Feature{Name: "Wood " + strconv.Itoa(i), Kind: "wood", Shape: "rounded",
			X: 400 + 800*(i%3), Y: 400 + 800*(i/3), Width: 800, Depth: 800})
	}
	cases := []struct {
		name   string
		layout []Feature
		want   []prob
	}{
		{"legal", base(), nil},
		{"three features", edit(func(fs []Feature) []Feature { return []Feature{fs[0], fs[1], fs[3]} }),
			[]prob{{TooFew, -1, -1, 3, 4, 0}}},
		{"a road does not count", edit(func(fs []Feature) []Feature {
			return []Feature{fs[0], fs[1], fs[3], {Name: "Old Road", Kind: "road", Width: 50, Path: [][2]int{{1200, 0}, {1200, 2400}}}}
		}), []prob{{TooFew, -1, -1, 3, 4, 0}}},
		{"two quarters", edit(func(fs []Feature) []Feature {
			fs[2].X, fs[2].Y = 500, 400
			fs[3].X, fs[3].Y = 2000, 1900
			return fs[:4]
		}), []prob{{FewQuarters, -1, -1, 2, 3, 0}}},
		{"bad going in one quarter", hills(base()),
			[]prob{{FewBadQuarters, -1, -1, 1, 2, 0}, {FewCentral, -1, -1, 1, 2, 0}}},
		{"one central feature", edit(func(fs []Feature) []Feature { fs[1].X, fs[1].Y = 1950, 1500; return fs }),
			[]prob{{FewCentral, -1, -1, 1, 2, 0}}},
		{"central but too narrow across", edit(func(fs []Feature) []Feature { fs[1].Depth = 200; return fs }),
			[]prob{{FewCentral, -1, -1, 1, 2, 0}}},
		{"a block 200 p deep is 200 p across", edit(func(fs []Feature) []Feature {
			fs[1] = Feature{Name: "Ashby", Kind: "built-up", Shape: "block", X: 1600, Y: 1400, Width: 300, Depth: 200, Facing: 1024}
			return fs
		}), nil},
		{"nearest point exactly 600 p from the centre", edit(func(fs []Feature) []Feature {
			fs[1] = Feature{Name: "Ashby", Kind: "built-up", Shape: "block", X: 1200, Y: 1900, Width: 300, Depth: 200}
			return fs
		}), nil},
		{"nearest point 601 p from the centre", edit(func(fs []Feature) []Feature {
			fs[1] = Feature{Name: "Ashby", Kind: "built-up", Shape: "block", X: 1200, Y: 1901, Width: 300, Depth: 200}
			return fs
		}), []prob{{FewCentral, -1, -1, 1, 2, 0}}},
		{"hills are not bad going", edit(func(fs []Feature) []Feature { fs[1].Kind, fs[1].Width = "hill", 400; return fs }),
			[]prob{{FewCentral, -1, -1, 1, 2, 0}}},
		// Nine 800 p "rounded" woods: 9 × 3,644,000/1,000,000 × 400² p² (the
		// shoelace area of the outline's per-mille corners, scaled).
		{"mostly bad going", woods, []prob{{LittleGood, -1, -1, 5247360, 0, 2880000}}},
		{"overlap", edit(func(fs []Feature) []Feature { fs[2].X, fs[2].Y = 900, 1000; return fs }),
			[]prob{{Overlapping, 0, 2, 0, 0, 0}}},
		{"touching is not overlapping", edit(func(fs []Feature) []Feature {
			fs[0].Shape, fs[0].Kind = "block", "built-up"
			fs[2] = Feature{Name: "Ashby", Kind: "built-up", Shape: "block", X: 800 + 400, Y: 1000, Width: 400, Depth: 300}
			return fs
		}), nil},
		{"a road fords the river and climbs the hill", edit(func(fs []Feature) []Feature {
			return append(fs, Feature{Name: "Old Road", Kind: "road", Width: 50, Path: [][2]int{{1800, 0}, {1800, 800}, {2000, 2400}}})
		}), nil},
		{"a road through a wood", edit(func(fs []Feature) []Feature {
			return append(fs, Feature{Name: "Old Road", Kind: "road", Width: 50, Path: [][2]int{{0, 1000}, {1000, 1000}, {1200, 0}}})
		}), []prob{{Overlapping, 0, 5, 0, 0, 0}}},
		{"a road to a village", edit(func(fs []Feature) []Feature {
			fs[1] = Feature{Name: "Ashby", Kind: "built-up", Shape: "block", X: 1600, Y: 1400, Width: 300, Depth: 300}
			return append(fs, Feature{Name: "Old Road", Kind: "road", Width: 50, Path: [][2]int{{2400, 1100}, {1600, 1400}}})
		}), nil},
		{"a road to nowhere", edit(func(fs []Feature) []Feature {
			return append(fs, Feature{Name: "Old Road", Kind: "road", Width: 50, Path: [][2]int{{2400, 1100}, {2000, 1150}}})
		}), []prob{{RoadEnds, 5, -1, 0, 0, 0}}},
		{"off the table", edit(func(fs []Feature) []Feature { fs[3].X = 100; return fs }),
			[]prob{{Outside, 3, -1, 0, 0, 0}}},
		{"too big", edit(func(fs []Feature) []Feature { fs[0].Width = 900; fs[0].X = 700; return fs }),
			// A feature with a problem of its own counts for nothing else.
			[]prob{{BadSize, 0, -1, 900, 200, 800}, {FewCentral, -1, -1, 1, 2, 0}}},
		{"river too narrow", edit(func(fs []Feature) []Feature { fs[4].Width = 50; return fs }),
			[]prob{{BadSize, 4, -1, 50, 60, 160}}},
		{"unknown kind", edit(func(fs []Feature) []Feature { fs[2].Kind = "lava"; return fs }),
			[]prob{{UnknownKind, 2, -1, 0, 0, 0}}},
		{"a shape the kind may not take", edit(func(fs []Feature) []Feature { fs[0].Shape = "block"; return fs }),
			[]prob{{BadShape, 0, -1, 0, 0, 0}, {FewCentral, -1, -1, 1, 2, 0}}},
		{"a river of one point", edit(func(fs []Feature) []Feature { fs[4].Path = fs[4].Path[:1]; return fs }),
			[]prob{{BadPath, 4, -1, 1, 2, 8}}},
		{"a short leg", edit(func(fs []Feature) []Feature {
			fs[4].Path = [][2]int{{2400, 1900}, {2350, 1900}, {1300, 2400}}
			return fs
		}), []prob{{ShortLeg, 4, -1, 50, 100, 0}}},
		{"a river ending in the field", edit(func(fs []Feature) []Feature { fs[4].Path[2] = [2]int{1300, 2300}; return fs }),
			[]prob{{RiverEdges, 4, -1, 0, 0, 0}}},
		{"a river from an edge to the same edge", edit(func(fs []Feature) []Feature { fs[4].Path[2] = [2]int{2400, 2300}; return fs }),
			[]prob{{RiverEdges, 4, -1, 0, 0, 0}}},
		{"a river ending in a corner", edit(func(fs []Feature) []Feature { fs[4].Path[2] = [2]int{2400, 2400}; return fs }),
			[]prob{{RiverEdges, 4, -1, 0, 0, 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			probs := Check(c.layout)
			var got []prob
			for _, p := range probs {
				got = append(got, prob{p.Code, p.Feature, p.Other, p.Got, p.Min, p.Max})
				if d := p.Describe(); d == "" || d == string(p.Code) {
					t.Errorf("%s has no description", p.Code)
				}
				if p.Got != 0 && !strings.Contains(p.Describe(), strconv.Itoa(p.Got)) && p.Code != LittleGood {
					t.Errorf("%q does not give the number %d", p.Describe(), p.Got)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("problems %v, want %v", got, c.want)
				for _, p := range probs {
					t.Log(p.Describe())
				}
			}
		})
	}
}

// A feature stands in a quarter that holds at least a quarter of it (T1).
func TestQuarters(t *testing.T) {
	cases := []struct {
		x    int
		want [4]bool
	}{
		{1000, [4]bool{NorthWest: true}},
		{1050, [4]bool{NorthWest: true}},                  // a fifth over the line, less its corner
		{1100, [4]bool{NorthWest: true, NorthEast: true}}, // three tenths over
		{1200, [4]bool{NorthWest: true, NorthEast: true}},
		{1400, [4]bool{NorthEast: true}},
	}
	for _, c := range cases {
		f := Feature{Kind: "built-up", Shape: "block", X: c.x, Y: 500, Width: 500, Depth: 300}
		if got := Standard.quarters(f.Parts()); got != c.want {
			t.Errorf("block at x %d stands in %v, want %v", c.x, got, c.want)
		}
	}
	a := Standard.Assess(base())
	if a.Quarters != [4]bool{true, true, true, true} || a.BadQuarters != [4]bool{true, false, true, true} {
		t.Errorf("base layout: quarters %v, bad %v", a.Quarters, a.BadQuarters)
	}
	if !slices.Equal(a.Central, []int{0, 1}) || a.Counted != 5 {
		t.Errorf("base layout: central %v, counted %d", a.Central, a.Counted)
	}
}

// "Across" is the least width (T2): a turned square is as wide across as
// it is, however it is turned; an oval is narrower than its box.
func TestLeastWidth(t *testing.T) {
	for _, facing := range []int{0, 300, 512, 1024, 1700} {
		f := Feature{Kind: "built-up", Shape: "block", X: 1200, Y: 1200, Width: 400, Depth: 250, Facing: facing}
		got := leastWidth(f.Parts()[0]).Paces()
		if got < 249 || got > 250 {
			t.Errorf("block 400 x 250 facing %d: %d p across, want 250", facing, got)
		}
	}
	f := Feature{Kind: "marsh", Shape: "oval", X: 1200, Y: 1200, Width: 400, Depth: 200}
	if got := leastWidth(f.Parts()[0]).Paces(); got >= 200 || got < 180 {
		t.Errorf("oval 400 x 200: %d p across, want a little under 200", got)
	}
}

// Areas and clipping: a square in, across and out of a rectangle.
func TestClipArea(t *testing.T) {
	sq := Feature{Kind: "built-up", Shape: "block", X: 1200, Y: 1200, Width: 400, Depth: 400}.Parts()[0]
	full := area2(sq)
	cases := []struct {
		r    rect
		want int64
	}{
		{Standard.whole(), full},
		{Standard.quarterRect(NorthWest), full / 4},
		{Standard.quarterRect(SouthEast), full / 4},
		{rect{0, 0, 10, 10}, 0},
	}
	for _, c := range cases {
		if got := clipArea2(sq, c.r); got != c.want {
			t.Errorf("clip to %v: %d, want %d", c.r, got, c.want)
		}
	}
}

func TestShapes(t *testing.T) {
	for _, s := range Shapes {
		f := Feature{Kind: "wood", Shape: s.Name, X: 1200, Y: 1200, Width: 400, Depth: 300}
		f.Shape = s.Name
		var lo, hi [2]int
		for _, p := range s.Pts {
			for i := range 2 {
				lo[i], hi[i] = min(lo[i], p[i]), max(hi[i], p[i])
			}
		}
		if lo != [2]int{-1000, -1000} || hi != [2]int{1000, 1000} {
			t.Errorf("shape %s spans %v..%v, not ±1000", s.Name, lo, hi)
		}
		for _, facing := range []int{0, 333, 1024, 2900} {
			for _, size := range [][2]int{{100, 100}, {900, 100}, {100, 900}} {
				g := f.Turned(facing)
				g.Width, g.Depth = size[0], size[1]
				if !geom.Convex(g.Parts()[0]) {
					t.Errorf("shape %s %v facing %d is not convex", s.Name, size, facing)
				}
			}
		}
	}
	for _, k := range Palette {
		for _, s := range k.Shapes {
			if _, ok := ShapeOf(s); !ok {
				t.Errorf("kind %s names unknown shape %s", k.Name, s)
			}
		}
		if k.Rules().Name != k.Name {
			t.Errorf("palette kind %s is not an engine terrain kind", k.Name)
		}
	}
}
