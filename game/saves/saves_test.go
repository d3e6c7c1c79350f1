package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelennor/engine"
	"pelennor/engine/rules"
	"pelennor/game/store"
	"pelennor/scenarios"
)

// scenarioByID finds the embedded scenarios and the test duel by id.
func scenarioByID(id string) (*engine.Scenario, error) {
	if id == "duel" {
		data, err := os.ReadFile("testdata/duel.json")
		if err != nil {
			return nil, err
		}
		return engine.ParseScenario("duel.json", data)
	}
	for _, n := range scenarios.Names() {
		data, err := scenarios.Load(n)
		if err != nil {
			return nil, err
		}
		sc, err := engine.ParseScenario(n+".json", data)
		if err == nil && sc.ID == id {
			return sc, nil
		}
	}
	return nil, fmt.Errorf("no scenario %q", id)
}

func library(t testing.TB) *Library {
	t.Helper()
	clock := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tick := func() time.Time { clock = clock.Add(time.Minute); return clock }
	saves, auto, journals := store.NewMemory(), store.NewMemory(), store.NewMemory()
	saves.Now, auto.Now, journals.Now = tick, tick, tick
	return &Library{Saves: saves, Auto: auto, Journals: journals, Scenario: scenarioByID}
}

// golden returns the golden Pelennor game: its save and scenario.
func golden(t testing.TB) (*engine.Save, *engine.Scenario) {
	t.Helper()
	data, err := os.ReadFile("../../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Skip("no golden Pelennor game:", err)
	}
	s, err := engine.ParseSave("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarioByID(s.Scenario.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, sc
}

// pelennor returns a history of the golden game's first n actions.
func pelennor(t testing.TB, n int) *engine.History {
	t.Helper()
	s, sc := golden(t)
	h, err := engine.NewHistory(sc, s.Seed, s.Dice, engine.Options{Rulings: s.Rulings, Deployment: s.Deployment})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range s.Actions[:min(n, len(s.Actions))] {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	return h
}

func encode(t testing.TB, h *engine.History) []byte {
	t.Helper()
	data, err := Encode(h, [2]string{"Éomer", "Gothmog"})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSaveThenLoadGivesTheSameState(t *testing.T) {
	l := library(t)
	h := pelennor(t, 80)
	name, err := l.Put("Siege, bound 9", h, [2]string{"Éomer", "Gothmog"})
	if err != nil || name != "Siege, bound 9.json" {
		t.Fatalf("Put: %q %v", name, err)
	}
	g, err := l.Open(AreaSaves, name)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.H.Game().Hash(), h.Game().Hash(); got != want {
		t.Fatalf("loaded hash %s, saved %s", got, want)
	}
	if g.H.Game().Draws() != h.Game().Draws() || len(g.H.Actions()) != 80 {
		t.Errorf("draws %d/%d, actions %d", g.H.Game().Draws(), h.Game().Draws(), len(g.H.Actions()))
	}
	if g.Names != [2]string{"Éomer", "Gothmog"} {
		t.Errorf("players %q", g.Names)
	}
	infos, err := l.List(AreaSaves)
	if err != nil || len(infos) != 1 {
		t.Fatalf("List: %+v %v", infos, err)
	}
	in := infos[0]
	if in.Err != nil || in.Title() != "Siege, bound 9" || in.Bound != h.Game().Bound() || in.Actions != 80 {
		t.Errorf("info %+v", in)
	}
	d := in.Detail()
	for _, want := range []string{"Pelennor", "Éomer (Gondor and Rohan) v Gothmog (Mordor and its Allies)", fmt.Sprintf("bound %d", h.Game().Bound()), "to move", "2026"} {
		if !strings.Contains(d, want) {
			t.Errorf("detail %q lacks %q", d, want)
		}
	}
	// Battle logs beside the saves are not listed.
	l.Saves.Put("Siege, bound 9.md", []byte("# log"))
	if infos, _ := l.List(AreaSaves); len(infos) != 1 {
		t.Errorf("List shows %d files", len(infos))
	}
}

// Broken, foreign and newer files are refused with a message that names
// the file and says what is wrong.
func TestBadFilesAreRefused(t *testing.T) {
	l := library(t)
	good := encode(t, pelennor(t, 30))
	var save map[string]any
	if err := json.Unmarshal(good, &save); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(map[string]any)) []byte {
		var m map[string]any
		json.Unmarshal(good, &m)
		f(m)
		out, _ := json.Marshal(m)
		return out
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty.json", nil, "empty"},
		{"noise.json", []byte("\x89PNG\r\n\x1a\n\x00\x00"), "not a"},
		{"truncated.json", good[:len(good)/2], "truncated.json"},
		{"foreign.json", []byte(`{"format": 1, "id": "ford", "table": {}}`), "not a Pelennor save"},
		{"newer.json", edit(func(m map[string]any) { m["format"] = engine.SaveFormat + 1 }), "newer than this build"},
		{"rules.json", edit(func(m map[string]any) { m["rulesVersion"] = rules.Version + 1 }), "rules version"},
		{"scenario.json", edit(func(m map[string]any) { m["scenario"].(map[string]any)["id"] = "helms-deep" }), `scenario "helms-deep"`},
		{"checksum.json", edit(func(m map[string]any) { m["scenario"].(map[string]any)["sha256"] = strings.Repeat("0", 64) }), "changed"},
		{"tampered.json", edit(func(m map[string]any) {
			cps := m["checkpoints"].([]any)
			cps[len(cps)-1].(map[string]any)["hash"] = "0000000000000000"
		}), "diverges"},
		{"illegal.json", edit(func(m map[string]any) {
			acts := m["actions"].([]any)
			acts[0] = map[string]any{"kind": "move", "id": 999, "to": map[string]any{"x": 0, "y": 0, "facing": 0}}
		}), "action 0"},
		{"unknown.json", edit(func(m map[string]any) { m["cheat"] = true }), "cheat"},
	}
	for _, c := range cases {
		_, err := l.Read(c.name, c.data)
		if err == nil {
			t.Errorf("%s accepted", c.name)
			continue
		}
		var pe *PanicError
		if errors.As(err, &pe) {
			t.Errorf("%s: the engine panicked: %v", c.name, err)
		}
		if !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q; want the file's name and %q", c.name, err, c.want)
		}
		t.Logf("%s: %v", c.name, err)
		// Listed, with the error.
		l.Saves.Put(c.name, c.data)
	}
	infos, _ := l.List(AreaSaves)
	bad := 0
	for _, in := range infos {
		if in.Err != nil {
			bad++
			if !strings.HasPrefix(in.Detail(), "cannot be read: ") {
				t.Errorf("detail %q", in.Detail())
			}
		}
	}
	// Parsing alone does not re-simulate: the tampered hashes and the
	// illegal action are only found on loading.
	if bad != len(cases)-3 {
		t.Errorf("%d of %d listed as unreadable", bad, len(infos))
	}
}

func TestAutosaveKeepsTheLastTen(t *testing.T) {
	l := library(t)
	if l.Newest() != "" {
		t.Fatal("an autosave before any game")
	}
	h := pelennor(t, 0)
	s, _ := golden(t)
	var last string
	for i := 0; i < 13; i++ {
		// A bound each time.
		for {
			a := s.Actions[len(h.Actions())]
			if _, err := h.Apply(a); err != nil {
				t.Fatal(err)
			}
			if a.Kind == engine.ActEndBound || a.Kind == engine.ActEndPhase && h.Game().Phase() == engine.PhaseMove {
				break
			}
		}
		name, err := l.Autosave(h, [2]string{"A", "B"})
		if err != nil {
			t.Fatal(err)
		}
		last = name
	}
	es, _ := l.Auto.List()
	if len(es) != AutoKeep {
		t.Fatalf("%d autosaves kept, want %d", len(es), AutoKeep)
	}
	if es[0].Name != "auto-000004.json" || last != "auto-000013.json" || l.Newest() != last {
		t.Errorf("kept %s..%s, newest %s", es[0].Name, es[len(es)-1].Name, l.Newest())
	}
	g, err := l.Open(AreaAuto, l.Newest())
	if err != nil || g.H.Game().Hash() != h.Game().Hash() {
		t.Fatalf("newest autosave: %v", err)
	}
	infos, _ := l.List(AreaAuto)
	if infos[0].Name != last || infos[0].Title() != "Autosave 13" {
		t.Errorf("autosaves listed from %s (%s)", infos[0].Name, infos[0].Title())
	}
}

// A turn file must continue the local game of the same match.
func TestTurnFileAgainstTheLocalGame(t *testing.T) {
	l := library(t)
	mine := pelennor(t, 20)
	if _, err := l.Autosave(mine, [2]string{"A", "B"}); err != nil {
		t.Fatal(err)
	}
	// Another match altogether does not count.
	other := pelennor(t, 5)
	otherSave, _ := other.Save(nil)
	seed := *otherSave.Seed + 1
	otherSave.Seed = &seed
	if g, err := l.Local("other.turn.json", otherSave, Info{}); g != nil || err != nil {
		t.Errorf("another match: %v %v", g, err)
	}
	// The opponent's file carries on from it.
	theirs := pelennor(t, 35)
	ts, _ := theirs.Save(nil)
	g, err := l.Local("reply.turn.json", ts, Info{})
	if err != nil || g == nil || len(g.H.Actions()) != 20 {
		t.Fatalf("Local: %v, %v", g, err)
	}
	// An older file is refused.
	old, _ := pelennor(t, 10).Save(nil)
	if _, err := l.Local("old.turn.json", old, Info{}); err == nil || !strings.Contains(err.Error(), "old.turn.json") || !strings.Contains(err.Error(), "older") {
		t.Errorf("older file: %v", err)
	}
	// A file whose history differs is refused with the engine's reason.
	forged, _ := theirs.Save(nil)
	forged.Actions = append([]engine.Action(nil), forged.Actions...)
	forged.Actions[3] = engine.Action{Kind: engine.ActEndBound}
	_, err = l.Local("forged.turn.json", forged, Info{})
	if err == nil || !strings.Contains(err.Error(), "forged.turn.json") || !strings.Contains(err.Error(), "differs") {
		t.Errorf("forged file: %v", err)
	}
}

func TestBoundStarts(t *testing.T) {
	h := pelennor(t, 40)
	starts := BoundStarts(h)
	if starts[1] != 0 {
		t.Errorf("bound 1 starts after %d actions", starts[1])
	}
	for b := 2; b <= h.Game().Bound(); b++ {
		n, ok := starts[b]
		if !ok {
			t.Fatalf("no start for bound %d: %v", b, starts)
		}
		g, _, _ := h.At(n)
		p, _, _ := h.At(n - 1)
		if g.Bound() != b || p.Bound() != b-1 {
			t.Errorf("bound %d starts after %d actions: bounds %d then %d", b, n, p.Bound(), g.Bound())
		}
	}
}

func TestMarkdownOfAShortGame(t *testing.T) {
	sc, err := scenarioByID("duel")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{
		{Kind: engine.ActMove, ID: 2, To: &engine.Pose{X: 330, Y: 720, Facing: 0}},
		{Kind: engine.ActEndBound},
	} {
		if _, err := h.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	out, err := Markdown(h, [2]string{"Rosa", "Bleu"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# Duel at the Ford\n",
		"Red (Rosa) v Blue (Bleu)",
		"| Dice | seed 3 |",
		"## Bound 1 — Red (Rosa)",
		"### Dice\n\n- PIP die of Red Company: rolled ",
		"### Moves\n\n- Red Company spends 1 PIP on moving Red Bows",
		"  - Red Bows moves ",
		"### Combats\n\n#### Close combat: ",
		"| Factors | +",
		"| Die | ",
		"| Total | ",
		"| Result | ",
		"## Bound 2 — Blue (Bleu)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	if t.Failed() || testing.Verbose() {
		t.Log("\n" + out)
	}
	// The whole golden game: every bound, the four events and the result.
	if _, err := os.Stat("../../engine/testdata/golden/pelennor.json"); err == nil {
		s, _ := golden(t)
		full, err := Markdown(pelennor(t, len(s.Actions)), [2]string{"Éomer", "Gothmog"})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"## Bound 44 — ", "Event 4: ", "is broken", "**Mordor and its Allies win the battle**", "| Result | Mordor and its Allies win the battle in bound 44 |"} {
			if !strings.Contains(full, want) {
				t.Errorf("the golden game's log lacks %q", want)
			}
		}
		if dir := os.Getenv("PELENNOR_MD"); dir != "" {
			os.WriteFile(filepath.Join(dir, "pelennor.md"), []byte(full), 0o644)
		}
	}
}

func TestEncodeIsASave(t *testing.T) {
	data := encode(t, pelennor(t, 12))
	if !bytes.HasPrefix(data, []byte("{")) {
		t.Fatal("not JSON")
	}
	s, err := engine.ParseSave("x.json", data)
	if err != nil || len(s.Actions) != 12 || s.Players[0] != "Éomer" {
		t.Fatalf("%v %+v", err, s)
	}
}
