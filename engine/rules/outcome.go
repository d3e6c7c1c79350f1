package rules

// Set is a set of element types.
type Set uint32

// Of makes a set of the given types.
func Of(ts ...Type) Set {
	var s Set
	for _, t := range ts {
		s |= 1 << uint(t)
	}
	return s
}

// Has reports whether t is in s.
func (s Set) Has(t Type) bool { return s&(1<<uint(t)) != 0 }

// AllTypes is every element type.
const AllTypes Set = 1<<uint(NumTypes) - 1

// ClassSet returns every type of class c.
func ClassSet(c Class) Set {
	var s Set
	for t := Type(0); t < NumTypes; t++ {
		if Types[t].Class == c {
			s |= Of(t)
		}
	}
	return s
}

// Contest is the kind of fight a result comes from.
type Contest int

const (
	Close Contest = iota
	Shoot
	Bespell
)

var contestNames = [...]string{"close combat", "shooting", "bespelling"}

func (c Contest) String() string { return contestNames[c] }

// Result is what happens to a side after the totals are compared.
type Result int

const (
	NoResult    Result = iota // totals equal, or the side won
	Recoil                    // RULES.md §6.4
	Destroyed                 //
	Flee                      // §6.5: recoil, then 600 p away from the victor
	Ensorcelled               // removed, may be desorcelled (§9.2)
	LeaveTable                // gone, counts as lost
	NoEffect                  // beaten but unaffected
	Captured                  // a stronghold taken
)

var resultNames = [...]string{"nothing", "recoils", "destroyed", "flees", "ensorcelled", "leaves the table", "no effect", "captured"}

func (r Result) String() string { return resultNames[r] }

// Going is a condition on the going a loser stands in.
type Going int

const (
	AnyGoing Going = iota
	InGood
	InBad
)

// Row is one line of the outcome table, RULES.md §6.3. A row applies when
// the loser is in Losers, the winner in Winners, the contest in Contests
// (empty: any), the loser's going matches, and, if Charged is set, the loser
// moved into contact with the winner this bound.
type Row struct {
	Losers   Set
	Winners  Set
	Contests []Contest
	Going    Going
	Charged  bool
	Result   Result
}

func (r Row) matches(b Beaten) bool {
	if !r.Losers.Has(b.Loser) || !r.Winners.Has(b.Winner) {
		return false
	}
	if len(r.Contests) > 0 {
		ok := false
		for _, c := range r.Contests {
			ok = ok || c == b.Contest
		}
		if !ok {
			return false
		}
	}
	switch r.Going {
	case InGood:
		if b.LoserInBad {
			return false
		}
	case InBad:
		if !b.LoserInBad {
			return false
		}
	}
	return !r.Charged || b.LoserCharged
}

var (
	anyMounted = ClassSet(Mounted)
	anyGround  = ClassSet(Foot) | ClassSet(Mounted)
	heroic     = Of(Heroes, AerialHeroes, Paladins)
	closeOnly  = []Contest{Close}
	distant    = []Contest{Shoot, Bespell}
)

// Outcomes is the outcome table, RULES.md §6.3, in the order rows are
// tried; a beaten element no row matches recoils.
var Outcomes = []Row{
	{Losers: Of(Blades), Winners: Of(Warband), Result: Destroyed},
	{Losers: Of(Spears), Winners: Of(Knights), Going: InGood, Result: Destroyed},
	{Losers: Of(Spears), Winners: Of(Warband), Result: Destroyed},
	{Losers: Of(Warband), Winners: Of(Behemoths), Result: Destroyed},
	{Losers: Of(Warband), Winners: Of(Knights), Going: InGood, Result: Destroyed},
	{Losers: Of(Hordes, Clerics), Winners: Of(Knights), Going: InGood, Result: Destroyed},
	{Losers: Of(Hordes, Clerics), Winners: Of(Warband), Result: Destroyed},
	{Losers: Of(Shooters), Winners: anyMounted, Contests: closeOnly, Result: Destroyed},
	{Losers: Of(Artillery), Winners: AllTypes, Contests: closeOnly, Result: Destroyed},
	{Losers: Of(Artillery), Winners: AllTypes, Contests: distant, Result: NoEffect},
	{Losers: Of(Knights), Winners: Of(Behemoths), Result: Destroyed},
	{Losers: Of(Knights), Winners: Of(Shooters, Artillery, Magicians), Contests: closeOnly, Charged: true, Result: Destroyed},
	{Losers: Of(Knights, Riders), Winners: AllTypes, Going: InBad, Result: Destroyed},
	{Losers: Of(Beasts), Winners: anyMounted, Contests: closeOnly, Result: Destroyed},
	{Losers: Of(Behemoths), Winners: Of(Magicians, Dragons, Artillery), Result: Flee},
	{Losers: Of(Heroes, AerialHeroes), Winners: Of(Heroes, AerialHeroes, Paladins, Artillery), Result: Destroyed},
	{Losers: Of(Heroes, AerialHeroes), Winners: Of(Stronghold), Result: Flee},
	{Losers: Of(Heroes, AerialHeroes, Magicians), Winners: Of(Magicians), Result: Ensorcelled},
	{Losers: Of(Magicians), Winners: heroic | Of(Dragons, Gods), Result: Destroyed},
	{Losers: Of(Paladins), Winners: AllTypes, Contests: closeOnly, Result: Destroyed},
	{Losers: Of(Paladins), Winners: AllTypes, Contests: distant, Result: NoEffect},
	{Losers: Of(Flyers, Airboats), Winners: Of(Magicians), Result: Flee},
	{Losers: Of(Sneakers), Winners: AllTypes, Result: Flee},
	{Losers: Of(Lurkers), Winners: AllTypes, Result: LeaveTable},
	{Losers: Of(Dragons), Winners: heroic, Result: Destroyed},
	{Losers: Of(Dragons), Winners: AllTypes, Result: LeaveTable},
	{Losers: Of(Gods), Winners: Of(Gods, Magicians, Clerics), Result: LeaveTable},
	{Losers: Of(Gods), Winners: AllTypes, Result: NoEffect},
	{Losers: Of(Stronghold), Winners: anyGround, Result: Captured},
	{Losers: Of(Stronghold), Winners: ClassSet(Aerial), Result: NoEffect},
	// A stronghold never recoils, whatever beats it.
	{Losers: Of(Stronghold), Winners: AllTypes, Result: NoEffect},
}

// BespellOutcomes is what a Magician's winning bespell does to its target
// (RULES.md §8); a target no row matches recoils.
var BespellOutcomes = []Row{
	{Losers: Of(Heroes, AerialHeroes, Magicians), Winners: AllTypes, Result: Ensorcelled},
	{Losers: Of(Behemoths, Flyers, Airboats), Winners: AllTypes, Result: Flee},
	{Losers: Of(Dragons, Gods), Winners: AllTypes, Result: LeaveTable},
	{Losers: Of(Paladins, Artillery, Stronghold), Winners: AllTypes, Result: NoEffect},
}

// Beaten describes a lost contest, for the outcome table.
type Beaten struct {
	Loser, Winner Type
	Contest       Contest
	LoserInBad    bool // the loser stands partly in bad going
	LoserCharged  bool // the loser moved into contact with the winner this bound
	Doubled       bool // the loser's total is half the winner's or less
	MagicianWon   bool // the winner is a Magician bespelling this loser
}

// Outcome returns what happens to the loser of a contest. When doubled
// the loser is destroyed (a stronghold captured), except where its row
// says it is unaffected or leaves the table (docs/rulings.md, D1).
func Outcome(b Beaten) Result {
	var r Result
	if b.Loser >= 0 && b.Loser < NumTypes && b.Winner >= 0 && b.Winner < NumTypes && b.Contest >= 0 && b.Contest <= Bespell {
		r = Result(outcomeOf[bit(b.MagicianWon)][b.Contest][bit(b.LoserInBad)][bit(b.LoserCharged)][b.Loser][b.Winner])
	} else {
		r = rowResult(b)
	}
	if !b.Doubled {
		return r
	}
	switch r {
	case NoEffect, LeaveTable, Captured:
		return r
	}
	return Destroyed
}

// outcomeOf holds rowResult for every contest undoubled, by whether a
// Magician won a bespell, the contest, whether the loser is in bad going
// and had charged, the loser's and the winner's types: worked out once
// from the rows, so that a combat looks its result up instead of trying
// the rows in turn.
var outcomeOf = func() (t [2][Bespell + 1][2][2][NumTypes][NumTypes]uint8) {
	for m := range 2 {
		for c := Close; c <= Bespell; c++ {
			for bad := range 2 {
				for ch := range 2 {
					for l := range NumTypes {
						for w := range NumTypes {
							b := Beaten{Loser: l, Winner: w, Contest: c, LoserInBad: bad == 1, LoserCharged: ch == 1, MagicianWon: m == 1}
							t[m][c][bad][ch][l][w] = uint8(rowResult(b))
						}
					}
				}
			}
		}
	}
	return t
}()

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rowResult is the result of the first row that matches b, by the
// table its winner uses, before doubling.
func rowResult(b Beaten) Result {
	table := Outcomes
	if b.MagicianWon {
		table = BespellOutcomes
	}
	for _, row := range table {
		if row.matches(b) {
			return row.Result
		}
	}
	return Recoil
}

// MutualKill lists pairs that, in close combat on equal totals, are both
// destroyed when both totals are odd (RULES.md §6.3).
var MutualKill = [][2]Set{
	{Of(Heroes, AerialHeroes), Of(Heroes, AerialHeroes)},
	{Of(Paladins), Of(Magicians)},
}

// BothDie reports whether equal odd totals destroy both a and b.
func BothDie(a, b Type) bool {
	for _, p := range MutualKill {
		if p[0].Has(a) && p[1].Has(b) || p[0].Has(b) && p[1].Has(a) {
			return true
		}
	}
	return false
}
