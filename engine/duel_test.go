package engine

import (
	"testing"

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
