package game

import (
	"strconv"
	"testing"

	"pelennor/engine"
)

// The card's command-range line is the engine's answer worded.
func TestCommandRangeLine(t *testing.T) {
	rs := []engine.CommandRange{{Command: "ca", General: 10, OnTable: true, Radius: 1200, Unseen: 600,
		Elements: []engine.InRange{{ID: 1, Dist: 740, Seen: false, Beyond: true}, {ID: 2, Dist: 300, Seen: true}}}}
	dist := func(p float64) string { return strconv.Itoa(int(p)) + " p" }
	for _, c := range []struct {
		id     int
		want   string
		beyond bool
	}{
		{1, "beyond command range: out of its general's sight, 740 p away (+1 PIP to move)", true},
		{2, "within command range (300 p from its general)", false},
		{3, "", false},
	} {
		got, beyond := commandRangeLine(rs, c.id, dist)
		if got != c.want || beyond != c.beyond {
			t.Errorf("element %d: %q (beyond %v), want %q (%v)", c.id, got, beyond, c.want, c.beyond)
		}
	}
}
