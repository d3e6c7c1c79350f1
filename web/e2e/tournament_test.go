package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/record"
	"pelennor/standard"
)

// tourneyState is what the hook reports of the tournament's screens
// (game.HookState's Fields, Choices and Tournament).
type tourneyState struct {
	Scene   string         `json:"scene"`
	Toasts  []string       `json:"toasts"`
	Fields  []tourneyField `json:"fields"`
	Choices []struct {
		Options  []string     `json:"options"`
		Selected int          `json:"selected"`
		Centres  [][2]float64 `json:"centres"`
	} `json:"choices"`
	Tournament *struct {
		Name     string `json:"name"`
		File     string `json:"file"`
		Tab      string `json:"tab"`
		Pairings []struct {
			Table   int      `json:"table"`
			A       string   `json:"a"`
			B       string   `json:"b"`
			Results []string `json:"results"`
		} `json:"pairings"`
		Standings [][]string `json:"standings"`
	} `json:"tournament"`
}

// tourneyField is a text field of the screen (game.HookField).
type tourneyField struct {
	Placeholder string  `json:"placeholder"`
	Text        string  `json:"text"`
	Focused     bool    `json:"focused"`
	X           float64 `json:"x"`
	Y           float64 `json:"y"`
	W           float64 `json:"w"`
	H           float64 `json:"h"`
}

func (tb *tab) tourney() tourneyState {
	tb.t.Helper()
	var st tourneyState
	tb.eval(`hott.state()`, &st)
	return st
}

// page maps a point of the game's screen to the page's CSS pixels.
func (tb *tab) page(x, y float64) pt {
	tb.t.Helper()
	var p pt
	tb.eval(fmt.Sprintf(`(() => { const r = document.querySelector("canvas").getBoundingClientRect(), s = hott.state();
		return {X: r.left + %g * r.width / s.w, Y: r.top + %g * r.height / s.h}; })()`, x, y), &p)
	return p
}

// typeInto types text into the page's input laid over the focused field
// (the phone's keyboard path: the game draws the field, the page's
// <input id="hott-text"> takes the typing).
func (tb *tab) typeInto(text string) {
	tb.t.Helper()
	tb.poll("the page's input over the field", `document.activeElement && document.activeElement.id === "hott-text"`, 10*time.Second)
	tb.eval(`document.getElementById("hott-text").select(), true`, nil)
	if _, err := chromedp.Call(tb.ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		tb.t.Fatalf("typing %q: %v", text, err)
	}
	tb.poll("the field holding "+text, `(hott.state().fields || []).some(f => f.focused && f.text === `+jsString(text)+`)`, 10*time.Second)
}

// tab clicks the tournament screen's tab named name.
func (tb *tab) tab(name string) {
	tb.t.Helper()
	for _, c := range tb.tourney().Choices {
		if i := slices.Index(c.Options, name); i >= 0 {
			tb.click(tb.page(c.Centres[i][0], c.Centres[i][1]))
			tb.poll("the "+name+" tab", `hott.state().tournament && hott.state().tournament.tab === `+jsString(name), 10*time.Second)
			return
		}
	}
	tb.t.Fatalf("no tab %q: %+v", name, tb.tourney().Choices)
}

// finishedSave plays a standard battle (Gondor v Mordor, set up as the
// game sets one up automatically) by the bot with time called in bound
// 1, so that it ends in that bound, and returns its save with its sides
// played by first and second, and its outcome as a replay verifies it.
func finishedSave(t *testing.T, seed uint64, first, second string) ([]byte, record.Outcome) {
	t.Helper()
	_, sc, err := standard.Builtin("gondor", "mordor")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.New(sc, dice.NewPCG(seed), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	acts, err := standard.AutoSetup(g, standard.Generated(seed, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(seed ^ 0x5eed)
	for n := 0; g.Phase() != engine.PhaseOver; n++ {
		if n > 5000 || g.Bound() > 2 {
			t.Fatalf("the game did not end after time was called: bound %d, %d actions", g.Bound(), n)
		}
		a := b.Next(g)
		if !g.TimeCalled() && g.Phase() == engine.PhaseMove {
			a = engine.Action{Kind: engine.ActTimeCalled}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("bound %d: %s refused: %v", g.Bound(), a.Kind, err)
		}
		acts = append(acts, a)
	}
	sd := seed
	s, _, err := engine.Record(sc, &sd, nil, engine.Options{}, acts)
	if err != nil {
		t.Fatal(err)
	}
	s.Players = []string{first, second}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	o, err := record.Verify("game.json", data, record.Builtin)
	if err != nil || !o.Over {
		t.Fatalf("the save does not verify natively: %v (over %v)", err, o.Over)
	}
	return data, o
}

// TestBrowserTournament runs a small tournament in the browser: from
// the title to a new tournament named through the page's input, three
// players, round 1 paired, table 1's result imported from a real save
// through the page's file picker (verified by replaying it in the
// browser), and the standings showing it; then the page is reloaded and
// the tournament, kept in localStorage, opens again with its result.
func TestBrowserTournament(t *testing.T) {
	tb, _, base := openSite(t)
	tb.do("loading the page", 60*time.Second, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/?mute=1&seed=2"))
	tb.poll("the title screen", `window.hott && hott.ready === true && hott.state().scene === "title"`, 120*time.Second)
	tb.click(tb.button("Tournaments"))
	tb.poll("the tournaments", `hott.state().scene === "tournamentlist"`, 10*time.Second)
	tb.click(tb.button("New tournament"))
	tb.poll("the new tournament's form", `hott.state().scene === "tournamentnew"`, 10*time.Second)
	tb.typeInto("Club night")
	tb.click(tb.button("Create"))
	tb.poll("the tournament", `hott.state().scene === "tournamentscreen" && hott.state().tournament.name === "Club night"`, 10*time.Second)

	// Three players, each name typed into the Name field and added with Enter.
	players := []string{"Ann", "Bob", "Cid"}
	for i, name := range players {
		st := tb.tourney()
		at := slices.IndexFunc(st.Fields, func(f tourneyField) bool {
			return f.Placeholder == "Name"
		})
		if at < 0 {
			t.Fatalf("no Name field on the players' tab: %+v", st.Fields)
		}
		f := st.Fields[at]
		tb.click(tb.page(f.X+f.W/2, f.Y+f.H/2))
		tb.typeInto(name)
		tb.key("Enter", "Enter", 13, false)
		tb.poll(name+" added", fmt.Sprintf(`hott.state().tournament.standings.length === %d`, i+2), 10*time.Second)
	}

	tb.tab("Round")
	tb.click(tb.button("Pair next round"))
	tb.poll("round 1 paired", `hott.state().tournament.pairings.length === 2`, 10*time.Second)
	st := tb.tourney()
	pr := st.Tournament.Pairings[0]
	if pr.Table != 1 || !slices.Contains(players, pr.A) || !slices.Contains(players, pr.B) || pr.A == pr.B || pr.Results[0] != "not played" {
		t.Fatalf("round 1's table 1: %+v", pr)
	}

	// Table 1's game, its sides played by A and B (game 1: A on side 1),
	// fed through the page's file picker while the table is selected.
	data, o := finishedSave(t, 11, pr.A, pr.B)
	upload := filepath.Join(t.TempDir(), "table 1.json")
	if err := os.WriteFile(upload, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do("choosing the save", 10*time.Second, chromedp.SetUploadFiles(chromedp.CSS("#picker"), []string{upload}))
	// The game's word on the file: the result entered, or why it was refused.
	tb.poll("the save's verdict", `hott.state().tournament.pairings[0].results[0] !== "not played" || (hott.state().toasts || []).some(m => m.includes("table 1.json"))`, 60*time.Second)
	st = tb.tourney()
	t.Logf("table 1: %s v %s: %q; toasts %q", pr.A, pr.B, st.Tournament.Pairings[0].Results[0], st.Toasts)
	want := "draw"
	switch o.Winner {
	case 0:
		want = pr.A + " won"
	case 1:
		want = pr.B + " won"
	}
	if got := st.Tournament.Pairings[0].Results[0]; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "replayed") {
		t.Fatalf("table 1 reads %q, want %q… replayed", got, want)
	}
	if !slices.ContainsFunc(st.Toasts, func(m string) bool { return strings.Contains(m, "verified by replaying table 1.json") }) {
		t.Errorf("no word of the replay: toasts %q", st.Toasts)
	}

	// The standings: A and B's records as the replay decided.
	tb.tab("Standings")
	records := map[int][2]string{0: {"1-0-0", "0-0-1"}, 1: {"0-0-1", "1-0-0"}, -1: {"0-1-0", "0-1-0"}}[o.Winner]
	checkStandings := func(when string, table [][]string) {
		t.Helper()
		if len(table) != 4 {
			t.Fatalf("%s: the standings %q, want a heading and 3 players", when, table)
		}
		head := table[0]
		player, wdl := slices.Index(head, "Player"), slices.Index(head, "W-D-L")
		if player < 0 || wdl < 0 {
			t.Fatalf("%s: the standings' heading %q", when, head)
		}
		// The third player had the bye, scored as a win.
		want := map[string]string{pr.A: records[0], pr.B: records[1]}
		for _, p := range players {
			if p != pr.A && p != pr.B {
				want[p] = "1-0-0"
			}
		}
		for _, row := range table[1:] {
			w, ok := want[row[player]]
			if !ok {
				t.Errorf("%s: a row of the standings for %q, twice or not a player: %q", when, row[player], table)
				continue
			}
			if row[wdl] != w {
				t.Errorf("%s: %s's record %s, want %s", when, row[player], row[wdl], w)
			}
			delete(want, row[player])
		}
	}
	st = tb.tourney()
	checkStandings("after the import", st.Tournament.Standings)
	file := st.Tournament.File

	// Kept in localStorage: after a reload the list has it, and it opens
	// with its result.
	var kept string
	tb.eval(`localStorage.getItem("pelennor/tournaments/" + `+jsString(file)+`) || ""`, &kept)
	if !strings.Contains(kept, `"Club night"`) || !strings.Contains(kept, o.Digest) {
		t.Fatalf("localStorage's pelennor/tournaments/%s does not hold the tournament and its result: %.200q", file, kept)
	}
	tb.do("reloading", 60*time.Second, chromedp.Reload())
	tb.poll("the title after a reload", `window.hott && hott.ready === true && hott.state().scene === "title"`, 120*time.Second)
	tb.click(tb.button("Tournaments"))
	tb.poll("the tournaments", `hott.state().scene === "tournamentlist"`, 10*time.Second)
	tb.click(tb.button("Open"))
	tb.poll("the tournament reopened", `hott.state().scene === "tournamentscreen"`, 10*time.Second)
	st = tb.tourney()
	if st.Tournament.Name != "Club night" || st.Tournament.File != file || st.Tournament.Tab != "Round" ||
		len(st.Tournament.Pairings) != 2 || st.Tournament.Pairings[0].Results[0] == "not played" {
		t.Fatalf("after the reload: %+v", st.Tournament)
	}
	checkStandings("after the reload", st.Tournament.Standings)

	tb.mu.Lock()
	problems := append([]string(nil), tb.problems...)
	tb.mu.Unlock()
	for _, p := range problems {
		t.Errorf("the page reported: %s", p)
	}
}
