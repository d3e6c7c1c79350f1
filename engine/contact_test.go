package engine

import (
	"slices"
	"testing"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// wkAtGate plays the position: the Witch-King charges the Great
// Gate's front and Gandalf is placed beside him, side by side (PELENNOR.md
// §5.2, P9). It returns the game in the close combat phase, the next dice
// being the close combat's.
func wkAtGate(t *testing.T, ds ...int) *Game {
	t.Helper()
	script := append([]int{1, 1, 6, 6}, ds...)
	g := pelennor(t, func(sc *Scenario) { put(sc, pWitchKing, 780, 3000, 3072) }, script...)
	must(t, g, endBound)
	evs := must(t, g, Action{Kind: ActMove, ID: pWitchKing, Contact: contact(pGate, "front")})
	wk, gd := el(t, g, pWitchKing), el(t, g, 401)
	if !gd.OnTable() || !geom.Touching(wk.Base.Poly(), gd.Base.Poly()) {
		t.Fatalf("Gandalf is not beside the Witch-King:\n%s", texts(evs))
	}
	if frontAgainst(&gd, &wk) >= 0 || frontAgainst(&wk, &gd) >= 0 {
		t.Fatalf("test setup: Gandalf %v and the Witch-King %v touch by a front edge", gd.Base, wk.Base)
	}
	toClose(t, g)
	return g
}

// R23, §6.4: Gandalf side by side with the Witch-King is not a flank
// attacker: beaten by the Gate, the Witch-King recoils (and flees, §6.3:
// Aerial Heroes beaten by a stronghold) and lives.
func TestWitchKingBesideGandalfRecoilsAndLives(t *testing.T) {
	// The Witch-King 5 +1 general, die 2: 8; the Gate 6, die 6: 12, not doubled.
	g := wkAtGate(t, 2, 6)
	before := el(t, g, pWitchKing)
	evs := must(t, g, Action{Kind: ActCombat, ID: pWitchKing})
	rep := combatEvent(t, evs)
	for _, f := range rep.Attacker.Factors {
		if f.Code == FactorFlank || f.Code == FactorFrontAlso || f.Code == FactorOverlap {
			t.Errorf("Gandalf beside him gives the Witch-King %+v", f)
		}
	}
	if rep.Attacker.Result != "flees" {
		t.Fatalf("Witch-King %s, want flees: %+v", rep.Attacker.Result, rep)
	}
	wk := el(t, g, pWitchKing)
	if !wk.OnTable() {
		t.Fatalf("the Witch-King died:\n%s", texts(evs))
	}
	if wk.Base.Front.X <= before.Base.Front.X {
		t.Errorf("the Witch-King did not move away from the Gate: %v -> %v", before.Base, wk.Base)
	}
}

// R23: only an enemy's front edge against a side or rear edge is a flank
// or rear contact. Side to side and rear to side enemies give no −1 and do
// not make a recoil fatal; a front edge against the flank does both.
func TestFlankIsFrontEdgeOnly(t *testing.T) {
	// Blades 1 (ca) face north at (1200, 1200) against Blades 2 (cb); Blades 3
	// (cb) stands beside 1 in one of three ways.
	cases := []struct {
		name   string
		x, y   int
		facing int
		flank  bool
	}{
		// Side by side facing the same way as 1: its left edge on 1's right edge.
		{"side to side, same facing", 1360, 1200, north, false},
		// Side by side facing the other way.
		{"side to side, facing away", 1360, 1260, south, false},
		// Its rear against 1's right side: it faces east, away.
		{"rear to side", 1340, 1230, 1024, false},
		// Its front against 1's right side: a flank attacker.
		{"front to side", 1280, 1230, 3072, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Blades 1: 5 +die 1 = 6; Blades 2: 5 + die 6 = 11: recoil.
			g := duel(rules.Blades, rules.Blades).add(3, "cb", rules.Spears, c.x, c.y, c.facing).game(t, 6, 1, 6)
			a, b := el(t, g, 1), el(t, g, 3)
			if !geom.Touching(a.Base.Poly(), b.Base.Poly()) {
				t.Fatalf("test setup: 3 at %v does not touch 1 at %v", b.Base, a.Base)
			}
			toClose(t, g)
			evs := must(t, g, Action{Kind: ActCombat, ID: 1, Target: 2})
			rep := combatEvent(t, evs)
			flanked := false
			for _, f := range rep.Attacker.Factors {
				flanked = flanked || f.Value == rules.FlankOrRear
			}
			if flanked != c.flank {
				t.Errorf("−1 for the flank: %v, want %v (%v)", flanked, c.flank, factorList(rep.Attacker.Factors))
			}
			if got := el(t, g, 1).OnTable(); got == c.flank {
				t.Errorf("Blades 1 on the table after losing: %v, want %v:\n%s", got, !c.flank, texts(evs))
			}
		})
	}
}

// §6.1, R9: an element whose front is against an enemy's flank does not
// turn to face a flank attacker of its own; the enemy it attacks turns to
// face it, and the flank attacker gives −1.
func TestFrontOnAFlankDoesNotTurn(t *testing.T) {
	// Blades 1 faces north; Blades 2 (b) faces east with its right side on
	// 1's front; Blades 3 (b) faces west with its front on 1's right side.
	g := newTable().add(1, "ca", rules.Blades, 1200, 1200, north).
		add(2, "cb", rules.Blades, 1180, 1120, 1024).
		add(3, "cb", rules.Blades, 1280, 1230, 3072).game(t, 6, 3, 3)
	toClose(t, g)
	if f := el(t, g, 1).Base.Facing; f != 0 {
		t.Errorf("Blades 1 turned to face %d", f)
	}
	if !slices.Contains(g.Combats(), [2]int{1, 2}) {
		t.Fatalf("combats %v: Blades 1 does not fight Blades 2, which should have turned to face it", g.Combats())
	}
	rep := combatEvent(t, must(t, g, Action{Kind: ActCombat, ID: 1, Target: 2}))
	if !slices.Contains(factorList(rep.Attacker.Factors), "-1 Blades 3 against its right flank") {
		t.Errorf("Blades 1's factors %v: no −1 for Blades 3 on its flank", factorList(rep.Attacker.Factors))
	}
}

// D23: a supported Spear of a broken command whose recoil, turned into a
// flight (PELENNOR.md §5.7), is blocked by a flank attacker dies with its
// supporter.
func TestSupporterDiesWhenAFlightsRecoilIsBlocked(t *testing.T) {
	// Spears 1 (a), supported by Spears 3 behind it, fight Blades 2; Blades
	// 4 (b) has its front against 1's right flank.
	g := duel(rules.Spears, rules.Blades).add(3, "ca", rules.Spears, 1200, 1260, north).
		add(4, "cb", rules.Blades, 1280, 1230, 3072).game(t, 6, 6, 6)
	g.st.Commands[0].Broken = true
	toClose(t, g)
	evs := must(t, g, Action{Kind: ActCombat, ID: 1, Target: 2})
	if rep := combatEvent(t, evs); rep.Attacker.Result != "flees" {
		t.Fatalf("Spears 1 %s, want flees (broken):\n%s", rep.Attacker.Result, texts(evs))
	}
	if el(t, g, 1).OnTable() || el(t, g, 3).OnTable() {
		t.Errorf("Spears 1 on table %v, its supporter %v; want both destroyed:\n%s", el(t, g, 1).OnTable(), el(t, g, 3).OnTable(), texts(evs))
	}
}

// Issue 9 §2 on the same position: the odds show the Witch-King fleeing
// (his fell beast slain on an odd total, §5.5), never destroyed.
func TestWitchKingBesideGandalfOdds(t *testing.T) {
	g := wkAtGate(t, 2, 6)
	rep, err := Odds(g, pWitchKing, pGate, "close", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, c := range rep.Attacker.Outcomes {
		got[c.Result] = c.In36
		if c.Fate == FateDestroyed || c.Fate == FateFledOff {
			t.Errorf("the odds give the Witch-King %q in %d of 36", c.Result, c.In36)
		}
	}
	if got["flees"] == 0 || got["flees; becomes Heroes"] == 0 {
		t.Errorf("the Witch-King's outcomes %v: want flights with and without his fell beast slain", got)
	}
}
