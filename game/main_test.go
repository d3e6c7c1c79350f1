package game

import (
	"os"
	"testing"

	"pelennor/game/internal/ebitest"
	"pelennor/game/store"
)

func TestMain(m *testing.M) {
	// Saves, autosaves and settings go to a temporary directory, never
	// the user's.
	dir, err := os.MkdirTemp("", "pelennor-test-config-")
	if err != nil {
		panic(err)
	}
	os.Setenv(store.ConfigEnv, dir)
	ebitest.Main(m, func() { os.RemoveAll(dir) })
}
