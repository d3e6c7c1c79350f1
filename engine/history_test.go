package engine_test

import (
	"errors"
	"os"
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
)

func skirmish(t *testing.T) *engine.Scenario {
	t.Helper()
	data, err := os.ReadFile("../scenarios/skirmish.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := engine.ParseScenario("skirmish.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// play lets a bot make n actions in h.
func play(t *testing.T, h *engine.History, b *bot.Bot, n int) {
	t.Helper()
	for range n {
		if h.Game().Winner() >= 0 {
			return
		}
		if _, err := h.Apply(b.Next(h.Game())); err != nil {
			t.Fatal(err)
		}
	}
}

// Undo then redo returns to the same hash, and never rolls a die again;
// undo stops at the last dice roll.
func TestHistoryUndoRedo(t *testing.T) {
	seed := uint64(5)
	h, err := engine.NewHistory(skirmish(t), &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(5)
	// Make moves until one that rolled no dice.
	for !h.CanUndo() {
		play(t, h, b, 1)
	}
	after, draws := h.Game().Hash(), h.Game().Draws()
	n := len(h.Actions())
	if err := h.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(h.Actions()) != n-1 || h.Game().Hash() == after {
		t.Fatalf("undo did not take the action back")
	}
	if _, err := h.Redo(); err != nil {
		t.Fatal(err)
	}
	if h.Game().Hash() != after || h.Game().Draws() != draws {
		t.Errorf("redo: hash %s draws %d, want %s and %d", h.Game().Hash(), h.Game().Draws(), after, draws)
	}
	// An end of bound rolls dice: it cannot be undone.
	if _, err := h.Apply(engine.Action{Kind: engine.ActEndBound}); err != nil {
		t.Fatal(err)
	}
	for h.Game().Phase() == engine.PhaseReply {
		play(t, h, b, 1)
	}
	if h.CanUndo() {
		t.Fatal("an action that rolled dice can be undone")
	}
	if err := h.Undo(); !errors.Is(err, engine.ErrNoUndo) {
		t.Errorf("undo across dice: %v", err)
	}
}

// A save loads back to the identical state; At lands on the recorded
// checkpoints; a branch leaves the original alone.
func TestHistorySaveResumeAt(t *testing.T) {
	sc := skirmish(t)
	seed := uint64(9)
	h, _ := engine.NewHistory(sc, &seed, nil, engine.Options{})
	play(t, h, bot.New(9), 60)
	s, err := h.Save([]string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := s.Marshal()
	s2, err := engine.ParseSave("game.json", data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Resume(s2, sc)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game().Hash() != h.Game().Hash() || len(r.Actions()) != len(h.Actions()) {
		t.Fatalf("resumed hash %s, saved %s", r.Game().Hash(), h.Game().Hash())
	}
	for _, cp := range s.Checkpoints {
		g, _, err := h.At(cp.After)
		if err != nil {
			t.Fatal(err)
		}
		if g.Hash() != cp.Hash || g.Bound() != cp.Bound {
			t.Errorf("position after %d actions: hash %s bound %d, recorded %s bound %d", cp.After, g.Hash(), g.Bound(), cp.Hash, cp.Bound)
		}
	}
	br, err := h.Branch(10)
	if err != nil {
		t.Fatal(err)
	}
	play(t, br, bot.New(99), 5)
	if len(h.Actions()) != len(s.Actions) || h.Game().Hash() != r.Game().Hash() {
		t.Error("branching changed the original game")
	}
}

// A play-by-e-mail round trip between two game instances: each continues
// the other's file; a foreign or altered file is refused.
func TestHistoryTurnFiles(t *testing.T) {
	sc := skirmish(t)
	seed := uint64(3)
	a, _ := engine.NewHistory(sc, &seed, nil, engine.Options{})
	ba := bot.New(1)
	for a.Game().Bound() < 2 {
		play(t, a, ba, 1)
	}
	turn1, _ := a.Save(nil)
	b, err := engine.Resume(turn1, sc)
	if err != nil {
		t.Fatal(err)
	}
	bb := bot.New(2)
	for b.Game().Bound() < 3 && b.Game().Winner() < 0 {
		play(t, b, bb, 1)
	}
	turn2, _ := b.Save(nil)
	if err := a.Continues(turn2); err != nil {
		t.Fatalf("a rejects b's turn: %v", err)
	}
	a2, err := engine.Resume(turn2, sc)
	if err != nil || a2.Game().Hash() != b.Game().Hash() {
		t.Fatalf("a's copy of b's turn: %v", err)
	}
	// Another game's file.
	other := uint64(4)
	c, _ := engine.NewHistory(sc, &other, nil, engine.Options{})
	play(t, c, bot.New(1), 20)
	foreign, _ := c.Save(nil)
	if err := a.Continues(foreign); err == nil {
		t.Error("a accepted another game's turn file")
	}
	// An altered history.
	turn2.Actions[0].Kind = engine.ActEndBound
	if err := a.Continues(turn2); err == nil {
		t.Error("a accepted a turn file whose history was altered")
	}
}
