package thirdage

import "fmt"

// band is one row of a table keyed by a range of values: Lo..Hi → V.
type band struct{ Lo, Hi, V int }

// lookupBand finds v's row; values outside every band take the nearest
// end row's value (the tables run from the lowest value upward).
func lookupBand(t []band, v int) int {
	if v < t[0].Lo {
		return t[0].V
	}
	for _, b := range t {
		if v >= b.Lo && v <= b.Hi {
			return b.V
		}
	}
	return t[len(t)-1].V
}

const many = 1 << 30 // an open upper end

// Strike rank bands (the restatement of Third Age).
var (
	sizSR = []band{{1, 6, 3}, {7, 14, 2}, {15, 21, 1}, {22, many, 0}}
	dexSR = []band{{1, 5, 5}, {6, 8, 4}, {9, 12, 3}, {13, 15, 2}, {16, 18, 1}, {19, many, 0}}
	// Weapon length in inches: under 1' → 4, to 2' → 3, to 3' → 2, to
	// 5' → 1, over 5' → 0.
	lengthSR = []band{{1, 11, 4}, {12, 24, 3}, {25, 36, 2}, {37, 60, 1}, {61, many, 0}}
)

// SIZSR, DEXSR and LengthSR are the three parts of a strike rank.
func SIZSR(siz int) int       { return lookupBand(sizSR, siz) }
func DEXSR(dex int) int       { return lookupBand(dexSR, dex) }
func LengthSR(inches int) int { return lookupBand(lengthSR, inches) }

// Criticals (a roll at or under the value ignores armour and cannot be
// parried) and fumbles (a roll at or over the value misses and gives the
// opponent a free blow; 0 never) by attack skill. A skill of 1 fumbles as
// 2–5 does (TA8); a skill over 30 is read as 30.
var (
	critBands   = []band{{1, 5, 0}, {6, 10, 1}, {11, 15, 2}, {16, 20, 3}, {21, 25, 4}, {26, many, 5}}
	fumbleBands = []band{{1, 5, 18}, {6, 10, 19}, {11, 15, 20}, {16, many, 0}}
)

// CriticalOn is the highest D20 that is a critical for skill (0: none).
func CriticalOn(skill int) int { return lookupBand(critBands, skill) }

// FumbleOn is the lowest D20 that is a fumble for skill (0: never).
func FumbleOn(skill int) int { return lookupBand(fumbleBands, skill) }

// hitLocations is the D20 hit location table.
var hitLocations = []band{
	{1, 4, int(RightLeg)}, {5, 8, int(LeftLeg)}, {9, 11, int(Abdomen)}, {12, 12, int(Chest)},
	{13, 15, int(RightArm)}, {16, 18, int(LeftArm)}, {19, 20, int(Head)},
}

// HitLocation reads a D20 (1–20) as a location.
func HitLocation(d20 int) Location { return Location(lookupBand(hitLocations, d20)) }

var locationNames = [NumLocations]string{"right leg", "left leg", "abdomen", "chest", "right arm", "left arm", "head"}

func (l Location) String() string {
	if l < 0 || l >= NumLocations {
		return fmt.Sprintf("Location(%d)", int(l))
	}
	return locationNames[l]
}

// Limb reports whether the location is an arm or a leg.
func (l Location) Limb() bool { return l == RightLeg || l == LeftLeg || l == RightArm || l == LeftArm }

// HitPoints is ceil((CON+SIZ)/2), RuneQuest's total (TA2).
func HitPoints(con, siz int) int { return (con + siz + 1) / 2 }

// legPoints: a leg has 2/3/4/5/6/7 for totals 1–6/7–9/10–12/13–15/16–18/
// 19–21, and one more for each further 3.
func legPoints(total int) int {
	if total <= 6 {
		return 2
	}
	return 3 + (total-7)/3
}

// locationShare is each location's points against a leg's (RuneQuest's
// proportions, TA3): chest one more, abdomen and head as a leg, each arm
// one less.
var locationShare = [NumLocations]int{RightLeg: 0, LeftLeg: 0, Abdomen: 0, Chest: +1, RightArm: -1, LeftArm: -1, Head: 0}

// LocationPoints is each location's hit points for a total (at least 1).
func LocationPoints(total int) [NumLocations]int {
	var p [NumLocations]int
	leg := legPoints(total)
	for l := range p {
		p[l] = max(1, leg+locationShare[l])
	}
	return p
}

// Dice is a roll of N dice of Sides sides, subtracted when Neg (the
// damage bonus of the weak). The zero value rolls nothing.
type Dice struct {
	N, Sides int
	Neg      bool
}

func (d Dice) String() string {
	if d.N == 0 {
		return "none"
	}
	sign := ""
	if d.Neg {
		sign = "−"
	}
	return fmt.Sprintf("%s%dD%d", sign, d.N, d.Sides)
}

// Max is the most the dice can add (a negative bonus adds 0).
func (d Dice) Max() int {
	if d.Neg {
		return 0
	}
	return d.N * d.Sides
}

// damageBonus is RuneQuest's table by STR+SIZ (TA1; the document's is
// damaged): 1–12 −1D4, 13–24 none, 25–32 +1D4, 33–40 +1D6, 41–56 +2D6,
// and one more D6 for each further 16.
var damageBonus = []struct {
	Lo, Hi int
	D      Dice
}{
	{1, 12, Dice{1, 4, true}}, {13, 24, Dice{}}, {25, 32, Dice{1, 4, false}},
	{33, 40, Dice{1, 6, false}}, {41, 56, Dice{2, 6, false}},
}

// DamageBonus is the damage bonus for STR+SIZ.
func DamageBonus(strSiz int) Dice {
	if strSiz > 56 {
		return Dice{2 + (strSiz-41)/16, 6, false}
	}
	for _, b := range damageBonus {
		if strSiz <= b.Hi {
			return b.D
		}
	}
	return Dice{} // unreachable: the last row ends at 56
}

// DefenceOf is Defence on the D20 scale from DEX and INT (TA4): one point
// for every 4 their sum passes 20, never below 0 — RuneQuest's defence,
// which grows with quickness and wits, on a twentieth of its scale.
func DefenceOf(dex, intel int) int { return max(0, (dex+intel-20)/4) }

// Weapon is a weapon kind of the document's table: its damage dice, its
// length (which gives its strike rank) and whether it takes two hands.
type Weapon struct {
	Name     string
	Damage   Dice
	Length   int // inches
	TwoHands bool
}

// SR is the weapon's strike rank, from its length.
func (w Weapon) SR() int { return LengthSR(w.Length) }

// Weapons is the document's weapon table. The lengths are ours, chosen
// so that each weapon's strike rank is the document's (TA5).
var Weapons = []Weapon{
	{"one-handed sword", Dice{1, 8, false}, 36, false},
	{"great sword", Dice{2, 6, false}, 60, true},
	{"one-handed axe", Dice{1, 8, false}, 33, false},
	{"great axe", Dice{1, 12, false}, 54, true},
	{"mace", Dice{1, 8, false}, 30, false},
	{"maul", Dice{1, 10, false}, 48, true},
	{"spear", Dice{1, 8, false}, 96, false},
	{"warhammer", Dice{1, 8, false}, 24, false},
	{"dagger", Dice{1, 4, false}, 10, false},
	{"staff", Dice{1, 6, false}, 60, true},
	{"flail", Dice{2, 4, false}, 32, false},
}

// WeaponNamed finds a weapon kind.
func WeaponNamed(name string) (Weapon, bool) {
	for _, w := range Weapons {
		if w.Name == name {
			return w, true
		}
	}
	return Weapon{}, false
}

// Materials is the armour of a location by what a piece is made of.
// Leather may be worn under one other layer and adds to it.
var Materials = []struct {
	Name   string
	Points int
}{
	{"chainmail", 5}, {"plate", 6}, {"heavy scale", 4}, {"light scale", 3}, {"cuirboilli", 2}, {"leather", 1},
}

// Shapes is what each shape of piece covers (TA6), chosen so that the
// document's worked example comes out: a byrnie covers the body and the
// arms, pants the abdomen and the legs, a coif or a hood the head.
var Shapes = []struct {
	Name   string
	Covers []Location
}{
	{"byrnie", []Location{Abdomen, Chest, RightArm, LeftArm}},
	{"hauberk", []Location{Abdomen, Chest, RightArm, LeftArm}},
	{"cuirass", []Location{Abdomen, Chest}},
	{"coif", []Location{Head}},
	{"hood", []Location{Head}},
	{"pants", []Location{RightLeg, LeftLeg, Abdomen}},
	{"greaves", []Location{RightLeg, LeftLeg}},
	{"vambraces", []Location{RightArm, LeftArm}},
}

// Helms are pieces of their own, covering the head.
var Helms = []struct {
	Name   string
	Points int
}{{"closed helm", 5}, {"open helm", 3}}

// Piece is one piece of armour: its points, the locations it covers, and
// whether it is leather (which adds under another layer).
type Piece struct {
	Name    string
	Points  int
	Covers  []Location
	Leather bool
}

// PieceNamed reads "MATERIAL SHAPE" ("chainmail byrnie") or a helm.
func PieceNamed(name string) (Piece, bool) {
	for _, h := range Helms {
		if h.Name == name {
			return Piece{name, h.Points, []Location{Head}, false}, true
		}
	}
	for _, m := range Materials {
		for _, s := range Shapes {
			if name == m.Name+" "+s.Name {
				return Piece{name, m.Points, s.Covers, m.Name == "leather"}, true
			}
		}
	}
	return Piece{}, false
}

// ArmourByLocation is the kit's armour on each location: the best piece
// that is not leather, plus every leather piece under it (TA6). Unknown
// pieces count nothing (a sheet with one is invalid).
func ArmourByLocation(pieces []string) [NumLocations]int {
	var outer, leather [NumLocations]int
	for _, name := range pieces {
		p, ok := PieceNamed(name)
		if !ok {
			continue
		}
		for _, l := range p.Covers {
			if p.Leather {
				leather[l] += p.Points
			} else {
				outer[l] = max(outer[l], p.Points)
			}
		}
	}
	var a [NumLocations]int
	for l := range a {
		a[l] = outer[l] + leather[l]
	}
	return a
}

// Shields is the parrying protection of each shield.
var Shields = []struct {
	Name   string
	Points int
}{{"light shield", 8}, {"heavy shield", 12}}

// ShieldPoints is a shield's parrying protection (0, false if unknown).
func ShieldPoints(name string) (int, bool) {
	for _, s := range Shields {
		if s.Name == name {
			return s.Points, true
		}
	}
	return 0, false
}
