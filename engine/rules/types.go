// Package rules holds the rules of Hordes of the Things as data: the
// element types (RULES.md §2), the combat outcome table (§6.3) and the
// named rulings (§12). The engine reads these tables; it does not repeat
// their numbers in code.
package rules

// Version changes whenever a change here or in the engine can alter the
// course of an existing game: a factor, a table row, the draw order, a
// rounding. Saves record it and refuse to load under another version.
const Version = 2

// Class decides which factor an opponent uses (RULES.md §2).
type Class int

const (
	Foot Class = iota
	Mounted
	Aerial
	Fortification // the stronghold: fights as foot, never moves
)

var classNames = [...]string{"foot", "mounted", "aerial", "stronghold"}

func (c Class) String() string { return classNames[c] }

// Type is an element type.
type Type int

const (
	Blades Type = iota
	Spears
	Warband
	Shooters
	Hordes
	Artillery
	Sneakers
	Lurkers
	Magicians
	Clerics
	Knights
	Riders
	Beasts
	Behemoths
	Heroes
	Paladins
	Flyers
	Airboats
	AerialHeroes
	Dragons
	Gods
	Stronghold
	NumTypes
)

// Cannot marks a going an element may not enter.
const Cannot = -1

// TypeInfo is one row of the element table, RULES.md §2 and R1.
// Distances are in paces.
type TypeInfo struct {
	Name      string // as written in scenario files and shown to players
	Class     Class
	AP        int
	VsFoot    int // factor against foot and strongholds
	VsMounted int // factor against mounted and aerial elements
	Good      int // tactical move in good going
	Bad       int // in bad going, or Cannot
	Road      int // when the whole move is along a road (R3)
	Depth     int // base depth (R1)
}

// Types is the element table, indexed by Type.
var Types = [NumTypes]TypeInfo{
	Blades:       {"Blades", Foot, 2, 5, 3, 200, 200, 400, 60},
	Spears:       {"Spears", Foot, 2, 4, 4, 200, 200, 400, 60},
	Warband:      {"Warband", Foot, 2, 3, 3, 300, 300, 400, 80},
	Shooters:     {"Shooters", Foot, 2, 3, 4, 200, 200, 400, 60},
	Hordes:       {"Hordes", Foot, 1, 2, 2, 200, 200, 400, 80},
	Artillery:    {"Artillery", Foot, 3, 4, 4, 200, Cannot, 300, 160},
	Sneakers:     {"Sneakers", Foot, 3, 5, 3, 300, 300, 400, 80},
	Lurkers:      {"Lurkers", Foot, 1, 2, 2, 200, 200, 400, 80},
	Magicians:    {"Magicians", Foot, 4, 4, 4, 500, 200, 500, 160},
	Clerics:      {"Clerics", Foot, 3, 4, 4, 200, 200, 400, 80},
	Knights:      {"Knights", Mounted, 2, 3, 4, 300, 200, 400, 120},
	Riders:       {"Riders", Mounted, 2, 3, 3, 500, 200, 500, 120},
	Beasts:       {"Beasts", Mounted, 2, 3, 4, 400, 400, 400, 120},
	Behemoths:    {"Behemoths", Mounted, 4, 4, 5, 300, 200, 400, 160},
	Heroes:       {"Heroes", Mounted, 4, 5, 5, 500, 200, 500, 160},
	Paladins:     {"Paladins", Mounted, 4, 6, 6, 500, 200, 500, 160},
	Flyers:       {"Flyers", Aerial, 2, 2, 2, 1200, 1200, 1200, 120},
	Airboats:     {"Airboats", Aerial, 3, 5, 3, 500, 500, 500, 120},
	AerialHeroes: {"Aerial Heroes", Aerial, 6, 5, 5, 1200, 1200, 1200, 160},
	Dragons:      {"Dragons", Aerial, 4, 6, 6, 1200, 1200, 1200, 160},
	Gods:         {"Gods", Aerial, 4, 6, 6, 1200, 1200, 1200, 160},
	Stronghold:   {"Stronghold", Fortification, 0, 6, 6, 0, Cannot, 0, 0},
}

// Printed2 holds the HOTT 2.0 book's Shooter and Warband moves, used when
// Rulings.PrintedMoves is set (R2).
var Printed2 = map[Type]struct{ Good, Bad int }{
	Shooters: {300, 300},
	Warband:  {200, 200},
}

func (t Type) String() string {
	if t < 0 || t >= NumTypes {
		return "unknown type"
	}
	return Types[t].Name
}

// Info returns the table row of t.
func (t Type) Info() TypeInfo { return Types[t] }

// ParseType finds a type by its table name ("Aerial Heroes").
func ParseType(name string) (Type, bool) {
	for t := Type(0); t < NumTypes; t++ {
		if Types[t].Name == name {
			return t, true
		}
	}
	return 0, false
}

// Ground reports whether elements of t walk or ride (not aerial, not the stronghold).
func (t Type) Ground() bool { c := Types[t].Class; return c == Foot || c == Mounted }

// Aerial reports whether t flies.
func (t Type) Aerial() bool { return Types[t].Class == Aerial }

// Mounted reports whether t is mounted.
func (t Type) Mounted() bool { return Types[t].Class == Mounted }

// Factor is t's combat factor against an opponent of type opp.
func (t Type) Factor(opp Type) int {
	if c := Types[opp].Class; c == Foot || c == Fortification {
		return Types[t].VsFoot
	}
	return Types[t].VsMounted
}

// Arrives reports types that are not deployed at the start but arrive for
// PIPs (RULES.md §9.4).
func (t Type) Arrives() bool { return t == Gods || t == Dragons || t == Lurkers }
