package engine_test

import (
	"slices"
	"strings"
	"testing"

	"pelennor/engine"
)

// TestHistorySeatsCarried: the seats set on a history are written into
// its saves, come back with a save resumed and go with a branch; a
// history without seats writes none (as every older save).
func TestHistorySeatsCarried(t *testing.T) {
	sc := skirmish(t)
	seed := uint64(4)
	h, err := engine.NewHistory(sc, &seed, nil, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.Save(nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "seats") {
		t.Errorf("a save without seats names them:\n%s", data)
	}
	want := []string{"person", "ai:hard"}
	h.SetSeats(want)
	if _, err := h.Apply(engine.Action{Kind: engine.ActEndBound}); err != nil {
		t.Fatal(err)
	}
	s, err = h.Save(nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err = s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := engine.ParseSave("seats.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Seats, want) {
		t.Fatalf("save's seats %q, want %q", back.Seats, want)
	}
	r, err := engine.Resume(back, sc)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Seats(), want) {
		t.Errorf("resumed seats %q", r.Seats())
	}
	b, err := r.Branch(0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Seats(), want) {
		t.Errorf("branch's seats %q", b.Seats())
	}
}
