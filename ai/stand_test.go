package ai

import (
	"fmt"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// A base is cornered when its recoil, straight back its own depth,
// would take a rear corner off the table, whichever way it faces.
func TestCornered(t *testing.T) {
	const w, h, d = 2400, 2400, 60
	for _, c := range []struct {
		name   string
		x, y   int
		facing geom.Angle
		want   bool
	}{
		{"facing north, rear on the south edge", 1200, h - d, 0, true},
		{"facing north, a depth to spare", 1200, h - 2*d, 0, false},
		{"facing north, half a depth to spare", 1200, h - d - d/2, 0, true},
		{"facing south, rear on the north edge", 1200, d, fullTurn / 2, true},
		{"facing east, rear near the west edge", d + 30, 1200, fullTurn / 4, true},
		{"facing west, in the middle", 1200, 1200, 3 * fullTurn / 4, false},
		{"aslant, a rear corner over the edge", 50, 1200, fullTurn / 8, true},
	} {
		b := geom.Base{Front: geom.Point{X: geom.Paces(c.x), Y: geom.Paces(c.y)}, Facing: c.facing, Width: geom.Paces(rules.BaseWidth), Depth: geom.Paces(d)}
		if got := cornered(b, geom.Paces(w), geom.Paces(h)); got != c.want {
			t.Errorf("%s: cornered %v, want %v", c.name, got, c.want)
		}
	}
}

// Beaten, a cornered element is destroyed where it would have recoiled
// (RULES.md §6.4): the quick odds cost it its whole worth for every
// result that would only have been a recoil.
func TestQuickOddsOfACorneredDefender(t *testing.T) {
	free, cornered := quick(rules.Blades, rules.Spears, 0, false), quick(rules.Blades, rules.Spears, 0, true)
	if cornered.loser <= free.loser {
		t.Errorf("Blades against Spears: the cornered Spears lose %d, free %d; want more cornered", cornered.loser, free.loser)
	}
	if cornered.winner != free.winner {
		t.Errorf("the attacker's own risk changed with the defender cornered: %d, %d", cornered.winner, free.winner)
	}
	// Every beaten result of a Spears element against Blades is at
	// least a recoil: cornered, each is a loss of the whole element.
	n := 0
	for da := 1; da <= 6; da++ {
		for dd := 1; dd <= 6; dd++ {
			if rules.Spears.Factor(rules.Blades)+dd < rules.Blades.Factor(rules.Spears)+da {
				n++
			}
		}
	}
	if cornered.loser != n*100 {
		t.Errorf("cornered Spears lose %d (per cent of worth over 36 pairs), want %d", cornered.loser, n*100)
	}
}

// An enemy with its back to the table edge is worth more to strike
// than the same enemy with room behind it: beaten at all, it is lost.
func TestCorneredEnemyIsTheBetterChance(t *testing.T) {
	depth := rules.Blades.Info().Depth
	chance := func(ky int) int {
		g := standoff(t, ky+depth+150, ky)
		s := newSearch(Config{Level: Normal}, g)
		var v view
		s.read(g, &v)
		v.pairs = g.FrontPairs()
		if c := v.cornered(v.at[12]); c != (ky < 2*depth) {
			t.Fatalf("Blades B at y %d cornered %v: the position is not what the test means", ky, c)
		}
		return s.standing(&v, v.at[2], s.engaged(&v)).chance
	}
	free, edge := chance(800), chance(depth)
	if edge <= free {
		t.Errorf("the chance to strike the Blades with the table edge behind them: %d, with room behind: %d; want more at the edge", edge, free)
	}
}

// standoff is a battle of two small armies, side A to move: A's Spears
// (2) with their front centre at (1200, y) facing north, B's Blades
// (12) with theirs at (1200, ky) facing south, both generals far off.
func standoff(t *testing.T, y, ky int) *engine.Game {
	t.Helper()
	data := fmt.Sprintf(`{"format": 1, "id": "standoff", "version": 1, "name": "Standoff",
		"table": {"width": 2400, "height": 2400}, "rules": "standard",
		"sides": [{"id": "a", "name": "Side A"}, {"id": "b", "name": "Side B"}],
		"commands": [{"id": "ca", "side": "a", "name": "A", "general": 1, "baseEdge": "south"},
			{"id": "cb", "side": "b", "name": "B", "general": 11, "baseEdge": "north"}],
		"terrain": [], "elements": [
			{"id": 1, "command": "ca", "type": "Blades", "name": "General A", "x": 200, "y": 2300, "facing": 0},
			{"id": 2, "command": "ca", "type": "Spears", "name": "Spears A", "x": 1200, "y": %d, "facing": 0},
			{"id": 11, "command": "cb", "type": "Blades", "name": "General B", "x": 2200, "y": 200, "facing": 2048},
			{"id": 12, "command": "cb", "type": "Blades", "name": "Blades B", "x": 1200, "y": %d, "facing": 2048}]}`, y, ky)
	sc, err := engine.ParseScenario("standoff.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.New(sc, dice.NewPCG(1), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
