package game

import (
	"testing"

	"pelennor/game/internal/ebitest"
)

func TestMain(m *testing.M) { ebitest.Main(m) }
