package game

import (
	"time"

	"pelennor/engine"
	"pelennor/game/clock"
	"pelennor/game/saves"
)

// The battle clock of tournament play (issue 13 §2): the time the
// players have spent at the battle screen, shown in the top bar and on
// the hand-over card, kept in the match's journal, and at zero the
// engine's time-called action, which ends the game as a draw when the
// bound in progress is over. The clock runs only while the battle screen
// is the one on top: a pause, the hand-over, the title stop it.

// clockKeepEvery is how often the journal is written for the clock's
// sake alone (actions write it anyway): a crash or a quit loses no more.
const clockKeepEvery = 15 * time.Second

// SetClock gives the match a battle clock of limit (clock.Default for a
// tournament game); limit ≤ 0 takes it away. A play-by-e-mail match has
// none: its players are not at one screen.
func (m *Match) SetClock(limit time.Duration) {
	m.clock = nil
	if limit > 0 && (m.H == nil || m.H.Own() < 0) {
		m.clock = clock.New(limit)
	}
	if m.journal != nil {
		m.journal.Clock = m.clockState()
	}
}

// Clock is the match's battle clock, or nil when it has none.
func (m *Match) Clock() *clock.Clock { return m.clock }

// now is the match's time source: the clock's, which tests replace.
func (m *Match) now() time.Time {
	if m.timeNow != nil {
		return m.timeNow()
	}
	return time.Now()
}

// clockState is the clock as the journal keeps it (nil for none), noting
// that it is kept so.
func (m *Match) clockState() *saves.Clock {
	if m.clock == nil {
		return nil
	}
	m.clockKept = m.clock.Used()
	return &saves.Clock{LimitMS: m.clock.Limit().Milliseconds(), UsedMS: m.clock.Used().Milliseconds()}
}

// clockHead is what the top bar and the hand-over card add to the bound
// for the clock: the time left, or that time has been called.
func (m *Match) clockHead() string {
	switch {
	case m.G.TimeCalled():
		return "  ·  TIME CALLED"
	case m.clock == nil:
		return ""
	}
	return "  ·  CLOCK " + clock.Format(m.clock.Left())
}

// clockFor gives a match opened on the battle screen its clock, before
// its journal j is first written: the one its journal keeps (the game
// resumed), else a new one of the -clock option for a game started here.
func (a *App) clockFor(m *Match, j *saves.Journal) {
	if m.clock == nil && m.H != nil && m.H.Own() < 0 {
		if c := a.Lib.JournalClock(j.Name()); c != nil && len(m.Actions) > 0 {
			m.clock = clock.Restore(time.Duration(c.LimitMS)*time.Millisecond, time.Duration(c.UsedMS)*time.Millisecond)
		} else if m.fresh && a.Opts.Clock > 0 {
			m.clock = clock.New(a.Opts.Clock)
		}
	}
	j.Clock = m.clockState()
}

// timeCallable reports whether the engine takes time being called now:
// once the first bound has begun, until the game is over.
func timeCallable(g *engine.Game) bool {
	switch g.Phase() {
	case engine.PhaseSetup, engine.PhaseDeploy, engine.PhaseOver:
		return false
	}
	return !g.TimeCalled()
}

// tickClock counts this frame on the battle's clock. At zero it calls
// time as soon as the engine takes it (a set-up or a deployment is
// finished first); every clockKeepEvery it keeps the clock.
func (b *Battle) tickClock(a *App) {
	m := b.M
	c := m.clock
	if c == nil || m.H == nil || b.replay {
		return
	}
	if m.G.Phase() == engine.PhaseOver || m.G.TimeCalled() {
		c.Stop()
		return
	}
	c.Tick(a.Frame(), m.now())
	if c.Out() && timeCallable(m.G) {
		b.submit(a, engine.Action{Kind: engine.ActTimeCalled})
		return
	}
	if c.Used()-m.clockKept >= clockKeepEvery {
		m.changed()
	}
}
