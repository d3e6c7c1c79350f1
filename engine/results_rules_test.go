package engine

import (
	"testing"

	"pelennor/engine/rules"
)

// §6.3 R24 and §8 R25 end to end: the contest's report and where the
// loser ends.
func TestDoubledAndBespellResults(t *testing.T) {
	cases := []struct {
		name   string
		tb     *table
		kind   string
		dice   []int
		result string // the defender's
		stays  bool   // still on the table
	}{
		// Magician 4+6 = 10 against Knights 3 +2 in a wood +1 = 6: beaten,
		// not doubled. In close combat Knights in bad going are destroyed;
		// bespelled they recoil (R25).
		{"R25: Knights in a wood bespelled recoil", newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Knights, 1200, 1100, south).area("wood", 1000, 900, 1400, 1150), "bespell", []int{6, 6, 1}, "recoils", true},
		// Magician 10 against Magician 4+1 = 5: doubled, so destroyed rather
		// than ensorcelled (§8, subject to R24).
		{"§8: a doubled Magician is destroyed", newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Magicians, 1200, 1100, south), "bespell", []int{6, 6, 1}, "destroyed", false},
		// Artillery 4+6 = 10 shooting Artillery 4+1 = 5: doubled, but
		// Artillery shot at has "no effect" (R24).
		{"R24: doubled Artillery shot at: no effect", newTable().add(1, "ca", rules.Artillery, 1200, 1500, north).
			add(2, "cb", rules.Artillery, 1200, 1100, south), "shoot", []int{6, 6, 1}, "no effect", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb.game(t, c.dice...)
			rep, evs := contest(t, g, c.kind, 1, 2)
			if rep.Defender.Result != c.result {
				t.Errorf("defender %s, want %s (%d against %d):\n%s", rep.Defender.Result, c.result, rep.Attacker.Total, rep.Defender.Total, texts(evs))
			}
			if got := el(t, g, 2).OnTable(); got != c.stays {
				t.Errorf("defender on the table: %v, want %v", got, c.stays)
			}
		})
	}
}
