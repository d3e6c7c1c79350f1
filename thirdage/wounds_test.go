package thirdage

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Each wound effect, on the test knight (HP 14; legs 5, abdomen 5, chest
// 6, arms 4, head 5): the wounds before and after a blow to a location,
// the effect named and the condition after.
func TestWoundEffects(t *testing.T) {
	d := testKnight().Derive()
	at := func(l Location, n int) Wounds {
		var w Wounds
		w.Loc[l], w.Total = n, n
		return w
	}
	for _, c := range []struct {
		name          string
		before, after Wounds
		l             Location
		effect        string
		cond          Condition
	}{
		{"a leg at 1 point left", Wounds{}, at(RightLeg, 4), RightLeg, "", Fighting},
		{"a leg disabled", Wounds{}, at(RightLeg, 5), RightLeg, "falls", Fighting},
		{"a leg twice gone", at(LeftLeg, 5), at(LeftLeg, 10), LeftLeg, "limb maimed: incapacitated", Incapacitated},
		{"a leg severed", at(LeftLeg, 10), at(LeftLeg, 11), LeftLeg, "limb severed: incapacitated", Incapacitated},
		{"the weapon arm", Wounds{}, at(RightArm, 4), RightArm, "weapon arm useless: the weapon goes to the other hand", Fighting},
		{"the shield arm", Wounds{}, at(LeftArm, 4), LeftArm, "shield arm useless: the shield is dropped", Fighting},
		{"both arms", at(LeftArm, 4), Wounds{Loc: [NumLocations]int{RightArm: 4, LeftArm: 4}, Total: 8}, RightArm,
			"weapon arm useless: the weapon goes to the other hand; both arms useless: incapacitated", Incapacitated},
		{"the abdomen", Wounds{}, at(Abdomen, 5), Abdomen, "falls and bleeds: incapacitated", Incapacitated},
		{"the abdomen, mortal", Wounds{}, at(Abdomen, 11), Abdomen, "falls and bleeds: incapacitated; killed", Dead},
		{"the chest", Wounds{}, at(Chest, 6), Chest, "falls and bleeds: incapacitated", Incapacitated},
		{"the chest, mortal", at(Chest, 6), at(Chest, 12), Chest, "killed", Dead},
		{"the head", Wounds{}, at(Head, 5), Head, "unconscious", Unconscious},
		{"the head, mortal", Wounds{}, at(Head, 11), Head, "unconscious; killed", Dead},
		{"hit points at the total", Wounds{}, Wounds{Loc: [NumLocations]int{RightLeg: 4, LeftLeg: 4, RightArm: 3, LeftArm: 3}, Total: 14}, LeftArm, "", Fighting},
		{"hit points exceeded", Wounds{Loc: [NumLocations]int{RightLeg: 4, LeftLeg: 4, RightArm: 3}, Total: 11},
			Wounds{Loc: [NumLocations]int{RightLeg: 4, LeftLeg: 4, RightArm: 3, Chest: 4}, Total: 15}, Chest, "hit points exceeded: dead", Dead},
	} {
		got := strings.Join(Effects(d, c.before, c.after, c.l), "; ")
		if got != c.effect {
			t.Errorf("%s: effect %q, want %q", c.name, got, c.effect)
		}
		if cond := ConditionOf(d, c.after); cond != c.cond {
			t.Errorf("%s: condition %v, want %v", c.name, cond, c.cond)
		}
	}
}

// What the wounds do to the fight: a limb counts at most twice its
// points from one blow; a fallen hero has no Defence; a useless weapon
// arm halves the attack and loses the shield; a useless shield arm only
// the shield.
func TestWoundsInTheFight(t *testing.T) {
	fighterOf := func(w Wounds) *fighter {
		x, err := newFighter(Fighter{Sheet: testKnight(), Wounds: w})
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	d := &dueller{fs: [2]*fighter{fighterOf(Wounds{}), fighterOf(Wounds{})}, out: &Outcome{}}
	if n, _ := d.wound(0, RightLeg, 25); n != 10 || d.fs[0].Wounds.Total != 10 {
		t.Errorf("a leg took %d of 25 (total %d), want 10", n, d.fs[0].Wounds.Total)
	}
	if n, _ := d.wound(1, Chest, 25); n != 25 {
		t.Errorf("the chest took %d of 25", n)
	}
	for _, c := range []struct {
		name            string
		w               Wounds
		defence, attack int
		parry           bool
	}{
		{"unhurt", Wounds{}, 1, 15, true},
		{"fallen", Wounds{Loc: [NumLocations]int{LeftLeg: 5}}, 0, 15, true},
		{"weapon arm", Wounds{Loc: [NumLocations]int{RightArm: 4}}, 1, 7, false},
		{"shield arm", Wounds{Loc: [NumLocations]int{LeftArm: 4}}, 1, 15, false},
	} {
		f := fighterOf(c.w)
		if f.defence() != c.defence || f.attackSkill() != c.attack || f.canParry() != c.parry {
			t.Errorf("%s: defence %d attack %d parry %v, want %d %d %v", c.name, f.defence(), f.attackSkill(), f.canParry(), c.defence, c.attack, c.parry)
		}
	}
	f := fighterOf(Wounds{})
	f.NoArmour = true
	if f.defence() != 0 || f.armour(Chest) != 0 {
		t.Errorf("NoArmour: defence %d armour %d", f.defence(), f.armour(Chest))
	}
	f = fighterOf(Wounds{})
	f.Sheet.Tactics.Cast = []string{Berserkergang, ShieldSpell}
	f.Sheet.Magic = append(f.Sheet.Magic, Spell{Berserkergang, 2})
	f.castAtStart()
	if !f.berserk || f.shield != 2 || f.defence() != 0 || f.canParry() || f.attackSkill() != 17 || f.Wounds.POWSpent != 4 || f.strikeRank(1) != 9 {
		t.Errorf("berserk: %+v defence %d parry %v attack %d SR %d", f, f.defence(), f.canParry(), f.attackSkill(), f.strikeRank(1))
	}
	f = fighterOf(Wounds{POWSpent: 11}) // 1 POW left: Shield 2 is cast at 1
	f.Sheet.Tactics.Cast = []string{ShieldSpell}
	f.castAtStart()
	if f.shield != 1 || f.Wounds.POWSpent != 12 || f.strikeRank(1) != 6 || !slices.Equal(f.cast, []string{"Shield 1"}) {
		t.Errorf("short of POW: shield %d spent %d SR %d", f.shield, f.Wounds.POWSpent, f.strikeRank(1))
	}
}

// recorder is a seeded Roller that keeps every die it gives.
type recorder struct {
	r    *rand.Rand
	dice []die
}

func (r *recorder) Die(sides int, p Purpose, _ int) (int, error) {
	v := 1 + r.r.IntN(sides)
	r.dice = append(r.dice, die{sides, p, v})
	return v, nil
}

func seeded(seed uint64) *recorder {
	return &recorder{r: rand.New(rand.NewPCG(seed, 15))}
}

var legalSides = []int{4, 6, 8, 10, 12, 20}

// Property: over many duels of every pair of Pelennor heroes, Duel asks
// only for legal dice with a known purpose, and the same dice give the
// same Outcome; a die outside its sides is an error, not a crash.
func TestDuelDiceProperty(t *testing.T) {
	seed := uint64(0)
	for _, a := range pelennorHeroes {
		for _, b := range pelennorHeroes {
			sa, _ := Lookup(a)
			sb, _ := Lookup(b)
			for range 4 {
				seed++
				f := [2]Fighter{{Sheet: sa}, {Sheet: sb, NoArmour: seed%5 == 0}}
				rec := seeded(seed)
				out, err := Duel(f, 8, rec)
				if err != nil {
					t.Fatalf("%s v %s seed %d: %v", a, b, seed, err)
				}
				for _, d := range rec.dice {
					if !slices.Contains(legalSides, d.sides) || d.p < PurposeAttack || d.p > PurposeBonus ||
						(d.p == PurposeAttack || d.p == PurposeParry || d.p == PurposeLocation) && d.sides != 20 {
						t.Fatalf("%s v %s seed %d: die D%d for %v", a, b, seed, d.sides, d.p)
					}
				}
				again, err := Duel(f, 8, &script{dice: rec.dice})
				if err != nil || !reflect.DeepEqual(again, out) {
					t.Fatalf("%s v %s seed %d: the same dice gave another outcome (%v)", a, b, seed, err)
				}
				if len(rec.dice) > 0 {
					bad := slices.Clone(rec.dice)
					bad[len(bad)-1].v = bad[len(bad)-1].sides + 1
					if _, err := Duel(f, 8, &script{dice: bad}); err == nil {
						t.Fatalf("%s v %s seed %d: a die over its sides was taken", a, b, seed)
					}
				}
			}
		}
	}
}

// out reports whether fighter i is out of the fight.
func out(o Outcome, i int) bool { return o.Condition[i] != Fighting }

// Sanity of the sheets over many seeded duels: Aragorn beats Gothmog
// more often than not, and every hero can be beaten (nobody is immortal)
// by one of the Pelennor's great fighters.
func TestDuelSanity(t *testing.T) {
	aragorn, _ := Lookup("aragorn")
	gothmog, _ := Lookup("gothmog")
	wins, losses := 0, 0
	for seed := range uint64(400) {
		o, err := Duel([2]Fighter{{Sheet: aragorn}, {Sheet: gothmog}}, 10, seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case out(o, 1) && !out(o, 0):
			wins++
		case out(o, 0) && !out(o, 1):
			losses++
		}
	}
	if wins <= losses {
		t.Errorf("Aragorn beat Gothmog %d times and lost %d", wins, losses)
	}
	all, _ := All()
	strong := []string{"aragorn", "witch-king", "gandalf", "gothmog"}
	for _, s := range all {
		beaten := false
		for _, id := range strong {
			foe, _ := Lookup(id)
			for seed := range uint64(100) {
				o, err := Duel([2]Fighter{{Sheet: foe}, {Sheet: s}}, 10, seeded(seed+1000))
				if err != nil {
					t.Fatal(err)
				}
				beaten = beaten || out(o, 1)
			}
		}
		if !beaten {
			t.Errorf("%s was never beaten in %d duels", s.ID, 100*len(strong))
		}
	}
}

// A hero already out, or a duel of no rounds, draws no die and spends no
// POW; a duel without a Roller or a sheet is an error.
func TestDuelWithNothingToFight(t *testing.T) {
	k, o := testKnight(), testOrc()
	k.Tactics.Cast = []string{ShieldSpell}
	dead := Wounds{Loc: [NumLocations]int{Head: 11}, Total: 11}
	for _, c := range []struct {
		name   string
		f      [2]Fighter
		rounds int
		cond   [2]Condition
	}{
		{"the orc already dead", [2]Fighter{{Sheet: k}, {Sheet: o, Wounds: dead}}, 5, [2]Condition{Fighting, Dead}},
		{"no rounds", [2]Fighter{{Sheet: k}, {Sheet: o}}, 0, [2]Condition{}},
	} {
		out, err := Duel(c.f, c.rounds, &script{})
		if err != nil || len(out.Rounds) != 0 || out.Condition != c.cond || out.Wounds[0].POWSpent != 0 || out.Wounds[1] != c.f[1].Wounds {
			t.Errorf("%s: %+v, %v", c.name, out, err)
		}
	}
	if _, err := Duel([2]Fighter{{Sheet: k}, {Sheet: o}}, 1, nil); err == nil {
		t.Error("a duel without a Roller")
	}
	if _, err := Duel([2]Fighter{{Sheet: k}, {}}, 1, &script{}); err != ErrNoSheet {
		t.Errorf("a duel without a sheet: %v", err)
	}
}
