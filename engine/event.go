package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"pelennor/engine/geom"
)

// EventKind names what an event reports. A small number named by
// kindNames: a bound's events are hundreds of Events, and a string kind
// made each larger (JSON and %s write the name, as before). Not a byte,
// so that go vet catches a string(kind) meant as its name.
type EventKind uint16

const (
	EvBound     EventKind = iota + 1 // a bound begins
	EvDie                            // a die was rolled
	EvPIPs                           // a command's PIPs for the bound
	EvSpent                          // PIPs spent
	EvPhase                          // a new phase
	EvMoved                          // an element moved
	EvTurned                         // an element turned to face an attacker
	EvCombat                         // a close combat, shot or bespell was resolved
	EvRecoiled                       //
	EvPushed                         // pushed back by a recoiling friend
	EvFled                           //
	EvFollowed                       // followed up
	EvDestroyed                      // destroyed, trampled, captured or fled off the table
	EvSorcery                        // ensorcelled
	EvLeft                           // left the table
	EvArrived                        // placed on the table (return, arrival, scenario event)
	EvBroken                         // a command broke
	EvScenario                       // a scenario rule acted
	EvGameOver                       // the game is over
	EvSetup                          // a step of a standard battle's set-up (setup_events.go)
)

// kindNames are the kinds' names, in the order of the constants; the zero
// kind has none.
var kindNames = [...]string{"", "bound", "die", "pips", "spent", "phase", "moved", "turned", "combat", "recoiled", "pushed", "fled", "followed", "destroyed", "ensorcelled", "left", "arrived", "broken", "scenario", "gameover", "setup"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind" + strconv.Itoa(int(k))
}

// MarshalText writes a kind as its name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	i := slices.Index(kindNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown event kind %q", b)
	}
	*k = EventKind(i)
	return nil
}

// Event is one thing that happened, in typed fields: a program follows
// the game from Kind, Code and the fields, never from the words, which
// Describe writes (docs/formats.md, events). Names are kept beside ids so
// that Describe needs nothing but the event.
type Event struct {
	// The four small numbers first, together in one word; JSON writes
	// the fields in eventJSON's order, the documented one.
	Kind    EventKind  `json:"kind"`
	Purpose DiePurpose `json:"purpose,omitempty"` // why a die was rolled
	Fate    Fate       `json:"fate,omitempty"`    // where a removed or fleeing element ends
	Cause   Cause      `json:"cause,omitempty"`   // why, beyond the table result
	Code    Code       `json:"code"`              // what exactly happened, a stable code (eventtext.go)
	Bound   int        `json:"bound"`
	ID      int        `json:"id,omitempty"`    // the element concerned
	Name    string     `json:"name,omitempty"`  // its name
	Other   int        `json:"other,omitempty"` // the other element concerned
	OName   string     `json:"otherName,omitempty"`
	Command string     `json:"command,omitempty"` // a command's id
	CName   string     `json:"commandName,omitempty"`
	Side    string     `json:"side,omitempty"` // a side's id: the moving side, the winner (gameover)
	SName   string     `json:"sideName,omitempty"`
	Value   int        `json:"value,omitempty"`  // a die, PIPs, a distance in paces, a bound (by code)
	Limit   int        `json:"limit,omitempty"`  // a second number: a break point, lost AP (by code)
	N       int        `json:"n,omitempty"`      // a scenario event's number
	Left    int        `json:"left,omitempty"`   // PIPs left after spending
	Draw    int        `json:"draw,omitempty"`   // the die's draw number, from 1
	Cost    []CostItem `json:"cost,omitempty"`   // what PIPs spent paid for
	Lost    []Loss     `json:"lost,omitempty"`   // the sides that meet a losing condition
	Detail  string     `json:"detail,omitempty"` // words from a rule or the scenario, for the log only
	To      *Pose      `json:"to,omitempty"`     // where an element now stands
	Combat  *Report    `json:"combat,omitempty"`
}

// eventJSON is an Event as JSON writes it: its fields in the documented
// order (docs/formats.md, events), which is not the struct's, and its log
// line as "text".
type eventJSON struct {
	Kind    EventKind  `json:"kind"`
	Code    Code       `json:"code"`
	Bound   int        `json:"bound"`
	ID      int        `json:"id,omitempty"`
	Name    string     `json:"name,omitempty"`
	Other   int        `json:"other,omitempty"`
	OName   string     `json:"otherName,omitempty"`
	Command string     `json:"command,omitempty"`
	CName   string     `json:"commandName,omitempty"`
	Side    string     `json:"side,omitempty"`
	SName   string     `json:"sideName,omitempty"`
	Purpose DiePurpose `json:"purpose,omitempty"`
	Value   int        `json:"value,omitempty"`
	Limit   int        `json:"limit,omitempty"`
	N       int        `json:"n,omitempty"`
	Left    int        `json:"left,omitempty"`
	Draw    int        `json:"draw,omitempty"`
	Cost    []CostItem `json:"cost,omitempty"`
	Fate    Fate       `json:"fate,omitempty"`
	Cause   Cause      `json:"cause,omitempty"`
	Lost    []Loss     `json:"lost,omitempty"`
	Detail  string     `json:"detail,omitempty"`
	To      *Pose      `json:"to,omitempty"`
	Combat  *Report    `json:"combat,omitempty"`
	Text    string     `json:"text"`
}

// MarshalJSON writes the event with its log line as "text", written by
// Describe from the fields.
func (e Event) MarshalJSON() ([]byte, error) {
	return json.Marshal(eventJSON{
		Kind: e.Kind, Code: e.Code, Bound: e.Bound, ID: e.ID, Name: e.Name, Other: e.Other, OName: e.OName,
		Command: e.Command, CName: e.CName, Side: e.Side, SName: e.SName, Purpose: e.Purpose,
		Value: e.Value, Limit: e.Limit, N: e.N, Left: e.Left, Draw: e.Draw, Cost: e.Cost, Fate: e.Fate,
		Cause: e.Cause, Lost: e.Lost, Detail: e.Detail, To: e.To, Combat: e.Combat, Text: e.Describe(),
	})
}

// DiePurpose says why a die was rolled: a small number named by
// purposeNames, as EventKind is.
type DiePurpose uint16

const (
	DiePIPs         DiePurpose = iota + 1 // a command's PIP die (Command)
	DieClose                              // close combat (ID, the element it is rolled for)
	DieShoot                              // shooting (ID)
	DieBespell                            // bespelling (ID)
	DieEvent                              // a scenario event (N)
	DieSetup                              // who defends (Side; setup_events.go)
	DieEdge                               // the attacker's base edge (Side)
	DieDuelAttack                         // a heroic duel's attack D20 (ID and Other the duel's elements; Limit the sides)
	DieDuelParry                          // a duel's parry D20
	DieDuelLocation                       // a duel's hit-location D20
	DieDuelDamage                         // a weapon's damage die
	DieDuelBonus                          // a damage-bonus die
)

// purposeNames are the purposes' names, in the order of the constants;
// the zero purpose (a die event's only) has none, and JSON leaves it out.
var purposeNames = [...]string{"", "pips", "close", "shoot", "bespell", "event", "defender", "edge", "duel_attack", "duel_parry", "duel_location", "duel_damage", "duel_bonus"}

func (p DiePurpose) String() string {
	if int(p) < len(purposeNames) {
		return purposeNames[p]
	}
	return "purpose" + strconv.Itoa(int(p))
}

// MarshalText writes a purpose as its name.
func (p DiePurpose) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a purpose's name.
func (p *DiePurpose) UnmarshalText(b []byte) error {
	i := slices.Index(purposeNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown die purpose %q", b)
	}
	*p = DiePurpose(i)
	return nil
}

// CostCode names one item of a PIP cost (RULES.md §3).
type CostCode string

const (
	CostMove       CostCode = "move"         // the base cost of a move or group move
	CostAerial     CostCode = "aerial"       // an aerial element moves
	CostMagician   CostCode = "magician"     // a Magician moves
	CostOutOfRange CostCode = "out_of_range" // beyond command range
	CostBroken     CostCode = "broken"       // of a broken command
	CostBespell    CostCode = "bespell"      // a bespell
	CostAiders     CostCode = "aiders"       // aiding Magicians
	CostReplace    CostCode = "replace"      // replacing Hordes
	CostDesorcel   CostCode = "desorcel"     // desorcelling
	CostSummon     CostCode = "summon"       // bringing on a God, Dragons or a Lurker
)

// CostItem is one part of a PIP cost.
type CostItem struct {
	Code CostCode `json:"code"`
	PIPs int      `json:"pips"`
}

// CostTotal sums a cost's items.
func CostTotal(items []CostItem) int {
	n := 0
	for _, c := range items {
		n += c.PIPs
	}
	return n
}

// Loss is a side that meets a losing condition, and which: its code
// (eventtext.go) and numbers.
type Loss struct {
	Side  string `json:"side"` // the side's id
	Name  string `json:"name"`
	Code  Code   `json:"code"`
	Value int    `json:"value,omitempty"` // AP lost (ap_lost)
	Limit int    `json:"limit,omitempty"` // AP at the start (ap_lost)
}

// Pose is a position in paces (front-edge centre) and a facing.
type Pose struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Facing int `json:"facing"`
}

func poseOf(b geom.Base) *Pose {
	p := poseValue(b)
	return &p
}

// poseValue is the pose of base b.
func poseValue(b geom.Base) Pose {
	return Pose{X: b.Front.X.Paces(), Y: b.Front.Y.Paces(), Facing: int(b.Facing.Norm())}
}

// Factor is one term of a combat total: a typed reason, the element or
// types it concerns, and its value. Describe writes the reason's words.
type Factor struct {
	Value int        `json:"value"`
	Code  FactorCode `json:"code"`
	ID    int        `json:"id,omitempty"`   // the element it concerns (a flank attacker, an overlapper…)
	Name  string     `json:"name,omitempty"` // its name
	Type  string     `json:"type,omitempty"` // an element type, for the basic factor
	Class string     `json:"class,omitempty"`
	Edge  string     `json:"edge,omitempty"`  // an edge or side: front, right flank, rear, left flank, left, right
	Count int        `json:"count,omitempty"` // aiding elements
}

// MarshalJSON writes the factor with its words as "reason".
func (f Factor) MarshalJSON() ([]byte, error) {
	type plain Factor
	return json.Marshal(struct {
		plain
		Reason string `json:"reason"`
	}{plain(f), f.Describe()})
}

// Fighter is one side of a contest.
type Fighter struct {
	ID      int      `json:"id"`
	Name    string   `json:"name"`
	Factors []Factor `json:"factors"`
	Score   int      `json:"score"` // the sum of the factors, before the die
	Die     int      `json:"die,omitempty"`
	Total   int      `json:"total,omitempty"`
	Result  string   `json:"result,omitempty"`
}

// Report is a resolved contest.
type Report struct {
	Contest  string  `json:"contest"`
	Attacker Fighter `json:"attacker"`
	Defender Fighter `json:"defender"`
	Aiders   []int   `json:"aiders,omitempty"`
	Duel     *Duel   `json:"duel,omitempty"` // a heroic duel (duel.go): its rounds and blows
}

func (t *tx) emit(e Event) {
	e.Bound = t.st.Bound
	if e.Fate == 0 && e.Cause == 0 {
		e.Fate, e.Cause = codeFate(e.Code)
	}
	t.events = append(t.events, e)
}

// add appends an event of the kind and code, stamped with the bound and
// the fate and cause its code means (as emit does), and returns it for
// the caller to fill in place at once: the close combats' events are
// built where they stay, not copied there (a later add may move them).
func (t *tx) add(kind EventKind, code Code) *Event {
	t.events = append(t.events, Event{})
	e := &t.events[len(t.events)-1]
	e.Kind, e.Code, e.Bound = kind, code, t.st.Bound
	e.Fate, e.Cause = codeFate(code)
	return e
}

// emitEl emits an event about element e, and another element o if not
// nil.
func (t *tx) emitEl(kind EventKind, code Code, e, o *Element, ev Event) {
	ev.Kind, ev.Code = kind, code
	if e != nil {
		ev.ID, ev.Name = e.ID, t.name(e)
	}
	if o != nil {
		ev.Other, ev.OName = o.ID, t.name(o)
	}
	t.emit(ev)
}

// addEl is add for an event about element e, and another element o if
// not nil.
func (t *tx) addEl(kind EventKind, code Code, e, o *Element) *Event {
	ev := t.add(kind, code)
	if e != nil {
		ev.ID, ev.Name = e.ID, t.name(e)
	}
	if o != nil {
		ev.Other, ev.OName = o.ID, t.name(o)
	}
	return ev
}

// emitCmd emits an event about command c.
func (t *tx) emitCmd(kind EventKind, code Code, c int, ev Event) {
	ev.Kind, ev.Code = kind, code
	ev.Command, ev.CName = t.sc.Commands[c].ID, t.sc.Commands[c].Name
	t.emit(ev)
}

// emitSide emits an event about side s.
func (t *tx) emitSide(kind EventKind, code Code, s int, ev Event) {
	ev.Kind, ev.Code = kind, code
	ev.Side, ev.SName = t.sc.Sides[s].ID, t.sc.Sides[s].Name
	t.emit(ev)
}
