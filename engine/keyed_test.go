package engine

import (
	"bytes"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// keyedGame is a keyed game on tb with both players' secrets known here
// (as on neither real machine; enough to test segments).
func keyedGame(t *testing.T, tb *table) *Game {
	t.Helper()
	ma, mb := bytes.Repeat([]byte{1}, dice.MasterSize), bytes.Repeat([]byte{2}, dice.MasterSize)
	k := &KeyedDice{Match: "00000000000000000000000000000001",
		Heads:    [2]string{dice.Head(ma).String(), dice.Head(mb).String()},
		Revealed: [2]Reveal{{}, {Segment: dice.ChainLength, Value: dice.ChainValue(mb, dice.ChainLength).String()}}}
	ring, err := k.keyring(&Secret{Match: k.Match, Side: 0, Master: ma})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := New(tb.scenario(t), dice.NewKeyed(k.Match, ring), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Segments: one per stretch of one side's actions, a new one at each
// bound's start; the segment number is in the hash of keyed games only.
func TestSegments(t *testing.T) {
	tb := newTable().add(1, "ca", rules.Blades, 1200, 1100, north).add(2, "cb", rules.Shooters, 1200, 1000, south)
	g := keyedGame(t, tb)
	steps := []struct {
		a       Action
		segment int
		phase   Phase
	}{
		{Action{Kind: ActBegin}, 1, PhaseMove},
		{endPhase, 1, PhaseDistant},
		{endPhase, 2, PhaseReply}, // the other side shoots back
		{endPhase, 3, PhaseClose},
		{Action{Kind: ActEndBound}, 4, PhaseMove}, // bound 2 awaits its begin
		{Action{Kind: ActBegin}, 4, PhaseMove},
	}
	for i, s := range steps {
		must(t, g, s.a)
		if g.Segment() != s.segment || g.Phase() != s.phase {
			t.Fatalf("step %d (%s): segment %d phase %v, want %d %v", i, s.a.Kind, g.Segment(), g.Phase(), s.segment, s.phase)
		}
	}
	h := g.Hash()
	g.st.Segment++
	if g.Hash() == h {
		t.Error("the segment is not in a keyed game's hash")
	}
}

// A match that has used every segment of its chains stops with a clear
// refusal; nothing changes.
func TestChainEnd(t *testing.T) {
	g := keyedGame(t, newTable().add(1, "ca", rules.Blades, 1200, 1500, north).add(2, "cb", rules.Blades, 1200, 800, south))
	must(t, g, Action{Kind: ActBegin})
	g.st.Segment = dice.ChainLength
	if err := g.dice.(*dice.Keyed).Enter(dice.ChainLength); err != nil {
		t.Fatal(err)
	}
	h := g.Hash()
	_, err := g.Apply(Action{Kind: ActEndBound})
	if ie, ok := err.(*IllegalError); !ok || ie.Code != "dice.chain_end" {
		t.Fatalf("end_bound in the last segment: %v", err)
	}
	if g.Hash() != h {
		t.Error("the refused action changed the game")
	}
}
