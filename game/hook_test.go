package game

import (
	"slices"
	"strings"
	"testing"

	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// hookMemStorage keeps a test's files in memory.
func labels(bs []HookButton) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Label)
	}
	return out
}

func TestHookStateTitle(t *testing.T) {
	a, err := New(Options{Mute: true, Catalog: catalog, Input: input.NewScript(), Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	st := a.HookState()
	if st.Scene != "title" || !slices.Equal(st.Scenes, []string{"title"}) || st.Hash != "" || st.Elements != nil {
		t.Fatalf("title: %+v", st)
	}
	if st.W != float64(ebitest.Width) || st.H != float64(ebitest.Height) || !st.Muted {
		t.Errorf("screen %v×%v muted %v", st.W, st.H, st.Muted)
	}
	if !slices.Contains(labels(st.Buttons), "New Hotseat Battle") {
		t.Fatalf("title buttons %q", labels(st.Buttons))
	}
	for _, b := range st.Buttons {
		if b.W <= 0 || b.H <= 0 || b.X < 0 || b.X+b.W > st.W || b.Y+b.H > st.H {
			t.Errorf("button %+v off the screen", b)
		}
	}
	// A screen's name comes from its type.
	if n := sceneName(NewSettingsScene(a)); n != "settings" {
		t.Errorf("settings screen named %q", n)
	}
}

func TestHookStateBattle(t *testing.T) {
	a, b, _ := battleApp(t, "pelennor")
	st := a.HookState()
	m := b.Match()
	if st.Scene != "battle" || st.Scenario != "pelennor" || st.Seed != 1 || st.Bound != m.G.Bound() || st.Hash != m.G.Hash() || st.Winner != -1 {
		t.Fatalf("battle: scene %q scenario %q seed %d bound %d hash %s", st.Scene, st.Scenario, st.Seed, st.Bound, st.Hash)
	}
	if len(st.Elements) != len(m.G.Elements()) || !slices.Contains(labels(st.Buttons), "End bound") {
		t.Fatalf("%d elements (want %d), buttons %q", len(st.Elements), len(m.G.Elements()), labels(st.Buttons))
	}
	e := rohirrimKnight(t, m, 300, false)
	for _, he := range st.Elements {
		if he.ID != e.ID {
			continue
		}
		sx, sy := b.ScreenOf(e.ID)
		if he.Command != "rohirrim" || he.Type != "Knights" || he.X != e.Base.Front.X.Paces() || he.SX != sx || he.SY != sy {
			t.Errorf("element %+v, want at screen %.1f,%.1f", he, sx, sy)
		}
		if x, y, ok := a.WorldToScreen(he.CX, he.CY); !ok || x != sx || y != sy {
			t.Errorf("WorldToScreen of its centre: %.1f,%.1f", x, y)
		}
	}
}

func TestHookExportImport(t *testing.T) {
	a, b, sc := battleApp(t, "pelennor")
	m := b.Match()
	e := rohirrimKnight(t, m, 300, false)
	x0, y0, x1, y1 := aim(b, e, 250)
	sc.Add(input.Drag(0, x0, y0, x1, y1, 8)...)
	ebitest.Run(t, a, 14)
	if len(m.Actions) != 1 {
		t.Fatalf("the drag made %d actions", len(m.Actions))
	}
	name, data, err := a.hookExportSave()
	if err != nil || !strings.HasSuffix(name, ".json") {
		t.Fatalf("export: %q, %v", name, err)
	}
	hash := m.G.Hash()

	// Into a fresh game: the battle is opened and a copy kept.
	a2, err := New(Options{Mute: true, Catalog: catalog, Input: input.NewScript(), Storage: memStorage()})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a2, 2)
	if _, _, err := a2.hookExportSave(); err == nil {
		t.Error("the title exported a game")
	}
	if err := a2.hookImportSave("from a friend.json", data); err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a2, 2)
	st := a2.HookState()
	if !slices.Contains(st.Scenes, "battle") || st.Hash != hash {
		t.Fatalf("imported: scenes %v hash %s, want the battle at %s", st.Scenes, st.Hash, hash)
	}
	files := a2.hookFiles(false)
	if len(files) != 1 || files[0].Name != "from a friend.json" || files[0].Area != "saves" {
		t.Fatalf("kept %+v", files)
	}
	if got, err := a2.hookFile("saves", "from a friend.json"); err != nil || string(got) != string(data) {
		t.Fatalf("the kept copy: %v", err)
	}
	// The same file again is not kept twice; another under the same
	// name gets a number.
	if err := a2.hookImportSave("from a friend.json", data); err != nil {
		t.Fatal(err)
	}
	if n := len(a2.hookFiles(false)); n != 1 {
		t.Errorf("%d files after importing the same file again", n)
	}
	if err := a2.hookImportSave("junk.json", []byte(`{"not": "a save"}`)); err == nil {
		t.Error("a file that is not a save was opened")
	}
	if n := len(a2.hookFiles(false)); n != 1 {
		t.Errorf("%d files after a refused import", n)
	}
	if _, err := a2.hookFile("nowhere", "x"); err == nil {
		t.Error("an unknown area was read")
	}
}

// TestHookStateTournament checks what the hook reports of a tournament's
// screen: its tabs as a choice with a centre inside each segment, the
// round's pairings and the standings as the screen shows them, and the
// players' text fields once that tab is laid out.
func TestHookStateTournament(t *testing.T) {
	a, s := app(t, Options{Seed: 3})
	e := sampleEvent(t, a, 5)
	ts := NewTournamentScreen(a, e)
	a.Reset(ts)
	ebitest.Run(t, a, 2)
	st := a.HookState()
	ht := st.Tournament
	if st.Scene != "tournamentscreen" || ht == nil || ht.Name != "Rammas Echor open" || ht.File != e.File || ht.Tab != "Round" || ht.Round != 1 {
		t.Fatalf("the tournament's state: scene %q, %+v", st.Scene, ht)
	}
	rows := e.Rows(1)
	if len(ht.Pairings) != len(rows) {
		t.Fatalf("%d pairings reported, the round has %d", len(ht.Pairings), len(rows))
	}
	for i, r := range rows {
		if p := ht.Pairings[i]; p.Table != r.Table || p.A != r.A || p.B != r.B || !slices.Equal(p.Results, r.Results) {
			t.Errorf("pairing %d reported %+v, the screen's row %+v", i, p, r)
		}
	}
	head, stand := e.Standings()
	if len(ht.Standings) != len(stand)+1 || !slices.Equal(ht.Standings[0], head) || !slices.Equal(ht.Standings[1], stand[0]) {
		t.Errorf("standings reported %q, want %q then %q", ht.Standings, head, stand)
	}
	var tabs *HookChoice
	for i, c := range st.Choices {
		if slices.Equal(c.Options, ts.tabs.Options) {
			tabs = &st.Choices[i]
		}
	}
	if tabs == nil || tabs.Selected != tabRound {
		t.Fatalf("the tabs are not among the choices %+v", st.Choices)
	}
	for i, c := range tabs.Centres {
		if seg := ts.tabs.Segment(i); !seg.Contains(c[0], c[1]) {
			t.Errorf("tab %q's centre %v is outside its segment %+v", tabs.Options[i], c, seg)
		}
	}
	if len(st.Fields) != 0 {
		t.Errorf("the round tab reports fields %+v", st.Fields)
	}
	// The players' tab, clicked at the centre the hook gives: its fields.
	c := tabs.Centres[tabPlayers]
	step(t, a, s, 5, input.Click(0, c[0], c[1])...)
	st = a.HookState()
	if st.Tournament.Tab != "Players" || len(st.Fields) != 3 || st.Fields[0].Placeholder != "Name" || st.Fields[0].W <= 0 {
		t.Fatalf("the players' tab: tab %q, fields %+v", st.Tournament.Tab, st.Fields)
	}
}
