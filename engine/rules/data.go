package rules

// Distances in paces (RULES.md §1 and the rulings of §12).
const (
	BaseWidth          = 160  // every base's frontage
	CommandRange       = 1200 // from the element's own general
	CommandRangeUnseen = 600  // when the general cannot see it (R12)
	ShooterRange       = 200
	ArtilleryRange     = 500
	BespellRange       = 600
	FleeDistance       = 600 // R14
	BreakOffMin        = 200 // R7
	ConformSlide       = 80  // R8
	RiverMove          = 100 // R4
	RoadMin            = 400 // R3: road move is max(good going, 400)
	ArtilleryRoad      = 300 // R3
	ArrivalClear       = 200 // returns and arrivals not this close to an enemy (§9.2, §9.3)
	HolyAura           = 600 // a friendly Paladin or Cleric this close helps against bespelling (§8)
	StrongholdWard     = 600 // an enemy Magician this close to its stronghold is harder to bespell (§8)
)

// PIP costs (RULES.md §3).
const (
	CostMove          = 1 // one element or one group
	CostAerialExtra   = 1
	CostMagicianExtra = 1
	CostOutOfRange    = 1 // once per move (R12)
	CostBespell       = 2 // the Magician's own +1 included
	CostAidBespell    = 1
	CostReplaceHordes = 1
	CostDesorcel      = 6
	CostSummon        = 6 // one God, or all the army's Dragons
	CostLurker        = 1 // D4 in docs/rulings.md
)

// Close combat and distant combat modifiers (RULES.md §6.2, §7, §8).
const (
	General        = 1
	Uphill         = 1
	RiverBank      = 1
	RearSupport    = 1
	Overlapped     = -1
	FlankOrRear    = -1
	BadGoing       = -2
	OpponentInBad  = -2
	CoverVsMissile = 2 // woods or built-up area, when shot at or bespelled
	AidEach        = -1
	AidMax         = -2
	MagicianBase   = 4  // a bespelling Magician's d6 + 4
	WardedTarget   = -2 // bespelling an enemy Magician near its stronghold
	WaterBetween   = 2  // the line to the target crosses water
	HolyHelp       = 2  // a friendly Paladin or Cleric within HolyAura
)

// Type groups that rules single out.
var (
	// FollowUp: elements that follow up a beaten opponent (§6.4).
	FollowUp = Of(Knights, Beasts, Behemoths, Warband)
	// Supported: elements helped by a like element behind them (§6.2).
	Supported = Of(Spears, Warband)
	// BadGoingExempt: elements that fight without the bad-going −2 (§6.2).
	BadGoingExempt = Of(Shooters, Warband, Lurkers, Beasts)
	// HinderedByBad: elements at −2 when their opponent is in bad going.
	HinderedByBad = (ClassSet(Mounted) | ClassSet(Aerial)) &^ Of(Beasts)
	// Heavy: only these push back these (§6.4).
	Heavy = Of(Behemoths, Dragons, Gods)
	// Tramplers destroy a friend in their recoil path, unless it is TrampleProof.
	Tramplers    = Of(Behemoths, Dragons)
	TrampleProof = Of(Behemoths, Sneakers) | ClassSet(Aerial)
	// SneakerProof: elements that do not ignore a loss to Sneakers (§6.3).
	SneakerProof = Of(Sneakers, Stronghold)
	// HolyHelpers: a friend of these near a bespelled element helps it (§8).
	HolyHelpers = Of(Paladins, Clerics)
)

// ShootRange returns the shooting range of t in paces, 0 if t does not shoot.
func ShootRange(t Type) int {
	switch t {
	case Shooters:
		return ShooterRange
	case Artillery:
		return ArtilleryRange
	}
	return 0
}

// PassThrough reports whether a moving element of type mover may pass
// through another element of type other (RULES.md §4.4). friend says
// whether they are on the same side, sameAxis whether they face the same
// or the opposite way, otherFighting whether other is in close combat,
// and retreating whether the mover recoils or flees.
func PassThrough(mover, other Type, friend, sameAxis, otherFighting, retreating bool) bool {
	switch {
	case mover == Sneakers || mover == Gods:
		return true
	case other == Sneakers:
		return true
	case mover == Magicians && friend:
		return true
	case mover.Aerial() && !retreating && other.Ground():
		return true
	case mover.Ground() && other.Aerial() && friend:
		return true
	case mover.Ground() && !friend && (other == Flyers || other == AerialHeroes) && !otherFighting:
		return true
	case mover.Mounted() && friend && Types[other].Class == Foot && sameAxis:
		return true
	}
	return false
}

// Rulings are the switches for points where RULES.md keeps an alternative
// (§12). The zero value is the project's standard.
type Rulings struct {
	// PrintedMoves uses the HOTT 2.0 book's Shooter 300 / Warband 200
	// moves instead of the 2004 amendment (R2).
	PrintedMoves bool `json:"printedMoves,omitempty"`
	// HeroicDuel fights the close combat of two elements that both carry
	// a hero sheet as a Third Age duel instead of the dice contest
	// (issue 15; docs/rulings.md TA20 onwards). Off by default.
	HeroicDuel bool `json:"heroicDuel,omitempty"`
}

// Move returns t's tactical move in paces in good and bad going under r
// (bad is Cannot where t may not enter).
func (r Rulings) Move(t Type) (good, bad, road int) {
	in := Types[t]
	good, bad, road = in.Good, in.Bad, in.Road
	if p, ok := Printed2[t]; ok && r.PrintedMoves {
		good, bad = p.Good, p.Bad
	}
	return good, bad, road
}

// Ruling is one entry of the rulings index, RULES.md §12.
type Ruling struct {
	ID, Point, Ruling string
}

// Index restates RULES.md §12; a test checks it against that file.
var Index = []Ruling{
	{"R1", "base depths", "table §1"},
	{"R2", "Shooter/Warband moves", "amended 200/300; printed 2.0 values behind a switch"},
	{"R3", "road speeds", "max(good going, 400), Artillery 300"},
	{"R4", "rivers", "whole move, at most 100 p; +1 defending a bank"},
	{"R5", "pooling PIPs across commands", "never"},
	{"R6", "measuring a move", "straight-line travel of the furthest-moving corner"},
	{"R7", "breaking off", "straight back ≥ 200 p, only if faster than every enemy in contact; aerials always"},
	{"R8", "conforming slide", "up to 80 p beyond the allowance"},
	{"R9", "turning to face", "when contacted on side/rear with no enemy in front, if room"},
	{"R10", "zone of control", "none; DBA-style 1 BW zone as an option, off"},
	{"R11", "overlaps", "an overlapping element must not itself have an enemy against its front"},
	{"R12", "command range cost", "+1 per move if any moved element is beyond range; out of sight = line from general crosses a wood, built-up area, city or hill (never an element)"},
	{"R13", "follow-up distance", "stay in contact; own base depth if the enemy is gone"},
	{"R14", "flee direction", "straight away from the victor, 600 p"},
	{"R15", "shooting arc and sight", "forward rectangle of the front edge; line between front-edge centres unblocked"},
	{"R16", "Magician's 1s", "ensorcelled on the second 1 rolled while bespelling"},
	{"R17", "ensorcelled general", "counts as lost"},
	{"R18", "returned Hordes", "no longer count as lost"},
	{"R19", "God/Dragon/Lurker arrival and God departure", "own base edge; God leaves on a PIP roll of 1"},
	{"R20", "both sides lose in one bound", "the moving side wins"},
	{"R21", "paths", "a move is 1–4 straight legs, each measured by its furthest-moving corner, summed"},
	{"R22", "reaching a flank or rear", "any legal path within the allowance; no start-position restriction"},
	{"R23", "what counts as a flank or rear enemy", "only an enemy whose front edge is against the side or rear edge"},
	{"R24", "doubled against \"no effect\" / \"leave the table\" rows", "those rows stand; strongholds are captured"},
	{"R25", "bespell results", "§8's list replaces §6.3's rows; others recoil even in bad going"},
	{"R26", "standard battle set-up", "§13"},
	{"R27", "who defends", "each player rolls a d6, re-rolling ties; the lower defends"},
}
