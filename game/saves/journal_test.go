package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
	"testing"

	"pelennor/engine"
)

var players = [2]string{"Éomer", "Gothmog"}

// readBack reads the library's journal of h and checks that it is h as
// it stands: the same actions, dice drawn and hash.
func readBack(t *testing.T, l *Library, j *Journal, h *engine.History) *Game {
	t.Helper()
	g, _, err := l.OpenJournal(j.Name())
	if err != nil {
		t.Fatalf("reading the journal back: %v", err)
	}
	got, want := g.H.Game(), h.Game()
	if got.Hash() != want.Hash() || got.Draws() != want.Draws() || len(g.H.Actions()) != len(h.Actions()) {
		t.Fatalf("journal: %d actions, %d dice, hash %s; game: %d actions, %d dice, hash %s",
			len(g.H.Actions()), got.Draws(), got.Hash(), len(h.Actions()), want.Draws(), want.Hash())
	}
	if g.Names != players {
		t.Errorf("players %q", g.Names)
	}
	return g
}

// Written after every action of the golden game's first bounds, the
// journal always reads back as the game, and its save is encoded again
// only when a bound begins.
func TestJournalFollowsEveryAction(t *testing.T) {
	l := library(t)
	s, _ := golden(t)
	h := pelennor(t, 0)
	j := l.Journal(h, h.Game().Scenario())
	if err := j.Write(h, players); err != nil {
		t.Fatal(err)
	}
	readBack(t, l, j, h)
	bounds := 0
	for i, a := range s.Actions[:70] {
		before, baseN := h.Game().Bound(), j.baseN
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if err := j.Write(h, players); err != nil {
			t.Fatalf("write after action %d: %v", i, err)
		}
		if h.Game().Bound() != before {
			bounds++
			if j.baseN != i+1 {
				t.Errorf("after action %d began bound %d, the save stands at %d actions", i, h.Game().Bound(), j.baseN)
			}
			// The bound's autosave takes those bytes as they are.
			if !bytes.Equal(j.Encoded(i+1), encode(t, h)) {
				t.Errorf("after action %d the journal's save is not the game's save", i)
			}
		} else if j.baseN != baseN {
			t.Errorf("action %d within bound %d re-encoded the save (%d actions, was %d)", i, before, j.baseN, baseN)
		}
		if i%7 == 0 || h.Game().Bound() != before {
			readBack(t, l, j, h)
		}
	}
	if bounds < 3 {
		t.Fatalf("the test crossed only %d bounds", bounds)
	}
	readBack(t, l, j, h)
}

// firstUndoable plays the golden game until an action can be undone.
func firstUndoable(t *testing.T) *engine.History {
	t.Helper()
	s, _ := golden(t)
	h := pelennor(t, 0)
	for i, a := range s.Actions {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if h.CanUndo() {
			return h
		}
	}
	t.Fatal("no action of the golden game can be undone")
	return nil
}

// An undo written to the journal takes the action out of it, even when
// the undo goes behind the journal's save; a redo puts it back.
func TestJournalFollowsUndoAndRedo(t *testing.T) {
	l := library(t)
	h := firstUndoable(t)
	n := len(h.Actions())
	j := l.Journal(h, h.Game().Scenario())
	if err := j.Write(h, players); err != nil { // the save stands at n actions
		t.Fatal(err)
	}
	if err := h.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := j.Write(h, players); err != nil {
		t.Fatal(err)
	}
	if g := readBack(t, l, j, h); len(g.H.Actions()) != n-1 {
		t.Fatalf("after the undo the journal has %d actions, want %d", len(g.H.Actions()), n-1)
	}
	if _, err := h.Redo(); err != nil {
		t.Fatal(err)
	}
	if err := j.Write(h, players); err != nil {
		t.Fatal(err)
	}
	readBack(t, l, j, h)
}

// A journal that cannot be read is refused with a message naming the
// file and the problem.
func TestBadJournalsAreRefused(t *testing.T) {
	l := library(t)
	h := pelennor(t, 40)
	j := l.Journal(h, h.Game().Scenario())
	// Keep a few actions after the save, so that they can be tampered with.
	for range 3 {
		if err := j.Write(h, players); err != nil {
			t.Fatal(err)
		}
	}
	good, err := l.Journals.Get(j.Name())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := golden(t)
	hh := pelennor(t, 38)
	jj := &Journal{lib: l, key: j.key, name: j.name}
	jj.Write(hh, players)
	for _, a := range s.Actions[38:40] {
		hh.Apply(a)
	}
	if err := jj.Write(hh, players); err != nil {
		t.Fatal(err)
	}
	withActions, _ := l.Journals.Get(j.Name())
	edit := func(data []byte, f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		out, _ := json.Marshal(m)
		return out
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "the journal is empty"},
		{"truncated", good[:len(good)/2], "not a readable journal"},
		{"not json", []byte("hello"), "not a readable journal"},
		{"a save", encode(t, h), "not a readable journal"},
		{"other kind", edit(good, func(m map[string]any) { m["kind"] = "turn" }), `not a journal (kind "turn")`},
		{"newer", edit(good, func(m map[string]any) { m["format"] = 9 }), "journal format 9 is newer"},
		{"no save", edit(good, func(m map[string]any) { delete(m, "save") }), "has no save"},
		{"hash", edit(good, func(m map[string]any) { m["after"].(map[string]any)["hash"] = "00" }), "does not reach the journal's last checkpoint"},
		{"dice", edit(withActions, func(m map[string]any) { m["after"].(map[string]any)["draws"] = 1 }), "does not reach the journal's last checkpoint"},
		{"bad action", edit(withActions, func(m map[string]any) {
			m["actions"].([]any)[0] = map[string]any{"kind": "move", "id": 9999, "to": map[string]any{"x": 1, "y": 1}}
		}), "action 0 after the save"},
		{"other match", edit(good, func(m map[string]any) { m["match"] = "0123456789abcdef" }), "its game is match"},
		{"broken save", edit(good, func(m map[string]any) { m["save"].(map[string]any)["checkpoints"] = []any{} }), j.Name()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := l.ReadJournal(j.Name(), c.data)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), j.Name()) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want the file's name and %q", err, c.want)
			}
		})
	}
	if _, err := l.ReadJournal(j.Name(), withActions); err != nil {
		t.Errorf("the journal with actions after its save: %v", err)
	}
}

// A journal set aside is no longer read, and kept as NAME.broken.
func TestSetAsideKeepsTheBrokenJournal(t *testing.T) {
	l := library(t)
	l.Journals.Put("journal-0123456789abcdef.json", []byte("{"))
	kept, err := l.SetAside("journal-0123456789abcdef.json", []byte("{"))
	if err != nil || kept != "journal-0123456789abcdef.json.broken" {
		t.Fatalf("SetAside: %q %v", kept, err)
	}
	if _, ok := l.NewestJournal(); ok {
		t.Error("the broken journal is still listed")
	}
	if data, err := l.Journals.Get(kept); err != nil || string(data) != "{" {
		t.Errorf("kept %q %v", data, err)
	}
	if _, _, err := l.OpenJournal("journal-0123456789abcdef.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenJournal: %v", err)
	}
}

// Each match has its own journal; the JournalKeep most recently played
// are kept, and NewestJournal is the last written.
func TestJournalsPerMatch(t *testing.T) {
	l := library(t)
	_, sc := golden(t)
	var names []string
	for seed := range uint64(JournalKeep + 3) {
		h, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		j := l.Journal(h, sc)
		if err := j.Write(h, players); err != nil {
			t.Fatal(err)
		}
		names = append(names, j.Name())
	}
	es, err := l.journals()
	if err != nil || len(es) != JournalKeep {
		t.Fatalf("%d journals kept (%v), want %d", len(es), err, JournalKeep)
	}
	if e, ok := l.NewestJournal(); !ok || e.Name != names[len(names)-1] {
		t.Errorf("newest %q, want %q", e.Name, names[len(names)-1])
	}
	for _, n := range names[:3] {
		if _, err := l.Journals.Get(n); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s, among the oldest, was kept", n)
		}
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Fatalf("two matches share the journal %s", n)
		}
		seen[n] = true
	}
}

func TestExtends(t *testing.T) {
	s, _ := golden(t)
	a := s.Actions
	cases := []struct {
		name string
		b, a []engine.Action
		want bool
	}{
		{"equal", a[:5], a[:5], true},
		{"longer", a[:9], a[:5], true},
		{"from nothing", a[:3], nil, true},
		{"older", a[:4], a[:5], false},
		{"different", append(append([]engine.Action{}, a[:4]...), a[6]), a[:5], false},
	}
	for _, c := range cases {
		if got := Extends(c.b, c.a); got != c.want {
			t.Errorf("%s: Extends %v, want %v", c.name, got, c.want)
		}
	}
}

// BenchmarkJournalWrite measures a write in the middle of a bound late in
// the golden game (the save already encoded), against BenchmarkEncode's
// full save.
func BenchmarkJournalWrite(b *testing.B) {
	l := library(b)
	s, _ := golden(b)
	h := pelennor(b, len(s.Actions)-1)
	j := l.Journal(h, h.Game().Scenario())
	if err := j.Write(h, players); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := j.Write(h, players); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	s, _ := golden(b)
	h := pelennor(b, len(s.Actions)-1)
	for b.Loop() {
		if _, err := Encode(h, players); err != nil {
			b.Fatal(err)
		}
	}
}

// A save's key, from the file alone, is its history's: Continue compares
// the newest autosave with the journal by it.
func TestSaveKeyIsMatchKey(t *testing.T) {
	l := library(t)
	for _, n := range []int{0, 1, 57} {
		h := pelennor(t, n)
		sv, err := h.Save(nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := SaveKey(sv), MatchKey(h, h.Game().Scenario()); got != want {
			t.Errorf("after %d actions: save key %s, history key %s", n, got, want)
		}
		in := l.Describe("x.json", encode(t, h))
		if in.Key() != MatchKey(h, h.Game().Scenario()) {
			t.Errorf("after %d actions: Info.Key %q", n, in.Key())
		}
	}
	// Another seed is another match.
	_, sc := golden(t)
	seed := uint64(99)
	other, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if MatchKey(other, sc) == MatchKey(pelennor(t, 0), sc) {
		t.Error("two seeds, one key")
	}
}
