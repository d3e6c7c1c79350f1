package engine

import (
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/thirdage"
)

// A duel's outcome maps onto HOTT's results as rulings TA22 says: a hero
// out of the fight suffers the outcome table's result for a loss by
// doubling when that removes it, else is destroyed; of two heroes still
// standing, the one that took more recoils (flees if broken); equal, nothing.
func TestDuelResults(t *testing.T) {
	const (
		fighting = thirdage.Fighting
		dead     = thirdage.Dead
		incap    = thirdage.Incapacitated
		out      = thirdage.Unconscious
	)
	hero := func(ty rules.Type) fighter { return fighter{e: &Element{Type: ty}} }
	for _, c := range []struct {
		name   string
		a, b   fighter
		cond   [2]thirdage.Condition
		taken  [2]int
		ra, rb rules.Result
	}{
		{"a hero killed", hero(rules.Heroes), hero(rules.Heroes), [2]thirdage.Condition{dead, fighting}, [2]int{20, 3}, rules.Destroyed, rules.NoResult},
		{"incapacitated by a hero", hero(rules.Heroes), hero(rules.AerialHeroes), [2]thirdage.Condition{fighting, incap}, [2]int{2, 9}, rules.NoResult, rules.Destroyed},
		{"knocked out by a hero: out of the fight", hero(rules.Heroes), hero(rules.Heroes), [2]thirdage.Condition{out, fighting}, [2]int{4, 0}, rules.Destroyed, rules.NoResult},
		{"both killed", hero(rules.Heroes), hero(rules.Heroes), [2]thirdage.Condition{dead, dead}, [2]int{12, 14}, rules.Destroyed, rules.Destroyed},
		{"put out by a Magician: the close-combat table destroys", hero(rules.Heroes), hero(rules.Magicians), [2]thirdage.Condition{incap, fighting}, [2]int{9, 0}, rules.Destroyed, rules.NoResult},
		{"a Magician put out by a hero", hero(rules.Magicians), hero(rules.Heroes), [2]thirdage.Condition{fighting, fighting}, [2]int{3, 1}, rules.Recoil, rules.NoResult},
		{"worse hurt recoils", hero(rules.Heroes), hero(rules.Heroes), [2]thirdage.Condition{fighting, fighting}, [2]int{7, 4}, rules.Recoil, rules.NoResult},
		{"worse hurt and broken flees", hero(rules.Heroes), fighter{e: &Element{Type: rules.Heroes}, broken: true}, [2]thirdage.Condition{fighting, fighting}, [2]int{1, 6}, rules.NoResult, rules.Flee},
		{"equal damage: nothing", hero(rules.Heroes), hero(rules.Heroes), [2]thirdage.Condition{fighting, fighting}, [2]int{5, 5}, rules.NoResult, rules.NoResult},
		{"neither touched: nothing", hero(rules.Heroes), hero(rules.Heroes), [2]thirdage.Condition{fighting, fighting}, [2]int{0, 0}, rules.NoResult, rules.NoResult},
	} {
		p := &prepared{kind: rules.Close, a: c.a, b: c.b}
		o := thirdage.Outcome{Condition: c.cond, Taken: c.taken}
		if ra, rb := duelResults(p, &o); ra != c.ra || rb != c.rb {
			t.Errorf("%s: results %s, %s; want %s, %s", c.name, ra, rb, c.ra, c.rb)
		}
		// The odds' classes map the same way as the outcome they class.
		k := classOf(&o)
		ko := k.outcome()
		if ra, rb := duelResults(p, &ko); ra != c.ra || rb != c.rb {
			t.Errorf("%s: its odds class maps to %s, %s; want %s, %s", c.name, ra, rb, c.ra, c.rb)
		}
	}
}

// Wounds are kept by element id, in order, and a copy of the state keeps
// its own.
func TestWoundsKeptByElement(t *testing.T) {
	st := &state{}
	tx := &tx{st: st}
	tx.setWounds(9, thirdage.Wounds{Total: 4})
	tx.setWounds(3, thirdage.Wounds{Total: 2, POWSpent: 1})
	tx.setWounds(9, thirdage.Wounds{Total: 7})
	if len(st.Hurt) != 2 || st.Hurt[0].ID != 3 || st.Hurt[1].ID != 9 {
		t.Fatalf("hurt = %+v, want ids 3 and 9 in order", st.Hurt)
	}
	if w := woundsOf(st, 9); w.Total != 7 {
		t.Fatalf("wounds of 9 = %+v, want total 7", w)
	}
	if w := woundsOf(st, 5); w != (thirdage.Wounds{}) {
		t.Fatalf("an element never hurt has wounds %+v", w)
	}
	c := st.clone()
	tx.setWounds(3, thirdage.Wounds{Total: 12})
	if woundsOf(c, 3).Total != 2 {
		t.Fatal("the copy's wounds changed with the original's")
	}
}

// duelGame starts a game on a small table of two elements given in
// JSON (their fields but id and command): 1 for the west, 2 the east.
func duelGame(t testing.TB, src dice.Source, r rules.Rulings, west, east string) *Game {
	t.Helper()
	text := `{"format": 1, "id": "heroes", "version": 1, "name": "Two Captains", "table": {"width": 800, "height": 800},
 "rules": "standard", "sides": [{"id": "w", "name": "West"}, {"id": "e", "name": "East"}],
 "commands": [{"id": "w", "side": "w", "name": "West", "general": 1, "baseEdge": "south"},
  {"id": "e", "side": "e", "name": "East", "general": 2, "baseEdge": "north"}],
 "terrain": [], "elements": [{"id": 1, "command": "w", ` + west + `}, {"id": 2, "command": "e", ` + east + `}]}`
	sc, err := ParseScenario("heroes.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := New(sc, src, r)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// heroesGame puts Théoden and Gothmog front to front.
func heroesGame(t testing.TB, r rules.Rulings) *Game {
	return duelGame(t, dice.NewPCG(1), r, `"type": "Heroes", "name": "Théoden", "heroes": ["theoden"], "x": 400, "y": 400`,
		`"type": "Heroes", "name": "Gothmog", "heroes": ["gothmog"], "x": 400, "y": 400, "facing": 2048`)
}

// With the ruling on, the close combat of two heroes is a duel whose
// dice come from the game's generator, each logged; off, the d6 contest.
func TestDuelInCloseCombat(t *testing.T) {
	for _, on := range []bool{false, true} {
		g := heroesGame(t, rules.Rulings{HeroicDuel: on})
		if g.IsDuel(1, 2) != on {
			t.Fatalf("ruling %v: IsDuel = %v", on, g.IsDuel(1, 2))
		}
		before := g.Draws()
		evs := must(t, g, Action{Kind: ActEndPhase}, Action{Kind: ActEndPhase}, Action{Kind: ActEndPhase})
		var duel *Duel
		dice := 0
		for _, e := range evs {
			if e.Code == CodeContest && e.Combat != nil {
				duel = e.Combat.Duel
			}
			if e.Code == CodeDuelDie {
				dice++
			}
		}
		if on != (duel != nil) || on != (dice > 0) {
			t.Fatalf("ruling %v: duel %v, %d duel dice", on, duel != nil, dice)
		}
		if !on {
			continue
		}
		if g.Draws()-before < dice {
			t.Errorf("%d duel dice logged but %d drawn", dice, g.Draws()-before)
		}
		if w := g.Wounds(2); w.Total != duel.Wounds[1].Total {
			t.Errorf("Gothmog's wounds %+v, the duel's %+v", w, duel.Wounds[1])
		}
	}
}

// TryDuel fights the duel on a copy: the game is unchanged, the dice
// given are the duel's, and the same dice give the same duel.
func TestTryDuelLeavesTheGame(t *testing.T) {
	g := heroesGame(t, rules.Rulings{HeroicDuel: true})
	hash, draws := g.Hash(), g.Draws()
	script := make([]int, 200)
	for i := range script {
		script[i] = 1 + i*5%4
	}
	src, _ := dice.NewScripted(script)
	rep, evs, err := TryDuel(g, 1, 2, src)
	if err != nil {
		t.Fatal(err)
	}
	if g.Hash() != hash || g.Draws() != draws {
		t.Fatal("TryDuel changed the game")
	}
	n := 0
	for _, e := range evs {
		if e.Code == CodeDuelDie {
			if e.Value != script[n] || e.Draw != n+1 {
				t.Fatalf("die %d: %+v, want %d as draw %d", n+1, e, script[n], n+1)
			}
			n++
		}
	}
	src2, _ := dice.NewScripted(script)
	again, _, err := TryDuel(g, 1, 2, src2)
	if err != nil || again.Describe() != rep.Describe() {
		t.Fatalf("the same dice gave %q, then %q (%v)", rep.Describe(), again.Describe(), err)
	}
	if err := heroesGame(t, rules.Rulings{}).DuelRefusal(1, 2); err == nil {
		t.Error("a duel was offered with the ruling off")
	}
}

// With the duel in play a Magician carrying a hero sheet pays 1 POW of
// it for each bespell (TA27); without it, nothing is kept.
func TestBespellSpendsPOW(t *testing.T) {
	for _, on := range []bool{false, true} {
		src, _ := dice.NewScripted([]int{6, 3, 3, 6, 6})
		g := duelGame(t, src, rules.Rulings{HeroicDuel: on}, `"type": "Magicians", "name": "Gandalf", "heroes": ["gandalf"], "x": 400, "y": 200`,
			`"type": "Heroes", "name": "Gothmog", "heroes": ["gothmog"], "x": 400, "y": 700, "facing": 2048`)
		must(t, g, Action{Kind: ActEndPhase}, Action{Kind: ActBespell, ID: 1, Target: 2})
		want := 0
		if on {
			want = 1
		}
		if w := g.Wounds(1); w.POWSpent != want {
			t.Errorf("duel %v: Gandalf's POW spent %d after a bespell, want %d", on, w.POWSpent, want)
		}
	}
}
