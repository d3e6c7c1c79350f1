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
	"pelennor/game/saves"
	"pelennor/game/store"
)

// foeApp starts a battle on pelennorWithFoe's scenario (a knight facing a
// Witch-King's Blades, so that a fight rolls dice in the middle of a
// bound), over the stores st, with a catalog that holds that scenario,
// so that its files load.
func foeApp(t *testing.T, st Storage, show string) (*App, *input.Script, int) {
	t.Helper()
	data, kid, _ := pelennorWithFoeData(t)
	cat := Catalog{Names: func() []string { return []string{"pelennor"} }, Load: func(string) ([]byte, error) { return data, nil }}
	script := input.NewScript()
	a, err := New(Options{Mute: true, Seed: 5, Show: show, Catalog: cat, Input: script, Storage: st, Names: [2]string{"Éomer", "Gothmog"}})
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	return a, script, kid
}

// chargeAndFight charges the knight into the foe, ends the move phase
// and fights: the fight draws dice in the middle of the bound.
func chargeAndFight(t *testing.T, a *App, s *input.Script, b *Battle, kid int) {
	t.Helper()
	m := b.M
	knight, _ := m.G.Element(kid)
	x0, y0, x1, y1 := aim(b, knight, 235)
	step(t, a, s, 16, input.Drag(0, x0, y0, x1+5, y1, 10)...)
	for i := 0; i < 3 && m.G.Phase() != engine.PhaseClose; i++ {
		step(t, a, s, 4, input.Tap(0, ebiten.KeyP)...)
		if _, ok := a.Top().(*Confirm); ok {
			step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...)
		}
	}
	if m.G.Phase() != engine.PhaseClose || len(b.fights) == 0 {
		t.Fatalf("phase %s, %d fights: want a close combat", m.G.Phase(), len(b.fights))
	}
	ebitest.Run(t, a, 2)
	draws := m.G.Draws()
	r := b.fights[0].Rect
	step(t, a, s, 6, input.Click(0, r.CX(), r.CY())...)
	if m.G.Draws() == draws {
		t.Fatal("the fight rolled no dice")
	}
}

// position is what must survive: the actions, the dice drawn, the hash.
type position struct {
	hash    string
	draws   int
	actions int
}

func positionOf(m *Match) position { return position{m.G.Hash(), m.G.Draws(), len(m.Actions)} }

// continued presses Continue on the title and returns the match resumed.
func continued(t *testing.T, a *App, s *input.Script) *Match {
	t.Helper()
	if _, ok := a.Top().(*Title); !ok {
		a.Reset(NewTitle(a))
	}
	step(t, a, s, 4, input.Tap(0, ebiten.KeyC)...)
	h, ok := a.Top().(*Handover)
	if !ok {
		t.Fatalf("Continue opened %T (toasts %q)", a.Top(), a.Toasts())
	}
	return h.m
}

// Leave to the main menu in the middle of a bound, after a fight has
// rolled its dice, then Continue: the battle is at the same action with
// the same dice drawn, though no autosave was written in the bound. The
// same after the program ends without a word (a crash, a power cut): a
// new program over the same files continues it.
func TestLeaveAndContinueLosesNothing(t *testing.T) {
	st := memStorage()
	a, s, kid := foeApp(t, st, "battle")
	b := a.Top().(*Battle)
	chargeAndFight(t, a, s, b, kid)
	want := positionOf(b.M)
	if _, ok := a.Lib.NewestAutosave(); ok {
		t.Fatal("an autosave was written in the middle of bound 1")
	}
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	p, ok := a.Top().(*Pause)
	if !ok {
		t.Fatalf("Esc: %T", a.Top())
	}
	r := p.leave.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	if _, ok := a.Top().(*Title); !ok {
		t.Fatalf("Leave: %T", a.Top())
	}
	if !strings.Contains(strings.Join(a.Toasts(), "\n"), "kept as it stands") {
		t.Errorf("Leave says %q", a.Toasts())
	}
	// The title says what Continue resumes: the battle in play.
	side, _ := b.M.G.ToAct()
	if tl := a.Top().(*Title); !strings.Contains(tl.newest, fmt.Sprintf("bound %d, %s to move", b.M.G.Bound(), b.M.SideName(side))) {
		t.Errorf("the title offers to continue %q", tl.newest)
	}
	m := continued(t, a, s)
	if got := positionOf(m); got != want {
		t.Fatalf("Leave + Continue: %+v, left at %+v", got, want)
	}
	if !strings.Contains(strings.Join(a.Toasts(), "\n"), "as it was left") {
		t.Errorf("toasts %q", a.Toasts())
	}

	// A crash: no Leave, no Quit; a new program over the same files.
	crashed, cs, _ := foeApp(t, st, "title")
	if got := positionOf(continued(t, crashed, cs)); got != want {
		t.Fatalf("after a crash: %+v, want %+v", got, want)
	}
}

// An undo is written to the journal as it happens: after a restart the
// battle stands where the undo left it.
func TestUndoIsKeptInTheJournal(t *testing.T) {
	st := memStorage()
	a, s := app(t, Options{Seed: 11, Show: "battle", Storage: st})
	b := a.Top().(*Battle)
	start := positionOf(b.M)
	moveKnight(t, a, s, b)
	moved := positionOf(b.M)
	b2, s2 := app(t, Options{Storage: st})
	if got := positionOf(continued(t, b2, s2)); got != moved {
		t.Fatalf("after the move: %+v, want %+v", got, moved)
	}
	step(t, a, s, 6, ctrl(ebiten.KeyZ, false)...)
	if positionOf(b.M) != start {
		t.Fatal("the undo did not undo")
	}
	b3, s3 := app(t, Options{Storage: st})
	if got := positionOf(continued(t, b3, s3)); got != start {
		t.Fatalf("after the undo: %+v, want %+v", got, start)
	}
}

// A broken journal is reported, naming it and the problem, and set
// aside; Continue goes on from the newest autosave and nothing else
// saved is lost.
func TestCorruptJournalFallsBackToTheAutosave(t *testing.T) {
	st := memStorage()
	a, s := app(t, Options{Seed: 11, Show: "battle", Storage: st})
	bt := a.Top().(*Battle)
	m := bt.M
	moveKnight(t, a, s, bt)
	endBound(t, a, s, m)
	atEnd := positionOf(m)
	if _, err := a.SaveMatch(m, "kept"); err != nil {
		t.Fatal(err)
	}
	j, ok := a.Lib.NewestJournal()
	if !ok {
		t.Fatal("no journal")
	}
	data, _ := st.Journals.Get(j.Name)
	st.Journals.Put(j.Name, data[:len(data)/3])
	// The title says so, at once: Continue offers the autosave.
	b, sb := app(t, Options{Storage: st})
	toasts := strings.Join(b.Toasts(), "\n")
	got := continued(t, b, sb)
	if positionOf(got) != atEnd {
		t.Errorf("continued at %+v, the autosave stands at %+v", positionOf(got), atEnd)
	}
	for _, w := range []string{j.Name, "not a readable journal", "kept as " + j.Name + ".broken", "newest autosave"} {
		if !strings.Contains(toasts, w) {
			t.Errorf("toasts %q lack %q", toasts, w)
		}
	}
	if kept, err := st.Journals.Get(j.Name + ".broken"); err != nil || len(kept) != len(data)/3 {
		t.Errorf("the broken journal was not kept: %v", err)
	}
	if _, err := b.Lib.Open(saves.AreaSaves, "kept.json"); err != nil {
		t.Errorf("the save was lost: %v", err)
	}
	// The battle continued is kept in a new journal at once.
	if _, _, err := b.Lib.OpenJournal(j.Name); err != nil {
		t.Errorf("no new journal: %v", err)
	}
}

// Loading an older save of the battle in play resumes the battle where
// it stands: the dice after the save have been rolled and seen. A battle
// that has been won binds nothing: an older position of it may be played
// from, and that becomes the battle in play; a file that continues the
// battle in play replaces it.
func TestOlderPositionsOfABattleInPlay(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Skip("no golden Pelennor game:", err)
	}
	a, _ := app(t, Options{})
	g, err := a.Lib.Read("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	won := MatchOf(g.H, g.Names)
	if won.G.Winner() < 0 {
		t.Fatalf("the golden game has no winner")
	}
	a.Reset(NewBattle(a, won))
	if why := a.RefuseBranch(won, 100); why != "" {
		t.Fatalf("a won battle may not be played from action 100: %s", why)
	}
	h, err := g.H.Branch(100)
	if err != nil {
		t.Fatal(err)
	}
	branch := MatchOf(h, g.Names)
	a.Reset(NewBattle(a, branch))
	if len(branch.Actions) != 100 {
		t.Fatalf("the branch resumed %d actions", len(branch.Actions))
	}
	why := a.RefuseBranch(branch, 60)
	if !strings.Contains(why, "action 100") || !strings.Contains(why, "dice after action 60") {
		t.Errorf("playing from action 60 of the battle in play: %q", why)
	}
	if why := a.RefuseBranch(branch, 100); why != "" {
		t.Errorf("playing on from where the battle stands is refused: %s", why)
	}
	// An older save of it resumes it.
	older, _ := g.H.Branch(60)
	om := MatchOf(older, g.Names)
	a.Reset(NewBattle(a, om))
	if got, want := positionOf(om), positionOf(branch); got != want {
		t.Errorf("the older save opened at %+v, want the battle in play %+v", got, want)
	}
	// The whole game continues the battle in play: it opens as it is.
	again := MatchOf(g.H, g.Names)
	a.Reset(NewBattle(a, again))
	if len(again.Actions) != len(g.H.Actions()) {
		t.Errorf("the game that continues the battle in play opened at %d actions", len(again.Actions))
	}
}

// The load screen warns when the browser may evict the saves, and names
// the Export button; where they are kept for good it says nothing. On
// the desktop they are.
func TestStorageNotice(t *testing.T) {
	for _, c := range []struct {
		p    store.Persistence
		warn bool
	}{{store.PersistAsking, false}, {store.PersistGranted, false}, {store.PersistRefused, true}, {store.PersistUnavailable, true}} {
		n := storageNotice(c.p)
		if (n != "") != c.warn || c.warn && !strings.Contains(n, "Export") {
			t.Errorf("%s: notice %q", c.p, n)
		}
	}
	a, _ := app(t, Options{Show: "load"})
	ebitest.Run(t, a, 2)
	if st := a.HookState(); st.Storage != "granted" || st.Notice != "" || st.Scene != "loadscreen" {
		t.Errorf("on the desktop's load screen: scene %q, storage %q, notice %q", st.Scene, st.Storage, st.Notice)
	}
}

// A turn file opened and not yet played on (the player went back to the
// menu from its replay) is further on than the journal of the same
// match: Continue resumes it, not the journal.
func TestContinueAfterATurnFile(t *testing.T) {
	a, s := app(t, Options{Seed: 21, Show: "battle", Names: [2]string{"Alice", "Bob"}})
	b := a.Top().(*Battle)
	moveKnight(t, a, s, b)
	endBound(t, a, s, b.M)
	// Bob's reply: his bound, ended at once.
	h, err := b.M.H.Branch(len(b.M.Actions))
	if err != nil {
		t.Fatal(err)
	}
	bob := MatchOf(h, b.M.Names)
	if _, err := bob.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/to-alice.turn.json"
	if _, err := a.ExportTurn(bob, path); err != nil {
		t.Fatal(err)
	}
	if err := a.OpenPath(path); err != nil {
		t.Fatal(err)
	}
	if v, ok := a.Top().(*Viewer); !ok || v.mode != ViewTurn {
		t.Fatalf("the turn file opened %T", a.Top())
	}
	a.Reset(NewTitle(a)) // the viewer's Main menu
	if got, want := positionOf(continued(t, a, s)), positionOf(bob); got != want {
		t.Fatalf("Continue after the turn file: %+v, want Bob's bound %+v", got, want)
	}
}
