package engine

import (
	"maps"
	"strconv"
	"strings"

	"pelennor/engine/rules"
)

// Code says exactly what an event reports, within its kind. Codes are
// stable: programs (the game, the bots, readers of `hott play`) act on
// them and on the typed fields, and only Describe turns them into words.
type Code string

// The event codes, by kind (docs/formats.md, events).
const (
	CodeBound        Code = "bound"          // bound: Value, Side
	CodeDeployPhase  Code = "deploy_phase"   // phase: Side may rearrange
	CodePhase        Code = "phase"          // phase: Detail is the phase
	CodeVictory      Code = "victory"        // gameover: Side won
	CodePIPDie       Code = "pip_die"        // die: Command
	CodeAttackerDie  Code = "attacker_die"   // die: ID, the attacker's (Purpose says which contest)
	CodeDefenderDie  Code = "defender_die"   // die: ID, the defender's
	CodeEventDie     Code = "event_die"      // die: N, Detail the event's name
	CodePIPs         Code = "pips"           // pips: Command, Value
	CodeSpentMove    Code = "spent_move"     // spent: ID moved, Cost
	CodeSpentGroup   Code = "spent_group"    // spent: N elements moved as a group, Cost
	CodeSpentBespell Code = "spent_bespell"  // spent: ID bespells Other
	CodeSpentReturn  Code = "spent_return"   // spent: ID replaced or desorcelled
	CodeSpentSummon  Code = "spent_summon"   // spent: ID (the first) brought on
	CodeMoved        Code = "moved"          // moved: ID, Value paces
	CodeDeployed     Code = "deployed"       // moved: ID deployed
	CodePlaced       Code = "placed"         // arrived: ID re-placed
	CodeTurned       Code = "turned"         // turned: ID faces Other
	CodeContest      Code = "contest"        // combat: Combat
	CodeDuelBlow     Code = "duel_blow"      // combat: a heroic duel's blow: ID strikes Other, N the round, Limit the blow in it, Value the damage through, Combat the duel's report
	CodeDuelDie      Code = "duel_die"       // die: a heroic duel's die (Purpose), Limit its sides
	CodeApart        Code = "apart"          // combat: ID and Other no longer in contact
	CodeUnaffected   Code = "unaffected"     // combat: ID beaten, no effect
	CodeRecoiled     Code = "recoiled"       // recoiled: ID, Value paces
	CodePushed       Code = "pushed"         // pushed: ID by Other, Value paces
	CodeFled         Code = "fled"           // fled: ID from Other, Value paces
	CodeHemmedIn     Code = "hemmed_in"      // fled: ID cannot flee
	CodeFollowed     Code = "followed"       // followed: ID after Other, Value paces
	CodeDestroyedBy  Code = "destroyed_by"   // destroyed: ID by Other
	CodeCaptured     Code = "captured"       // destroyed: stronghold ID by Other
	CodeRecoilFlank  Code = "recoil_flanked" // destroyed: Other against ID's Detail edge
	CodeRecoilBlock  Code = "recoil_blocked" // destroyed: ID, Detail why
	CodeTrampled     Code = "trampled"       // destroyed: ID trampled by Other
	CodeSupporter    Code = "supporter"      // destroyed: ID with Other, which it supported
	CodeFledOff      Code = "fled_off"       // destroyed: ID fled off the table
	CodeFleeTerrain  Code = "flee_terrain"   // destroyed: ID fled into Detail
	CodeFleeEnemy    Code = "flee_enemy"     // destroyed: ID fled into Other
	CodeEnsorcelled  Code = "ensorcelled_by" // ensorcelled: ID by Other
	CodeSecondOne    Code = "second_one"     // ensorcelled: ID's second 1 (R16)
	CodeLeftBeaten   Code = "left_beaten"    // left: ID beaten by Other
	CodeDeparts      Code = "departs"        // left: ID, a God, on a PIP die of 1
	CodeReplaced     Code = "replaced"       // arrived: ID, replaced Hordes
	CodeDesorcelled  Code = "desorcelled"    // arrived: ID
	CodeSummoned     Code = "summoned"       // arrived: ID
	CodeEntered      Code = "entered"        // arrived: ID, by a scenario event
	CodeBreakPoint   Code = "break_point"    // broken: Command, Value lost AP, Limit its break point
	CodeGeneralTest  Code = "general_test"   // broken: Command, Value the PIP roll, Limit lost AP
	CodeEvent        Code = "event"          // scenario: event N (Detail its name) happens, Command
	CodeEventCounted Code = "event_counted"  // scenario: event N counts as having happened
	CodeActivated    Code = "activated"      // scenario: Command activated
	CodeNoRoomPlace  Code = "no_room_place"  // scenario: general ID cannot be placed
	CodeNoRoomEnter  Code = "no_room_enter"  // scenario: ID cannot enter
	CodePIPPenalty   Code = "pip_penalty"    // scenario: Command's die scores Value less (Detail the event)
	CodeFightsOn     Code = "fights_on"      // scenario: Command passed the general test: Value roll, Limit lost AP
	CodeGandalf      Code = "gandalf"        // scenario: Gandalf (ID) appears
	CodeGandalfWaits Code = "gandalf_waits"  // scenario: Gandalf (ID) must wait for room
	CodeMerryEowyn   Code = "merry_eowyn"    // scenario: Merry and Éowyn against ID, Value the factor
	CodeFellBeast    Code = "fell_beast"     // scenario: ID's fell beast slain: Detail its new type, Value AP lost
	CodeLose         Code = "lose"           // scenario: Lost[0] meets a losing condition
	CodeBothLose     Code = "both_lose"      // scenario: both sides do; the moving side wins (R20)
)

// The losing conditions, the codes of a Loss.
const (
	CodeLossGeneral    Code = "general_lost"        // its general is lost (standard rules)
	CodeLossAP         Code = "ap_lost"             // it lost Value of its Limit AP, half or more (standard rules)
	CodeLossStronghold Code = "stronghold_captured" // its stronghold is captured (standard rules)
	CodeLossAllBroken  Code = "all_broken"          // all its commands are broken (commands rules)
	CodeLossEvery      Code = "every_broken"        // every command on the table is broken (Pelennor)
	CodeLossEverySpare Code = "every_broken_spare"  // all but one, its stronghold being captured (Pelennor)
)

// FactorCode says why a factor counts.
type FactorCode string

const (
	FactorType        FactorCode = "type"         // Type's factor against Class
	FactorShootType   FactorCode = "shoot_type"   // Type shooting at Class
	FactorVsMagic     FactorCode = "vs_magic"     // Type's factor against magic
	FactorGeneral     FactorCode = "general"      //
	FactorUphill      FactorCode = "uphill"       //
	FactorRiverBank   FactorCode = "river_bank"   //
	FactorRearSupport FactorCode = "rear_support" //
	FactorOverlap     FactorCode = "overlap"      // by ID, on the Edge (left, right)
	FactorFlank       FactorCode = "flank"        // ID against its Edge
	FactorFrontAlso   FactorCode = "front_also"   // ID, a second enemy against its front
	FactorBadGoing    FactorCode = "bad_going"    //
	FactorOpponentBad FactorCode = "opponent_bad" //
	FactorBroken      FactorCode = "broken"       // of a broken command
	FactorMagician    FactorCode = "magician"     // a bespelling Magician's base
	FactorWarded      FactorCode = "warded"       // a Magician near its stronghold
	FactorCover       FactorCode = "cover"        // in a wood or built-up area
	FactorWater       FactorCode = "water"        // bespelled across water
	FactorHoly        FactorCode = "holy"         // near ID, a Cleric or Paladin
	FactorAiding      FactorCode = "aiding"       // Count aiders
	FactorMerryEowyn  FactorCode = "merry_eowyn"  // PELENNOR.md §5.6
)

// Wording is every format Describe uses: one per event code, factor
// code and cost item. A format is text with {fields} (see expand).
type Wording struct {
	Events  map[Code]string
	Factors map[FactorCode]string
	Costs   map[CostCode]string
}

var wording = Wording{
	Events: map[Code]string{
		CodeBound:          "Bound {value}: {side} to move",
		CodeDeployPhase:    "Deployment: {side} may rearrange within their zones",
		CodePhase:          "Phase: {detail}",
		CodeVictory:        "{side} win the battle",
		CodePIPDie:         "PIP die of {command}: rolled {value}",
		CodeAttackerDie:    "{contest}: {name}: rolled {value}",
		CodeDefenderDie:    "{contested}: {name}: rolled {value}",
		CodeEventDie:       "event {n}: {detail}: rolled {value}",
		CodePIPs:           "{command} has {pips}",
		CodeSpentMove:      "{command} spends {pips} on moving {name} ({cost}) ({left} left)",
		CodeSpentGroup:     "{command} spends {pips} on moving a group of {n} ({cost}) ({left} left)",
		CodeSpentBespell:   "{command} spends {pips} on {name} bespelling {other} ({left} left)",
		CodeSpentReturn:    "{command} spends {pips} on bringing back {name} ({left} left)",
		CodeSpentSummon:    "{command} spends {pips} on bringing on {name} ({left} left)",
		CodeMoved:          "{name} moves {paces}",
		CodeDeployed:       "{name} deploys",
		CodePlaced:         "{name} is placed",
		CodeTurned:         "{name} turns to face {other}",
		CodeContest:        "{combat}",
		CodeDuelBlow:       "{blow}",
		CodeDuelDie:        "heroic duel: {name}: {die}: rolled {value}",
		CodeApart:          "{name} and {other} are no longer in combat",
		CodeUnaffected:     "{name} is beaten but unaffected",
		CodeRecoiled:       "{name} recoils {paces}",
		CodePushed:         "{name} is pushed back {paces} by {other}",
		CodeFled:           "{name} flees {paces}",
		CodeHemmedIn:       "{name} cannot flee: friends hem it in",
		CodeFollowed:       "{name} follows up {paces}",
		CodeDestroyedBy:    "{name} destroyed by {other}",
		CodeCaptured:       "{name} is captured by {other}",
		CodeRecoilFlank:    "{name} cannot recoil with {other} against its {detail}: destroyed",
		CodeRecoilBlock:    "{name} cannot recoil: {detail}",
		CodeTrampled:       "{name} trampled by {other}",
		CodeSupporter:      "{name} destroyed with the element it supported",
		CodeFledOff:        "{name} flees off the table",
		CodeFleeTerrain:    "{name} flees into {detail} and is destroyed",
		CodeFleeEnemy:      "{name} flees into {other} and is destroyed",
		CodeEnsorcelled:    "{name} ensorcelled by {other}",
		CodeSecondOne:      "{name} rolls a second 1 while bespelling and is ensorcelled (R16)",
		CodeLeftBeaten:     "{name} leaves the table, beaten by {other}",
		CodeDeparts:        "{name} departs: its command's PIP die shows 1",
		CodeReplaced:       "{name} returns to the fight",
		CodeDesorcelled:    "{name} is desorcelled and returns",
		CodeSummoned:       "{name} arrives",
		CodeEntered:        "{name} arrives",
		CodeBreakPoint:     "{command} is broken: it has lost {value} AP, its break point is {limit}",
		CodeGeneralTest:    "{command} is broken: it lost its general, and its PIP roll of {value} is no more than half its {limit} lost AP",
		CodeEvent:          "Event {n}: {detail}",
		CodeEventCounted:   "Event {n} counts as having happened (P2)",
		CodeActivated:      "{command} is activated",
		CodeNoRoomPlace:    "There is no room to place {name}",
		CodeNoRoomEnter:    "There is no room for {name} to enter",
		CodePIPPenalty:     "{command}'s PIP die scores {value} less ({detail})",
		CodeFightsOn:       "{command} fights on without its general (PIP roll {value} against {limit} lost AP); every move counts as beyond command range",
		CodeGandalf:        "Gandalf the White rides out of the Gate",
		CodeGandalfWaits:   "Gandalf cannot come out yet: the front of the Gate is full; he comes as soon as there is room",
		CodeMerryEowyn:     "Merry and Éowyn stand against {name}: {signed} in this combat",
		CodeFellBeast:      "{name}'s fell beast is slain: he fights on as {detail}, and his command loses {value} AP",
		CodeLose:           "{loser} lose: {why}",
		CodeBothLose:       "Both sides meet a losing condition; the moving side wins (R20): {losses}",
		CodeLossGeneral:    "its general is lost",
		CodeLossAP:         "it has lost {value} of its {limit} AP",
		CodeLossStronghold: "its stronghold is captured",
		CodeLossAllBroken:  "all its commands are broken",
		CodeLossEvery:      "every command on the table is broken",
		CodeLossEverySpare: "every command on the table is broken (the stronghold is captured, so one may stand)",
	},
	Factors: map[FactorCode]string{
		FactorType:        "{type} against {class}",
		FactorShootType:   "{type} shooting at {class}",
		FactorVsMagic:     "{type} against magic",
		FactorGeneral:     "general",
		FactorUphill:      "uphill",
		FactorRiverBank:   "defending the river bank",
		FactorRearSupport: "rear support",
		FactorOverlap:     "overlapped on the {edge}",
		FactorFlank:       "{name} against its {edge}",
		FactorFrontAlso:   "{name} also against its front",
		FactorBadGoing:    "in bad going",
		FactorOpponentBad: "opponent in bad going",
		FactorBroken:      "broken command",
		FactorMagician:    "Magician",
		FactorWarded:      "target near its stronghold",
		FactorCover:       "in a wood or built-up area",
		FactorWater:       "across water",
		FactorHoly:        "near {name}",
		FactorAiding:      "{count} aiding",
		FactorMerryEowyn:  "Merry and Éowyn",
	},
	Costs: map[CostCode]string{
		CostMove:       "{pips} to move",
		CostAerial:     "+{pips} aerial",
		CostMagician:   "+{pips} Magician",
		CostOutOfRange: "+{pips} beyond command range",
		CostBroken:     "+{pips} broken command",
		CostBespell:    "{pips} to bespell",
		CostAiders:     "+{pips} for aiders",
		CostReplace:    "{pips} to replace",
		CostDesorcel:   "{pips} to desorcel",
		CostSummon:     "{pips} to bring on",
	},
}

// codeFate gives the fate and cause that a removal or flight code
// means, so that emit fills them (the Odds types, odds.go); other codes
// mean none. A switch, not a map: every event asks, and most codes are
// none of these.
func codeFate(c Code) (Fate, Cause) {
	switch c {
	case CodeDestroyedBy:
		return FateDestroyed, 0
	case CodeCaptured:
		return FateCaptured, 0
	case CodeRecoilFlank, CodeRecoilBlock:
		return FateDestroyed, CauseRecoilBlocked
	case CodeTrampled:
		return FateDestroyed, CauseTrampled
	case CodeSupporter:
		return FateDestroyed, CauseSupporter
	case CodeFledOff:
		return FateFledOff, CauseFledOff
	case CodeFleeTerrain, CodeFleeEnemy:
		return FateDestroyed, CauseFleeBlocked
	case CodeEnsorcelled:
		return FateEnsorcelled, 0
	case CodeSecondOne:
		return FateEnsorcelled, CauseSecondOne
	case CodeLeftBeaten, CodeDeparts:
		return FateLeft, 0
	case CodeUnaffected:
		return FateUnaffected, 0
	case CodeFled:
		return FateFled, 0
	case CodeHemmedIn:
		return FateFled, CauseHemmedIn
	case CodeRecoiled:
		return FateRecoiled, 0
	}
	return 0, 0
}

// SetWording replaces Describe's formats (missing entries fall back to
// the code itself) and returns a function that restores the old ones. It
// is a test hook, to show that no behaviour depends on the words; it is
// not safe while games run in other goroutines.
func SetWording(w Wording) (restore func()) {
	old := wording
	wording = w
	return func() { wording = old }
}

// DefaultWording returns a copy of the formats Describe uses now: the
// defaults, unless SetWording replaced them.
func DefaultWording() Wording {
	return Wording{Events: maps.Clone(wording.Events), Factors: maps.Clone(wording.Factors), Costs: maps.Clone(wording.Costs)}
}

// Describe writes the event's line for the battle log from its fields.
func (e Event) Describe() string {
	f, ok := wording.Events[e.Code]
	if !ok {
		f = string(e.Code)
	}
	return expand(f, e.field)
}

// spendWhat names what PIPs would pay for, in a refusal.
var spendWhat = map[Code]string{
	CodeSpentMove:    "moving {name} ({cost})",
	CodeSpentGroup:   "moving a group of {n} ({cost})",
	CodeSpentBespell: "{name} bespelling {other}",
	CodeSpentReturn:  "bringing back {name}",
	CodeSpentSummon:  "bringing on {name}",
}

// field gives the value of {key} in a format.
func (e Event) field(key string) (string, bool) {
	switch key {
	case "name":
		return e.Name, true
	case "other":
		return e.OName, true
	case "command":
		return e.CName, true
	case "side":
		return e.SName, true
	case "value":
		return strconv.Itoa(e.Value), true
	case "signed":
		return signed(e.Value), true
	case "limit":
		return strconv.Itoa(e.Limit), true
	case "n":
		return strconv.Itoa(e.N), true
	case "left":
		return strconv.Itoa(e.Left), true
	case "pips":
		return strconv.Itoa(e.Value) + " PIP" + plural(e.Value), true
	case "paces":
		return paces(e.Value), true
	case "detail":
		return e.Detail, true
	case "cost":
		return CostText(e.Cost), true
	case "contest":
		return dieWords[e.Purpose][0], true
	case "contested":
		return dieWords[e.Purpose][1], true
	case "blow":
		return describeBlow(e), true
	case "die":
		return duelDieWords[e.Purpose] + " d" + strconv.Itoa(e.Limit), true
	case "combat":
		if e.Combat == nil {
			return "", true
		}
		return e.Combat.Describe(), true
	case "losses":
		var parts []string
		for _, l := range e.Lost {
			parts = append(parts, l.Name+" "+l.Describe())
		}
		return strings.Join(parts, "; "), true
	case "loser", "why":
		if len(e.Lost) == 0 {
			return "", true
		}
		if key == "loser" {
			return e.Lost[0].Name, true
		}
		return e.Lost[0].Describe(), true
	}
	return "", false
}

// Describe words a losing condition.
func (l Loss) Describe() string {
	f, ok := wording.Events[l.Code]
	if !ok {
		f = string(l.Code)
	}
	return expand(f, func(key string) (string, bool) {
		switch key {
		case "value":
			return strconv.Itoa(l.Value), true
		case "limit":
			return strconv.Itoa(l.Limit), true
		}
		return "", false
	})
}

// duelDieWords name a duel's dice by purpose.
var duelDieWords = map[DiePurpose]string{
	DieDuelAttack: "attack", DieDuelParry: "parry", DieDuelLocation: "hit location", DieDuelDamage: "damage", DieDuelBonus: "damage bonus",
}

// dieWords name a contest's dice: the attacker's, then the defender's.
var dieWords = map[DiePurpose][2]string{
	DieClose:   {rules.Close.String(), rules.Close.String()},
	DieShoot:   {rules.Shoot.String(), "shot at"},
	DieBespell: {rules.Bespell.String(), "bespelled"},
}

// Describe writes a factor's reason.
func (f Factor) Describe() string {
	s, ok := wording.Factors[f.Code]
	if !ok {
		s = string(f.Code)
	}
	return expand(s, func(key string) (string, bool) {
		switch key {
		case "type":
			return f.Type, true
		case "class":
			return f.Class, true
		case "name":
			return f.Name, true
		case "edge":
			return f.Edge, true
		case "count":
			return strconv.Itoa(f.Count), true
		case "value":
			return strconv.Itoa(f.Value), true
		}
		return "", false
	})
}

// CostText explains a PIP cost from its items, e.g. "1 to move +1
// aerial".
func CostText(items []CostItem) string {
	parts := make([]string, 0, len(items))
	for _, c := range items {
		s, ok := wording.Costs[c.Code]
		if !ok {
			s = string(c.Code) + " {pips}"
		}
		parts = append(parts, expand(s, func(key string) (string, bool) {
			return strconv.Itoa(c.PIPs), key == "pips"
		}))
	}
	return strings.Join(parts, " ")
}

// Describe writes a contest's line: both totals, then what came of it.
func (r *Report) Describe() string {
	if r.Duel != nil {
		return r.describeDuel()
	}
	side := func(f Fighter) string {
		return f.Name + " " + strconv.Itoa(f.Score) + "+" + strconv.Itoa(f.Die) + "=" + strconv.Itoa(f.Total)
	}
	return r.Contest + ": " + side(r.Attacker) + " against " + side(r.Defender) + ": " + r.Outcome()
}

// Outcome says what came of a contest: who suffered what, or why
// nothing happened.
func (r *Report) Outcome() string {
	none := rules.NoResult.String()
	a, d := r.Attacker, r.Defender
	switch {
	case a.Result != none && d.Result != none:
		return a.Name + " " + a.Result + ", " + d.Name + " " + d.Result
	case a.Result != none:
		return a.Name + " " + a.Result
	case d.Result != none:
		return d.Name + " " + d.Result
	case a.Total == d.Total:
		return "equal, nothing happens"
	}
	return "the loser ignores the result"
}

// expand replaces each {key} of format with get(key); unknown keys stay
// as written.
func expand(format string, get func(string) (string, bool)) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(format, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(format[i:], '}')
		if j < 0 {
			break
		}
		v, ok := get(format[i+1 : i+j])
		if !ok {
			v = format[i : i+j+1]
		}
		b.WriteString(format[:i])
		b.WriteString(v)
		format = format[i+j+1:]
	}
	b.WriteString(format)
	return b.String()
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
