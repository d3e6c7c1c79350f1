package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/ai"
	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/saves"
)

// versusApp is an app with a Pelennor battle: a person at side 0, the
// computer (normal) at side 1, at speed.
func versusApp(t *testing.T, speed ComputerSpeed, seats [2]SeatSpec) (*App, *Battle, *input.Script) {
	t.Helper()
	a, script := app(t, Options{})
	a.Settings.Speed = speed
	m, err := a.StartMatch("pelennor", 7, [2]string{"Éomer", "Computer (normal)"}, false)
	if err != nil {
		t.Fatal(err)
	}
	m.Seat(seats)
	b := NewBattle(a, m)
	a.Reset(b)
	ebitest.Run(t, a, 2)
	return a, b, script
}

// waitThinking, before a frame, lets any thinking under way end, so a
// test's frames do the same whatever the machine's speed.
func waitThinking(a *App) func(int) {
	return func(int) {
		if a.sess == nil {
			return
		}
		for side := range a.sess.Seats {
			if c := a.sess.Computer(side); c != nil && c.run != nil {
				c.run.wait()
			}
		}
	}
}

// endPersonBound ends the person's bound with B (and Enter on the question
// about unspent PIPs).
func endPersonBound(t *testing.T, a *App, script *input.Script) {
	t.Helper()
	for k := 0; k < 4; k++ {
		key := ebiten.KeyB
		if _, ok := a.Top().(*Confirm); ok {
			key = ebiten.KeyEnter
		}
		script.Add(input.Tap(0, key)...)
		ebitest.Run(t, a, 3)
		if _, acting := a.sess.M.G.ToAct(); acting == 1 {
			return
		}
	}
	t.Fatal("the person's bound did not end")
}

// TestComputerPlaysItsBound: the person ends the bound; the computer
// plays its own at its pace, every action in the record and the log, no
// hand-over between them; the bound comes back to the person.
func TestComputerPlaysItsBound(t *testing.T) {
	a, b, script := versusApp(t, SpeedFast, [2]SeatSpec{Person, ComputerAt(ai.Normal, ai.Balanced)})
	m := b.M
	if _, ok := a.session(m).Seats[1].(*computerSeat); !ok {
		t.Fatalf("side 1 is seated %T", a.session(m).Seats[1])
	}
	endPersonBound(t, a, script)
	start := len(m.Actions)
	logged := len(m.Log)
	var acted []int // the frames the computer acted in
	frame := 0
	ebitest.RunWith(t, a, 1, nil)
	for ; frame < 4000; frame++ {
		n := len(m.Actions)
		ebitest.RunWith(t, a, 1, waitThinking(a))
		if _, ok := a.Top().(*Handover); ok {
			t.Fatal("a hand-over screen between the person and the computer")
		}
		if len(m.Actions) > n {
			acted = append(acted, frame)
		}
		if _, acting := m.G.ToAct(); acting == 0 || m.Over() {
			break
		}
		if b.Locked == "" {
			t.Fatalf("frame %d: the computer's bound, the table not locked", frame)
		}
	}
	if _, acting := m.G.ToAct(); acting != 0 && !m.Over() {
		t.Fatalf("after %d frames the computer has not ended its bound (%d actions)", frame, len(m.Actions)-start)
	}
	if len(acted) == 0 {
		t.Fatal("the computer did nothing")
	}
	for i := 1; i < len(acted); i++ {
		if gap := acted[i] - acted[i-1]; gap < SpeedFast.Pause() {
			t.Errorf("actions %d frames apart, want at least %d", gap, SpeedFast.Pause())
		}
	}
	if len(m.Log) <= logged {
		t.Error("the computer's bound left nothing in the log")
	}
	if b.feedLog(); b.logged < len(m.Log) {
		t.Errorf("the battle log shows %d of %d events", b.logged, len(m.Log))
	}
	ebitest.Run(t, a, 2)
	if b.Locked != "" {
		t.Errorf("the person's bound, the table locked: %q", b.Locked)
	}
}

// TestPersonRefusedWhileTheComputerPlays: in the computer's bound an
// action of the person's is refused with the reason, undo too, and the
// pause holds the computer.
func TestPersonRefusedWhileTheComputerPlays(t *testing.T) {
	a, b, script := versusApp(t, SpeedSlow, [2]SeatSpec{Person, ComputerAt(ai.Normal, ai.Balanced)})
	m := b.M
	endPersonBound(t, a, script)
	ebitest.RunWith(t, a, 1, waitThinking(a))
	if !strings.Contains(b.Locked, "computer is playing") {
		t.Fatalf("locked %q", b.Locked)
	}
	if hs := a.HookState(); !slices.Equal(hs.Seats, []string{"person", "ai:normal"}) || hs.Locked != b.Locked {
		t.Errorf("the hook says seats %q, locked %q", hs.Seats, hs.Locked)
	}
	n := len(m.Actions)
	act := engine.Action{Kind: engine.ActEndPhase}
	a.ClearToasts()
	b.do(a, control.Outcome{Act: &act})
	if len(m.Actions) != n {
		t.Error("the person's action was played in the computer's bound")
	}
	if got := strings.Join(a.Toasts(), "|"); !strings.Contains(got, "The computer is playing") {
		t.Errorf("refusal toasts %q", got)
	}
	if b.MayUndo() {
		t.Error("undo offered in the computer's bound")
	}
	// Pause: nothing more is played however long it waits.
	a.session(m).Paused = true
	n = len(m.Actions)
	ebitest.RunWith(t, a, 3*SpeedSlow.Pause(), waitThinking(a))
	if len(m.Actions) != n {
		t.Errorf("paused, the computer played %d actions", len(m.Actions)-n)
	}
	a.session(m).Paused = false
	for i := 0; i < 4*SpeedSlow.Pause() && len(m.Actions) == n; i++ {
		ebitest.RunWith(t, a, 1, waitThinking(a))
	}
	if len(m.Actions) == n {
		t.Error("resumed, the computer played nothing")
	}
}

// TestComputerVersusComputer: both seats the computer; it plays both
// sides' bounds with nobody's input.
func TestComputerVersusComputer(t *testing.T) {
	c := ComputerAt(ai.Easy, ai.Aggressive)
	a, b, _ := versusApp(t, SpeedInstant, [2]SeatSpec{c, c})
	m := b.M
	for i := 0; i < 3000 && m.G.Bound() < 3 && !m.Over(); i++ {
		ebitest.RunWith(t, a, 1, waitThinking(a))
		if _, ok := a.Top().(*Handover); ok {
			t.Fatal("a hand-over between two computers")
		}
	}
	if m.G.Bound() < 3 && !m.Over() {
		t.Fatalf("bound %d after the frames", m.G.Bound())
	}
	sides := map[int]bool{}
	for i := range m.Actions {
		sides[m.H.Actor(i)] = true
	}
	if !sides[0] || !sides[1] {
		t.Errorf("the sides that acted: %v", sides)
	}
}

// TestSeatsSavedAndResumed: a save of a game against the computer says
// who sits where, and a match resumed from it is seated so; a save
// without seats (every older one) is two people's.
func TestSeatsSavedAndResumed(t *testing.T) {
	a, b, _ := versusApp(t, SpeedInstant, [2]SeatSpec{Person, ComputerAt(ai.Hard, ai.Cautious)})
	data, err := saves.Encode(b.M.H, b.M.Names)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSave("vs.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"person", "ai:hard:cautious"}; !slices.Equal(s.Seats, want) {
		t.Fatalf("seats %q, want %q", s.Seats, want)
	}
	g, err := a.Lib.Read("vs.json", data)
	if err != nil {
		t.Fatal(err)
	}
	sess := NewSession(MatchOf(g.H, g.Names))
	c, ok := sess.Seats[1].(*computerSeat)
	if !ok || sess.Seats[0].Kind() != SeatHere {
		t.Fatalf("resumed seats %T %T", sess.Seats[0], sess.Seats[1])
	}
	if cfg := c.Config(); cfg.Level != ai.Hard || cfg.Temper != ai.Cautious || cfg.Seed != computerSeed(7, 1) {
		t.Errorf("resumed computer %+v", cfg)
	}
	// Two people: no seats written.
	m2, err := a.StartMatch("pelennor", 7, [2]string{"A", "B"}, false)
	if err != nil {
		t.Fatal(err)
	}
	data, err = saves.Encode(m2.H, m2.Names)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"seats"`) {
		t.Error("a hotseat save names seats")
	}
	// A seat a file names wrongly: two people, and the reason.
	m2.H.SetSeats([]string{"person", "ai:brilliant"})
	if s := NewSession(m2); s.Err == "" || s.Seats[1].Kind() != SeatHere {
		t.Errorf("a bad seat: %q, %T", s.Err, s.Seats[1])
	}
}

// TestComputerStopsWhenTheGameChanges: a thinking for a position that
// has been left (an undo, a reload) is abandoned, never answered.
func TestComputerStopsWhenTheGameChanges(t *testing.T) {
	_, b, _ := versusApp(t, SpeedInstant, [2]SeatSpec{ComputerAt(ai.Hard, ai.Balanced), Person})
	m := b.M
	c := newComputerSeat(ai.Config{Level: ai.Hard, Seed: 1})
	if _, ok := c.Next(m.G); ok {
		t.Skip("answered at once: nothing to abandon")
	}
	first := c.run
	other, err := m.H.Branch(m.H.Len())
	if err != nil {
		t.Fatal(err)
	}
	// Another game object: the seat abandons the first thinking.
	c.Next(other.Game())
	if !first.stopped {
		t.Error("the thinking for the game left was not stopped")
	}
	first.wait()
	for i := 0; i < 1000; i++ {
		if c.run != nil {
			c.run.wait()
		}
		if act, ok := c.Next(other.Game()); ok {
			if !other.Game().Allowed(act) {
				t.Errorf("the answer %+v is not legal in the game asked", act)
			}
			return
		}
	}
	t.Fatal("no answer for the new game")
}

func TestComputerSpeedSetting(t *testing.T) {
	s := DefaultSettings()
	s.Speed = SpeedSlow
	got, err := ParseSettings(s.Marshal())
	if err != nil || got.Speed != SpeedSlow {
		t.Fatalf("round trip: %v %v", got.Speed, err)
	}
	if _, err := ParseSettings([]byte(`{"format":1,"computer_speed":"warp"}`)); err == nil || !strings.Contains(err.Error(), "computer_speed") {
		t.Errorf("an unknown speed: %v", err)
	}
	if got, _ := ParseSettings([]byte(`{"format":1}`)); got.Speed != SpeedNormal {
		t.Errorf("default speed %v", got.Speed)
	}
	if SpeedSlow.Pause() <= SpeedNormal.Pause() || SpeedNormal.Pause() <= SpeedFast.Pause() || SpeedInstant.Pause() != 0 {
		t.Error("the speeds are not in order")
	}
}

// TestTitleToPlayTheComputer: Title → Play the Computer → To Battle
// starts a Pelennor battle with the computer at the other side.
func TestTitleToPlayTheComputer(t *testing.T) {
	a, script := app(t, Options{})
	a.Reset(NewTitle(a))
	ebitest.Run(t, a, 2)
	script.Add(input.Tap(0, ebiten.KeyP)...)
	ebitest.Run(t, a, 3)
	st, ok := a.Top().(*Setup)
	if !ok || st.vs == nil {
		t.Fatalf("top %T", a.Top())
	}
	st.vs.level.Selected = 2
	st.vs.temper.Selected = 4
	script.Add(input.Tap(0, ebiten.KeyEnter)...)
	ebitest.Run(t, a, 3)
	b, ok := a.Top().(*Battle)
	if !ok {
		t.Fatalf("top %T", a.Top())
	}
	c := a.session(b.M).Computer(1)
	if c == nil || a.session(b.M).Seats[0].Kind() != SeatHere {
		t.Fatalf("seats %v", a.session(b.M).Seats)
	}
	if cfg := c.Config(); cfg.Level != ai.Hard || cfg.Temper != ai.Aggressive {
		t.Errorf("computer %+v", cfg)
	}
	if b.M.Names[1] != "Computer (hard, aggressive)" {
		t.Errorf("names %q", b.M.Names)
	}
}

// TestContinueAgainstTheComputer: a game against the computer left
// mid-game and continued from its journal (Continue on the title) is
// against the computer again, at the same level and temperament.
func TestContinueAgainstTheComputer(t *testing.T) {
	st := memStorage()
	a, script := app(t, Options{Storage: st})
	a.Settings.Speed = SpeedInstant
	m, err := a.StartMatch("pelennor", 11, [2]string{"Éomer", "Computer (easy, bold)"}, false)
	if err != nil {
		t.Fatal(err)
	}
	m.Seat([2]SeatSpec{Person, ComputerAt(ai.Easy, ai.Bold)})
	a.Reset(NewBattle(a, m))
	ebitest.Run(t, a, 2)
	endPersonBound(t, a, script)
	ebitest.RunWith(t, a, 3, waitThinking(a))
	played := len(m.Actions)

	c, cs := app(t, Options{Storage: st})
	if err := c.ContinueNewest(); err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, c, 1)
	if _, ok := c.Top().(*Handover); ok {
		// The person's bound: the hand-over to them, as after any load.
		cs.Add(input.Tap(0, ebiten.KeySpace)...)
		ebitest.Run(t, c, 4)
	}
	b, ok := c.Top().(*Battle)
	if !ok {
		t.Fatalf("continued to %T", c.Top())
	}
	if len(b.M.Actions) != played {
		t.Errorf("continued at %d actions, left at %d", len(b.M.Actions), played)
	}
	s := c.session(b.M)
	seat := s.Computer(1)
	if seat == nil || s.Seats[0].Kind() != SeatHere {
		t.Fatalf("continued seats %T %T", s.Seats[0], s.Seats[1])
	}
	if cfg := seat.Config(); cfg.Level != ai.Easy || cfg.Temper != ai.Bold {
		t.Errorf("continued computer %+v", cfg)
	}
}

// TestComputerPlaysAStandardSetUp: a standard battle with the computer
// at both seats (picked on New Standard Battle's screen) has its set-up
// played by the computer, step by step on the set-up screen, up to the
// battle screen, and then its bounds.
func TestComputerPlaysAStandardSetUp(t *testing.T) {
	a, _ := app(t, Options{Seed: 9})
	a.Settings.Speed = SpeedInstant
	c := ComputerAt(ai.Easy, ai.Balanced)
	sn, err := NewStandardNewFor(a, StandardPreset{Seats: [2]SeatSpec{c, c}, Armies: [2]string{"dale", "mordor"}})
	if err != nil {
		t.Fatal(err)
	}
	a.Reset(sn)
	ebitest.Run(t, a, 2)
	if got := sn.seatSpecs(); got[0].Computer == nil || got[1].Computer == nil {
		t.Fatalf("the pick screen's seats %v", got)
	}
	sn.start(a)
	sf, ok := a.Top().(*SetupField)
	if !ok {
		t.Fatalf("started to %T", a.Top())
	}
	m := sf.M
	for i := 0; i < 3000; i++ {
		if _, ok := a.Top().(*Battle); ok && m.G.Bound() >= 2 {
			break
		}
		ebitest.RunWith(t, a, 1, waitThinking(a))
	}
	if _, ok := a.Top().(*Battle); !ok || m.G.Bound() < 2 {
		step, side := m.G.SetupStep()
		t.Fatalf("after the frames: %T, set-up step %v of side %d, bound %d", a.Top(), step, side, m.G.Bound())
	}
	if m.Names[0] != "Computer (easy)" || m.Names[1] != "Computer (easy)" {
		t.Errorf("names %q", m.Names)
	}
}
