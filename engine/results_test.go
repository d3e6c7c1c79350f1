package engine

import (
	"strings"
	"testing"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// A close combat (or shot) played with scripted dice: side a's PIP die,
// then the contest's dice, side a's first (RULES.md §11).
type fightCase struct {
	name  string
	tb    *table
	dice  []int
	setup []Action // moves before the contest
	shoot *Action  // a shot in the distant phase instead of a close combat
	check func(t *testing.T, g *Game, evs []Event)
}

func runFights(t *testing.T, cs []fightCase) {
	t.Helper()
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			g := c.tb.game(t, c.dice...)
			must(t, g, c.setup...)
			var evs []Event
			if c.shoot != nil {
				must(t, g, endPhase)
				evs = must(t, g, *c.shoot)
			} else {
				toClose(t, g)
				evs = must(t, g, Action{Kind: ActCombat, ID: 1})
			}
			if t.Failed() || c.check == nil {
				return
			}
			c.check(t, g, evs)
			if t.Failed() {
				for _, e := range evs {
					t.Log(e.Describe())
				}
			}
		})
	}
}

// gone checks that an element is off the table with the given status, and
// that an event says why.
func gone(id int, st Status, why string) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, g *Game, evs []Event) {
		t.Helper()
		if e := el(t, g, id); e.Status != st || !e.Lost {
			t.Errorf("element %d is %v (lost %v), want %v and lost", id, e.Status, e.Lost, st)
		}
		said(why)(t, g, evs)
	}
}

// reported checks that some event has the code, concerns element id and,
// unless other is 0, the other element, and, unless value is 0, that
// value (a distance in paces).
func reported(code Code, id, other, value int) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, _ *Game, evs []Event) {
		t.Helper()
		for _, e := range evs {
			if e.Code == code && e.ID == id && (other == 0 || e.Other == other) && (value == 0 || e.Value == value) {
				return
			}
		}
		t.Errorf("no %s event of element %d (other %d, value %d)", code, id, other, value)
	}
}

// said checks that some event's text contains s: the wording itself.
func said(s string) func(*testing.T, *Game, []Event) {
	return func(t *testing.T, _ *Game, evs []Event) {
		t.Helper()
		for _, e := range evs {
			if strings.Contains(e.Describe(), s) {
				return
			}
		}
		t.Errorf("no event says %q", s)
	}
}

func overlapping(a, b Element) bool { return geom.Overlap(a.Base.Poly(), b.Base.Poly()) }

// Element 1 (side a) faces north with its front at (700, 1700); element 2
// (side b) faces it, front to front. Side a wins with 6 against 3 unless a
// case says otherwise.
func faceOff(a, b rules.Type) *table {
	return newTable().add(1, "ca", a, 700, 1700, 0).add(2, "cb", b, 700, 1700, 2048)
}

// §6.4: recoil, push-back, trampling, and what destroys a recoiling
// element.
func TestRecoil(t *testing.T) {
	runFights(t, []fightCase{
		{name: "Blades recoil their own depth, 60 p, without turning", tb: faceOff(rules.Blades, rules.Blades),
			dice:  []int{6, 6, 3}, // 5+6 against 5+3
			check: both(at(2, 700, 1640, 2048), at(1, 700, 1700, 0), said("Blades 2 recoils 60 p"), reported(CodeRecoiled, 2, 0, 60))},
		{name: "Knights recoil 120 p", tb: faceOff(rules.Blades, rules.Knights),
			dice:  []int{6, 6, 3}, // 3+6 against 3+3
			check: at(2, 700, 1580, 2048)},
		{name: "a friend directly behind is pushed back", tb: faceOff(rules.Blades, rules.Blades).add(3, "cb", rules.Spears, 700, 1640, 2048),
			dice:  []int{6, 6, 3},
			check: both(at(2, 700, 1640, 2048), at(3, 700, 1580, 2048), said(`Spears 3 is pushed back 60 p (0.6") by Blades 2`), reported(CodePushed, 3, 2, 60))},
		{name: "a column of friends is pushed back",
			tb:    faceOff(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 700, 1640, 2048).add(4, "cb", rules.Blades, 700, 1580, 2048),
			dice:  []int{6, 6, 3},
			check: both(at(2, 700, 1640, 2048), at(3, 700, 1580, 2048), at(4, 700, 1520, 2048))},
		{name: "a friend half behind is pushed just clear", tb: faceOff(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 800, 1610, 2048),
			dice:  []int{6, 6, 3}, // Blades 3 stands 30 p behind, overlapping 60 p of the path
			check: both(at(2, 700, 1640, 2048), at(3, 800, 1580, 2048))},
		{name: "Behemoths trample friendly Knights", tb: faceOff(rules.Blades, rules.Behemoths).add(3, "cb", rules.Knights, 700, 1540, 2048),
			dice:  []int{6, 6, 2}, // 3+6 against 4+2
			check: both(at(2, 700, 1540, 2048), gone(3, Destroyed, "Knights 3 trampled by Behemoths 2"))},
		{name: "Behemoths trample friendly Blades", tb: faceOff(rules.Blades, rules.Behemoths).add(3, "cb", rules.Blades, 700, 1500, 2048),
			dice:  []int{6, 6, 2},
			check: both(at(2, 700, 1540, 2048), gone(3, Destroyed, "trampled"), reported(CodeTrampled, 3, 2, 0))},
		{name: "Behemoths push back friendly Behemoths", tb: faceOff(rules.Blades, rules.Behemoths).add(3, "cb", rules.Behemoths, 700, 1540, 2048),
			dice:  []int{6, 6, 2},
			check: both(at(2, 700, 1540, 2048), at(3, 700, 1380, 2048))},
		{name: "Behemoths push back friendly Sneakers", tb: faceOff(rules.Blades, rules.Behemoths).add(3, "cb", rules.Sneakers, 700, 1540, 2048),
			dice:  []int{6, 6, 2},
			check: both(at(2, 700, 1540, 2048), at(3, 700, 1380, 2048))},
		{name: "Behemoths push back friendly Flyers", tb: faceOff(rules.Blades, rules.Behemoths).add(3, "cb", rules.Flyers, 700, 1540, 2048),
			dice:  []int{6, 6, 2},
			check: both(at(2, 700, 1540, 2048), at(3, 700, 1380, 2048))},
		{name: "Blades cannot push back Behemoths: destroyed", tb: faceOff(rules.Blades, rules.Blades).add(3, "cb", rules.Behemoths, 700, 1640, 2048),
			dice:  []int{6, 6, 3},
			check: both(gone(2, Destroyed, "Blades cannot push back Behemoths 3"), at(3, 700, 1640, 2048))},
		{name: "Knights cannot push back Behemoths", tb: faceOff(rules.Blades, rules.Knights).add(3, "cb", rules.Behemoths, 700, 1580, 2048),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "cannot push back")},
		{name: "an enemy behind: destroyed", tb: faceOff(rules.Blades, rules.Blades).add(3, "ca", rules.Hordes, 700, 1530, 0),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "Hordes 3 (an enemy) is behind it")},
		{name: "impassable ground behind: destroyed",
			tb: faceOff(rules.Blades, rules.Blades).
				terrain("impassable", [2]int{600, 1560}, [2]int{800, 1560}, [2]int{800, 1620}, [2]int{600, 1620}),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "impassable is behind it")},
		{name: "the table edge behind: destroyed",
			tb:    newTable().add(1, "ca", rules.Blades, 700, 100, 0).add(2, "cb", rules.Blades, 700, 100, 2048),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "the table edge is behind it")},
		{name: "a friend that cannot be pushed off the table: destroyed",
			tb:    newTable().add(1, "ca", rules.Blades, 700, 160, 0).add(2, "cb", rules.Blades, 700, 160, 2048).add(3, "cb", rules.Spears, 700, 100, 2048),
			dice:  []int{6, 6, 3},
			check: both(gone(2, Destroyed, "the table edge is behind Spears 3"), at(3, 700, 100, 2048))},
		{name: "a stronghold behind: destroyed", tb: faceOff(rules.Blades, rules.Blades).stronghold(3, "cb", 700, 1610, 2048, 200, 100),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "a stronghold is behind it")},
		{name: "an enemy against its flank: destroyed", tb: faceOff(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 620, 1620, 1024),
			dice:  []int{6, 3, 3}, // 5+3 against 5−1+3
			check: gone(2, Destroyed, "cannot recoil with Blades 3 against its right flank")},
		{name: "an enemy against its rear: destroyed", tb: faceOff(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 700, 1640, 2048),
			dice:  []int{6, 3, 3}, // 5+3 against 5−1+3
			check: gone(2, Destroyed, "against its rear")},
		{name: "recoiling Flyers do not fly over a friend: they push it",
			tb:    faceOff(rules.Blades, rules.Flyers).add(3, "cb", rules.Blades, 700, 1580, 2048),
			dice:  []int{6, 6, 3}, // 3+6 against 2+3
			check: both(at(2, 700, 1580, 2048), at(3, 700, 1460, 2048))},
		{name: "enemy Sneakers against its flank do not stop a recoil", tb: faceOff(rules.Blades, rules.Blades).add(3, "ca", rules.Sneakers, 620, 1620, 1024),
			dice:  []int{6, 3, 3},
			check: at(2, 700, 1640, 2048)},
		{name: "friends against the victor's flank recoil with the loser", tb: faceOff(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 620, 1620, 1024),
			dice:  []int{6, 1, 6}, // 5+1 against 5−1+6: side a loses
			check: both(at(1, 700, 1760, 0), at(3, 560, 1620, 1024), at(2, 700, 1700, 2048))},
		{name: "a shot target recoils", tb: newTable().add(1, "ca", rules.Shooters, 700, 1700, 0).add(2, "cb", rules.Blades, 700, 1550, 2048),
			dice: []int{6, 6, 1}, shoot: &Action{Kind: ActShoot, ID: 1, Target: 2}, // 3+6 against 5+1
			check: both(at(2, 700, 1490, 2048), at(1, 700, 1700, 0))},
	})
}

// D15: friends side by side behind a slanting recoil are each pushed
// clear, and clear of each other (a fuzz case: the second was pushed into
// the first).
func TestRecoilPushesSlantingFriends(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Shooters, 1000, 1250, 0).
		add(2, "ca", rules.Shooters, 1160, 1250, 0).
		add(3, "ca", rules.Magicians, 1184, 1070, 128).
		add(4, "cb", rules.Shooters, 1160, 1050, 2048).
		game(t, 1, 6, 2)
	// Side b's Shooters shoot the Magician in return shooting: 3+6
	// against 4+2.
	must(t, g, endPhase, endPhase)
	evs := must(t, g, Action{Kind: ActShoot, ID: 4, Target: 3})
	if e := el(t, g, 3); e.Status != OnTable {
		t.Fatalf("the Magician is %v", e.Status)
	}
	es := g.Elements()
	for i := range es {
		for j := i + 1; j < len(es); j++ {
			if es[i].OnTable() && es[j].OnTable() && overlapping(es[i], es[j]) {
				t.Errorf("elements %d and %d overlap after the recoil", es[i].ID, es[j].ID)
			}
		}
	}
	pushed := 0
	for _, e := range evs {
		if e.Kind == EvPushed {
			pushed++
		}
	}
	if pushed != 2 {
		t.Errorf("%d elements pushed, want 2: %v", pushed, evs)
	}
}

// §6.5, R14: flee.
func TestFlee(t *testing.T) {
	runFights(t, []fightCase{
		{name: "Sneakers recoil, turn and flee 600 p", tb: faceOff(rules.Blades, rules.Sneakers),
			dice:  []int{6, 6, 4}, // 5+6 against 5+4
			check: both(at(2, 700, 940, 0), reported(CodeFled, 2, 1, 600))},
		{name: "Behemoths flee from a Magician", tb: faceOff(rules.Magicians, rules.Behemoths),
			dice:  []int{6, 6, 3}, // 4+6 against 4+3
			check: at(2, 700, 780, 0)},
		{name: "they stop behind friendly Knights they cannot pass",
			tb:    faceOff(rules.Magicians, rules.Behemoths).add(3, "cb", rules.Knights, 700, 1000, 2048),
			dice:  []int{6, 6, 3},
			check: both(at(2, 700, 1000, 0), at(3, 700, 1000, 2048), reported(CodeFled, 2, 1, 380))},
		{name: "they pass through friendly foot facing the same way",
			tb:    faceOff(rules.Magicians, rules.Behemoths).add(3, "cb", rules.Blades, 700, 1100, 2048),
			dice:  []int{6, 6, 3},
			check: both(at(2, 700, 780, 0), at(3, 700, 1100, 2048))},
		{name: "they stop short of friendly foot they would end on",
			tb:    faceOff(rules.Magicians, rules.Behemoths).add(3, "cb", rules.Blades, 700, 850, 2048),
			dice:  []int{6, 6, 3},
			check: both(at(2, 700, 850, 0), at(3, 700, 850, 2048))},
		{name: "they pass through enemy Flyers not in close combat",
			tb:    faceOff(rules.Magicians, rules.Behemoths).add(3, "ca", rules.Flyers, 700, 1200, 0),
			dice:  []int{6, 6, 3},
			check: at(2, 700, 780, 0)},
		{name: "an enemy in the way destroys them",
			tb:    faceOff(rules.Magicians, rules.Behemoths).add(3, "ca", rules.Knights, 700, 1000, 0),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "flees into Knights 3 and is destroyed")},
		{name: "an enemy where they would stop destroys them",
			tb:    faceOff(rules.Magicians, rules.Behemoths).add(3, "ca", rules.Knights, 700, 800, 0),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "flees into Knights 3")},
		{name: "the table edge destroys them",
			tb:    newTable().add(1, "ca", rules.Magicians, 700, 800, 0).add(2, "cb", rules.Behemoths, 700, 800, 2048),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "flees off the table")},
		{name: "impassable ground destroys them",
			tb: faceOff(rules.Magicians, rules.Behemoths).
				terrain("impassable", [2]int{600, 1000}, [2]int{800, 1000}, [2]int{800, 1100}, [2]int{600, 1100}),
			dice:  []int{6, 6, 3},
			check: gone(2, Destroyed, "flees into impassable")},
		{name: "a friend short of the table edge saves them",
			tb:    newTable().add(1, "ca", rules.Magicians, 700, 800, 0).add(2, "cb", rules.Behemoths, 700, 800, 2048).add(3, "cb", rules.Knights, 700, 300, 2048),
			dice:  []int{6, 6, 3},
			check: at(2, 700, 300, 0)},
		{name: "after a shot, straight away from the shooter",
			tb:   newTable().add(1, "ca", rules.Artillery, 700, 1700, 0).add(2, "cb", rules.Behemoths, 700, 1300, 2048),
			dice: []int{6, 6, 2}, shoot: &Action{Kind: ActShoot, ID: 1, Target: 2}, // 4+6 against 4+2
			check: at(2, 700, 380, 0)},
	})
}

// §6.4, R13: follow-up.
func TestFollowUp(t *testing.T) {
	wood := func(tb *table) *table {
		return tb.terrain("wood", [2]int{600, 1500}, [2]int{800, 1500}, [2]int{800, 1690}, [2]int{600, 1690})
	}
	runFights(t, []fightCase{
		{name: "Knights follow a recoiling opponent", tb: faceOff(rules.Knights, rules.Blades),
			dice:  []int{6, 6, 5}, // 3+6 against 3+5
			check: both(at(2, 700, 1640, 2048), at(1, 700, 1640, 0), reported(CodeFollowed, 1, 2, 60))},
		{name: "Warband follow recoiling Knights", tb: faceOff(rules.Warband, rules.Knights),
			dice:  []int{6, 6, 4}, // 3+6 against 3+4
			check: both(at(2, 700, 1580, 2048), at(1, 700, 1580, 0))},
		{name: "Behemoths follow", tb: faceOff(rules.Behemoths, rules.Blades),
			dice:  []int{6, 6, 3}, // 4+6 against 3+3
			check: at(1, 700, 1640, 0)},
		{name: "Beasts follow", tb: faceOff(rules.Beasts, rules.Blades),
			dice:  []int{6, 6, 5}, // 3+6 against 3+5
			check: at(1, 700, 1640, 0)},
		{name: "Blades do not follow", tb: faceOff(rules.Blades, rules.Blades),
			dice:  []int{6, 6, 3},
			check: at(1, 700, 1700, 0)},
		{name: "Knights advance their own depth when the enemy is destroyed", tb: faceOff(rules.Knights, rules.Hordes),
			dice:  []int{6, 6, 1}, // 3+6 against 2+1: doubled
			check: both(gone(2, Destroyed, "destroyed"), at(1, 700, 1580, 0))},
		{name: "Warband advance their own depth when the enemy is destroyed", tb: faceOff(rules.Warband, rules.Blades),
			dice:  []int{6, 6, 2}, // 3+6 against 5+2: Blades beaten by Warband
			check: both(gone(2, Destroyed, "destroyed"), at(1, 700, 1620, 0))},
		{name: "Knights advance their own depth when the enemy flees", tb: faceOff(rules.Knights, rules.Sneakers),
			dice:  []int{6, 6, 4}, // 3+6 against 3+4
			check: both(at(1, 700, 1580, 0), at(2, 700, 940, 0))},
		{name: "the advance stops at contact", tb: faceOff(rules.Knights, rules.Hordes).add(3, "cb", rules.Blades, 700, 1610, 2048),
			dice:  []int{6, 6, 1},
			check: both(at(1, 700, 1610, 0), reported(CodeFollowed, 1, 2, 90))},
		{name: "Knights do not follow into a wood", tb: wood(faceOff(rules.Knights, rules.Blades)),
			dice:  []int{6, 6, 3}, // 3−2+6 against 3−2+3
			check: both(at(2, 700, 1640, 2048), at(1, 700, 1700, 0))},
		{name: "Warband follow into a wood", tb: wood(faceOff(rules.Warband, rules.Shooters)),
			dice:  []int{6, 6, 2}, // 3+6 against 3+2
			check: both(at(2, 700, 1640, 2048), at(1, 700, 1640, 0))},
		// Blades 3's side touches the right of the Knights' front edge.
		{name: "no follow-up out of contact with a second enemy",
			tb:    newTable().add(1, "ca", rules.Knights, 700, 1700, 0).add(2, "cb", rules.Blades, 660, 1700, 2048).add(3, "cb", rules.Blades, 800, 1620, 1024),
			dice:  []int{6, 6, 2}, // 3+6 against 3+2
			check: both(at(2, 660, 1640, 2048), at(1, 700, 1700, 0), at(3, 800, 1620, 1024))},
		// A friend of the loser against the victor's flank recoils with it
		// (§6.3), so it no longer holds the victor.
		{name: "a flank attacker that recoils does not stop the follow-up",
			tb:    faceOff(rules.Knights, rules.Blades).add(3, "cb", rules.Blades, 780, 1780, 3072),
			dice:  []int{6, 6, 2}, // 3+6 against 3+2; Knights −1 for the flank
			check: both(at(2, 700, 1640, 2048), at(3, 840, 1780, 3072), at(1, 700, 1640, 0))},
	})
}

// R14: a bespelled element flees straight away from the Magician. Here
// its recoil pushes a friendly Magician back and that friend hems it in:
// it stays where it recoiled, without turning, overlapping nothing (a fuzz
// case: it turned a fraction and overlapped its friend).
func TestFleeHemmedIn(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Flyers, 1402, 1086, 0).
		add(2, "ca", rules.Magicians, 1400, 1250, 0).
		add(3, "cb", rules.Magicians, 1400, 1050, 2048).general(3).
		game(t, 1, 6, 6, 4) // a's PIPs, b's PIPs; bespell 4+6 against 2+4
	must(t, g, Action{Kind: ActEndBound}, Action{Kind: ActEndPhase})
	evs := must(t, g, Action{Kind: ActBespell, ID: 3, Target: 1})
	reported(CodeHemmedIn, 1, 3, 0)(t, g, evs)
	wantAt(t, g, 1, 1402, 1206, 0)
	wantAt(t, g, 2, 1400, 1326, 0)
	if overlapping(el(t, g, 1), el(t, g, 2)) {
		t.Errorf("the Flyers overlap the Magician")
	}
	if t.Failed() {
		for _, e := range evs {
			t.Log(e.Describe())
		}
	}
}
