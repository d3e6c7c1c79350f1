package engine

import (
	"maps"
	"testing"

	"pelennor/engine/rules"
)

// engine.Odds (DESIGN.md §3.2): every side's outcome counts sum to 36, and
// they match the real resolution of each of the 36 pairs of dice on a
// fresh game (RULES.md §6.3, §7, §8).
func TestOddsMatchResolution(t *testing.T) {
	cases := []struct {
		name   string
		tb     func() *table
		kind   string
		a, b   int
		aiders []int
	}{
		{name: "§6.3 close: Knights against Spears, overlapped", kind: "close", a: 1, b: 2, tb: func() *table {
			return duel(rules.Knights, rules.Spears).add(3, "cb", rules.Spears, 1040, 1200, south)
		}},
		{name: "§6.3 close: Hero general against Hero (equal odd totals)", kind: "close", a: 1, b: 2, tb: func() *table {
			return duel(rules.Heroes, rules.Heroes).general(1)
		}},
		{name: "§6.3 close: Blades against Sneakers", kind: "close", a: 1, b: 2, tb: func() *table {
			return duel(rules.Blades, rules.Sneakers)
		}},
		{name: "§7 shooting: Shooters shot back by Shooters in a wood", kind: "shoot", a: 1, b: 2, tb: func() *table {
			return newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).add(2, "cb", rules.Shooters, 1200, 1000, south).
				area("wood", 900, 700, 1500, 1000)
		}},
		{name: "§7 shooting: aided Artillery at a Behemoth", kind: "shoot", a: 1, b: 2, aiders: []int{3}, tb: func() *table {
			return newTable().add(1, "ca", rules.Artillery, 1120, 1500, north).add(2, "cb", rules.Behemoths, 1200, 1100, south).
				add(3, "ca", rules.Artillery, 1280, 1500, north)
		}},
		{name: "§8 bespell: Magician against Magician", kind: "bespell", a: 1, b: 2, tb: func() *table {
			return newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).add(2, "cb", rules.Magicians, 1200, 1000, south)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb().game(t, 6)
			if c.kind == "close" {
				toClose(t, g)
			} else {
				must(t, g, endPhase)
			}
			odds, err := Odds(g, c.a, c.b, c.kind, c.aiders)
			if err != nil {
				t.Fatal(err)
			}
			want := [2]map[string]int{{}, {}}
			for i, s := range []OddsSide{odds.Attacker, odds.Defender} {
				sum := 0
				for _, ch := range s.Outcomes {
					sum += ch.In36
					want[i][ch.Result] = ch.In36
				}
				if sum != 36 {
					t.Errorf("side %d: outcomes sum to %d of 36: %+v", i, sum, s.Outcomes)
				}
			}
			got := [2]map[string]int{{}, {}}
			equal := 0
			for da := 1; da <= 6; da++ {
				for db := 1; db <= 6; db++ {
					g := c.tb().game(t, 6, da, db)
					rep, _ := contest(t, g, c.kind, c.a, c.b, c.aiders...)
					got[0][rep.Attacker.Result]++
					got[1][rep.Defender.Result]++
					if rep.Attacker.Total == rep.Defender.Total {
						equal++
					}
					if rep.Attacker.Score != odds.Attacker.Score || rep.Defender.Score != odds.Defender.Score {
						t.Errorf("dice %d, %d: scores %d, %d; odds %d, %d", da, db, rep.Attacker.Score, rep.Defender.Score, odds.Attacker.Score, odds.Defender.Score)
					}
				}
			}
			for i := range got {
				if !maps.Equal(got[i], want[i]) {
					t.Errorf("side %d: resolution gives %v, odds %v", i, got[i], want[i])
				}
			}
			if equal != odds.Equal {
				t.Errorf("equal totals in %d of 36, odds say %d", equal, odds.Equal)
			}
			if len(want[0])+len(want[1]) < 3 {
				t.Errorf("a dull position: %v %v", want[0], want[1])
			}
		})
	}
}

// Odds percentages are rounded to one decimal.
func TestOddsPercent(t *testing.T) {
	g := duel(rules.Blades, rules.Blades).game(t, 6)
	odds, err := Odds(g, 1, 2, "close", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Blades 5 against Blades 5: each loses in 15 of 36 (41.666...%),
	// and nothing happens in 21 (58.333...%).
	want := []Chance{{"nothing", 21, "58.3%"}, {"recoils", 15, "41.7%"}}
	for _, s := range []OddsSide{odds.Attacker, odds.Defender} {
		if len(s.Outcomes) != 2 || s.Outcomes[0] != want[0] || s.Outcomes[1] != want[1] {
			t.Errorf("outcomes %+v, want %+v", s.Outcomes, want)
		}
	}
	if odds.Equal != 6 {
		t.Errorf("equal %d, want 6", odds.Equal)
	}
}

// Odds refuses what is not a contest.
func TestOddsRefuses(t *testing.T) {
	g := newTable().add(1, "ca", rules.Blades, 1200, 1200, north).add(2, "cb", rules.Blades, 1200, 1000, south).
		add(3, "ca", rules.Blades, 600, 1200, north).game(t, 6)
	for _, c := range []struct {
		a, b int
		kind string
		code string
	}{
		{1, 2, "close", "odds.no_combat"},
		{1, 3, "close", "odds.friends"},
		{1, 2, "shoot", "odds.no_shot"},
		{1, 2, "bespell", "odds.no_spell"},
		{1, 2, "melee", "odds.kind"},
		{1, 99, "close", "odds.element"},
	} {
		_, err := Odds(g, c.a, c.b, c.kind, nil)
		ie, ok := err.(*IllegalError)
		if !ok || ie.Code != c.code {
			t.Errorf("Odds(%d, %d, %q): %v, want %s", c.a, c.b, c.kind, err, c.code)
		}
	}
}
