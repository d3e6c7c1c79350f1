package ai

import (
	"strings"
	"testing"

	"pelennor/engine"
)

// Describe words each kind of action with the elements' names.
func TestDescribe(t *testing.T) {
	g := posePuzzle(t, puzzle{scenario: "overlap.json", dice: []int{3}})
	for _, c := range []struct {
		a    engine.Action
		want string
	}{
		{engine.Action{Kind: engine.ActMove, ID: 3, To: &engine.Pose{X: 1040, Y: 1300}},
			"Blades A2 (Blades, 3) moves to (1040, 1300) facing 0"},
		{engine.Action{Kind: engine.ActMove, ID: 3, Via: []engine.Pose{{X: 900, Y: 1350}}, To: &engine.Pose{X: 900, Y: 1300}, Pay: "ca"},
			"Blades A2 (Blades, 3) moves to (900, 1300) facing 0 by way of (900, 1350), paid by ca"},
		{engine.Action{Kind: engine.ActMove, ID: 3, Contact: &engine.Contact{Target: 2, Edge: "left"}},
			"Blades A2 (Blades, 3) lines up on the left of Blades A (Blades, 2)"},
		{engine.Action{Kind: engine.ActMove, ID: 3, Contact: &engine.Contact{Target: 12, Edge: "right"}},
			"Blades A2 (Blades, 3) moves into contact with the right flank of Blades B (Blades, 12)"},
		{engine.Action{Kind: engine.ActGroup, IDs: []int{1, 3}, Wheel: 256, Forward: 100},
			"the group of 2 (Hero of A (Heroes, 1), Blades A2 (Blades, 3)) wheels 256 and advances 100 p"},
		{engine.Action{Kind: engine.ActGroup, IDs: []int{1, 3}, Contact: &engine.Contact{Target: 12, Edge: "front", By: 3}},
			"the group of 2 (Hero of A (Heroes, 1), Blades A2 (Blades, 3)) moves so that Blades A2 (Blades, 3) moves into contact with the front of Blades B (Blades, 12)"},
		{engine.Action{Kind: engine.ActShoot, ID: 3, Target: 12, Aiders: []int{1}},
			"Blades A2 (Blades, 3) shoots at Blades B (Blades, 12), aided by Hero of A (Heroes, 1)"},
		{engine.Action{Kind: engine.ActCombat, ID: 2, Target: 12}, "Blades A (Blades, 2) fights Blades B (Blades, 12)"},
		{engine.Action{Kind: engine.ActReplace, ID: 3, To: &engine.Pose{X: 700, Y: 2320}},
			"replaces lost Blades A2 (Blades, 3) at (700, 2320) facing 0"},
		{engine.Action{Kind: engine.ActEndPhase}, "ends the move phase"},
		{engine.Action{Kind: engine.ActEndBound}, "ends the bound (every close combat left is fought)"},
		{engine.Action{Kind: engine.ActDeclare, Choice: "merry_eowyn"}, "declares merry_eowyn"},
		{engine.Action{Kind: engine.ActMove, ID: 99, To: &engine.Pose{}}, "element 99 moves to (0, 0) facing 0"},
	} {
		if got := Describe(g, c.a); got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.a, got, c.want)
		}
	}
}

// Attackers tells a front contact from a flank one; PlayOut plays a
// plan up to the end of its phase on a fork, leaving the game alone.
func TestAttackersAndPlayOut(t *testing.T) {
	g := posePuzzle(t, puzzle{scenario: "flank-kill.json", dice: []int{4}})
	if got := Attackers(g, 12); len(got) != 1 || got[0] != (Touch{By: 2, Edge: "front"}) {
		t.Errorf("before: against Blades B %+v, want Blades A's front", got)
	}
	hash := g.Hash()
	steps := []Step{
		{Action: engine.Action{Kind: engine.ActMove, ID: 4, Contact: &engine.Contact{Target: 12, Edge: "left"}}},
		{Action: engine.Action{Kind: engine.ActEndPhase}},
		{Action: engine.Action{Kind: engine.ActMove, ID: 5, To: &engine.Pose{X: 600, Y: 1500}}},
	}
	f, evs, err := PlayOut(g, steps, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Hash() != hash {
		t.Error("PlayOut changed the game")
	}
	if len(evs) != 1 || f.Phase() != engine.PhaseMove {
		t.Errorf("played %d steps, phase %s: want the move alone, still in the move phase", len(evs), f.Phase())
	}
	if got := Attackers(f, 12); len(got) != 2 || got[1] != (Touch{By: 4, Edge: "left"}) {
		t.Errorf("after: against Blades B %+v, want Blades A's front and Knights A on the left", got)
	}
	bad := []Step{{Action: engine.Action{Kind: engine.ActMove, ID: 4, To: &engine.Pose{X: 1450, Y: 100}}}}
	if _, _, err := PlayOut(g, bad, 1); err == nil || !strings.Contains(err.Error(), "step 1 (Knights A (Knights, 4) moves to (1450, 100)") {
		t.Errorf("an illegal step: %v", err)
	}
}
