package engine

import (
	"slices"
	"testing"

	"pelennor/engine/rules"
)

// Worked example (1), the list: Knights that moved into contact
// beat Hordes in good going: Knights 4+3−1 (overlapped) = 6 against Hordes
// 3+2 = 5: the Hordes are destroyed and the Knights follow up.
func TestExampleKnightsBeatHordes(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Knights, 1200, 900, 2048).
		add(2, "cb", rules.Hordes, 1200, 1200, 0).
		add(3, "cb", rules.Hordes, 1360, 1200, 0).
		game(t, 6, 4, 3)
	must(t, g, Action{Kind: ActMove, ID: 1, Contact: contact(2, "front")})
	toClose(t, g)
	evs := must(t, g, Action{Kind: ActCombat, ID: 1})
	rep := combatEvent(t, evs)
	if rep.Attacker.Total != 6 || rep.Defender.Total != 5 {
		t.Fatalf("totals %d, %d; want 6, 5: %+v", rep.Attacker.Total, rep.Defender.Total, rep)
	}
	if e := el(t, g, 2); e.Status != Destroyed {
		t.Errorf("Hordes are %v, want destroyed", e.Status)
	}
	k := el(t, g, 1)
	if k.Base.Front.Y.Paces() != 1200+120 {
		t.Errorf("Knights front at y=%d after follow-up, want %d (its own depth, R13)", k.Base.Front.Y.Paces(), 1320)
	}
	for _, e := range evs {
		t.Log(e.Describe())
	}
}

// Worked example (2): example (1) fought in a wood. Knights 4+3−1−2 = 4
// (overlapped; −2 once for bad going, RULES.md §6.2: the −2 for an
// opponent in bad going is not added to its own) against Hordes 3+2−2 = 3:
// the Hordes are beaten, but in bad going they only recoil (§6.3).
func TestExampleKnightsBeatHordesInAWood(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Knights, 1200, 1000, 2048).
		add(2, "cb", rules.Hordes, 1200, 1200, 0).
		add(3, "cb", rules.Hordes, 1360, 1200, 0).
		terrain("wood", [2]int{900, 1050}, [2]int{1600, 1050}, [2]int{1600, 1500}, [2]int{900, 1500}).
		game(t, 6, 4, 3)
	must(t, g, Action{Kind: ActMove, ID: 1, Contact: contact(2, "front")})
	toClose(t, g)
	evs := must(t, g, Action{Kind: ActCombat, ID: 1})
	rep := combatEvent(t, evs)
	if got, want := factorList(rep.Attacker.Factors), []string{"+3 Knights against foot", "-1 overlapped on the left", "-2 in bad going"}; !slices.Equal(got, want) {
		t.Errorf("Knights' factors %q, want %q", got, want)
	}
	if got, want := factorList(rep.Defender.Factors), []string{"+2 Hordes against mounted", "-2 in bad going"}; !slices.Equal(got, want) {
		t.Errorf("Hordes' factors %q, want %q", got, want)
	}
	if rep.Attacker.Total != 4 || rep.Defender.Total != 3 {
		t.Fatalf("totals %d, %d; want 4, 3", rep.Attacker.Total, rep.Defender.Total)
	}
	if e := el(t, g, 2); e.Status != OnTable || e.Base.Front.Y.Paces() != 1280 {
		t.Errorf("Hordes %v at y=%d, want recoiled 80 p to y=1280", e.Status, e.Base.Front.Y.Paces())
	}
	if got := fates(g, evs); got[2] != "recoiled" || got[3] != "" {
		t.Errorf("fates %v, want the Hordes 2 recoiled and Hordes 3 untouched", got)
	}
}

// Worked example (3): Shooters beat a Behemoth they shot at (Shooters
// 4+6 = 10 against mounted, Behemoth 4+2 = 6 against foot): the Behemoth
// recoils, as Shooters are not among those it flees from (§6.3). Had the
// Behemoth won (Shooters 4+1 = 5, Behemoth 4+6 = 10), the Shooters, not
// shot back, ignore it (§7).
func TestExampleShootersBeatBehemoth(t *testing.T) {
	for _, c := range []struct {
		name       string
		ds, db     int
		wantS      string
		wantB      string
		sy, by     int // front-edge y after
		wantResult [2]string
	}{
		{"Shooters win", 6, 2, "", "recoiled", 1100, 840, [2]string{"nothing", "recoils"}},
		{"Behemoth wins", 1, 6, "", "", 1100, 1000, [2]string{"nothing", "nothing"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTable().
				add(1, "ca", rules.Shooters, 1200, 1100, 0).
				add(2, "cb", rules.Behemoths, 1200, 1000, 2048).
				game(t, 6, c.ds, c.db)
			rep, evs := contest(t, g, "shoot", 1, 2)
			if rep.Attacker.Result != c.wantResult[0] || rep.Defender.Result != c.wantResult[1] {
				t.Errorf("results %q, %q; want %q", rep.Attacker.Result, rep.Defender.Result, c.wantResult)
			}
			f := fates(g, evs)
			if f[1] != c.wantS || f[2] != c.wantB {
				t.Errorf("fates %v", f)
			}
			if _, y, _ := front(t, g, 1); y != c.sy {
				t.Errorf("Shooters at y=%d, want %d", y, c.sy)
			}
			if _, y, _ := front(t, g, 2); y != c.by {
				t.Errorf("Behemoth at y=%d, want %d", y, c.by)
			}
		})
	}
}

// Worked example (4): a Magician (6+4 = 10) bespells an Aerial Hero
// general (2+5+1 = 8): the Aerial Hero is ensorcelled (§8). Had the Aerial
// Hero scored 10 (equal) or more, the Magician, not bespelling a Magician
// or a God, ignores it.
func TestExampleMagicianBespellsAerialHero(t *testing.T) {
	for _, c := range []struct {
		name   string
		dm, dh int
		total  int
		want   Status
		result string
	}{
		{"ensorcelled", 6, 2, 8, Ensorcelled, "ensorcelled"},
		{"equal", 6, 4, 10, OnTable, "nothing"},
		{"the Aerial Hero wins", 6, 5, 11, OnTable, "nothing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTable().
				add(1, "ca", rules.Magicians, 1200, 1500, 0).
				add(2, "cb", rules.AerialHeroes, 1200, 1000, 2048).
				general(2).
				game(t, 6, c.dm, c.dh)
			rep, _ := contest(t, g, "bespell", 1, 2)
			if rep.Attacker.Total != 10 || rep.Defender.Total != c.total {
				t.Fatalf("totals %d, %d; want 10, %d: %q", rep.Attacker.Total, rep.Defender.Total, c.total, factorList(rep.Defender.Factors))
			}
			if got, want := factorList(rep.Defender.Factors), []string{"+5 Aerial Heroes against magic", "+1 general"}; !slices.Equal(got, want) {
				t.Errorf("Aerial Hero's factors %q, want %q", got, want)
			}
			if rep.Defender.Result != c.result || rep.Attacker.Result != "nothing" {
				t.Errorf("results %q, %q", rep.Attacker.Result, rep.Defender.Result)
			}
			if s := el(t, g, 2).Status; s != c.want {
				t.Errorf("Aerial Hero %v, want %v", s, c.want)
			}
			if s := el(t, g, 1).Status; s != OnTable {
				t.Errorf("Magician %v", s)
			}
		})
	}
}

// Worked example (5): two Heroes in close combat both total 9 (odd): both
// are destroyed; both total 8: nothing happens (§6.3).
func TestExampleHeroesEqualTotals(t *testing.T) {
	for _, c := range []struct {
		name  string
		die   int
		total int
		want  Status
	}{
		{"both 9", 4, 9, Destroyed},
		{"both 8", 3, 8, OnTable},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTable().
				add(1, "ca", rules.Heroes, 1200, 1200, 0).
				add(2, "cb", rules.Heroes, 1200, 1200, 2048).
				game(t, 6, c.die, c.die)
			rep, _ := contest(t, g, "close", 1, 2)
			if rep.Attacker.Total != c.total || rep.Defender.Total != c.total {
				t.Fatalf("totals %d, %d; want %d", rep.Attacker.Total, rep.Defender.Total, c.total)
			}
			for _, id := range []int{1, 2} {
				if s := el(t, g, id).Status; s != c.want {
					t.Errorf("Heroes %d %v, want %v", id, s, c.want)
				}
			}
		})
	}
}
