package engine

import (
	"os"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// The optional deployment step (PELENNOR.md §3): Mordor then Gondor
// rearrange within their zones, then the first bound is Gondor's.
func TestDeploymentStep(t *testing.T) {
	data, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := NewGame(sc, dice.NewPCG(1), Options{Deployment: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, acting := g.ToAct(); g.Phase() != PhaseDeploy || acting != 1 {
		t.Fatalf("phase %v, acting %d; want deployment by Mordor", g.Phase(), acting)
	}
	// A Haradrim rider moves within its zone (x 2800-5400, y 2800-4200)...
	must(t, g, Action{Kind: ActDeploy, ID: 604, To: to(3080, 3300, 0)})
	// ...but not out of it, nor may Gondor's elements move now.
	for _, a := range []Action{
		{Kind: ActDeploy, ID: 604, To: to(3080, 2700, 0)},
		{Kind: ActDeploy, ID: pEored, To: to(1400, 500, 2048)},
		{Kind: ActMove, ID: 604, To: to(3080, 3200, 0)},
	} {
		if err := g.Check(a); err == nil {
			t.Errorf("%+v allowed during Mordor's deployment", a)
		}
	}
	must(t, g, endPhase)
	must(t, g, Action{Kind: ActDeploy, ID: pEored, To: to(1400, 500, 2048)})
	must(t, g, endPhase)
	if g.Phase() != PhaseMove || g.Bound() != 1 {
		t.Fatalf("after deployment: phase %v bound %d", g.Phase(), g.Bound())
	}
	if b, _ := g.ToAct(); b != 0 {
		t.Errorf("first bound is side %d's, want Gondor's", b)
	}
}

// The read-only queries agree with what the actions do.
func TestQueries(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Knights, 1200, 900, 2048).
		add(2, "cb", rules.Hordes, 1200, 1200, 0).
		terrain("wood", [2]int{300, 300}, [2]int{600, 300}, [2]int{600, 600}, [2]int{300, 600}).
		game(t, 6)
	if n, going, err := g.Allowance(1, Pose{X: 1200, Y: 1000, Facing: 2048}); err != nil || n != 300 || going != "in good going" {
		t.Errorf("allowance %d %q %v, want 300 in good going", n, going, err)
	}
	if n, _, _ := g.Allowance(1, Pose{X: 550, Y: 700, Facing: 2048}); n != 200 {
		t.Errorf("allowance into the wood %d, want 200", n)
	}
	if in, err := g.InCommandRange(1, ""); err != nil || in {
		t.Errorf("Knights 1 far from their general: in range %v (%v)", in, err)
	}
	p, err := g.ContactPose(1, Contact{Target: 2, Edge: "front"})
	if err != nil {
		t.Fatal(err)
	}
	must(t, g, Action{Kind: ActMove, ID: 1, Contact: contact(2, "front")})
	if got := *poseOf(el(t, g, 1).Base); got != p {
		t.Errorf("contact pose %+v, the move put it at %+v", p, got)
	}
	if len(g.ScenarioEvents()) != 0 {
		t.Error("a standard battle has no scenario events")
	}
}

// Odds of a shot or bespell are refused for an element that could not
// make it this bound: a Shooter in close combat, a Magician that moved.
func TestOddsOnlyForPossibleContests(t *testing.T) {
	g := newTable().
		add(1, "ca", rules.Shooters, 1200, 1000, 2048).
		add(2, "cb", rules.Blades, 1200, 1000, 0). // front to front with the Shooters
		add(3, "cb", rules.Hordes, 1360, 1150, 0).
		add(4, "ca", rules.Magicians, 1600, 900, 2048).
		add(5, "cb", rules.Hordes, 1600, 1200, 0).
		game(t, 6)
	if _, err := Odds(g, 1, 3, "shoot", nil); err == nil {
		t.Error("odds given for a Shooter in close combat")
	}
	if _, err := Odds(g, 4, 5, "bespell", nil); err != nil {
		t.Errorf("a Magician that has not moved: %v", err)
	}
	must(t, g, Action{Kind: ActMove, ID: 4, To: to(1600, 950, 2048)})
	if _, err := Odds(g, 4, 5, "bespell", nil); err == nil {
		t.Error("odds given for a Magician that has moved")
	}
}
