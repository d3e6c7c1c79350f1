package engine

import (
	"fmt"

	"pelennor/engine/geom"
)

// EventKind names what an event reports.
type EventKind string

const (
	EvBound     EventKind = "bound"     // a bound begins
	EvDie       EventKind = "die"       // a die was rolled
	EvPIPs      EventKind = "pips"      // a command's PIPs for the bound
	EvSpent     EventKind = "spent"     // PIPs spent
	EvPhase     EventKind = "phase"     // a new phase
	EvMoved     EventKind = "moved"     // an element moved
	EvTurned    EventKind = "turned"    // an element turned to face an attacker
	EvCombat    EventKind = "combat"    // a close combat, shot or bespell was resolved
	EvRecoiled  EventKind = "recoiled"  //
	EvPushed    EventKind = "pushed"    // pushed back by a recoiling friend
	EvFled      EventKind = "fled"      //
	EvFollowed  EventKind = "followed"  // followed up
	EvDestroyed EventKind = "destroyed" // destroyed, trampled, captured or fled off the table
	EvSorcery   EventKind = "ensorcelled"
	EvLeft      EventKind = "left"     // left the table
	EvArrived   EventKind = "arrived"  // placed on the table (return, arrival, scenario event)
	EvBroken    EventKind = "broken"   // a command broke
	EvScenario  EventKind = "scenario" // a scenario rule acted
	EvGameOver  EventKind = "gameover"
)

// Event is one thing that happened. Text describes it for the battle log;
// the other fields let a program follow it.
type Event struct {
	Kind    EventKind `json:"kind"`
	Bound   int       `json:"bound"`
	ID      int       `json:"id,omitempty"`    // the element concerned
	Other   int       `json:"other,omitempty"` // the other element concerned
	Command string    `json:"command,omitempty"`
	Side    string    `json:"side,omitempty"`    // the winning side, for gameover
	Purpose string    `json:"purpose,omitempty"` // of a die
	Value   int       `json:"value,omitempty"`   // a die, PIPs, a distance in paces
	Draw    int       `json:"draw,omitempty"`    // the die's draw number, from 1
	To      *Pose     `json:"to,omitempty"`      // where an element now stands
	Combat  *Report   `json:"combat,omitempty"`
	Text    string    `json:"text"`
}

// Describe returns the event's line for the battle log.
func (e Event) Describe() string { return e.Text }

// Pose is a position in paces (front-edge centre) and a facing.
type Pose struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Facing int `json:"facing"`
}

func poseOf(b geom.Base) *Pose {
	return &Pose{X: b.Front.X.Paces(), Y: b.Front.Y.Paces(), Facing: int(b.Facing.Norm())}
}

// Factor is one term of a combat total, with its reason.
type Factor struct {
	Value  int    `json:"value"`
	Reason string `json:"reason"`
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
}

func (t *tx) emit(e Event) {
	e.Bound = t.st.Bound
	t.events = append(t.events, e)
}

func (t *tx) emitf(kind EventKind, id int, format string, args ...any) {
	t.emit(Event{Kind: kind, ID: id, Text: fmt.Sprintf(format, args...)})
}
