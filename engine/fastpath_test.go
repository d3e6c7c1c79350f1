package engine

// Tests that the engine's fast paths give exactly what the plain code
// they replace gives.

import (
	"fmt"
	"os"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// inches and paces, written without fmt, read as the plain format.
func TestInchesAsFormatted(t *testing.T) {
	for p := -1234; p <= 20000; p++ {
		if got, want := inches(p), inchesFmt(p); got != want {
			t.Fatalf("inches(%d) = %q, want %q", p, got, want)
		}
		if got, want := paces(p), fmt.Sprintf("%d p (%s)", p, inchesFmt(p)); got != want {
			t.Fatalf("paces(%d) = %q, want %q", p, got, want)
		}
	}
}

// Odds asked in the move phase reuse the close combat phase foreseen for
// the position; after an action changes the position they must foresee the
// new one: every answer equals that of a fresh game in the same position.
func TestOddsForecastFollowsThePosition(t *testing.T) {
	tb := newTable()
	tb.add(1, "ca", rules.Blades, 600, 1200, 0)
	tb.add(2, "ca", rules.Spears, 1000, 1200, 0)
	tb.add(101, "cb", rules.Warband, 600, 1200-150, 2048)
	tb.add(102, "cb", rules.Knights, 1000, 1200, 2048)
	sc := tb.scenario(t)
	fresh := func(actions ...Action) *Game {
		g, _, err := New(sc, dice.NewPCG(5), rules.Rulings{})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range actions {
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("%+v: %v", a, err)
			}
		}
		return g
	}
	odds := func(g *Game, a, b int) string {
		r, err := Odds(g, a, b, "close", nil)
		if err != nil {
			return err.Error()
		}
		return fmt.Sprintf("%+v", *r)
	}
	g := fresh()
	before := odds(g, 1, 101)
	if want := odds(fresh(), 1, 101); before != want {
		t.Fatalf("first odds differ from a fresh game's:\n%s\n%s", before, want)
	}
	odds(g, 2, 102) // the same position: from the forecast
	move := Action{Kind: ActMove, ID: 1, Contact: &Contact{Target: 101, Edge: "front"}}
	if _, err := g.Apply(move); err != nil {
		t.Fatal(err)
	}
	after, want := odds(g, 1, 101), odds(fresh(move), 1, 101)
	if after != want {
		t.Fatalf("after the move, odds differ from a fresh game's:\n%s\n%s", after, want)
	}
	if after == before {
		t.Fatalf("the contact did not change the odds (%s): the test proves nothing", after)
	}
}

// Terrain features reject by their boxes; what they say must be what
// testing every part says, for bases all over the Pelennor.
func TestFeatureBoxesAsParts(t *testing.T) {
	data, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario("pelennor", data)
	if err != nil {
		t.Fatal(err)
	}
	hits := 0
	for x := 0; x < sc.Table.Width; x += 37 {
		for y := 0; y < sc.Table.Height; y += 41 {
			p := geom.Base{Front: geom.Point{X: geom.Paces(x), Y: geom.Paces(y)}, Facing: geom.Angle(x * y % 4096),
				Width: geom.Paces(160), Depth: geom.Paces(40)}.Poly()
			for _, f := range sc.terrain {
				want := false
				for _, part := range f.parts {
					want = want || geom.Overlap(part, p)
				}
				if got := f.overlaps(p); got != want {
					t.Fatalf("%s at (%d, %d): overlaps %v, its parts say %v", f.name, x, y, got, want)
				}
				if want {
					hits++
				}
			}
		}
	}
	if hits < 100 {
		t.Fatalf("only %d overlaps: the test proves little", hits)
	}
}
