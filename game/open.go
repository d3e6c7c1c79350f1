package game

import "pelennor/engine"

// OpenMatch is the scene a match is played on. A standard battle's
// set-up (engine SetupStep) has its own scene; every other moment of a
// match is played on the battle screen.
func OpenMatch(a *App, m *Match) Scene {
	if step, _ := m.G.SetupStep(); step < engine.StepDone && m.H != nil {
		return NewSetupField(a, m)
	}
	m.Sc = m.G.Scenario() // the scenario the set-up built, if it had one
	return NewBattle(a, m)
}
