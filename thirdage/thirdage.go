// Package thirdage is the Third Age roleplaying rules this game's heroes
// are drawn from: hero sheets, their derived abilities, and the melee of
// a heroic duel. It is pure (no engine, no graphics, only the standard
// library): the engine asks it to fight a duel with dice it supplies, and
// maps the outcome onto HOTT's.
//
// # Derived abilities
//
// A sheet stores a hero's own attributes (3D6, 3–18) and its race; the
// race modifiers (RaceModifiers) are added to give the attributes every
// rule uses (3–40). Hit points are ceil((CON+SIZ)/2); each location's
// points come from the total (LocationPoints); the damage bonus from
// STR+SIZ (DamageBonus); Defence from DEX and INT (DefenceOf); armour by
// location from the kit's pieces (ArmourByLocation). All are computed,
// never stored (Sheet.Derive).
//
// # The duel and its order of dice
//
// Duel fights melee rounds. At the start of the duel each hero casts the
// duration spells its tactics list (Shield, Speed, Blur, Berserkergang),
// in the listed order, while its POW lasts. Then in each round:
//
//  1. Each hero's strike rank is SIZ SR + DEX SR + weapon SR, less Speed,
//     plus (in the first round only) the POW spent casting less one; the
//     lower strikes first, a tie goes to the higher DEX, then fighter 0.
//  2. Each hero still Fighting strikes one blow, in that order. A blow
//     draws, in this order: the attack D20 (PurposeAttack), and if it
//     missed and the hero uses Sure Blow and has the POW, a second attack
//     D20 at once; if it hit and was not a critical and the defender has a
//     shield it can use, the parry D20 (PurposeParry); if it hit, the hit
//     location D20 (PurposeLocation); then the weapon's damage dice one by
//     one (PurposeDamage), each followed at once by its Powerful Blow
//     re-roll when used (the first weapon die below half its sides, once a
//     blow); then the damage-bonus dice (PurposeBonus).
//  3. A fumble misses and the defender, if still Fighting, strikes one
//     free blow at once, drawn the same way (its own fumble just misses).
//  4. The duel ends as soon as either hero is not Fighting, or after the
//     rounds asked for.
//
// The rulings behind every choice are TA1–TA19 in docs/rulings.md.
package thirdage

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
// number of sides (4, 6, 8, 10, 12 or 20), drawn for purpose by fighter
// who (0 or 1: the striker, or for a parry the one struck). The engine's
// one generator stands behind it in a game; tests script it.
type Roller interface {
	Die(sides int, p Purpose, who int) (int, error)
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
	Attacker  int  // 0 or 1: which fighter struck
	Free      bool // a free blow after the other's fumble (its own fumble just misses)
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
	Mount     bool      // the blow struck the mount
	Damage    int       // rolled, with the damage bonus
	Armour    int       // armour (and shield) that stopped part of it
	Taken     int       // what got through (a limb counts at most twice its points)
	Condition Condition // the defender's, after the blow
	MagicUsed []string
	// Added to the contract: the attack D20 Sure Blow replaced (0 if
	// none) and the wound's effect in words ("falls", "shield arm useless: …",
	// "limb severed: incapacitated", "fell beast killed"…).
	FirstAttack int
	Effect      string
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
	// Added to the contract: the duration spells each cast at the start
	// ("Shield 2").
	Cast [2][]string
}
