package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/saves"
	"pelennor/game/store"
)

func memStorage() Storage {
	return Storage{Saves: store.NewMemory(), Autosaves: store.NewMemory(), Journals: store.NewMemory(), Config: store.NewMemory(), Armies: store.NewMemory(), Tournaments: store.NewMemory()}
}

// app starts the game with its own stores in memory, driven by a script.
func app(t *testing.T, o Options) (*App, *input.Script) {
	t.Helper()
	script := input.NewScript()
	o.Mute, o.Catalog, o.Input = true, catalog, script
	if o.Storage.Saves == nil {
		o.Storage = memStorage()
	}
	if o.Names == [2]string{} {
		o.Names = [2]string{"Éomer", "Gothmog"}
	}
	a, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ebitest.Run(t, a, 3)
	return a, script
}

// ctrl returns the events of Ctrl+k.
func ctrl(k ebiten.Key, shift bool) []input.Event {
	evs := []input.Event{{Kind: input.KeyDown, Key: ebiten.KeyControlLeft}}
	if shift {
		evs = append(evs, input.Event{Kind: input.KeyDown, Key: ebiten.KeyShiftLeft})
	}
	evs = append(evs, input.Event{At: 1, Kind: input.KeyDown, Key: k}, input.Event{At: 2, Kind: input.KeyUp, Key: k},
		input.Event{At: 3, Kind: input.KeyUp, Key: ebiten.KeyControlLeft}, input.Event{At: 3, Kind: input.KeyUp, Key: ebiten.KeyShiftLeft})
	return evs
}

// step plays events and runs frames.
func step(t *testing.T, a *App, s *input.Script, frames int, evs ...input.Event) {
	t.Helper()
	s.Add(evs...)
	ebitest.Run(t, a, frames)
}

// endBound ends the bound through the keyboard, confirming and taking
// the hand-over, until the bound changes.
func endBound(t *testing.T, a *App, s *input.Script, m *Match) {
	t.Helper()
	bound := m.G.Bound()
	for k := 0; k < 6 && m.G.Bound() == bound && m.G.Winner() < 0; k++ {
		switch a.Top().(type) {
		case *Confirm:
			step(t, a, s, 3, input.Tap(0, ebiten.KeyEnter)...)
		case *Handover:
			step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
		default:
			step(t, a, s, 3, input.Tap(0, ebiten.KeyB)...)
		}
	}
	if m.G.Bound() == bound && m.G.Winner() < 0 {
		t.Fatalf("bound %d did not end (top %T, phase %s)", bound, a.Top(), m.G.Phase())
	}
}

// moveKnight drags a Rohirrim knight 3" ahead.
func moveKnight(t *testing.T, a *App, s *input.Script, b *Battle) engine.Element {
	t.Helper()
	e := rohirrimKnight(t, b.M, 300, false)
	x0, y0, x1, y1 := aim(b, e, 300)
	step(t, a, s, 16, input.Drag(0, x0, y0, x1, y1, 10)...)
	if after, _ := b.M.G.Element(e.ID); after.Base == e.Base {
		t.Fatal("the knight did not move")
	}
	return e
}

func TestSaveThenLoadGivesTheSameState(t *testing.T) {
	a, s := app(t, Options{Seed: 11, Show: "battle"})
	b := a.Top().(*Battle)
	m := b.M
	moveKnight(t, a, s, b)
	hash, draws := m.G.Hash(), m.G.Draws()
	// Ctrl+S, then Enter saves under the name offered.
	step(t, a, s, 6, ctrl(ebiten.KeyS, false)...)
	d, ok := a.Top().(*FieldDialog)
	if !ok {
		t.Fatalf("Ctrl+S opened %T", a.Top())
	}
	d.field.Text = "Before the charge"
	step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...)
	if a.Top() != b {
		t.Fatalf("after saving: %T", a.Top())
	}
	if !strings.Contains(strings.Join(a.Toasts(), "\n"), "Saved “Before the charge”") {
		t.Errorf("toasts %q", a.Toasts())
	}
	if _, err := a.storage.Saves.Get("Before the charge.json"); err != nil {
		t.Fatal(err)
	}
	// The title, Load, and the save: it stands where the battle does.
	loadSaved := func() *Match {
		t.Helper()
		a.Reset(NewTitle(a))
		step(t, a, s, 4, input.Tap(0, ebiten.KeyL)...)
		l, ok := a.Top().(*LoadScreen)
		if !ok {
			t.Fatalf("L opened %T", a.Top())
		}
		if !l.Select("Before the charge.json") {
			t.Fatalf("the save is not listed: %v", l.list.Items)
		}
		ebitest.Run(t, a, 2)
		if in, _ := l.Selected(); !in.Checked || in.Bound != 1 || in.Players != m.Names {
			t.Errorf("listed as %+v", in)
		}
		step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...)
		h, ok := a.Top().(*Handover)
		if !ok {
			t.Fatalf("after Load: %T (toasts %q)", a.Top(), a.Toasts())
		}
		return h.m
	}
	got := loadSaved()
	if got.G.Hash() != hash || got.G.Draws() != draws || got.Names != m.Names || len(got.Actions) != 1 {
		t.Errorf("loaded hash %s draws %d names %q, saved %s %d %q", got.G.Hash(), got.G.Draws(), got.Names, hash, draws, m.Names)
	}
	// The battle goes on: now the save is an older position of the battle
	// in play, and loading it resumes the battle where it stands.
	step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
	endBound(t, a, s, got)
	again := loadSaved()
	if again.G.Hash() != got.G.Hash() || again.G.Draws() != got.G.Draws() || len(again.Actions) != len(got.Actions) {
		t.Errorf("the older save opened at %d actions, the battle in play has %d", len(again.Actions), len(got.Actions))
	}
	if !strings.Contains(strings.Join(a.Toasts(), "\n"), "resumes where it was left") {
		t.Errorf("toasts %q", a.Toasts())
	}
	// Continue resumes it too.
	a.Reset(NewTitle(a))
	step(t, a, s, 4, input.Tap(0, ebiten.KeyC)...)
	if h, ok := a.Top().(*Handover); !ok || h.m.G.Hash() != got.G.Hash() {
		t.Fatalf("Continue: %T", a.Top())
	}
}

func TestUndoRedoNeverRerollsDice(t *testing.T) {
	a, s := app(t, Options{Seed: 11, Show: "battle"})
	b := a.Top().(*Battle)
	m := b.M
	if !b.undo.Disabled || !b.redo.Disabled {
		t.Fatal("undo or redo enabled before any move")
	}
	hash0, draws0, log0 := m.G.Hash(), m.G.Draws(), len(m.Log)
	e := moveKnight(t, a, s, b)
	hash1, log1 := m.G.Hash(), len(m.Log)
	if m.G.Draws() != draws0 || b.undo.Disabled {
		t.Fatalf("after a move: draws %d (was %d), undo disabled %v", m.G.Draws(), draws0, b.undo.Disabled)
	}
	step(t, a, s, 6, ctrl(ebiten.KeyZ, false)...)
	if after, _ := m.G.Element(e.ID); m.G.Hash() != hash0 || after.Base != e.Base || len(m.Log) != log0 || b.log.Len() != log0 {
		t.Fatalf("undo: hash %s (want %s), log %d/%d (want %d)", m.G.Hash(), hash0, len(m.Log), b.log.Len(), log0)
	}
	if m.G.Draws() != draws0 || !b.undo.Disabled || b.redo.Disabled {
		t.Fatalf("undo: draws %d, undo disabled %v, redo disabled %v", m.G.Draws(), b.undo.Disabled, b.redo.Disabled)
	}
	step(t, a, s, 6, ctrl(ebiten.KeyY, false)...)
	if m.G.Hash() != hash1 || m.G.Draws() != draws0 || len(m.Log) != log1 || b.log.Len() != log1 {
		t.Fatalf("redo: hash %s (want %s), draws %d", m.G.Hash(), hash1, m.G.Draws())
	}
	// The button undoes too, and Ctrl+Shift+Z redoes.
	r := b.undo.Rect
	step(t, a, s, 5, input.Click(0, r.CX(), r.CY())...)
	if m.G.Hash() != hash0 {
		t.Fatal("the Undo button did not undo")
	}
	step(t, a, s, 6, ctrl(ebiten.KeyZ, true)...)
	if m.G.Hash() != hash1 {
		t.Fatal("Ctrl+Shift+Z did not redo")
	}
	// Ending the bound rolls dice: nothing before it can be undone.
	endBound(t, a, s, m)
	if _, ok := a.Top().(*Handover); ok {
		step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
	}
	hash2, draws2 := m.G.Hash(), m.G.Draws()
	if draws2 == draws0 {
		t.Fatal("no dice at the bound's start")
	}
	step(t, a, s, 6, ctrl(ebiten.KeyZ, false)...)
	if m.G.Hash() != hash2 || m.G.Draws() != draws2 || !b.undo.Disabled {
		t.Fatalf("undo across the dice: hash %s (want %s)", m.G.Hash(), hash2)
	}
	if !strings.Contains(strings.Join(a.Toasts(), "\n"), "never rolled again") {
		t.Errorf("no reason shown: %q", a.Toasts())
	}
}

// Broken files are refused with a message naming them; the game runs on.
func TestBadFilesAreRefusedAndTheGameRunsOn(t *testing.T) {
	st := memStorage()
	good, err := os.ReadFile("../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Skip(err)
	}
	var m map[string]any
	json.Unmarshal(good, &m)
	m["format"] = engine.SaveFormat + 1
	newer, _ := json.Marshal(m)
	bad := map[string][]byte{
		"garbage.json":   []byte("\x00\x01 not json"),
		"truncated.json": good[:len(good)/2],
		"newer.json":     newer,
	}
	want := map[string]string{"garbage.json": "not a", "truncated.json": "truncated.json:", "newer.json": "newer than this build"}
	dir := t.TempDir()
	for name, data := range bad {
		st.Saves.Put(name, data)
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	a, s := app(t, Options{Storage: st})
	step(t, a, s, 4, input.Tap(0, ebiten.KeyL)...)
	l := a.Top().(*LoadScreen)
	for name := range bad {
		if !l.Select(name) {
			t.Fatalf("%s not listed", name)
		}
		ebitest.Run(t, a, 2)
		in, _ := l.Selected()
		if in.Err == nil || !strings.Contains(l.list.Detail[l.list.Selected], want[name]) || !l.load.Disabled {
			t.Errorf("%s listed as %q (load disabled %v)", name, l.list.Detail[l.list.Selected], l.load.Disabled)
		}
		// Opened anyway (by path): refused, named, and nothing changes.
		err := a.OpenPath(filepath.Join(dir, name))
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), want[name]) {
			t.Errorf("%s: %v", name, err)
		}
		if !strings.Contains(strings.Join(a.Toasts(), "\n"), name) {
			t.Errorf("%s: not shown: %q", name, a.Toasts())
		}
		ebitest.Run(t, a, 3)
		if a.Top() != l {
			t.Fatalf("after refusing %s: %T", name, a.Top())
		}
	}
	// -load of a bad file: the title, with the reason.
	a2, _ := app(t, Options{Load: filepath.Join(dir, "truncated.json")})
	if _, ok := a2.Top().(*Title); !ok || a2.LoadError() == nil || !strings.Contains(a2.LoadError().Error(), "truncated.json") {
		t.Errorf("-load of a truncated file: %T, %v", a2.Top(), a2.LoadError())
	}
}

// A game played by e-mail between two instances of the game.
func TestTurnFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	// Alice commands Gondor and Rohan, Bob Mordor, each at home.
	alice, sa := app(t, Options{Seed: 21, Show: "battle", Names: [2]string{"Alice", "Bob"}})
	ba := alice.Top().(*Battle)
	moveKnight(t, alice, sa, ba)
	endBound(t, alice, sa, ba.M)
	if _, ok := alice.Top().(*Handover); !ok {
		t.Fatalf("after Alice's bound: %T", alice.Top())
	}
	step(t, alice, sa, 3, input.Tap(0, ebiten.KeyE)...)
	d, ok := alice.Top().(*FieldDialog)
	if !ok {
		t.Fatalf("E opened %T", alice.Top())
	}
	if !strings.HasSuffix(d.field.Text, saves.TurnExt) {
		t.Errorf("default turn file %q", d.field.Text)
	}
	turn1 := filepath.Join(dir, "to-bob")
	d.field.Text = turn1
	step(t, alice, sa, 3, input.Tap(0, ebiten.KeyEnter)...)
	turn1 += saves.TurnExt
	if _, err := os.Stat(turn1); err != nil {
		t.Fatalf("no turn file: %v (toasts %q, dialog error %q)", err, alice.Toasts(), d.err)
	}

	bob, sb := app(t, Options{Names: [2]string{"?", "?"}})
	if err := bob.OpenPath(turn1); err != nil {
		t.Fatal(err)
	}
	v, ok := bob.Top().(*Viewer)
	if !ok || v.mode != ViewTurn || v.Pos() != 0 || !v.Playing() {
		t.Fatalf("Bob opens the turn file: %T", bob.Top())
	}
	ebitest.Run(t, bob, 60)
	step(t, bob, sb, 4, input.Tap(0, ebiten.KeyEnter)...) // play your bound
	bb, ok := bob.Top().(*Battle)
	if !ok || bb.M.G.Hash() != ba.M.G.Hash() || bb.M.Names != [2]string{"Alice", "Bob"} {
		t.Fatalf("Bob's game: %T", bob.Top())
	}
	endBound(t, bob, sb, bb.M)
	step(t, bob, sb, 3, input.Tap(0, ebiten.KeyE)...)
	turn2 := filepath.Join(dir, "to-alice.turn.json")
	bob.Top().(*FieldDialog).field.Text = turn2
	step(t, bob, sb, 3, input.Tap(0, ebiten.KeyEnter)...)

	// Alice's autosave of her bound is the local game the reply must
	// continue.
	if err := alice.OpenPath(turn2); err != nil {
		t.Fatal(err)
	}
	v = alice.Top().(*Viewer)
	if v.Pos() != len(ba.M.Actions) || v.Len() != len(bb.M.Actions) {
		t.Errorf("Alice watches from %d to %d; her game had %d actions, Bob's %d", v.Pos(), v.Len(), len(ba.M.Actions), len(bb.M.Actions))
	}
	step(t, alice, sa, 4, input.Tap(0, ebiten.KeyEnter)...)
	if b := alice.Top().(*Battle); b.M.G.Hash() != bb.M.G.Hash() {
		t.Fatal("Alice's game is not Bob's")
	}

	// A reply from another history of the same match is refused.
	other, err := NewMatch(ba.M.Sc, 21, [2]string{"Alice", "Mallory"}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range []engine.Action{{Kind: engine.ActEndBound}, {Kind: engine.ActEndBound}, {Kind: engine.ActEndBound}} {
		if _, err := other.Submit(act); err != nil {
			t.Fatal(err)
		}
	}
	forged := filepath.Join(dir, "forged.turn.json")
	if where, err := alice.ExportTurn(other, forged); err != nil || where != forged {
		t.Fatal(err)
	}
	top := alice.Top()
	err = alice.OpenPath(forged)
	if err == nil || !strings.Contains(err.Error(), "forged.turn.json") || !strings.Contains(err.Error(), "differs") {
		t.Errorf("forged reply: %v", err)
	}
	if alice.Top() != top {
		t.Errorf("the forged reply changed the screen to %T", alice.Top())
	}
}

// The replay viewer steps by bound and by action onto the positions the
// save recorded, with the recorded hashes.
func TestViewerLandsOnTheRecordedHashes(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Skip(err)
	}
	full, err := engine.ParseSave("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario(catalog, "pelennor")
	if err != nil {
		t.Fatal(err)
	}
	rec, _, err := engine.Record(sc, full.Seed, nil, engine.Options{Rulings: full.Rulings}, full.Actions[:120])
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.Resume(rec, sc)
	if err != nil {
		t.Fatal(err)
	}
	m := MatchOf(h, [2]string{"A", "B"})
	a, s := app(t, Options{})
	v := NewViewer(a, m, ViewReplay, 0)
	a.Push(v)
	ebitest.Run(t, a, 2)
	hashAt := map[int]string{}
	for _, cp := range rec.Checkpoints {
		hashAt[cp.After] = cp.Hash
	}
	check := func(how string) {
		t.Helper()
		if want, ok := hashAt[v.Pos()]; ok && v.Game().Hash() != want {
			t.Fatalf("%s to %d: hash %s, recorded %s", how, v.Pos(), v.Game().Hash(), want)
		}
	}
	// Forward a bound at a time: every stop is a bound's start, where the
	// save has a checkpoint.
	seen := 0
	for v.Pos() < v.Len() {
		p := v.Pos()
		step(t, a, s, 3, input.Event{Kind: input.KeyDown, Key: ebiten.KeyShiftLeft}, input.Event{At: 1, Kind: input.KeyDown, Key: ebiten.KeyArrowRight},
			input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyArrowRight}, input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyShiftLeft})
		if v.Pos() <= p {
			t.Fatalf("Shift+Right from %d stayed", p)
		}
		if _, ok := hashAt[v.Pos()]; !ok {
			t.Fatalf("a bound forward from %d lands on %d, not a checkpoint", p, v.Pos())
		}
		check("a bound forward")
		seen++
	}
	if seen < 10 {
		t.Fatalf("only %d bounds", seen)
	}
	// Back a bound at a time, with an action back and forth at each stop.
	for v.Pos() > 0 {
		p := v.Pos()
		step(t, a, s, 3, input.Tap(0, ebiten.KeyPageUp)...)
		if v.Pos() >= p {
			t.Fatalf("PageUp from %d went to %d", p, v.Pos())
		}
		check("a bound back")
		q := v.Pos()
		step(t, a, s, 3, input.Tap(0, ebiten.KeyArrowRight)...)
		step(t, a, s, 3, input.Tap(0, ebiten.KeyArrowLeft)...)
		if v.Pos() != q {
			t.Fatalf("right then left from %d ends at %d", q, v.Pos())
		}
		check("an action forward and back")
	}
	if v.Game().Hash() != rec.Checkpoints[0].Hash {
		t.Fatal("back at the start, not the start's hash")
	}
	// End, then play from a bound's start: a new game there; the record
	// is untouched.
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEnd)...)
	check("End")
	if v.Pos() != v.Len() || v.Game().Hash() != rec.Checkpoints[len(rec.Checkpoints)-1].Hash {
		t.Fatal("End is not the end")
	}
	v.jumpToBound(a, 5)
	p, hash := v.Pos(), v.Game().Hash()
	check("Go to bound 5")
	if v.boundAt(p) != 5 || v.Game().Bound() != 5 {
		t.Fatalf("bound 5 is at %d, bound %d", p, v.Game().Bound())
	}
	r := v.branch.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	b := a.Scenes()[0].(*Battle)
	if b.M.G.Hash() != hash || len(b.M.Actions) != p || b.M == m {
		t.Fatalf("played from here: hash %s, %d actions", b.M.G.Hash(), len(b.M.Actions))
	}
	if len(m.H.Actions()) != 120 || m.G.Hash() != rec.Checkpoints[len(rec.Checkpoints)-1].Hash {
		t.Error("the game watched changed")
	}
}

func TestWatchTheLastBoundFromTheHandover(t *testing.T) {
	a, s := app(t, Options{Seed: 11, Show: "battle"})
	b := a.Top().(*Battle)
	moveKnight(t, a, s, b)
	moveKnight(t, a, s, b)
	start := len(b.M.Actions)
	endBound(t, a, s, b.M)
	h, ok := a.Top().(*Handover)
	if !ok || h.watch.Disabled {
		t.Fatalf("hand-over %T", a.Top())
	}
	step(t, a, s, 3, input.Tap(0, ebiten.KeyW)...)
	v, ok := a.Top().(*Viewer)
	if !ok || v.mode != ViewLastBound || v.Pos() != 0 || !v.Playing() {
		t.Fatalf("W opened %T", a.Top())
	}
	ebitest.Run(t, a, 120)
	if v.Pos() != v.Len() || v.Len() != start+1 {
		t.Errorf("after watching: %d of %d", v.Pos(), v.Len())
	}
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	if a.Top() != h {
		t.Fatalf("Esc: %T", a.Top())
	}
}

func TestAutosaveKeepsTheLastTen(t *testing.T) {
	a, s := app(t, Options{Seed: 3, Show: "battle"})
	m := a.Top().(*Battle).M
	for i := 0; i < 12 && m.G.Winner() < 0; i++ {
		endBound(t, a, s, m)
	}
	es, _ := a.storage.Autosaves.List()
	if len(es) != saves.AutoKeep || a.Lib.Newest() != "auto-000012.json" {
		t.Fatalf("%d autosaves, newest %s", len(es), a.Lib.Newest())
	}
	g, err := a.Lib.Open(saves.AreaAuto, a.Lib.Newest())
	if err != nil || g.H.Game().Hash() != m.G.Hash() {
		t.Fatalf("the newest autosave: %v", err)
	}
}

func TestSettingsAreKept(t *testing.T) {
	st := memStorage()
	a, s := app(t, Options{Storage: st})
	step(t, a, s, 3, input.Tap(0, ebiten.KeyS)...)
	ss := a.Top().(*SettingsScene)
	seg := ss.units.Segment(1)
	step(t, a, s, 4, input.Click(0, seg.CX(), seg.CY())...)
	ss.volume.Value = 0.25
	a.Settings.Volume = 0.25
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	data, err := st.Config.Get(SettingsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"format": 1`) || !strings.Contains(string(data), `"units": "paces"`) {
		t.Errorf("settings file %s", data)
	}
	// -mute (the tests' Options.Mute) does not write itself in.
	if strings.Contains(string(data), `"muted": true`) {
		t.Error("-mute was kept")
	}
	b, _ := app(t, Options{Storage: st})
	if b.Settings.Units != Paces || b.Settings.Volume != 0.25 || !b.Settings.Muted {
		t.Errorf("next run: %+v", b.Settings)
	}
	for _, bad := range []string{`{"format": 2}`, `{"units": "cubits", "format": 1}`, `[]`} {
		if _, err := ParseSettings([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	st.Config.Put(SettingsFile, []byte(`{"format": 9}`))
	c, _ := app(t, Options{Storage: st})
	if c.Settings != (Settings{Volume: 0.7, Muted: true}) || !strings.Contains(strings.Join(c.Toasts(), "\n"), "newer") {
		t.Errorf("a newer settings file: %+v, %q", c.Settings, c.Toasts())
	}
}

func TestMarkdownFromTheMenu(t *testing.T) {
	a, s := app(t, Options{Seed: 11, Show: "battle"})
	b := a.Top().(*Battle)
	moveKnight(t, a, s, b)
	endBound(t, a, s, b.M)
	for {
		if _, ok := a.Top().(*Handover); !ok {
			break
		}
		step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
	}
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	p, ok := a.Top().(*Pause)
	if !ok {
		t.Fatalf("Esc opened %T", a.Top())
	}
	r := p.log.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	es, _ := a.storage.Saves.List()
	if len(es) != 1 || !strings.HasSuffix(es[0].Name, " log.md") {
		t.Fatalf("saves: %+v (toasts %q)", es, a.Toasts())
	}
	text, _ := a.storage.Saves.Get(es[0].Name)
	for _, want := range []string{"# The Battle of the Pelennor Fields", "## Bound 1 — Gondor and Rohan (Éomer)", "### Moves", "## Bound 2 — Mordor"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("log lacks %q", want)
		}
	}
}

// From the menu: the replay of the battle in play, and playing from an
// earlier position after confirming; the battle left is autosaved.
func TestPlayFromHereInTheBattleInPlay(t *testing.T) {
	a, s := app(t, Options{Seed: 11, Show: "battle"})
	b := a.Top().(*Battle)
	m := b.M
	moveKnight(t, a, s, b)
	endBound(t, a, s, m)
	step(t, a, s, 3, input.Tap(0, ebiten.KeySpace)...)
	moveKnight2 := func() {
		// Mordor's turn: end the move phase instead, no dice.
		step(t, a, s, 3, input.Tap(0, ebiten.KeyP)...)
		if _, ok := a.Top().(*Confirm); ok {
			step(t, a, s, 3, input.Tap(0, ebiten.KeyEnter)...)
		}
	}
	moveKnight2()
	step(t, a, s, 3, input.Tap(0, ebiten.KeyEscape)...)
	p, ok := a.Top().(*Pause)
	if !ok {
		t.Fatalf("Esc: %T", a.Top())
	}
	if !p.export.Disabled {
		t.Error("a turn file may be exported in the middle of a bound")
	}
	hash, n := m.G.Hash(), len(m.Actions)
	autos := func() int { es, _ := a.storage.Autosaves.List(); return len(es) }
	before := autos()
	r := p.replay.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	v, ok := a.Top().(*Viewer)
	if !ok || !v.live {
		t.Fatalf("Watch the replay: %T", a.Top())
	}
	// Playing from action 1 would draw again the dice drawn since: it is
	// refused, and nothing changes.
	v.Seek(1)
	r = v.branch.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	if a.Top() != v || !strings.Contains(strings.Join(a.Toasts(), "\n"), "dice after action 1 have been rolled") {
		t.Fatalf("Play from action 1 of the battle in play: %T, toasts %q", a.Top(), a.Toasts())
	}
	if autos() != before || m.G.Hash() != hash || len(m.Actions) != n {
		t.Fatal("the refused branch changed the battle or its autosaves")
	}
	// From where the battle stands it may: it leaves the battle in play
	// autosaved.
	v.Seek(n)
	r = v.branch.Rect
	step(t, a, s, 4, input.Click(0, r.CX(), r.CY())...)
	if _, ok := a.Top().(*Confirm); !ok {
		t.Fatalf("Play from here in a live game: %T", a.Top())
	}
	step(t, a, s, 4, input.Tap(0, ebiten.KeyEnter)...)
	if autos() != before+1 {
		t.Errorf("autosaves %d, were %d", autos(), before)
	}
	g, err := a.Lib.Open(saves.AreaAuto, a.Lib.Newest())
	if err != nil || g.H.Game().Hash() != hash || len(g.H.Actions()) != n {
		t.Fatalf("the battle left is not the newest autosave: %v", err)
	}
	nb := a.Scenes()[0].(*Battle)
	if nb.M == m || nb.M.G.Hash() != hash || len(nb.M.Actions) != n {
		t.Fatalf("played from action %d: %d actions", n, len(nb.M.Actions))
	}
}
