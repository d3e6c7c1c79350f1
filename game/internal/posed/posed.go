// Package posed holds positions the game's tests pose on the embedded
// scenarios. Only tests import it, so none of it ships.
package posed

import (
	"encoding/json"
	"fmt"

	"pelennor/engine"
	"pelennor/scenarios"
)

// PelennorDuel is the Pelennor with the Witch-King (501) brought down
// front to front with King Théoden (201): both carry hero sheets, so with
// the heroic duel in play their close combat is a duel.
func PelennorDuel() (*engine.Scenario, error) {
	data, err := scenarios.Load("pelennor")
	if err != nil {
		return nil, err
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var theoden, wk map[string]any
	for _, v := range raw["elements"].([]any) {
		el := v.(map[string]any)
		switch el["id"].(float64) {
		case 201:
			theoden = el
		case 501:
			wk = el
		}
	}
	if theoden == nil || wk == nil {
		return nil, fmt.Errorf("the Pelennor has no element 201 or 501")
	}
	delete(wk, "reserve")
	wk["x"], wk["y"], wk["facing"] = theoden["x"], theoden["y"], 0.0
	out, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	return engine.ParseScenario("pelennor-duel.json", out)
}
