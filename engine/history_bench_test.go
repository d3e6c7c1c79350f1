package engine_test

import (
	"os"
	"testing"

	"pelennor/engine"
)

// goldenHistory loads the golden Pelennor game (420-odd actions, 52
// bounds) as a history.
func goldenHistory(tb testing.TB) *engine.History {
	tb.Helper()
	data, err := os.ReadFile("testdata/golden/pelennor.json")
	if err != nil {
		tb.Fatal(err)
	}
	s, err := engine.ParseSave("pelennor.json", data)
	if err != nil {
		tb.Fatal(err)
	}
	scData, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := engine.ParseScenario("pelennor.json", scData)
	if err != nil {
		tb.Fatal(err)
	}
	h, err := engine.Resume(s, sc)
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

// benchSeek times the replay viewer's jump to a position: the game as it
// stood after n actions, with its events.
func benchSeek(b *testing.B, at func(total int) int) {
	h := goldenHistory(b)
	n := at(len(h.Actions()))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := h.At(n); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHistorySeekStart(b *testing.B)  { benchSeek(b, func(int) int { return 0 }) }
func BenchmarkHistorySeekMiddle(b *testing.B) { benchSeek(b, func(n int) int { return n / 2 }) }
func BenchmarkHistorySeekEnd(b *testing.B)    { benchSeek(b, func(n int) int { return n }) }

// BenchmarkHistoryUndoEnd times an undo late in the golden game: the
// last action that rolled no dice is played and taken back.
func BenchmarkHistoryUndoEnd(b *testing.B) {
	full := goldenHistory(b)
	acts := full.Actions()
	var h *engine.History
	k := len(acts) - 1
	for ; k > 0; k-- {
		var err error
		if h, err = full.Branch(k); err != nil {
			b.Fatal(err)
		}
		if _, err := h.Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
		if h.CanUndo() {
			break
		}
	}
	if k == 0 {
		b.Fatal("no action of the golden game can be undone")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := h.Undo(); err != nil {
			b.Fatal(err)
		}
		if _, err := h.Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
	}
}
