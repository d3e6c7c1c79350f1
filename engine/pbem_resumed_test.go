package engine_test

import (
	"bytes"
	"testing"

	"pelennor/engine"
)

// A turn file already loaded here is received without simulating it
// again, to the same game as Receive; a loaded game that is not the
// file's is not trusted, and the file is simulated.
func TestReceiveResumedSimulatesNothing(t *testing.T) {
	sc := loadScenario(t, "pbem-test")
	a, o := startMatch(t, sc, 0)
	a.play(t)
	file := parse(t, a.send(t))
	nf, err := engine.ResumeWith(file, sc, o.sec)
	if err != nil {
		t.Fatal(err)
	}
	want, err := o.h.Receive(file)
	if err != nil {
		t.Fatal(err)
	}
	g0, a0 := engine.Simulated()
	got, err := o.h.ReceiveResumed(file, nf)
	g1, a1 := engine.Simulated()
	if err != nil {
		t.Fatal(err)
	}
	if g1 != g0 || a1-a0 >= 8 {
		t.Errorf("receiving the loaded file started %d games and applied %d actions", g1-g0, a1-a0)
	}
	ws, _ := want.Save(nil)
	gs, _ := got.Save(nil)
	wj, _ := ws.Marshal()
	gj, _ := gs.Marshal()
	if got.Game().Hash() != want.Game().Hash() || !bytes.Equal(wj, gj) || got.Own() != o.sec.Side {
		t.Errorf("the received game differs from Receive's: %s v %s", got.Game().Hash(), want.Game().Hash())
	}
	// nf itself is unchanged, and another game is not taken for the file.
	if nf.Len() != len(file.Actions) {
		t.Errorf("the loaded game changed: %d actions", nf.Len())
	}
	g0, _ = engine.Simulated()
	if _, err := o.h.ReceiveResumed(file, o.h); err != nil {
		t.Fatal(err)
	}
	if g1, _ := engine.Simulated(); g1-g0 != 1 {
		t.Errorf("a game that is not the file's was trusted: %d simulations", g1-g0)
	}
}
