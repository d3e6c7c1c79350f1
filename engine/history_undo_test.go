package engine_test

import (
	"errors"
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
)

// Every undo of a bot's game restores the position, the events and the
// save that simulating the remaining actions from the start gives; redo
// returns to the position undone, drawing no die again.
func TestHistoryUndoEveryAction(t *testing.T) {
	sc := skirmish(t)
	seed := uint64(5)
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(5)
	undone := 0
	for range 200 {
		if h.Game().Winner() >= 0 {
			break
		}
		play(t, h, b, 1)
		if !h.CanUndo() {
			continue
		}
		hash, draws, n := h.Game().Hash(), h.Game().Draws(), h.Len()
		if err := h.Undo(); err != nil {
			t.Fatal(err)
		}
		want, wg, err := engine.Record(sc, &seed, nil, engine.Options{}, h.Actions())
		if err != nil {
			t.Fatal(err)
		}
		_, wevs, _ := engine.Replay(want, sc)
		got, _ := h.Save(nil)
		gj, _ := got.Marshal()
		wj, _ := want.Marshal()
		if h.Len() != n-1 || h.Game().Hash() != wg.Hash() || len(h.Events()) != len(wevs) || string(gj) != string(wj) {
			t.Fatalf("undo of action %d: %d actions, hash %s, %d events; simulated %s, %d events; saves equal %v",
				n, h.Len(), h.Game().Hash(), len(h.Events()), wg.Hash(), len(wevs), string(gj) == string(wj))
		}
		if _, err := h.Redo(); err != nil {
			t.Fatal(err)
		}
		if h.Game().Hash() != hash || h.Game().Draws() != draws || h.Len() != n {
			t.Fatalf("redo of action %d: hash %s draws %d, want %s %d", n, h.Game().Hash(), h.Game().Draws(), hash, draws)
		}
		undone++
	}
	if undone < 20 {
		t.Fatalf("only %d actions could be undone", undone)
	}
}

// Each reason undo gives is the one the position shows, on real
// positions of a hotseat game and a keyed match.
func TestUndoReasons(t *testing.T) {
	sc := skirmish(t)
	seed := uint64(3) // on the skirmish of version 2 this game shows all three refusals; seed 7 no longer does
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[engine.UndoBlock]bool{}
	check := func(h *engine.History, want engine.UndoBlock, why string) {
		t.Helper()
		if got := h.UndoBlocked(); got != want {
			t.Fatalf("%s: undo %v (%q), want %v (%q)", why, int(got), got, int(want), want)
		}
		err := h.Undo()
		var ue *engine.UndoError
		switch {
		case want == engine.UndoAllowed && err != nil:
			t.Fatalf("%s: undo refused: %v", why, err)
		case want == engine.UndoAllowed:
			if _, err := h.Redo(); err != nil {
				t.Fatal(err)
			}
		case !errors.As(err, &ue) || ue.Reason != want || !errors.Is(err, engine.ErrNoUndo):
			t.Fatalf("%s: undo returned %v, want the refusal %q", why, err, want)
		}
		seen[want] = true
	}
	check(h, engine.UndoNothing, "a new game")
	b := bot.New(3)
	for range 400 {
		if h.Game().Winner() >= 0 {
			break
		}
		before := h.Game().Draws()
		play(t, h, b, 1)
		n := h.Len()
		_, acting := h.Game().ToAct()
		switch {
		case h.Game().Draws() != before:
			check(h, engine.UndoDice, "an action that rolled")
		case h.Actor(n-1) != acting:
			check(h, engine.UndoOther, "the other side's action")
		default:
			check(h, engine.UndoAllowed, "a move")
		}
	}
	for _, r := range []engine.UndoBlock{engine.UndoOther, engine.UndoDice, engine.UndoAllowed} {
		if !seen[r] {
			t.Errorf("the game never showed %q", r)
		}
	}

	// A keyed match: the first side's machine, its bound begun, then the
	// other's after the turn file comes in.
	ksc := loadScenario(t, "pbem-test")
	a, o := startMatch(t, ksc, 0)
	if !a.h.Game().Awaiting() {
		t.Fatal("the keyed match does not await its first bound's begin")
	}
	if _, err := a.h.Apply(engine.Action{Kind: engine.ActBegin}); err != nil {
		t.Fatal(err)
	}
	check(a.h, engine.UndoBoundBegin, "a keyed bound's begin")
	// A move that draws no die, sent mid-bound: the opponent holds it.
	for drew := true; drew; {
		before := a.h.Game().Draws()
		if _, err := a.h.Apply(a.bot.Next(a.h.Game())); err != nil {
			t.Fatal(err)
		}
		drew = a.h.Game().Draws() != before
	}
	check(a.h, engine.UndoAllowed, "the player's own move")
	o.receive(t, a.send(t))
	check(o.h, engine.UndoOpponent, "the opponent's action from the turn file")
}
