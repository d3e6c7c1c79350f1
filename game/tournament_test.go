package game

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/store"
	"pelennor/game/tourney"
	"pelennor/game/ui"
	"pelennor/tournament"
)

// clickOn clicks the centre of a laid-out rectangle and runs a few frames.
func clickOn(t *testing.T, a *App, s *input.Script, r ui.Rect) {
	t.Helper()
	if r.W <= 0 || r.H <= 0 {
		t.Fatalf("clicking an unplaced rectangle %+v", r)
	}
	step(t, a, s, 5, input.Click(0, r.CX(), r.CY())...)
}

// typeIn clicks a field and types text into it.
func typeIn(t *testing.T, a *App, s *input.Script, f *ui.TextField, text string) {
	t.Helper()
	clickOn(t, a, s, f.Rect)
	step(t, a, s, 3, input.Event{Kind: input.Type, Text: text})
	if f.Text != text {
		t.Fatalf("typed %q, the field holds %q", text, f.Text)
	}
}

// top returns the top scene as a T, failing the test if it is not one.
func top[T any](t *testing.T, a *App) T {
	t.Helper()
	sc, ok := a.Top().(T)
	if !ok {
		t.Fatalf("the screen on top is %T", a.Top())
	}
	return sc
}

// TestTournamentScript runs a club evening through the screens as an
// organiser would, every step a click or typing on the input script:
// from the title to a new tournament, four players, round 1 paired, a
// result entered by hand, and the standings showing it.
func TestTournamentScript(t *testing.T) {
	a, s := app(t, Options{Seed: 5})
	title := top[*Title](t, a)
	clickOn(t, a, s, title.tournaments.Rect)
	list := top[*TournamentList](t, a)
	clickOn(t, a, s, list.create.Rect)
	form := top[*TournamentNew](t, a)
	typeIn(t, a, s, &form.name, "Club night")
	clickOn(t, a, s, form.rounds.minus.Rect) // 4 rounds to 3
	clickOn(t, a, s, form.create.Rect)
	ts := top[*TournamentScreen](t, a)
	if ts.tabs.Selected != tabPlayers || ts.e.T.Rounds != 3 || ts.e.T.Clock != tourney.DefaultClock {
		t.Fatalf("the new tournament: tab %d, rounds %d, clock %d", ts.tabs.Selected, ts.e.T.Rounds, ts.e.T.Clock)
	}
	for _, p := range [][3]string{{"Ann", "Minas", "Rohan"}, {"Bob", "Minas", "Mordor"}, {"Cid", "Edoras", "Elves"}, {"Dee", "Osgiliath", "Gondor"}} {
		typeIn(t, a, s, &ts.name, p[0])
		typeIn(t, a, s, &ts.club, p[1])
		typeIn(t, a, s, &ts.army, p[2])
		if p[0] == "Dee" {
			step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...) // Enter adds too
		} else {
			clickOn(t, a, s, ts.addPlayer.Rect)
		}
	}
	if len(ts.e.T.Players) != 4 || ts.e.T.Players[3].Army != "Gondor" {
		t.Fatalf("players entered: %+v", ts.e.T.Players)
	}
	clickOn(t, a, s, ts.tabs.Segment(tabRound))
	if ts.pair.Disabled {
		t.Fatalf("Pair next round is disabled: %s", ts.reason)
	}
	clickOn(t, a, s, ts.pair.Rect)
	if len(ts.e.T.Schedule) != 1 || len(ts.pairings.Items) != 2 {
		t.Fatalf("round 1: %d rounds, pairings shown %v", len(ts.e.T.Schedule), ts.pairings.Items)
	}
	if !ts.pair.Disabled || ts.repair.Disabled {
		t.Errorf("before a result: pair next round disabled %v, pair again disabled %v", ts.pair.Disabled, ts.repair.Disabled)
	}
	// Table 1's result: A wins, losing 4 AP to B's 12.
	clickOn(t, a, s, ts.result.Rect)
	d := top[*ResultDialog](t, a)
	for range 4 {
		clickOn(t, a, s, d.apLost[0].plus.Rect)
	}
	for range 12 {
		clickOn(t, a, s, d.apLost[1].plus.Rect)
	}
	clickOn(t, a, s, d.took[0].Rect)
	clickOn(t, a, s, d.save.Rect)
	if a.Top() != Scene(ts) {
		t.Fatalf("the dialog stayed: %q", d.err)
	}
	if !ts.repair.Disabled || !strings.Contains(ts.reason, "round 1 is not finished") {
		t.Errorf("after a result: pair again disabled %v, the reason %q", ts.repair.Disabled, ts.reason)
	}
	pr := ts.e.T.Schedule[0].Pairings[0]
	winner := ts.e.T.Player(pr.A).Name
	if !strings.Contains(ts.pairings.Detail[0], winner+" won · AP lost 4–12 · by hand") {
		t.Errorf("table 1 reads %q", ts.pairings.Detail[0])
	}
	stored, err := a.tourneyStore().Load(ts.e.File)
	if err != nil {
		t.Fatal(err)
	}
	if r := stored.Schedule[0].Pairings[0].Results[0]; r == nil || r.Source != tournament.ByHand || r.APLost != [2]int{4, 12} || !r.StrongholdTaken[0] {
		t.Fatalf("the stored result: %+v", r)
	}
	clickOn(t, a, s, ts.tabs.Segment(tabStandings))
	head, rows := ts.e.Standings()
	if head[1] != "Player" || rows[0][1] != winner || rows[0][4] != "1-0-0" {
		t.Errorf("standings %v: %v", head, rows)
	}
	img := ebitest.Run(t, a, 2)
	if img == nil {
		t.Fatal("no frame")
	}
	// Back to the list: the tournament is there, with its players.
	clickOn(t, a, s, ts.back.Rect)
	list = top[*TournamentList](t, a)
	if len(list.files) != 1 || list.files[0].Players != 4 || list.files[0].Paired != 1 {
		t.Errorf("the list: %+v", list.files)
	}
}

// TestTournamentGameResultFromMatch plays a pairing's game from the
// round screen: the match has the players' names on their sides and the
// tournament's clock; when it ends (time called, the bound played out)
// its result is entered from its own record, verified by replaying it.
func TestTournamentGameResultFromMatch(t *testing.T) {
	a, _ := app(t, Options{Seed: 3})
	f := tourney.NewForm()
	f.Name, f.Format, f.Rounds, f.Clock = "Duel", tourney.FormatDuel, 1, 45
	e, err := tourney.Create(a.tourneyStore(), f, 2)
	if err != nil {
		t.Fatal(err)
	}
	e.AddPlayer("Éomer", "", "")
	e.AddPlayer("Gothmog", "", "")
	if err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	ts := NewTournamentScreen(a, e)
	a.Reset(ts)
	pr := e.T.Schedule[0].Pairings[0]
	if err := a.playTourneyGame(e, 1, pr.Table, 2); err != nil {
		t.Fatal(err)
	}
	b, ok := a.Scenes()[0].(*Battle)
	if !ok {
		t.Fatalf("the scenes %T", a.Scenes())
	}
	m := b.M
	if m.Sc.ID != "pelennor" || m.Names[1] != e.T.Player(pr.A).Name || m.Names[0] != e.T.Player(pr.B).Name {
		t.Fatalf("game 2 on %s with %v: A should play side 2", m.Sc.ID, m.Names)
	}
	if c := m.Clock(); c == nil || c.Limit().Minutes() != 45 {
		t.Fatalf("the clock %+v", c)
	}
	a.Reset(b)
	b.submit(a, engine.Action{Kind: engine.ActTimeCalled})
	for i := 0; i < 5 && !m.Over(); i++ {
		b.submit(a, engine.Action{Kind: engine.ActEndBound})
	}
	if !m.Over() {
		t.Fatal("the game did not end after time was called")
	}
	if _, ok := a.Top().(*Results); !ok {
		t.Fatalf("on top: %T", a.Top())
	}
	got, err := tourney.Open(a.tourneyStore(), e.File)
	if err != nil {
		t.Fatal(err)
	}
	r := got.Pairing(1, pr.Table).Results[1]
	if r == nil || r.Source != tournament.FromReplay || !r.TimeCalled || r.Digest == "" {
		t.Fatalf("the entered result: %+v (toasts %v)", r, a.Toasts())
	}
	if _, still := tourneyGames[m]; still {
		t.Error("the game is still waiting for its result")
	}
}

// TestTournamentLayouts lays every tournament screen out at each window
// size (layoutSizes) and text size with touch's 44 px targets: every
// button and field within the window, at least 44 px high, every
// button's label whole, and no two overlapping.
func TestTournamentLayouts(t *testing.T) {
	for _, sz := range layoutSizes {
		for _, ts := range layoutTextSizes {
			a := sizeApp(t, sz.w, sz.h, ts)
			a.SetTargetCSS(44)
			checkTournamentLayouts(t, a, fmt.Sprintf("%.0f×%.0f text %d", sz.w, sz.h, ts))
		}
	}
}

func checkTournamentLayouts(t *testing.T, a *App, where string) {
	t.Helper()
	e := sampleEvent(t, a, 8)
	win := ui.R(0, 0, a.W, a.H)
	check := func(what string, btns []*ui.Button, rs map[string]ui.Rect) {
		t.Helper()
		for i, b := range btns {
			rs[fmt.Sprintf("%s (button %d)", b.Label, i)] = b.Rect
		}
		checkButtons(t, where+" "+what, a.Theme, win, btns, nil)
		var names []string
		for n, r := range rs {
			if r.W == 0 {
				continue
			}
			if !r.Inside(win) {
				t.Errorf("%s %s: %s %+v is outside the window", where, what, n, r)
			}
			if r.H < 44-0.5 {
				t.Errorf("%s %s: %s is %.0f px high", where, what, n, r.H)
			}
			names = append(names, n)
		}
		for i, n := range names {
			for _, m := range names[i+1:] {
				if rs[n].Overlaps(rs[m]) {
					t.Errorf("%s %s: %s %+v overlaps %s %+v", where, what, n, rs[n], m, rs[m])
				}
			}
		}
	}
	l := NewTournamentList(a)
	l.layout(a)
	check("list", l.buttons(), map[string]ui.Rect{"list": l.list.Rect})
	n := NewTournamentNew(a)
	n.format.Value = tourney.FormatDuel
	n.form.Preset = tournament.PresetCustom
	for _, tb := range n.form.Unused() {
		n.form.AddBreak(tb)
	}
	n.form.RemoveBreak(0)
	n.syncBreaks()
	n.layout(a)
	// Every page: each row placed on one of them.
	placed := map[string]bool{}
	for page := 1; page <= n.page.Max; page++ {
		n.page.Value = page
		n.layout(a)
		btns := []*ui.Button{&n.create, &n.back, &n.addBtn}
		for i := range n.rows {
			btns = append(btns, &n.rows[i].up, &n.rows[i].remove)
		}
		rs := map[string]ui.Rect{"name": n.name.Rect, "format": n.format.Rect, "scenario": n.scenario.Rect,
			"scoring": n.scoring.Rect, "win": n.win.Rect, "draw": n.draw.Rect, "loss": n.loss.Rect, "ap": n.ap.Rect,
			"rounds": n.rounds.Rect, "clock": n.clock.Rect, "club": n.club.Rect, "add": n.add.Rect, "page": n.page.Rect}
		for k, r := range rs {
			if r.W > 0 {
				placed[k] = true
			}
		}
		for i := range n.rows {
			if n.rows[i].up.Rect.W > 0 {
				placed[fmt.Sprintf("tie-break %d", i)] = true
			}
		}
		check(fmt.Sprintf("new (a duel, custom points, six tie-breaks), page %d", page), btns, rs)
	}
	for _, k := range []string{"name", "format", "scenario", "scoring", "win", "ap", "rounds", "clock", "club", "add", "tie-break 5"} {
		if !placed[k] {
			t.Errorf("%s: the new tournament's %s is on no page", where, k)
		}
	}
	ts := NewTournamentScreen(a, e)
	for tab := range 3 {
		ts.tabs.Selected = tab
		ts.layout(a)
		rs := map[string]ui.Rect{"tabs": ts.tabs.Rect}
		btns := ts.bar()
		switch tab {
		case tabPlayers:
			rs["name"], rs["club"], rs["army"] = ts.name.Rect, ts.club.Rect, ts.army.Rect
			rs["players"], rs["bonus"] = ts.players.Rect, ts.bonus.Rect
			btns = append(btns, &ts.addPlayer)
		case tabRound:
			rs["round"], rs["pairings"] = ts.round.Rect, ts.pairings.Rect
		}
		if ts.body.H < 3*44 {
			t.Errorf("%s tab %d: %.0f px left for the tab's body", where, tab, ts.body.H)
		}
		check(fmt.Sprintf("tab %d", tab), btns, rs)
	}
	d := NewResultDialog(a, ts, 1, 1, 1)
	d.layout(a)
	rs := map[string]ui.Rect{"winner": d.winner.Rect, "apA": d.apLost[0].Rect, "apB": d.apLost[1].Rect,
		"genA": d.generals[0].Rect, "genB": d.generals[1].Rect, "tookA": d.took[0].Rect, "tookB": d.took[1].Rect,
		"bounds": d.bounds.Rect, "time": d.timeCalled.Rect}
	check("result", []*ui.Button{&d.save, &d.cancel}, rs)
	if !d.panel.Inside(win) {
		t.Errorf("%s: the result dialog %+v is cut off", where, d.panel)
	}
}

// buttonRects names buttons' rectangles by label.
func buttonRects(bs []*ui.Button) map[string]ui.Rect {
	rs := map[string]ui.Rect{}
	for _, b := range bs {
		rs[b.Label] = b.Rect
	}
	return rs
}

// sampleEvent is a stored Swiss of n players of three clubs with round 1
// paired and every result but the last entered, round by hand.
func sampleEvent(t *testing.T, a *App, n int) *tourney.Event {
	t.Helper()
	f := tourney.NewForm()
	f.Name, f.AvoidClub = "Rammas Echor open", true
	e, err := tourney.Create(a.tourneyStore(), f, 12)
	if err != nil {
		t.Fatal(err)
	}
	players := [][3]string{{"Aragorn", "Minas Tirith", "Gondor (LOTR)"}, {"Éowyn", "Edoras", "Rohan"}, {"Saruman", "Orthanc", "Isengard"},
		{"Faramir", "Minas Tirith", "Ithilien rangers"}, {"Théoden", "Edoras", "Rohan"}, {"Gothmog", "Orthanc", "Mordor"},
		{"Imrahil", "Minas Tirith", "Dol Amroth"}, {"Grima", "Orthanc", "Dunlendings"}, {"Erkenbrand", "Edoras", "Westfold"}}
	for _, p := range players[:n] {
		if _, err := e.AddPlayer(p[0], p[1], p[2]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	prs := e.T.Schedule[0].Pairings
	for i, pr := range prs[:len(prs)-1] {
		h := tourney.Hand{Winner: i % 2, APLost: [2]int{4 + i, 12 - i}, Generals: [2]int{0, i % 2}, Bounds: 9 + i}
		if i == 2 {
			h.Winner, h.TimeCalled = tournament.Draw, true
		}
		if err := e.EnterByHand(1, pr.Table, 1, h); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// TestStandingsColumns: a narrow window leaves out the army, the club,
// the bonus and then the tie-breaks from the last, never the rank, the
// player, W-D-L or the score; a wide one shows every column.
func TestStandingsColumns(t *testing.T) {
	head := []string{"Rank", "Player", "Club", "Army", "W-D-L", "Score", "Buchholz", "Lots", "Bonus"}
	rows := [][]string{{"1", "Aragorn", "Minas Tirith", "Gondor", "2-0-0", "10", "6", "3", "0"}}
	width := func(s string) float64 { return float64(10 * len(s)) }
	cases := []struct {
		w      float64
		shown  []string
		hidden int
	}{
		{2000, head, 0},
		{450, []string{"Rank", "Player", "W-D-L", "Score", "Buchholz", "Lots"}, 3},
		{300, []string{"Rank", "Player", "W-D-L", "Score"}, 5},
	}
	for _, c := range cases {
		shown, widths, hidden := standingsColumns(head, rows, c.w, 10, 80, width, width)
		var names []string
		total := 0.0
		for i, col := range shown {
			names = append(names, head[col])
			total += widths[i] + 10
		}
		if strings.Join(names, ",") != strings.Join(c.shown, ",") || hidden != c.hidden {
			t.Errorf("width %v: shown %v (%d hidden), want %v (%d)", c.w, names, hidden, c.shown, c.hidden)
		}
		if c.hidden > 0 && total > c.w+0.5 {
			t.Errorf("width %v: the columns take %v", c.w, total)
		}
	}
}

// TestTournamentUploads: a file the page hands the game (the browser's
// file picker, hookImportSave) goes to the tournament screen on top: a
// tournament file into the list; a save onto the selected table of the
// round, verified by replaying it, never opened as a game; a damaged
// save refused naming it, and one given with no table selected refused.
func TestTournamentUploads(t *testing.T) {
	golden, err := os.ReadFile("../engine/testdata/golden/standard.json")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := app(t, Options{Seed: 6})
	// The list takes a tournament file.
	other, _ := tourney.Create(&store.Tournaments{S: store.NewMemory()}, tourney.Form{Name: "From the club", Preset: tournament.Preset310, Rounds: 2, AP: 24}, 1)
	data, _ := other.T.Marshal()
	l := NewTournamentList(a)
	a.Reset(l)
	if err := a.hookImportSave("club.json", data); err != nil || len(l.files) != 1 || l.files[0].Name != "From the club" {
		t.Fatalf("the list took %v: %+v", err, l.files)
	}
	if err := a.hookImportSave("junk.json", []byte(`{"format": 1}`)); err == nil || !strings.Contains(err.Error(), "junk.json") {
		t.Errorf("a bad tournament file: %v", err)
	}
	// The round takes the bots' game at their table, once A is Gondor bot.
	for seed := uint64(1); seed <= 40; seed++ {
		f := tourney.NewForm()
		f.Name, f.Rounds = fmt.Sprintf("Bots %d", seed), 1
		e, err := tourney.Create(a.tourneyStore(), f, seed)
		if err != nil {
			t.Fatal(err)
		}
		e.AddPlayer("Gondor bot", "", "")
		e.AddPlayer("Mordor bot", "", "")
		if err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		if e.T.Player(e.T.Schedule[0].Pairings[0].A).Name != "Gondor bot" {
			continue
		}
		ts := NewTournamentScreen(a, e)
		a.Reset(ts)
		ts.tabs.Selected = tabPlayers
		if err := a.hookImportSave("standard.json", golden); err == nil {
			t.Error("a save was entered with no table selected")
		}
		ts.tabs.Selected = tabRound
		if err := a.hookImportSave("half.json", golden[:len(golden)/2]); err == nil || !strings.Contains(err.Error(), "half.json") {
			t.Errorf("half a save: %v", err)
		}
		if err := a.hookImportSave("standard.json", golden); err != nil {
			t.Fatal(err)
		}
		if a.Top() != Scene(ts) {
			t.Fatalf("the upload opened %T", a.Top())
		}
		stored, _ := a.tourneyStore().Load(e.File)
		if r := stored.Schedule[0].Pairings[0].Results[0]; r == nil || r.Source != tournament.FromReplay || r.File != "standard.json" {
			t.Fatalf("the stored result %+v", r)
		}
		return
	}
	t.Fatal("no seed of 1-40 put Gondor bot first")
}
