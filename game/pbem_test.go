package game

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
)

// mailSetup starts a play-by-e-mail match on the skirmish from the
// new-battle screen, the first player commanding side.
func mailSetup(t *testing.T, a *App, side int) *Match {
	t.Helper()
	st := NewSetup(a)
	st.list.Selected = slices.Index(st.names, "skirmish")
	st.pick(a)
	st.side.Selected = side
	st.mail.Checked = true
	a.Reset(st)
	st.startMail(a, [2]string{"Alice", "Bob"})
	d, ok := a.Top().(*FieldDialog)
	if !ok || d.title != "Send the invitation" || !strings.Contains(d.field.Text, "invitation") {
		t.Fatalf("after setup: %T", a.Top())
	}
	a.Pop()
	w, ok := a.Top().(*Waiting)
	if !ok {
		t.Fatalf("under the invitation: %T", a.Top())
	}
	return w.m
}

// export writes the match's turn file to dir/name and returns its path.
func export(t *testing.T, a *App, m *Match, dir, name string) string {
	t.Helper()
	p, err := a.ExportTurn(m, filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// open opens a file and plays on from the viewer, if it shows one.
func open(t *testing.T, a *App, s *input.Script, path string) {
	t.Helper()
	if err := a.OpenPath(path); err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	if _, ok := a.Top().(*Viewer); ok {
		ebitest.Run(t, a, 2)
		step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...) // play your bound
	}
}

// A match by e-mail between two computers with their own stores: the
// invitation, the acceptance, bounds each way; the secrets stay in each
// player's store, every file is checked, and a bad file is refused with
// the game going on.
func TestMailMatchBetweenTwoComputers(t *testing.T) {
	dir := t.TempDir()
	alice, sa := app(t, Options{})
	bob, sb := app(t, Options{})
	am := mailSetup(t, alice, 0)
	invite := export(t, alice, am, dir, "invite")

	open(t, bob, sb, invite)
	w, ok := bob.Top().(*Waiting)
	if !ok {
		t.Fatalf("Bob after the invitation: %T (%q)", bob.Top(), bob.Toasts())
	}
	bm := w.m
	if bm.H.Own() != 1 || bm.Names != [2]string{"Alice", "Bob"} {
		t.Fatalf("Bob commands side %d, names %v", bm.H.Own(), bm.Names)
	}
	accept := export(t, bob, bm, dir, "accept")

	// The files carry no secret: not the masters kept in the stores.
	for _, c := range []struct {
		a    *App
		file string
	}{{alice, invite}, {bob, accept}} {
		sec := c.a.secretFor(bm.H.KeyedDice().Match)
		if sec == nil {
			t.Fatal("no secret kept in the store")
		}
		data, _ := os.ReadFile(c.file)
		if strings.Contains(string(data), hex.EncodeToString(sec.Master)) || strings.Contains(string(data), "seed") {
			t.Fatalf("%s carries a secret or a seed", filepath.Base(c.file))
		}
	}

	// Alice opens the acceptance and plays her first bound: it begins at
	// once (her dice are open to her), and ends at the waiting card.
	open(t, alice, sa, accept)
	ab, ok := alice.Top().(*Battle)
	if !ok || ab.M.G.Awaiting() || ab.M.G.Draws() == 0 {
		t.Fatalf("Alice's first bound: %T", alice.Top())
	}
	endBound(t, alice, sa, ab.M)
	if _, ok := alice.Top().(*Waiting); !ok {
		t.Fatalf("after Alice's bound: %T", alice.Top())
	}
	turn1 := export(t, alice, ab.M, dir, "turn1")
	// Continue on the title screen returns to the waiting card, not to a
	// hand-over: the next bound is not Alice's.
	alice.Reset(NewTitle(alice))
	if err := alice.ContinueNewest(); err != nil {
		t.Fatal(err)
	}
	if w, ok := alice.Top().(*Waiting); !ok || w.m.G.Hash() != ab.M.G.Hash() {
		t.Fatalf("Continue: %T", alice.Top())
	}

	open(t, bob, sb, turn1)
	bb, ok := bob.Top().(*Battle)
	if !ok || bb.M.G.Bound() != 2 || bb.M.G.Awaiting() {
		t.Fatalf("Bob's bound: %T", bob.Top())
	}
	endBound(t, bob, sb, bb.M)
	turn2 := export(t, bob, bb.M, dir, "turn2")
	open(t, alice, sa, turn2)
	if b, ok := alice.Top().(*Battle); !ok || b.M.G.Bound() != 3 || b.M.H.Game().Segment() != 3 {
		t.Fatalf("Alice's second bound: %T", alice.Top())
	}

	// A computer without either secret shows a match's file as a replay.
	carl, _ := app(t, Options{})
	saved := filepath.Join(dir, "their game.json")
	data2, _ := os.ReadFile(turn2)
	os.WriteFile(saved, data2, 0o644)
	if err := carl.OpenPath(saved); err != nil {
		t.Fatal(err)
	}
	if v, ok := carl.Top().(*Viewer); !ok || v.mode != ViewReplay {
		t.Errorf("a stranger opens a match's save: %T", carl.Top())
	}

	// Bad files, each refused naming the file; the screen stays.
	data, _ := os.ReadFile(turn2)
	bad := func(name string, edit func(m map[string]any)) string {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		edit(m)
		out, _ := json.Marshal(m)
		p := filepath.Join(dir, name)
		os.WriteFile(p, out, 0o644)
		return p
	}
	// The acceptance of another match, between Carol and Dave.
	carol, _ := app(t, Options{})
	dave, sd := app(t, Options{})
	open(t, dave, sd, export(t, carol, mailSetup(t, carol, 1), dir, "carol"))
	stranger := export(t, dave, dave.Top().(*Waiting).m, dir, "stranger")
	cases := []struct{ file, want string }{
		{bad("tampered.turn.json", func(m map[string]any) {
			r := m["keyed"].(map[string]any)["revealed"].([]any)[1].(map[string]any)
			v := r["value"].(string)
			r["value"] = strings.Repeat("0", len(v))
		}), "does not hash down to its commitment"},
		{stranger, "does not hold"},
		{turn1, "older"},
		{invite, "own invitation"},
	}
	// The invitation opened again on the computer that accepted it.
	if err := bob.OpenPath(invite); err == nil || !strings.Contains(err.Error(), "older than your game") {
		t.Errorf("Bob opens the invitation again: %v", err)
	}
	for _, c := range cases {
		top := alice.Top()
		err := alice.OpenPath(c.file)
		if err == nil || !strings.Contains(err.Error(), filepath.Base(c.file)) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", filepath.Base(c.file), err, c.want)
		}
		if alice.Top() != top {
			t.Errorf("%s changed the screen to %T", filepath.Base(c.file), alice.Top())
		}
	}
}
