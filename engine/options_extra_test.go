package engine

import (
	"slices"
	"testing"

	"pelennor/engine/rules"
)

func TestFrontPairs(t *testing.T) {
	for _, c := range []struct {
		name string
		tb   *table
		want [][2]int
	}{
		{"front to front", newTable().add(1, "ca", rules.Blades, 700, 1400, 0).add(2, "cb", rules.Blades, 700, 1400, 2048), [][2]int{{1, 2}}},
		{"apart", newTable().add(1, "ca", rules.Blades, 700, 1400, 0).add(2, "cb", rules.Blades, 700, 1300, 2048), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb.game(t, 6)
			if got := g.FrontPairs(); !slices.Equal(got, c.want) {
				t.Errorf("front pairs %v, want %v", got, c.want)
			}
			if g.Phase() == PhaseClose || len(g.Combats()) != 0 {
				t.Errorf("phase %v, combats %v: want pairs told before the close phase", g.Phase(), g.Combats())
			}
		})
	}
}
