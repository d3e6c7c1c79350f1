package engine

import (
	"testing"

	"pelennor/engine/rules"
)

// specOutcome restates RULES.md §6.3 (and §8 for a Magician's winning
// bespell) row by row, independently of rules.Outcomes, with D1 and D6 of
// docs/rulings.md.
func specOutcome(b rules.Beaten) rules.Result {
	L, W := b.Loser, b.Winner
	in := func(ts ...rules.Type) bool {
		for _, t := range ts {
			if W == t {
				return true
			}
		}
		return false
	}
	close := b.Contest == rules.Close
	mounted := W.Info().Class == rules.Mounted
	r := rules.Recoil
	if b.MagicianWon { // §8
		switch L {
		case rules.Heroes, rules.AerialHeroes, rules.Magicians:
			r = rules.Ensorcelled
		case rules.Behemoths, rules.Flyers, rules.Airboats:
			r = rules.Flee
		case rules.Dragons, rules.Gods:
			r = rules.LeaveTable
		case rules.Paladins, rules.Artillery, rules.Stronghold:
			r = rules.NoEffect
		}
	} else {
		switch L {
		case rules.Blades:
			if in(rules.Warband) {
				r = rules.Destroyed
			}
		case rules.Spears:
			if in(rules.Knights) && !b.LoserInBad || in(rules.Warband) {
				r = rules.Destroyed
			}
		case rules.Warband:
			if in(rules.Behemoths) || in(rules.Knights) && !b.LoserInBad {
				r = rules.Destroyed
			}
		case rules.Hordes, rules.Clerics:
			if in(rules.Knights) && !b.LoserInBad || in(rules.Warband) {
				r = rules.Destroyed
			}
		case rules.Shooters:
			if mounted && close {
				r = rules.Destroyed
			}
		case rules.Artillery:
			r = rules.NoEffect
			if close {
				r = rules.Destroyed
			}
		case rules.Knights:
			if in(rules.Behemoths) || close && b.LoserCharged && in(rules.Shooters, rules.Artillery, rules.Magicians) || b.LoserInBad {
				r = rules.Destroyed
			}
		case rules.Riders:
			if b.LoserInBad {
				r = rules.Destroyed
			}
		case rules.Beasts:
			if mounted && close {
				r = rules.Destroyed
			}
		case rules.Behemoths:
			if in(rules.Magicians, rules.Dragons, rules.Artillery) {
				r = rules.Flee
			}
		case rules.Heroes, rules.AerialHeroes:
			switch {
			case in(rules.Heroes, rules.AerialHeroes, rules.Paladins, rules.Artillery):
				r = rules.Destroyed
			case in(rules.Stronghold):
				r = rules.Flee
			case in(rules.Magicians):
				r = rules.Ensorcelled
			}
		case rules.Magicians:
			switch {
			case in(rules.Heroes, rules.AerialHeroes, rules.Paladins, rules.Dragons, rules.Gods):
				r = rules.Destroyed
			case in(rules.Magicians):
				r = rules.Ensorcelled
			}
		case rules.Paladins:
			r = rules.NoEffect
			if close {
				r = rules.Destroyed
			}
		case rules.Flyers, rules.Airboats:
			if in(rules.Magicians) {
				r = rules.Flee
			}
		case rules.Sneakers:
			r = rules.Flee
		case rules.Lurkers:
			r = rules.LeaveTable
		case rules.Dragons:
			r = rules.LeaveTable
			if in(rules.Heroes, rules.AerialHeroes, rules.Paladins) {
				r = rules.Destroyed
			}
		case rules.Gods:
			r = rules.NoEffect
			if in(rules.Gods, rules.Magicians, rules.Clerics) {
				r = rules.LeaveTable
			}
		case rules.Stronghold:
			r = rules.NoEffect
			if W.Ground() {
				r = rules.Captured
			}
		}
	}
	if b.Doubled && r != rules.NoEffect && r != rules.LeaveTable && r != rules.Captured {
		r = rules.Destroyed // D1
	}
	return r
}

// rules.Outcome over the whole table: every loser, winner, contest,
// going, charge and doubling (RULES.md §6.3, §8).
func TestOutcomeTable(t *testing.T) {
	n := 0
	for l := rules.Type(0); l < rules.NumTypes; l++ {
		for w := rules.Type(0); w < rules.NumTypes; w++ {
			for _, c := range []rules.Contest{rules.Close, rules.Shoot, rules.Bespell} {
				for _, bad := range []bool{false, true} {
					for _, charged := range []bool{false, true} {
						for _, doubled := range []bool{false, true} {
							magic := c == rules.Bespell && w == rules.Magicians
							b := rules.Beaten{Loser: l, Winner: w, Contest: c, LoserInBad: bad, LoserCharged: charged, Doubled: doubled, MagicianWon: magic}
							if got, want := rules.Outcome(b), specOutcome(b); got != want {
								t.Errorf("%+v: %v, want %v", b, got, want)
							}
							n++
						}
					}
				}
			}
		}
	}
	if n != 22*22*3*8 {
		t.Errorf("%d cases", n)
	}
}

// The equal-totals rule (§6.3): only Hero or Aerial Hero against Hero or
// Aerial Hero, and Paladin against Magician, destroy both.
func TestBothDie(t *testing.T) {
	hero := func(x rules.Type) bool { return x == rules.Heroes || x == rules.AerialHeroes }
	for a := rules.Type(0); a < rules.NumTypes; a++ {
		for b := rules.Type(0); b < rules.NumTypes; b++ {
			want := hero(a) && hero(b) || a == rules.Paladins && b == rules.Magicians || a == rules.Magicians && b == rules.Paladins
			if got := rules.BothDie(a, b); got != want {
				t.Errorf("BothDie(%v, %v) = %v, want %v", a, b, got, want)
			}
		}
	}
}
