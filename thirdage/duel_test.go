package thirdage

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// die is one scripted die: the sides and purpose Duel must ask for, and
// the value it gets.
type die struct {
	sides int
	p     Purpose
	v     int
}

// script is a Roller from a list of dice; it fails on a die drawn out of
// order (wrong sides or purpose) or past the end.
type script struct {
	dice []die
	i    int
}

func (s *script) Die(sides int, p Purpose, _ int) (int, error) {
	if s.i >= len(s.dice) {
		return 0, fmt.Errorf("die %d (D%d %v) past the script's end", s.i, sides, p)
	}
	d := s.dice[s.i]
	if d.sides != sides || d.p != p {
		return 0, fmt.Errorf("die %d: drew D%d %v, the script has D%d %v", s.i, sides, p, d.sides, d.p)
	}
	s.i++
	return d.v, nil
}

// The test heroes: a knight and an orc whose derived values are worked
// out by hand in the comments.
func testKnight() *Sheet {
	// Men: no modifiers. HP ceil((14+14)/2) = 14; leg 5, abdomen 5,
	// chest 6, arms 4, head 5. STR+SIZ 29: +1D4. Defence (13+12−20)/4 =
	// 1. SR: SIZ 14 → 2, DEX 13 → 2, sword → 2: 6. Armour: legs 1 (leather
	// pants), abdomen 6, chest 5, arms 5, head 3.
	return &Sheet{ID: "knight", Name: "Knight", Race: "Men", Background: "Heavy Cavalry",
		Attributes: AttrMap{"STR": 15, "CON": 14, "SIZ": 14, "INT": 12, "POW": 12, "DEX": 13, "CHA": 12},
		Weapons:    []WeaponUse{{Kind: "one-handed sword", Attack: 15, Parry: 12}},
		Armour:     []string{"chainmail byrnie", "leather pants", "open helm"}, Shield: "heavy shield",
		Magic:   []Spell{{SureBlow, 1}, {PowerfulBlow, 1}, {ShieldSpell, 2}},
		Tactics: Tactics{SureBlow: true}, Note: "test"}
}

func testOrc() *Sheet {
	// Orcs/Uruks: STR 16 CON 15 SIZ 13 INT 9 POW 8 DEX 14 CHA 4. HP 14;
	// locations as the knight's. STR+SIZ 29: +1D4. Defence 0. SR: 2 + 2 +
	// spear 0 = 4. Armour: legs 2, abdomen 1, chest 1, arms 1, head 0.
	return &Sheet{ID: "orc", Name: "Orc", Race: "Orcs/Uruks", Background: "Heavy Infantry",
		Attributes: AttrMap{"STR": 14, "CON": 12, "SIZ": 13, "INT": 11, "POW": 10, "DEX": 14, "CHA": 8},
		Weapons:    []WeaponUse{{Kind: "spear", Attack: 12, Parry: 10}},
		Armour:     []string{"leather byrnie", "cuirboilli greaves"}, Note: "test"}
}

func TestTestHeroesDerive(t *testing.T) {
	for _, s := range []*Sheet{testKnight(), testOrc()} {
		if ps := problems(s); len(ps) > 0 {
			t.Errorf("%s: %v", s.ID, ps)
		}
	}
	k, o := testKnight().Derive(), testOrc().Derive()
	if k.HitPoints != 14 || k.Locations != [NumLocations]int{5, 5, 5, 6, 4, 4, 5} || k.Defence != 1 ||
		k.Weapons[0].SR != 6 || k.Armour != [NumLocations]int{1, 1, 6, 5, 5, 5, 3} || k.DamageBonus != "1D4" {
		t.Errorf("knight %+v", k)
	}
	if o.HitPoints != 14 || o.Defence != 0 || o.Weapons[0].SR != 4 || o.Armour != [NumLocations]int{2, 2, 1, 1, 1, 1, 0} {
		t.Errorf("orc %+v", o)
	}
}

// A duel worked by hand: the orc strikes first (SR 4 against 6) and
// wounds the knight's chest through a failed parry; the knight misses,
// Sure Blow re-rolls a critical to the head, and the orc is unconscious.
func TestScriptedDuel(t *testing.T) {
	s := &script{dice: []die{
		{20, PurposeAttack, 5},    // orc: 5 ≤ 12−1, a hit (critical only on 1–2)
		{20, PurposeParry, 14},    // knight: 14 > parry 12
		{20, PurposeLocation, 12}, // chest
		{8, PurposeDamage, 7},     // spear
		{4, PurposeBonus, 3},      // 10, less the chest's 5: 5 taken
		{20, PurposeAttack, 19},   // knight: a miss (not a fumble: 20 only)
		{20, PurposeAttack, 2},    // Sure Blow: a critical (1–2)
		{20, PurposeLocation, 20}, // head
		{8, PurposeDamage, 6},     // not below half: no Powerful Blow (not in tactics anyway)
		{4, PurposeBonus, 4},      // 10, no armour against a critical
	}}
	out, err := Duel([2]Fighter{{Sheet: testKnight()}, {Sheet: testOrc()}}, 5, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.i != len(s.dice) {
		t.Errorf("%d of %d dice drawn", s.i, len(s.dice))
	}
	want := Outcome{
		Rounds: []Round{{SR: [2]int{6, 4}, Blows: []Blow{
			{Attacker: 1, SR: 4, Weapon: "spear", Target: 11, Attack: 5, Hit: true, Parry: 14, Location: Chest,
				Damage: 10, Armour: 5, Taken: 5, Condition: Fighting},
			{Attacker: 0, SR: 6, Weapon: "one-handed sword", Target: 15, Attack: 2, FirstAttack: 19, Critical: true, Hit: true,
				Location: Head, Damage: 10, Taken: 10, Condition: Unconscious, MagicUsed: []string{SureBlow}, Effect: "unconscious"},
		}}},
		Wounds:    [2]Wounds{{Loc: [NumLocations]int{Chest: 5}, Total: 5, POWSpent: 1}, {Loc: [NumLocations]int{Head: 10}, Total: 10}},
		Condition: [2]Condition{Fighting, Unconscious},
		Taken:     [2]int{5, 10},
	}
	if !reflect.DeepEqual(out, want) {
		t.Errorf("duel\n got %+v\nwant %+v", out, want)
	}
}

// A second duel by hand: Shield cast at the start (2 POW: SR 6+1 in the
// first round), a fumble's free blow, Powerful Blow, Sure Blow over a
// fumble, a mount taking the low blows until its hit points are
// exceeded, a parry, and three rounds run out.
func TestScriptedDuelMagicAndMount(t *testing.T) {
	k := testKnight()
	k.Tactics = Tactics{Cast: []string{ShieldSpell}, SureBlow: true, PowerfulBlow: true}
	o := testOrc()
	o.Mount = &Mount{Name: "fell beast", HitPoints: 10, Armour: 2}
	s := &script{dice: []die{
		// Round 1: orc SR 4, knight 7.
		{20, PurposeAttack, 20},  // orc fumbles (skill 12: 20)
		{20, PurposeAttack, 8},   // knight's free blow hits (no shield to parry with)
		{20, PurposeLocation, 3}, // right leg: the mount
		{8, PurposeDamage, 2},    // below half: Powerful Blow
		{8, PurposeDamage, 8},
		{4, PurposeBonus, 4},     // 12 less the beast's 2: 10, not more than its 10
		{20, PurposeAttack, 20},  // knight fumbles…
		{20, PurposeAttack, 11},  // …Sure Blow: a hit
		{20, PurposeLocation, 7}, // left leg: the mount
		{8, PurposeDamage, 5},
		{4, PurposeBonus, 1}, // 6 less 2: 4, the beast's 14 exceed 10: killed
		// Round 2: 6 and 4.
		{20, PurposeAttack, 9},   // orc hits
		{20, PurposeParry, 12},   // parried
		{20, PurposeLocation, 1}, // right leg
		{8, PurposeDamage, 8},
		{4, PurposeBonus, 4},     // 12, stopped by the shield's 12
		{20, PurposeAttack, 14},  // knight hits
		{20, PurposeLocation, 2}, // right leg: the beast is dead, the orc's own
		{8, PurposeDamage, 3},    // below half: Powerful Blow
		{8, PurposeDamage, 1},    // the re-roll stands
		{4, PurposeBonus, 2},     // 3 less the greaves' 2: 1
		// Round 3.
		{20, PurposeAttack, 15}, // orc misses
		{20, PurposeAttack, 16}, // knight misses…
		{20, PurposeAttack, 19}, // …and again after Sure Blow
	}}
	out, err := Duel([2]Fighter{{Sheet: k}, {Sheet: o}}, 3, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.i != len(s.dice) {
		t.Errorf("%d of %d dice drawn", s.i, len(s.dice))
	}
	if len(out.Rounds) != 3 || out.Rounds[0].SR != [2]int{7, 4} || out.Rounds[1].SR != [2]int{6, 4} {
		t.Fatalf("rounds %+v", out.Rounds)
	}
	r1 := out.Rounds[0].Blows
	if len(r1) != 3 || !r1[0].Fumble || !r1[1].Free || r1[1].Attacker != 0 || !r1[1].Mount || r1[1].Taken != 10 ||
		r1[1].Effect != "" || !slices.Equal(r1[1].MagicUsed, []string{PowerfulBlow}) {
		t.Errorf("round 1 %+v", r1)
	}
	if r1[2].Fumble || !r1[2].Hit || r1[2].FirstAttack != 20 || !r1[2].Mount || r1[2].Taken != 4 || r1[2].Effect != "fell beast killed" {
		t.Errorf("round 1 knight's blow %+v", r1[2])
	}
	r2 := out.Rounds[1].Blows
	if !r2[0].Parried || r2[0].Armour != 12 || r2[0].Taken != 0 || r2[1].Mount || r2[1].Damage != 3 || r2[1].Taken != 1 {
		t.Errorf("round 2 %+v", r2)
	}
	wantW := [2]Wounds{{POWSpent: 6}, {Loc: [NumLocations]int{RightLeg: 1}, Total: 1, MountHP: 14}}
	if out.Wounds != wantW || out.Condition != [2]Condition{} || out.Taken != [2]int{0, 1} ||
		out.MountKilled != [2]bool{false, true} || !slices.Equal(out.Cast[0], []string{"Shield 2"}) {
		t.Errorf("outcome wounds %+v condition %v taken %v mount %v cast %v", out.Wounds, out.Condition, out.Taken, out.MountKilled, out.Cast)
	}
}
