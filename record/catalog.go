package record

import (
	"fmt"
	"strings"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/scenarios"
	"pelennor/standard"
)

// Builtin is the Lookup of every scenario this build ships: the embedded
// scenario files (the Pelennor…) and the standard battles between two of
// the built-in army lists ("standard-A-B", standard.Builtin). Saves of
// other standard battles carry their scenario and need no lookup.
func Builtin(id string) (*engine.Scenario, error) {
	for _, name := range scenarios.Names() {
		data, err := scenarios.Load(name)
		if err != nil {
			continue
		}
		sc, err := engine.ParseScenario("scenarios/"+name+".json", data)
		if err == nil && sc.ID == id {
			return sc, nil
		}
	}
	if rest, ok := strings.CutPrefix(id, "standard-"); ok {
		cat, err := army.Builtin()
		if err != nil {
			return nil, err
		}
		// List ids may hold hyphens: try each pair of known ids.
		for _, a := range cat.IDs() {
			b, ok := strings.CutPrefix(rest, a+"-")
			if !ok {
				continue
			}
			if _, known := cat.List(b); known {
				_, sc, err := standard.Builtin(a, b)
				return sc, err
			}
		}
	}
	return nil, fmt.Errorf("no scenario %q is built in (embedded: %s; or a standard battle of two built-in armies)",
		id, strings.Join(scenarios.Names(), ", "))
}
