package game

import (
	"testing"

	"pelennor/engine"
)

// A hotseat session seats both sides here and hands the screen over
// when the side to act changes; the result comes when the game is won.
func TestSessionHandsOver(t *testing.T) {
	a, b, _ := battleApp(t, "pelennor")
	s := a.session(b.M)
	if s.Seats[0].Kind() != SeatHere || s.Seats[1].Kind() != SeatHere {
		t.Fatalf("seats %v %v, want both here", s.Seats[0].Kind(), s.Seats[1].Kind())
	}
	if a.session(b.M) != s {
		t.Error("the session of the same match was seated again")
	}
	_, first := b.M.G.ToAct()
	if next, side := s.next(a, first); next != stay || side != first {
		t.Errorf("before any action: %v, side %d", next, side)
	}
	if _, err := b.M.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
		t.Fatal(err)
	}
	next, side := s.next(a, first)
	if next != showHandover || side == first {
		t.Errorf("after the bound: %v to side %d, want a hand-over to the other side", next, side)
	}
	// A seat that is not a person here gets no hand-over screen.
	s.Seats[side] = replaySeat{}
	if next, _ := s.next(a, first); next != stay {
		t.Errorf("hand-over to a replay seat: %v", next)
	}
}

// A replay seat plays the record's actions in order, then has none.
func TestReplaySeat(t *testing.T) {
	_, b, _ := battleApp(t, "pelennor")
	for range 2 {
		if _, err := b.M.Submit(engine.Action{Kind: engine.ActEndBound}); err != nil {
			t.Fatal(err)
		}
	}
	rec := b.M.H.Record()
	seat := replaySeat{record: rec}
	seed := b.M.Seed
	h, err := engine.NewHistory(b.M.Sc, &seed, nil, b.M.H.Options())
	if err != nil {
		t.Fatal(err)
	}
	for i := range rec {
		act, ok := seat.Next(h.Game())
		if !ok || act.Kind != rec[i].Kind {
			t.Fatalf("action %d: %+v %v, want %+v", i, act, ok, rec[i])
		}
		if _, err := h.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := seat.Next(h.Game()); ok {
		t.Error("the replay seat played past its record")
	}
	if h.Game().Hash() != b.M.G.Hash() {
		t.Error("the replayed game differs from the one played")
	}
}
