package game

import (
	"fmt"
	"testing"

	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/tourney"
	"pelennor/tournament"
)

// TestTournamentScreenshots writes the tournament screens into
// $PELENNOR_SHOTS (skipped when unset): the new tournament's form, a
// round half played and the standings, at the window's size:
//
//	PELENNOR_SHOTS=docs EBITEST_SIZE=1280x800 xvfb-run -a -s "-screen 0 1280x1200x24" go test -run TournamentScreenshots ./game/
func TestTournamentScreenshots(t *testing.T) {
	save := shotWriter(t)
	size := fmt.Sprintf("%dx%d", ebitest.Width, ebitest.Height)
	a, s := app(t, Options{Seed: 7})
	e := eveningEvent(t, a)

	n := NewTournamentNew(a)
	n.name.Text, n.name.Focused = "Rammas Echor open", false
	n.form.Name = n.name.Text
	n.club.Checked, n.form.AvoidClub = true, true
	a.Reset(n)
	s.Add(input.Event{Kind: input.Move, X: 2, Y: 2})
	save("screenshot-tournament-new-"+size+".png", ebitest.Run(t, a, 4))

	ts := NewTournamentScreen(a, e)
	a.Reset(ts)
	ts.pairings.Selected = 2
	save("screenshot-tournament-round-"+size+".png", ebitest.Run(t, a, 4))
	a.Push(NewResultDialog(a, ts, 2, e.T.Schedule[1].Pairings[0].Table, 1))
	save("screenshot-tournament-result-"+size+".png", ebitest.Run(t, a, 4))
	a.Pop()
	ts.tabs.Selected = tabPlayers
	ts.players.Selected = 1
	save("screenshot-tournament-players-"+size+".png", ebitest.Run(t, a, 4))
	ts.tabs.Selected = tabStandings
	save("screenshot-tournament-standings-"+size+".png", ebitest.Run(t, a, 4))
	a.Reset(NewTournamentList(a))
	save("screenshot-tournament-list-"+size+".png", ebitest.Run(t, a, 4))
}

// eveningEvent is eight players of a club evening after round 1, round
// 2 paired with two of its four results in (one by hand, a draw on
// time).
func eveningEvent(t *testing.T, a *App) *tourney.Event {
	t.Helper()
	e := sampleEvent(t, a, 8)
	prs := e.T.Schedule[0].Pairings
	last := prs[len(prs)-1]
	if err := e.EnterByHand(1, last.Table, 1, tourney.Hand{Winner: 1, APLost: [2]int{24, 8}, Generals: [2]int{1, 0}, Bounds: 7}); err != nil {
		t.Fatal(err)
	}
	if err := e.SetBonus(2, 3); err != nil {
		t.Fatal(err)
	}
	if err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	for i, h := range []tourney.Hand{
		{Winner: 0, APLost: [2]int{6, 15}, Generals: [2]int{0, 1}, Stronghold: [2]bool{true, false}, Bounds: 11},
		{Winner: tournament.Draw, APLost: [2]int{9, 9}, Bounds: 14, TimeCalled: true},
	} {
		if err := e.EnterByHand(2, e.T.Schedule[1].Pairings[i].Table, 1, h); err != nil {
			t.Fatal(err)
		}
	}
	return e
}
