package game

import (
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/saves"
)

// simulated runs f and returns the games it started and the actions it
// applied (engine.Simulated).
func simulated(f func()) (games, actions int64) {
	g0, a0 := engine.Simulated()
	f()
	g1, a1 := engine.Simulated()
	return g1 - g0, a1 - a0
}

// seekSlack is what the viewer and Branch may apply beyond the files'
// actions: a few actions after a snapshot (engine's snapEvery is 8).
const seekSlack = 3 * 8

// Opening a play-by-e-mail turn file simulates it once: the game read is
// the one checked against the player's own game (Receive) and the one
// watched and played. The player's own game of the match, another file,
// is read once too; the autosave, the journal and the viewer simulate
// nothing more.
func TestOpeningATurnFileSimulatesItOnce(t *testing.T) {
	dir := t.TempDir()
	alice, sa := app(t, Options{})
	bob, sb := app(t, Options{})
	am := mailSetup(t, alice, 0)
	open(t, bob, sb, export(t, alice, am, dir, "invite"))
	accept := export(t, bob, bob.Top().(*Waiting).m, dir, "accept")
	open(t, alice, sa, accept)
	ab := alice.Top().(*Battle)
	endBound(t, alice, sa, ab.M)
	turn1 := export(t, alice, ab.M, dir, "turn1")
	local := len(ab.M.Actions) // Alice's autosave of her bound

	turn, _ := os.ReadFile(turn1)
	s, err := engine.ParseSave("turn1", turn)
	if err != nil {
		t.Fatal(err)
	}
	var openErr error
	games, actions := simulated(func() { openErr = bob.OpenPath(turn1) })
	if openErr != nil {
		t.Fatal(openErr)
	}
	if _, ok := bob.Top().(*Viewer); !ok {
		t.Fatalf("Bob opens the turn file: %T", bob.Top())
	}
	t.Logf("opening a turn file of %d actions: %d games, %d actions", len(s.Actions), games, actions)
	// Bob's own game of the match is his acceptance (no action yet).
	if games != 2 || actions > int64(len(s.Actions)+seekSlack) {
		t.Errorf("opening the turn file started %d games and applied %d actions; want 2 games (the file, Bob's own game) and about %d actions",
			games, actions, len(s.Actions))
	}
	// Playing his bound from the viewer reads his journal (another file)
	// and simulates nothing else.
	games, actions = simulated(func() {
		ebitest.Run(t, bob, 2)
		step(t, bob, sb, 4, input.Tap(0, ebiten.KeyEnter)...)
	})
	if _, ok := bob.Top().(*Battle); !ok {
		t.Fatalf("Bob plays his bound: %T", bob.Top())
	}
	t.Logf("playing on from it: %d games, %d actions", games, actions)
	if games > 1 || actions > int64(len(s.Actions)+seekSlack) {
		t.Errorf("playing on from the turn file started %d games and applied %d actions", games, actions)
	}

	// Alice opens Bob's reply: her file and her own game of %d actions.
	bb := bob.Top().(*Battle)
	endBound(t, bob, sb, bb.M)
	turn2 := export(t, bob, bb.M, dir, "turn2")
	games, actions = simulated(func() { openErr = alice.OpenPath(turn2) })
	if openErr != nil {
		t.Fatal(openErr)
	}
	t.Logf("opening the reply of %d actions (own game %d): %d games, %d actions", len(bb.M.Actions), local, games, actions)
	if games != 2 || actions > int64(len(bb.M.Actions)+local+seekSlack) {
		t.Errorf("opening the reply started %d games and applied %d actions; want 2 games and about %d actions",
			games, actions, len(bb.M.Actions)+local)
	}
}

// A file checked in the load screen's list and then opened is simulated
// once in all.
func TestCheckedFileOpensWithoutSimulating(t *testing.T) {
	a, _ := app(t, Options{})
	sc, err := LoadScenario(a.Opts.Catalog, "skirmish")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(4)
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(4)
	for range 60 {
		if _, err := h.Apply(b.Next(h.Game())); err != nil {
			t.Fatal(err)
		}
	}
	name, err := a.Lib.Put("checked", h, [2]string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	infos, err := a.Lib.List(saves.AreaSaves)
	if err != nil || len(infos) != 1 || infos[0].Name != name {
		t.Fatalf("the list: %v %v", infos, err)
	}
	var in saves.Info
	games, actions := simulated(func() { in = a.Lib.Check(infos[0]) })
	if !in.Checked || games != 1 || actions != 60 {
		t.Fatalf("the check: checked %v, %d games, %d actions", in.Checked, games, actions)
	}
	games, actions = simulated(func() { err = a.OpenSaved(in) })
	if err != nil {
		t.Fatal(err)
	}
	ho, ok := a.Top().(*Handover)
	if !ok || ho.m.G.Hash() != h.Game().Hash() {
		t.Fatalf("the file opened: %T", a.Top())
	}
	if games != 0 || actions >= 8 {
		t.Errorf("opening the checked file started %d games and applied %d actions", games, actions)
	}
	// Played on, the game opened leaves the checked one as it was: it
	// opens again at the same position.
	if _, err := ho.m.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
		t.Fatal(err)
	}
	again, err := a.Lib.ReadChecked(in.Name, mustGet(t, a, in.Name), in)
	if err != nil || again.H.Game().Hash() != h.Game().Hash() || again.H.Len() != 60 {
		t.Errorf("the checked game was changed by play: %v", err)
	}
	// Other bytes under the name are read afresh.
	other, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := saves.Encode(other, [2]string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	var fresh *saves.Game
	games, _ = simulated(func() { fresh, err = a.Lib.ReadChecked(in.Name, data, in) })
	if err != nil || games != 1 || fresh.H.Len() != 0 {
		t.Errorf("other bytes under the checked name: %d games, %v", games, err)
	}
}

func mustGet(t *testing.T, a *App, name string) []byte {
	t.Helper()
	data, err := a.storage.Saves.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The hotseat player who presses Undo after the other player's move,
// which drew no die, is told that it is the other player's (it was told
// "since the last dice roll").
func TestUndoRefusalGivesTheReason(t *testing.T) {
	a, s := app(t, Options{})
	sc, err := LoadScenario(a.Opts.Catalog, "skirmish")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(sc, 3, [2]string{"A", "B"}, false) // seed 7 no longer gets there on the skirmish of version 2
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(3)
	for m.UndoBlocked() != engine.UndoOther {
		if m.G.Winner() >= 0 || len(m.Actions) > 400 {
			t.Fatal("the game never reached another player's undrawn move")
		}
		if _, err := m.Submit(b.Next(m.G)); err != nil {
			t.Fatal(err)
		}
	}
	hash := m.G.Hash()
	bt := NewBattle(a, m)
	a.Reset(bt)
	step(t, a, s, 6, ctrl(ebiten.KeyZ, false)...)
	toasts := strings.Join(a.Toasts(), "\n")
	if m.G.Hash() != hash || !bt.undo.Disabled {
		t.Fatal("the other player's move was undone")
	}
	if !strings.Contains(toasts, "other player made the last move") || strings.Contains(toasts, "dice roll") {
		t.Errorf("the refusal says %q", toasts)
	}
}

// The title's Continue card reads the journal of the battle in play, and
// Continue resumes it without reading it again; so for the newest
// autosave when there is no journal.
func TestContinueSimulatesOnce(t *testing.T) {
	a, _ := app(t, Options{})
	m, err := a.StartMatch("skirmish", 3, [2]string{"A", "B"}, false)
	if err != nil {
		t.Fatal(err)
	}
	a.Reset(NewBattle(a, m))
	b := bot.New(3)
	for range 30 {
		if _, err := m.Submit(b.Next(m.G)); err != nil {
			t.Fatal(err)
		}
	}
	hash := m.G.Hash()
	games, _ := simulated(func() {
		a.Reset(NewTitle(a))
		err = a.ContinueNewest()
	})
	if err != nil {
		t.Fatal(err)
	}
	if ho, ok := a.Top().(*Handover); !ok || ho.m.G.Hash() != hash {
		t.Fatalf("Continue: %T", a.Top())
	}
	if games != 1 {
		t.Errorf("the title and Continue started %d games; want 1 (the journal, read once)", games)
	}

	// Without a journal: the newest autosave, checked by the title.
	st := memStorage()
	h, err := engine.NewHistory(m.Sc, new(uint64), nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b2 := bot.New(1)
	for range 30 {
		if _, err := h.Apply(b2.Next(h.Game())); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := app(t, Options{Storage: st})
	if _, err := c.Lib.Autosave(h, [2]string{"A", "B"}); err != nil {
		t.Fatal(err)
	}
	games, _ = simulated(func() {
		c.Reset(NewTitle(c))
		err = c.ContinueNewest()
	})
	if err != nil {
		t.Fatal(err)
	}
	if games != 1 {
		t.Errorf("the title and Continue from the autosave started %d games; want 1", games)
	}
}
