package terrain

import (
	"testing"

	"pelennor/engine/geom"
)

func TestBaseEdges(t *testing.T) {
	for die := 1; die <= 6; die++ {
		att, def := Standard.BaseEdges(die)
		want := North
		if die >= 4 {
			want = South
		}
		if att != want || def != want.Opposite() {
			t.Errorf("die %d: attacker %s, defender %s", die, att, def)
		}
	}
	if att, def := (Table{Width: 1800, Height: 2400}).BaseEdges(5); att != East || def != West {
		t.Errorf("a tall table's long edges are west and east; die 5 gave %s, %s", att, def)
	}
	for _, e := range Edges {
		if got, ok := ParseEdge(e.String()); !ok || got != e {
			t.Errorf("edge %s does not parse back", e)
		}
	}
}

func TestQuarterOf(t *testing.T) {
	cases := []struct {
		x, y int
		want Quarter
	}{
		{0, 0, NorthWest}, {1199, 1199, NorthWest}, {1200, 0, NorthEast}, {2400, 1200, SouthEast},
		{0, 1200, SouthWest}, {1199, 2400, SouthWest},
	}
	for _, c := range cases {
		if got := Standard.QuarterOf(c.x, c.y); got != c.want {
			t.Errorf("(%d, %d) is in %s, want %s", c.x, c.y, got, c.want)
		}
	}
}

// base of an element 160 p wide and depth deep, front edge centre x, y.
func elem(x, y, facing, depth int) geom.Base {
	return geom.Base{Front: geom.Point{X: geom.Paces(x), Y: geom.Paces(y)}, Facing: geom.Angle(facing),
		Width: geom.Paces(160), Depth: geom.Paces(depth)}
}

func TestDeploy(t *testing.T) {
	cases := []struct {
		name string
		edge Edge
		b    geom.Base
		want Code // "" for none
		got  int
	}{
		{"facing the enemy, 550 p out", South, elem(1200, 1850, 0, 60), "", 0},
		{"front edge exactly 600 p out", South, elem(1200, 1800, 0, 60), "", 0},
		{"front edge 610 p out", South, elem(1200, 1790, 0, 60), DeployBeyond, 610},
		{"facing its own edge, rear 610 p out", South, elem(1200, 1920, 2048, 130), DeployBeyond, 610},
		{"turned an eighth: its far corner counts", South, elem(1200, 1810, 512, 60), DeployBeyond, 647},
		{"off the table's side", South, elem(50, 2000, 0, 60), DeployOffTable, 0},
		{"beyond the base edge", South, elem(1200, 2380, 0, 60), DeployOffTable, 0},
		{"north edge", North, elem(600, 540, 2048, 60), "", 0},
		{"north edge, too far", North, elem(600, 660, 2048, 80), DeployBeyond, 660},
		{"west edge", West, elem(500, 1200, 1024, 120), "", 0},
	}
	for _, c := range cases {
		p := Standard.DeployProblem(c.edge, c.b)
		switch {
		case c.want == "" && p != nil:
			t.Errorf("%s: %s", c.name, p.Describe())
		case c.want != "" && (p == nil || p.Code != c.want || p.Got != c.got):
			t.Errorf("%s: got %+v, want %s %d", c.name, p, c.want, c.got)
		}
	}
}

func TestStronghold(t *testing.T) {
	sh := func(x, y, facing, w, d int) geom.Base {
		return geom.Base{Front: geom.Point{X: geom.Paces(x), Y: geom.Paces(y)}, Facing: geom.Angle(facing),
			Width: geom.Paces(w), Depth: geom.Paces(d)}
	}
	cases := []struct {
		name string
		b    geom.Base
		want Code
		got  int
	}{
		{"rear on the edge", sh(1200, 2100, 0, 300, 300), "", 0},
		{"10 p short of the edge", sh(1200, 2090, 0, 300, 300), StrongholdApart, 10},
		{"too deep to be within 600 p", sh(1200, 1700, 0, 300, 700), DeployBeyond, 700},
		{"facing its own edge, front on it", sh(1200, 2400, 2048, 300, 300), "", 0},
		{"over the edge", sh(1200, 2110, 0, 300, 300), DeployOffTable, 0},
	}
	for _, c := range cases {
		p := Standard.StrongholdProblem(South, c.b)
		switch {
		case c.want == "" && p != nil:
			t.Errorf("%s: %s", c.name, p.Describe())
		case c.want != "" && (p == nil || p.Code != c.want || p.Got != c.got):
			t.Errorf("%s: got %+v, want %s %d", c.name, p, c.want, c.got)
		}
	}
}

func TestZone(t *testing.T) {
	z := Standard.Zone(East, DeployDepth)
	for _, c := range []struct {
		x, y int
		in   bool
	}{{1800, 0, true}, {2400, 2400, true}, {1799, 1200, false}} {
		if got := geom.Contains(z, geom.Point{X: geom.Paces(c.x), Y: geom.Paces(c.y)}); got != c.in {
			t.Errorf("east zone holds (%d, %d): %v", c.x, c.y, got)
		}
	}
}
