package game

import (
	"fmt"
	"strings"

	"pelennor/ai"
	"pelennor/engine"
)

// ComputerSpeed is the pause between the computer's actions, so that a
// person can follow its bound (Settings).
type ComputerSpeed int

// The computerSpeeds.
const (
	SpeedNormal ComputerSpeed = iota
	SpeedSlow
	SpeedFast
	SpeedInstant
)

// computerSpeeds names each speed in settings.json and on the settings screen,
// with its pause in frames (60 a second).
var computerSpeeds = []struct {
	name, label string
	frames      int
}{
	SpeedNormal:  {"normal", "Normal", 36}, // 0.6 s
	SpeedSlow:    {"slow", "Slow", 72},     // 1.2 s
	SpeedFast:    {"fast", "Fast", 12},     // 0.2 s
	SpeedInstant: {"instant", "Instant", 0},
}

// String is the speed's name in settings.json.
func (s ComputerSpeed) String() string {
	if s < 0 || int(s) >= len(computerSpeeds) {
		return computerSpeeds[0].name
	}
	return computerSpeeds[s].name
}

// Pause is the frames the computer waits after each of its actions.
func (s ComputerSpeed) Pause() int {
	if s < 0 || int(s) >= len(computerSpeeds) {
		return computerSpeeds[0].frames
	}
	return computerSpeeds[s].frames
}

func parseSpeed(name string) (ComputerSpeed, bool) {
	for i, s := range computerSpeeds {
		if strings.EqualFold(name, s.name) {
			return ComputerSpeed(i), true
		}
	}
	return 0, false
}

// speedLabels are the settings screen's choices, in the order of the
// constants.
func speedLabels() []string {
	out := make([]string, len(computerSpeeds))
	for i, s := range computerSpeeds {
		out[i] = s.label
	}
	return out
}

// seatPerson is a person's seat in a save's "seats" (docs/formats.md §3);
// a computer's is its ai.Config ("ai:normal", "ai:hard:cautious").
const seatPerson = "person"

// SeatSpec is who sits at a side when a match starts: a person (Computer
// nil) or the computer playing so.
type SeatSpec struct {
	Computer *ai.Config
}

// Person is a person's seat.
var Person = SeatSpec{}

// ComputerAt is the computer's seat, playing at level and temper.
func ComputerAt(level ai.Level, temper int) SeatSpec {
	return SeatSpec{Computer: &ai.Config{Level: level, Temper: temper}}
}

// String is the seat as a save writes it.
func (s SeatSpec) String() string {
	if s.Computer == nil {
		return seatPerson
	}
	return s.Computer.String()
}

// parseSeat reads a save's seat.
func parseSeat(s string) (SeatSpec, error) {
	if s == seatPerson {
		return Person, nil
	}
	if !strings.HasPrefix(s, "ai:") {
		return Person, fmt.Errorf("seat %q: want %q or ai:LEVEL[:TEMPER]", s, seatPerson)
	}
	c, err := ai.ParseConfig(s, 0)
	if err != nil {
		return Person, fmt.Errorf("seat %q: %v", s, err)
	}
	return SeatSpec{Computer: &c}, nil
}

// Seat records who sits at each side of m: every save and autosave of
// the match says so, and a resumed match is seated so again (AI2).
func (m *Match) Seat(seats [2]SeatSpec) {
	if m.H == nil {
		return
	}
	if seats[0].Computer == nil && seats[1].Computer == nil {
		m.H.SetSeats(nil) // two people: as every older save
		return
	}
	m.H.SetSeats([]string{seats[0].String(), seats[1].String()})
}

// SeatSpecs is who sits at each side of m, as its history says; a seat
// a file names wrongly is a person's, and the error says why.
func (m *Match) SeatSpecs() ([2]SeatSpec, error) {
	var out [2]SeatSpec
	if m.H == nil {
		return out, nil
	}
	seats := m.H.Seats()
	if len(seats) == 0 {
		return out, nil
	}
	if len(seats) != 2 {
		return out, fmt.Errorf("%d seats; a battle has two", len(seats))
	}
	for i, s := range seats {
		spec, err := parseSeat(s)
		if err != nil {
			return [2]SeatSpec{}, err
		}
		out[i] = spec
	}
	return out, nil
}

// computerSeed is the computer's own stream's seed at side of a match
// with dice seed: fixed by the match, so a resumed game goes on as it
// would have, and never the dice's own stream (AI3).
func computerSeed(seed uint64, side int) uint64 {
	return (seed ^ 0x9e3779b97f4a7c15) + uint64(side+1)*0xbf58476d1ce4e5b9
}

// posKey is the position an answer was worked out for: the game (a new
// one after an undo or a reload), its actions, bound and phase.
type posKey struct {
	g       *engine.Game
	actions int
	bound   int
	phase   engine.Phase
}

func posOf(g *engine.Game) posKey {
	return posKey{g: g, actions: g.Actions(), bound: g.Bound(), phase: g.Phase()}
}

// computerSeat is the computer at a side. Its Next never blocks: it
// begins thinking (on the game's goroutine, which forks the game), goes
// on thinking off the frame (a goroutine on the desktop, time slices in
// the browser: think_other.go, think_js.go), and answers once the answer
// for this very position is ready.
type computerSeat struct {
	p   *ai.Player
	run *thinkRun // the thinking under way or done, nil for none
	at  posKey    // the position run works on
	err error     // the last thinking's failure, for the battle to show
}

func newComputerSeat(c ai.Config) *computerSeat { return &computerSeat{p: ai.New(c)} }

func (*computerSeat) Kind() SeatKind { return SeatComputer }

// Config is how the seat plays.
func (c *computerSeat) Config() ai.Config { return c.p.Config() }

// Next is the computer's action in g once it is worked out; until then
// ok is false and the thinking goes on.
func (c *computerSeat) Next(g *engine.Game) (engine.Action, bool) {
	k := posOf(g)
	if c.run != nil && c.at != k {
		c.Stop() // the game changed under it: an undo, a reload
	}
	if c.run != nil && !c.run.poll() {
		return engine.Action{}, false
	}
	if c.run != nil && c.run.stopped {
		// An abandoned thinking has ended: the player may think again.
		c.run = nil
	}
	if c.run == nil {
		c.at = k
		c.run = startThink(c.p.Think(g))
		if !c.run.poll() {
			return engine.Action{}, false
		}
	}
	act, err := c.run.act, c.run.err
	c.run = nil
	if err != nil {
		c.err = err
		return engine.Action{}, false
	}
	return act, true
}

// Thinking reports whether the seat is working out an answer.
func (c *computerSeat) Thinking() bool { return c.run != nil && !c.run.stopped && !c.run.finished() }

// Stop abandons the thinking under way, if any. On the desktop its
// goroutine ends after the candidate it is weighing; the seat thinks
// again only once it has (ai.Player keeps its plan between thinkings).
func (c *computerSeat) Stop() {
	if c.run != nil {
		c.run.cancel()
	}
}

// Failed is why the last thinking found no action, and clears it.
func (c *computerSeat) Failed() error {
	err := c.err
	c.err = nil
	return err
}

// seatOf is the seat a spec makes at side of a match with dice seed.
func seatOf(s SeatSpec, seed uint64, side int) Seat {
	if s.Computer == nil {
		return hereSeat{}
	}
	c := *s.Computer
	c.Seed = computerSeed(seed, side)
	return newComputerSeat(c)
}
