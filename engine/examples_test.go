package engine

import (
	"testing"

	"pelennor/engine/rules"
)

// Worked example (1), the list: Knights that moved into contact
// beat Hordes in good going: Knights 4+3−1 (overlapped) = 6 against Hordes
// 3+2 = 5: the Hordes are destroyed and the Knights follow up.
func TestExampleKnightsBeatHordes(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Knights, 1200, 900, 2048).
		add(2, "cb", rules.Hordes, 1200, 1200, 0).
		add(3, "cb", rules.Hordes, 1360, 1200, 0).
		game(t, 6, 4, 3)
	must(t, g, Action{Kind: ActMove, ID: 1, Contact: contact(2, "front")})
	toClose(t, g)
	evs := must(t, g, Action{Kind: ActCombat, ID: 1})
	rep := combatEvent(t, evs)
	if rep.Attacker.Total != 6 || rep.Defender.Total != 5 {
		t.Fatalf("totals %d, %d; want 6, 5: %+v", rep.Attacker.Total, rep.Defender.Total, rep)
	}
	if e := el(t, g, 2); e.Status != Destroyed {
		t.Errorf("Hordes are %v, want destroyed", e.Status)
	}
	k := el(t, g, 1)
	if k.Base.Front.Y.Paces() != 1200+120 {
		t.Errorf("Knights front at y=%d after follow-up, want %d (its own depth, R13)", k.Base.Front.Y.Paces(), 1320)
	}
	for _, e := range evs {
		t.Log(e.Text)
	}
}
