package game

// OpenMatch is the scene a match is played on. A standard battle's
// set-up (engine SetupStep) has its own scene; every other moment of a
// match is played on the battle screen.
func OpenMatch(a *App, m *Match) Scene { return NewBattle(a, m) }
