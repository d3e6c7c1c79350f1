package main

import (
	"fmt"
	"io"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/engine/rules"
)

// ruleNames words army's rule codes for a scenario author.
var ruleNames = map[string]string{
	"ap":         "the army's AP",
	"cap":        "the cap on elements of 3 AP or more",
	"general":    "the general",
	"stronghold": "the stronghold",
}

// armyWarnings checks the armies of a single-army scenario (every side
// one command) against RULES.md §13 and returns a warning for each
// problem, naming the side and the rule. A scenario may break §13 on
// purpose, so these do not fail the check. An army worth 36 AP is held
// to a tournament's budget, any other to 24 (A7).
func armyWarnings(sc *engine.Scenario) []string {
	count := map[string]int{}
	for _, c := range sc.Commands {
		count[c.Side]++
	}
	for _, s := range sc.Sides {
		if count[s.ID] != 1 {
			return nil // several commands a side: not a standard battle
		}
	}
	var out []string
	for _, s := range sc.Sides {
		for _, c := range sc.Commands {
			if c.Side != s.ID {
				continue
			}
			var units []army.Unit
			ap := 0
			for i, e := range sc.Elements {
				if e.Command != c.ID {
					continue
				}
				t, _ := rules.ParseType(e.Type) // ParseScenario has checked it
				ap += t.Info().AP
				units = append(units, army.Unit{Type: t, General: e.ID == c.General,
					Where: fmt.Sprintf("elements[%d] %q", i, e.Name)})
			}
			budget := army.Standard
			if ap == army.Tournament {
				budget = army.Tournament
			}
			_, ps := army.CheckForce(units, budget)
			for _, p := range ps {
				out = append(out, fmt.Sprintf("warning: side %s (%s), %s: %s", s.ID, s.Name, ruleNames[p.Rule], p))
			}
		}
	}
	return out
}

// warnArmies prints armyWarnings after a scenario's summary.
func warnArmies(w io.Writer, sc *engine.Scenario) {
	for _, line := range armyWarnings(sc) {
		fmt.Fprintln(w, line)
	}
}
