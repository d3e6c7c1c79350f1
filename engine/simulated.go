package engine

import "sync/atomic"

// simGames and simActions count the games started (NewGame) and the
// actions applied (Game.Apply) in this process, so that tests can show
// how many times opening a file simulates it. Checks and previews are
// not counted: they change no game.
var simGames, simActions atomic.Int64

// Simulated returns how many games have been started and how many
// actions applied in this process so far. Tests read it before and after
// an operation; nothing in the engine's results depends on it.
func Simulated() (games, actions int64) { return simGames.Load(), simActions.Load() }
