package engine

import (
	"testing"

	"pelennor/engine/rules"
)

// RULES.md §7 and §8: who may shoot and bespell, and when.

// A target Shooter that shoots back has used its shot: there is no
// return shooting for it afterwards (§7, docs/rulings.md D8).
func TestShootBackUsesTheShot(t *testing.T) {
	g := newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).add(2, "cb", rules.Shooters, 1200, 1000, south).game(t, 6, 3, 3)
	rep, _ := contest(t, g, "shoot", 1, 2)
	if rep.Attacker.Total != 6 || rep.Defender.Total != 6 {
		t.Fatalf("totals %d, %d", rep.Attacker.Total, rep.Defender.Total)
	}
	if e := el(t, g, 2); !e.Shot {
		t.Error("the target shot back but is not marked as having shot")
	}
	must(t, g, endPhase)
	if g.Phase() != PhaseClose {
		t.Errorf("phase %v after the distant phase, want close combat: the target has shot", g.Phase())
	}
}

// The other side's Shooter shoots in the return phase (§7, D8). Its die is
// rolled first: in a shot the shooting side is the active side (§11).
func TestReturnShooting(t *testing.T) {
	g := newTable().add(1, "ca", rules.Blades, 1200, 1100, north).add(2, "cb", rules.Shooters, 1200, 1000, south).game(t, 6, 6, 1)
	must(t, g, endPhase, endPhase)
	if g.Phase() != PhaseReply {
		t.Fatalf("phase %v, want return shooting", g.Phase())
	}
	evs := must(t, g, Action{Kind: ActShoot, ID: 2, Target: 1})
	rep := combatEvent(t, evs)
	// Shooters 3+6 = 9 against foot; Blades 5+1 = 6: the Blades recoil.
	if rep.Attacker.ID != 2 || rep.Attacker.Total != 9 || rep.Defender.Total != 6 {
		t.Errorf("report %+v", rep)
	}
	if got := fates(g, evs); got[1] != "recoiled" {
		t.Errorf("fates %v", got)
	}
}

func TestWhoMayShoot(t *testing.T) {
	cases := []struct {
		name string
		tb   *table
		pre  []Action // in the move phase
		shot Action
		code string // "" if legal
	}{
		{name: "§7 Artillery may not shoot after moving", tb: newTable().add(1, "ca", rules.Artillery, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1100, south), pre: []Action{{Kind: ActMove, ID: 1, To: to(1200, 1490, north)}},
			shot: Action{Kind: ActShoot, ID: 1, Target: 2}, code: "shoot.cannot"},
		{name: "§7 Artillery that has not moved shoots 500 p", tb: newTable().add(1, "ca", rules.Artillery, 1200, 1600, north).
			add(2, "cb", rules.Blades, 1200, 1100, south), shot: Action{Kind: ActShoot, ID: 1, Target: 2}},
		{name: "§7 out of range", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1201, north).
			add(2, "cb", rules.Blades, 1200, 1000, south), shot: Action{Kind: ActShoot, ID: 1, Target: 2}, code: "shoot.not_target"},
		{name: "§7 within range includes 200 p", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1200, north).
			add(2, "cb", rules.Blades, 1200, 1000, south), shot: Action{Kind: ActShoot, ID: 1, Target: 2}},
		{name: "§7 the nearest target", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "cb", rules.Blades, 1330, 1060, south),
			shot: Action{Kind: ActShoot, ID: 1, Target: 2}, code: "shoot.not_target"},
		{name: "R15 sight blocked by a wood", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1150, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).area("wood", 900, 1050, 1500, 1100),
			shot: Action{Kind: ActShoot, ID: 1, Target: 2}, code: "shoot.not_target"},
		{name: "§7 not while in close combat", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1200, north).
			add(2, "cb", rules.Blades, 1200, 1200, south), shot: Action{Kind: ActShoot, ID: 1, Target: 2}, code: "shoot.cannot"},
		{name: "§8 a Magician may not bespell after moving", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south), pre: []Action{{Kind: ActMove, ID: 1, To: to(1200, 1490, north)}},
			shot: Action{Kind: ActBespell, ID: 1, Target: 2}, code: "bespell.moved"},
		{name: "§8 bespell range 600 p", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1601, north).
			add(2, "cb", rules.Blades, 1200, 1000, south), shot: Action{Kind: ActBespell, ID: 1, Target: 2}, code: "bespell.range"},
		{name: "§8 bespell within 600 p", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1600, north).
			add(2, "cb", rules.Blades, 1200, 1000, south), shot: Action{Kind: ActBespell, ID: 1, Target: 2}},
		{name: "§3 a bespell with two aiders costs 4 PIPs", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "ca", rules.Magicians, 800, 1500, north).add(4, "ca", rules.Magicians, 1600, 1500, north),
			shot: Action{Kind: ActBespell, ID: 1, Target: 2, Aiders: []int{3, 4}}},
		{name: "§3 a bespell with three aiders costs 5 PIPs: too many for 4", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "ca", rules.Magicians, 800, 1500, north).add(4, "ca", rules.Magicians, 1600, 1500, north).
			add(5, "ca", rules.Magicians, 1200, 1300, north),
			shot: Action{Kind: ActBespell, ID: 1, Target: 2, Aiders: []int{3, 4, 5}}, code: "pips.short"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb.game(t, 4, 3, 3)
			must(t, g, c.pre...)
			must(t, g, endPhase)
			_, err := g.Apply(c.shot)
			switch ie, _ := err.(*IllegalError); {
			case c.code == "" && err != nil:
				t.Errorf("illegal: %v", err)
			case c.code != "" && (ie == nil || ie.Code != c.code):
				t.Errorf("got %v, want %s", err, c.code)
			}
			if c.code == "" && c.shot.Kind == ActBespell {
				if left := g.Commands()[0].PIPs; left != 4-2-len(c.shot.Aiders) {
					t.Errorf("%d PIPs left of 4", left)
				}
			}
		})
	}
}

// R16, D7: a Magician is ensorcelled by the second 1 it rolls while
// bespelling, after that bespell is resolved.
func TestMagicianSecondOne(t *testing.T) {
	g := newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).add(2, "cb", rules.Blades, 1200, 1000, south).
		game(t, 6, 1, 1, 1, 6, 1, 1)
	contest(t, g, "bespell", 1, 2)
	if e := el(t, g, 1); e.Status != OnTable || e.Ones != 1 {
		t.Fatalf("after the first 1: %v, %d ones", e.Status, e.Ones)
	}
	must(t, g, Action{Kind: ActEndBound}, Action{Kind: ActEndBound})
	if g.Bound() != 3 {
		t.Fatalf("bound %d", g.Bound())
	}
	rep, evs := contest(t, g, "bespell", 1, 2)
	// Magician 4+1 = 5 against Blades 5+1 = 6: the Magician ignores the loss,
	// then its second 1 ensorcels it.
	if rep.Attacker.Total != 5 || rep.Defender.Total != 6 || rep.Attacker.Result != "nothing" {
		t.Errorf("report %+v", rep)
	}
	if e := el(t, g, 1); e.Status != Ensorcelled {
		t.Errorf("Magician %v after its second 1, want ensorcelled", e.Status)
	}
	if got := fates(g, evs); got[1] != "ensorcelled" || got[2] != "" {
		t.Errorf("fates %v", got)
	}
}
