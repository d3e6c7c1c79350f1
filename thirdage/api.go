// Package thirdage is the Third Age roleplaying rules this game's heroes
// are drawn from: hero sheets, their derived abilities, and the melee of
// a heroic duel. It is pure (no engine, no graphics): the engine asks it
// to fight a duel with dice it supplies, and maps the outcome onto HOTT's.
//
// API CONTRACT (skeleton: the helper implementing this package keeps
// these names and signatures; the engine codes against them).
package thirdage

import "errors"

// Location is a hit location (D20: 1–4 right leg, 5–8 left leg, 9–11
// abdomen, 12 chest, 13–15 right arm, 16–18 left arm, 19–20 head).
type Location int

const (
	RightLeg Location = iota
	LeftLeg
	Abdomen
	Chest
	RightArm
	LeftArm
	Head
	NumLocations
)

// Purpose says why a duel die is drawn; the engine logs it.
type Purpose int

const (
	PurposeAttack   Purpose = iota + 1 // D20 attack roll
	PurposeParry                       // D20 parry roll
	PurposeLocation                    // D20 hit location
	PurposeDamage                      // a weapon's damage die
	PurposeBonus                       // a damage-bonus die
)

// Roller supplies a duel's dice: the next value of a die with the given
// number of sides (4, 6, 8, 10, 12 or 20), drawn for purpose. The engine's
// one generator stands behind it in a game; tests script it.
type Roller interface {
	Die(sides int, p Purpose) (int, error)
}

// Wounds is what a hero has suffered so far in a game: damage taken on
// each location and in all, and POW spent. It is a plain comparable
// value (the engine keeps one per hero element and hashes it).
type Wounds struct {
	Loc      [NumLocations]int
	Total    int
	POWSpent int
	MountHP  int // damage taken by the mount (a fell beast), 0 if none
}

// Condition is how a hero stands after a blow.
type Condition int

const (
	Fighting      Condition = iota
	Incapacitated           // a limb took twice its points, or fell and bleeds
	Unconscious             // head disabled
	Dead                    // total hit points exceeded, or a mortal blow
)

// Fighter is one side of a duel: the sheet, its wounds so far, and what
// the battle adds (Merry and Éowyn's blade).
type Fighter struct {
	Sheet  *Sheet
	Wounds Wounds
	// NoArmour: armour and Defence count nothing in this duel (Merry and
	// Éowyn, rulings in docs/rulings.md).
	NoArmour bool
}

// Blow is one strike of a round, as it happened: every die drawn for it.
type Blow struct {
	Attacker  int // 0 or 1: which fighter struck
	Free      bool
	SR        int
	Weapon    string
	Target    int // attack roll needed (skill less Defence)
	Attack    int // the D20
	Critical  bool
	Fumble    bool
	Hit       bool
	Parry     int // the parry D20, 0 if none rolled
	Parried   bool
	Location  Location
	Mount     bool // the blow struck the mount
	Damage    int  // rolled, with the damage bonus
	Armour    int  // armour (and shield) that stopped part of it
	Taken     int  // what got through
	Condition Condition
	MagicUsed []string
}

// Round is one melee round: both heroes' strike ranks and their blows in
// strike-rank order.
type Round struct {
	SR    [2]int
	Blows []Blow
}

// Outcome is a whole duel.
type Outcome struct {
	Rounds      []Round
	Wounds      [2]Wounds    // after the duel
	Condition   [2]Condition // after the duel
	Taken       [2]int       // damage taken in this duel
	MountKilled [2]bool
}

// Duel fights a duel of at most rounds melee rounds, fighter 0 the
// moving side's, drawing every die from r in the documented order.
func Duel(f [2]Fighter, rounds int, r Roller) (Outcome, error) {
	return Outcome{}, errors.New("thirdage: the duel is not written yet")
}

// Sheet is a hero's sheet (docs/formats.md).
type Sheet struct{ ID, Name string }

// Lookup finds a sheet by its ID.
func Lookup(id string) (*Sheet, bool) { return &Sheet{ID: id, Name: id}, true } // interim, until the sheets land
