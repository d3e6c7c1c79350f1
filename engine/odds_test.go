package engine

import (
	"encoding/json"
	"maps"
	"reflect"
	"strings"
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
					want[i][ch.Table] += ch.In36
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
	want := []Chance{{Result: "nothing", In36: 21, Percent: "58.3%"}, {Result: "recoils", In36: 15, Percent: "41.7%"}}
	same := func(a, b Chance) bool { return a.Result == b.Result && a.In36 == b.In36 && a.Percent == b.Percent }
	for _, s := range []OddsSide{odds.Attacker, odds.Defender} {
		if len(s.Outcomes) != 2 || !same(s.Outcomes[0], want[0]) || !same(s.Outcomes[1], want[1]) {
			t.Errorf("outcomes %+v, want %+v", s.Outcomes, want)
		}
	}
	if odds.Equal != 6 {
		t.Errorf("equal %d, want 6", odds.Equal)
	}
}

// Odds refuses what the action would refuse, with the same code and
// reason: aiders that are not legal aiders, a target that is not the
// nearest, a bespell the action would not allow, a pair not in combat.
func TestOddsRefuseAsTheActionDoes(t *testing.T) {
	// Shooters 1 and 2 (a) face Blades 3 (b) 40 p ahead, Blades 4 (b)
	// behind it; Magician 6 (a) is in range of both; 5 is an enemy Shooter.
	tb := func() *table {
		return newTable().add(1, "ca", rules.Shooters, 1120, 1500, north).add(2, "ca", rules.Shooters, 1280, 1500, north).
			add(3, "cb", rules.Blades, 1200, 1460, south).add(4, "cb", rules.Blades, 1200, 1300, south).
			add(5, "cb", rules.Shooters, 2000, 600, south).add(6, "ca", rules.Magicians, 600, 1500, north)
	}
	cases := []struct {
		name   string
		pips   int
		kind   string
		a, b   int
		aiders []int
		code   string // "" when legal
	}{
		{"a legal aided shot", 6, "shoot", 1, 3, []int{2}, ""},
		{"an enemy aider", 6, "shoot", 1, 3, []int{5}, "shoot.aider_enemy"},
		{"the target as aider", 6, "shoot", 1, 3, []int{3}, "shoot.aider_target"},
		{"the main shooter again", 6, "shoot", 1, 3, []int{1}, "shoot.twice"},
		{"an unknown aider", 6, "shoot", 1, 3, []int{99}, "element.unknown"},
		{"not the nearest target", 6, "shoot", 1, 4, nil, "shoot.not_target"},
		{"not a shooter", 6, "shoot", 6, 3, nil, "shoot.cannot"},
		{"a legal bespell", 6, "bespell", 6, 3, nil, ""},
		{"a bespell aided by its target", 6, "bespell", 6, 3, []int{3}, "bespell.aider_target"},
		{"a bespell aided by an enemy", 6, "bespell", 6, 3, []int{5}, "element.enemy"},
		{"a bespell without the PIPs", 1, "bespell", 6, 3, nil, "pips.short"},
		{"a bespell by a non-Magician", 6, "bespell", 1, 3, nil, "bespell.not_magician"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := tb().game(t, c.pips, 3, 3)
			must(t, g, endPhase)
			kind := ActShoot
			if c.kind == "bespell" {
				kind = ActBespell
			}
			actErr := g.Check(Action{Kind: kind, ID: c.a, Target: c.b, Aiders: c.aiders})
			_, oddsErr := Odds(g, c.a, c.b, c.kind, c.aiders)
			sameRefusal(t, actErr, oddsErr, c.code)
		})
	}
	// Close combat: a pair not in contact, in the close combat phase and
	// foreseen from the move phase; an unknown element; a bad kind.
	g := duel(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 600, 1200, north).game(t, 6)
	_, early := Odds(g, 3, 2, "close", nil)
	toClose(t, g)
	_, oddsErr := Odds(g, 3, 2, "close", nil)
	sameRefusal(t, g.Check(Action{Kind: ActCombat, ID: 3, Target: 2}), oddsErr, "combat.none")
	sameRefusal(t, oddsErr, early, "combat.none")
	_, oddsErr = Odds(g, 1, 99, "close", nil)
	sameRefusal(t, g.Check(Action{Kind: ActCombat, ID: 1, Target: 99}), oddsErr, "element.unknown")
	if _, err := Odds(g, 1, 2, "melee", nil); err == nil || err.(*IllegalError).Code != "odds.kind" {
		t.Errorf("kind melee: %v", err)
	}
}

// sameRefusal checks that two errors are the same refusal with the code
// wanted, or both nil when it is "".
func sameRefusal(t *testing.T, want, got error, code string) {
	t.Helper()
	if code == "" {
		if want != nil || got != nil {
			t.Errorf("legal: the action says %v, the odds %v", want, got)
		}
		return
	}
	we, ok1 := want.(*IllegalError)
	ge, ok2 := got.(*IllegalError)
	if !ok1 || !ok2 || we.Code != code || ge.Code != we.Code || ge.Reason != we.Reason {
		t.Errorf("refusals differ or are not %s: the action %v, the odds %v", code, want, got)
	}
}

// The report's typed outcomes survive JSON (docs/formats.md, odds), and a
// close combat asked from the other side is reported from that side.
func TestOddsReportJSONAndSides(t *testing.T) {
	g := duel(rules.Spears, rules.Blades).add(3, "ca", rules.Spears, 1200, 1260, north).
		add(4, "cb", rules.Blades, 1280, 1230, 3072).game(t, 6)
	toClose(t, g)
	rep, err := Odds(g, 1, 2, "close", nil)
	if err != nil {
		t.Fatal(err)
	}
	var blocked *Chance
	for i, c := range rep.Attacker.Outcomes {
		if c.Result == "recoil blocked: destroyed; supporter Spears 3 destroyed" {
			blocked = &rep.Attacker.Outcomes[i]
		}
	}
	if blocked == nil || blocked.Fate != FateDestroyed || blocked.Table != "recoils" || len(blocked.Also) != 2 ||
		blocked.Also[0].Kind != CauseRecoilBlocked || blocked.Also[1].Kind != CauseSupporter || blocked.Also[1].ID != 3 {
		t.Fatalf("no fatal recoil taking the supporter with it in %+v", rep.Attacker.Outcomes)
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"fate":"destroyed","table":"recoils","also":[{"kind":"recoil_blocked","id":1,"text":"its recoil is blocked"},{"kind":"supporter_destroyed","id":3,`) {
		t.Errorf("JSON %s", data)
	}
	back := new(OddsReport)
	if err := json.Unmarshal(data, back); err != nil || !reflect.DeepEqual(back, rep) {
		t.Errorf("round trip: %v\n%+v\n%+v", err, back, rep)
	}
	other, err := Odds(g, 2, 1, "close", nil)
	if err != nil {
		t.Fatal(err)
	}
	if other.Attacker.ID != 2 || other.Defender.ID != 1 || !reflect.DeepEqual(other.Attacker, rep.Defender) {
		t.Errorf("asked from Blades 2: attacker %d, defender %d", other.Attacker.ID, other.Defender.ID)
	}
}
