package game

import (
	"strings"
	"testing"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/game/armybuild"
	"pelennor/game/input"
	"pelennor/game/tourney"
	"pelennor/standard"
	"pelennor/tournament"
)

// standardEvent is a stored Swiss of one round at ap AP and the given
// clock between two players bringing the armies named, paired.
func standardEvent(t *testing.T, a *App, ap, clock int, armies [2]string) *tourney.Event {
	t.Helper()
	f := tourney.NewForm()
	f.Name, f.Rounds, f.AP, f.Clock = "Standard night", 1, ap, clock
	e, err := tourney.Create(a.tourneyStore(), f, 4)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Éowyn", "Gothmog"} {
		if _, err := e.AddPlayer(name, "", armies[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestTournamentStandardBattle plays a standard-battle tournament's game
// from the round screen with scripted input: Play this game opens the
// standard battle's pick screen with the pairing's names and each
// player's army preselected (a list id and a ready-made army's name,
// case aside), To Battle opens the set-up with the tournament's clock;
// the set-up played and time called, the result is entered from the
// match's own record as a replay.
func TestTournamentStandardBattle(t *testing.T) {
	a, s := app(t, Options{Seed: 7})
	cat, err := army.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	mordor, _ := cat.Army("mordor")
	e := standardEvent(t, a, army.Standard, 50, [2]string{"GONDOR", strings.ToLower(mordor.Name)})
	pr := e.T.Schedule[0].Pairings[0]
	pa, pb := e.T.Player(pr.A), e.T.Player(pr.B)
	ts := NewTournamentScreen(a, e)
	a.Reset(ts)
	step(t, a, s, 3)
	clickOn(t, a, s, ts.tabs.Segment(tabRound))
	clickOn(t, a, s, rowRect(&ts.pairings, 0))
	if ts.play.Disabled {
		t.Fatal("Play this game is disabled with the table selected")
	}
	clickOn(t, a, s, ts.play.Rect)
	sn := top[*StandardNew](t, a)
	if sn.names[0].Text != pa.Name || sn.names[1].Text != pb.Name {
		t.Fatalf("names %q, %q; want %s (A, side 1) and %s", sn.names[0].Text, sn.names[1].Text, pa.Name, pb.Name)
	}
	for i, p := range []*tournament.Player{pa, pb} {
		want := "gondor"
		if p.Name == "Gothmog" {
			want = "mordor"
		}
		if sn.picks[i] == nil || sn.picks[i].Army.List != want {
			t.Fatalf("side %d (%s, army %q): pick %+v, want the ready-made %s", i+1, p.Name, p.Army, sn.picks[i], want)
		}
	}
	if sn.budgetAP() != army.Standard {
		t.Errorf("budget %d AP", sn.budgetAP())
	}
	// The names are the tournament's: typing does not change them.
	clickOn(t, a, s, sn.names[0].Rect)
	step(t, a, s, 3, input.Event{Kind: input.Type, Text: "x"})
	if sn.names[0].Text != pa.Name {
		t.Errorf("the tournament's name was typed over: %q", sn.names[0].Text)
	}
	if sn.next.Label != "To Battle" || sn.next.Disabled {
		t.Fatalf("the button %q, disabled %v", sn.next.Label, sn.next.Disabled)
	}
	clickOn(t, a, s, sn.next.Rect)
	sf := top[*SetupField](t, a)
	m := sf.M
	if m.Names != [2]string{pa.Name, pb.Name} || m.Sc.Sides[0].Name != sn.picks[0].Army.Name {
		t.Fatalf("the match: %v on %q", m.Names, m.Sc.Name)
	}
	if c := m.Clock(); c == nil || c.Limit().Minutes() != 50 {
		t.Fatalf("the clock %+v", c)
	}
	if tg, ok := tourneyGames[m]; !ok || tg.game.Table != pr.Table || tg.file != e.File {
		t.Fatalf("the match is not linked to its game: %+v", tg)
	}
	// The set-up as the seeded generator lays it, then time called.
	lay := standard.Generated(m.Seed, [2]string{})
	for {
		act, ok := standard.Next(m.G, lay)
		if !ok {
			break
		}
		if _, err := m.Submit(act); err != nil {
			t.Fatal(err)
		}
	}
	b := OpenMatch(a, m).(*Battle)
	a.Reset(b)
	b.submit(a, engine.Action{Kind: engine.ActTimeCalled})
	for i := 0; i < 5 && !m.Over(); i++ {
		b.submit(a, engine.Action{Kind: engine.ActEndBound})
	}
	if !m.Over() {
		t.Fatal("the game did not end after time was called")
	}
	top[*Results](t, a)
	got, err := tourney.Open(a.tourneyStore(), e.File)
	if err != nil {
		t.Fatal(err)
	}
	r := got.Pairing(1, pr.Table).Results[0]
	if r == nil || r.Source != tournament.FromReplay || !r.TimeCalled || r.Digest == "" {
		t.Fatalf("the entered result: %+v (toasts %v)", r, a.Toasts())
	}
	if _, still := tourneyGames[m]; still {
		t.Error("the game is still waiting for its result")
	}
}

// TestStandardPreset: an army a tournament's player brings is matched
// (N44) by an army's name, the player's stored armies first, then a
// list's id or name, case and spaces aside; one that matches nothing is
// left for its player to pick, and that player chooses first; the
// budget is the tournament's and fixed, and an army not of it cannot
// fight.
func TestStandardPreset(t *testing.T) {
	a, s := app(t, Options{})
	cat, err := army.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	// A stored army of Rohan named as Gondor's list id: its name wins.
	b := armybuild.New(cat, army.Standard)
	if err := b.StartReady("rohan"); err != nil {
		t.Fatal(err)
	}
	b.SetName("Gondor")
	if _, err := b.Save(a.Armies()); err != nil {
		t.Fatal(err)
	}
	isengard, _ := cat.List("isengard")
	cases := []struct {
		want [2]string
		list [2]string // the picks' lists; "" no pick
		seat int
	}{
		{[2]string{" gondor ", "MORDOR"}, [2]string{"rohan", "mordor"}, 0},
		{[2]string{"", strings.ToUpper(isengard.Name)}, [2]string{"", "isengard"}, 0},
		{[2]string{"Dale", "the Shire's finest"}, [2]string{"dale", ""}, 1},
		{[2]string{"no such army", "my own"}, [2]string{"", ""}, 0},
	}
	for _, c := range cases {
		sn, err := NewStandardNewFor(a, StandardPreset{Names: [2]string{"Ann", "Bob"}, Armies: c.want, AP: army.Tournament})
		if err != nil {
			t.Fatal(err)
		}
		for i := range sn.picks {
			got := ""
			if sn.picks[i] != nil {
				got = sn.picks[i].List.ID
			}
			if got != c.list[i] {
				t.Errorf("%q: side %d picked list %q, want %q", c.want, i+1, got, c.list[i])
			}
		}
		if sn.seat != c.seat {
			t.Errorf("%q: seat %d chooses, want %d", c.want, sn.seat, c.seat)
		}
		a.Reset(sn)
		step(t, a, s, 3)
		clickOn(t, a, s, sn.budget.Segment(0))
		if sn.budgetAP() != army.Tournament {
			t.Errorf("%q: the budget changed to %d", c.want, sn.budgetAP())
		}
		// The armies preselected are of 24 AP: at 36 none may fight.
		if !sn.next.Disabled || sn.picks[0] != nil && sn.legal(0) {
			t.Errorf("%q: To Battle enabled %v with armies of 24 AP at 36", c.want, !sn.next.Disabled)
		}
	}
	if _, err := NewStandardNewFor(a, StandardPreset{AP: 30}); err == nil {
		t.Error("a budget of 30 AP was taken")
	}
}
