package game

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/clock"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/record"
)

// fakeTime is a time source that moves on by step each time it is read
// (the battle reads it once a frame): no test waits for the clock.
func fakeTime(step time.Duration) func() time.Time {
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	return func() time.Time { now = now.Add(step); return now }
}

// clockApp starts a Pelennor battle with a battle clock of limit over
// the stores st, its time moving a second a frame.
func clockApp(t *testing.T, st Storage, limit time.Duration) (*App, *Battle, *input.Script) {
	t.Helper()
	s := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 1, Scenario: "pelennor", Show: "battle", Catalog: catalog, Input: s, Storage: st,
		Clock: limit, Names: [2]string{"Théoden", "Gothmog"}})
	if err != nil {
		t.Fatal(err)
	}
	b := a.Top().(*Battle)
	if b.M.Clock() == nil || b.M.Clock().Limit() != limit {
		t.Fatalf("the battle's clock is %v, want one of %v", b.M.Clock(), limit)
	}
	b.M.timeNow = fakeTime(time.Second)
	ebitest.Run(t, a, 3)
	return a, b, s
}

// The clock runs on the battle screen only; at zero the game calls time,
// the engine finishes the bound in progress and ends the battle as a
// draw, and the results say "Time called". The record proves it.
func TestClockCallsTime(t *testing.T) {
	a, b, s := clockApp(t, memStorage(), time.Minute)
	m, c := b.M, b.M.Clock()
	used := c.Used()
	if used < time.Second || used > 3*time.Second {
		t.Fatalf("after 3 frames of a second: %v used", used)
	}
	if head := m.clockHead(); head != "  ·  CLOCK "+clock.Format(c.Left()) {
		t.Errorf("the top bar shows %q", head)
	}
	// Paused, the clock stands still, however long the pause.
	a.Push(NewPause(a, b))
	ebitest.Run(t, a, 20)
	if c.Used() != used {
		t.Errorf("the clock ran while paused: %v, was %v", c.Used(), used)
	}
	a.Pop()
	bound := m.G.Bound()
	ebitest.Run(t, a, 70)
	if !c.Out() || !m.G.TimeCalled() || m.Over() {
		t.Fatalf("a minute of frames: clock out %v, time called %v, over %v", c.Out(), m.G.TimeCalled(), m.Over())
	}
	if got := m.Actions[len(m.Actions)-1].Kind; got != engine.ActTimeCalled {
		t.Errorf("the last action is %s, want %s", got, engine.ActTimeCalled)
	}
	if !strings.Contains(m.clockHead(), "TIME CALLED") {
		t.Errorf("the top bar shows %q once time is called", m.clockHead())
	}
	// The players finish the bound: the game ends then, a draw.
	for k := 0; k < 8 && !m.Over(); k++ {
		switch a.Top().(type) {
		case *Confirm:
			step(t, a, s, 3, input.Tap(0, ebiten.KeyEnter)...)
		case *Handover:
			step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
		default:
			step(t, a, s, 3, input.Tap(0, ebiten.KeyB)...)
		}
	}
	if !m.Over() || m.G.Winner() != -1 || m.G.Bound() != bound {
		t.Fatalf("over %v, winner %d, bound %d (time called in %d)", m.Over(), m.G.Winner(), m.G.Bound(), bound)
	}
	if last := m.Log[len(m.Log)-1]; last.Code != engine.CodeTimeDraw {
		t.Errorf("the last event is %s, want %s", last.Code, engine.CodeTimeDraw)
	}
	if _, ok := a.Top().(*Results); !ok {
		t.Errorf("after the draw the screen is %T, want the results", a.Top())
	}
	sv, err := m.H.Save(m.Names[:])
	if err != nil {
		t.Fatal(err)
	}
	data, err := sv.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	o, err := record.Verify("clock.json", data, record.Builtin)
	if err != nil {
		t.Fatal(err)
	}
	if o.Result != "draw" || !o.TimeCalled || o.TimeCalledBound != bound || o.Bounds != bound {
		t.Errorf("the record says %s, time called %v in bound %d, ended in %d", o.Result, o.TimeCalled, o.TimeCalledBound, o.Bounds)
	}
}

// A battle left and continued (or after a crash, by a new program over
// the same files) has its clock where it stood: the journal keeps it.
func TestClockKeptInTheJournal(t *testing.T) {
	st := memStorage()
	a, b, _ := clockApp(t, st, time.Hour)
	if _, err := b.M.Submit(engine.Action{Kind: engine.ActEndPhase}); err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 40)
	kept := b.M.clockKept
	if kept < 30*time.Second {
		t.Fatalf("after 40 s of play the journal kept the clock at %v", kept)
	}
	// A new program over the same files: Continue.
	s := input.NewScript()
	again, err := New(Options{Mute: true, Scenario: "pelennor", Catalog: catalog, Input: s, Storage: st})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, again, 3)
	m := continued(t, again, s)
	c := m.Clock()
	if c == nil || c.Limit() != time.Hour || c.Used() != kept.Truncate(time.Millisecond) {
		t.Fatalf("the continued battle's clock: %v, want %v used of an hour", c, kept)
	}
	if !strings.Contains(m.clockHead(), "CLOCK 59:") {
		t.Errorf("the hand-over shows %q", m.clockHead())
	}
	// On the hand-over card the clock does not run.
	ebitest.Run(t, again, 30)
	if c.Used() != kept.Truncate(time.Millisecond) {
		t.Errorf("the clock ran on the hand-over card: %v", c.Used())
	}
}
