package game

import (
	"pelennor/engine"
	"pelennor/game/ui"
)

// SeatKind is who sits at a side.
type SeatKind int

// The kinds of seat.
const (
	SeatHere     SeatKind = iota // a person at this screen
	SeatMail                     // the opponent of a play-by-e-mail game: its moves come in a turn file
	SeatReplay                   // a recorded game played back
	SeatComputer                 // the computer: a Seat whose Next thinks (computer.go)
)

// Seat plays one side. A person at this screen plays through the battle
// view; every other seat says what it plays next.
type Seat interface {
	Kind() SeatKind
	// Next is the action the seat plays next in g; ok is false when it
	// has none now (a person, a turn file not yet come, a replay's end).
	Next(g *engine.Game) (act engine.Action, ok bool)
}

// hereSeat is a person at this screen.
type hereSeat struct{}

func (hereSeat) Kind() SeatKind                          { return SeatHere }
func (hereSeat) Next(*engine.Game) (engine.Action, bool) { return engine.Action{}, false }

// mailSeat is the far player of a play-by-e-mail game: its actions
// arrive with its turn file (App.acceptTurn), never from here.
type mailSeat struct{}

func (mailSeat) Kind() SeatKind                          { return SeatMail }
func (mailSeat) Next(*engine.Game) (engine.Action, bool) { return engine.Action{}, false }

// replaySeat plays a side's actions from a record: the next action is
// the record's after as many as the game has played.
type replaySeat struct{ record []engine.Action }

func (replaySeat) Kind() SeatKind { return SeatReplay }

func (r replaySeat) Next(g *engine.Game) (engine.Action, bool) {
	if n := g.Actions(); n < len(r.record) {
		return r.record[n], true
	}
	return engine.Action{}, false
}

// Session owns a match and the seats of its two sides, and decides what
// follows an action: autosaving, the results, a hand-over to the other
// person at this screen, or the wait for a turn file. The battle view
// only shows what it decides.
type Session struct {
	M     *Match
	Seats [2]Seat
	// Paused holds the computer's play (the battle's Pause button): it
	// neither thinks nor acts until resumed.
	Paused bool
	// Err is why the seats the match's file names could not be taken
	// (they are a person's instead), "" for none.
	Err string
}

// NewSession seats a match: in play by e-mail this player's side is
// here and the other comes by turn file; otherwise each side is a
// person here or the computer, as the match's history says (Match.Seat).
func NewSession(m *Match) *Session {
	s := &Session{M: m, Seats: [2]Seat{hereSeat{}, hereSeat{}}}
	if m.H != nil && m.H.Own() >= 0 {
		s.Seats[1-m.H.Own()] = mailSeat{}
		return s
	}
	specs, err := m.SeatSpecs()
	if err != nil {
		s.Err = err.Error()
	}
	for i, spec := range specs {
		s.Seats[i] = seatOf(spec, m.Seed, i)
	}
	return s
}

// Computer is the computer's seat at side, or nil when a person (or a
// turn file) plays it.
func (s *Session) Computer(side int) *computerSeat {
	if side < 0 || side > 1 {
		return nil
	}
	c, _ := s.Seats[side].(*computerSeat)
	return c
}

// Against reports whether the computer sits at either side.
func (s *Session) Against() bool { return s.Computer(0) != nil || s.Computer(1) != nil }

// Stop abandons every thinking under way: the player left the battle,
// undid, or loaded another game.
func (s *Session) Stop() {
	for i := range s.Seats {
		if c := s.Computer(i); c != nil {
			c.Stop()
		}
	}
}

// session is the app's session of match m, seated afresh when the
// match changes.
func (a *App) session(m *Match) *Session {
	if a.sess == nil || a.sess.M != m {
		if a.sess != nil {
			a.sess.Stop()
		}
		a.sess = NewSession(m)
		if a.sess.Err != "" {
			a.Toast("Both sides are played here: "+a.sess.Err, ui.Bad)
		}
	}
	return a.sess
}

// played autosaves after an action that began a bound or ended the
// game (bound and over: the bound and whether it was over before).
func (s *Session) played(a *App, bound int, over bool) {
	g := s.M.G
	if g.Bound() != bound || (!over && s.M.Over()) {
		a.Autosave(s.M)
	}
}

// after is what follows an action.
type after int

const (
	stay         after = iota // the same player goes on
	showResults               // the game is over
	showHandover              // the screen passes to the other person here
)

// next decides what follows an action, given the side that acted last
// (-1 for none yet); it returns the side that acts now.
func (s *Session) next(a *App, last int) (after, int) {
	g := s.M.G
	if s.M.Over() {
		return showResults, last
	}
	_, acting := g.ToAct()
	if a.mailTurn(s.M) { // play by e-mail: no hand-over at this screen
		return stay, acting
	}
	if acting == last {
		return stay, last
	}
	if last >= 0 && s.Seats[acting].Kind() == SeatHere && s.Seats[last].Kind() == SeatHere {
		return showHandover, acting
	}
	return stay, acting
}
