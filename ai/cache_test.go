package ai

import (
	"fmt"
	"testing"

	"pelennor/engine"
	"pelennor/engine/dice"
)

// The stands and fights the planner keeps by what they depend on are
// what working them out again gives: a computer against a computer,
// every cached answer checked, on both scenarios.
func TestCachesAnswerAsWorkedOut(t *testing.T) {
	checkCaches = true
	defer func() { checkCaches = false }()
	for _, name := range []string{"skirmish", "pelennor"} {
		t.Run(name, func(t *testing.T) {
			sc := scenario(t, name)
			g, _, err := engine.New(sc, dice.NewPCG(3), rulingsOf(sc))
			if err != nil {
				t.Fatal(err)
			}
			ps := [2]*Player{New(Config{Level: Normal, Seed: 1}), New(Config{Level: Hard, Seed: 2})}
			defer func() {
				if r := recover(); r != nil {
					t.Fatal(fmt.Sprint(r))
				}
			}()
			before := cacheChecks.Load()
			defer func() {
				if n := cacheChecks.Load() - before; n < 100 {
					t.Errorf("only %d cached answers were checked", n)
				}
			}()
			for g.Winner() < 0 && g.Bound() <= 8 {
				_, side := g.ToAct()
				a, err := ps[side].Next(g)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
