//go:build !js

package game

import "github.com/hajimehoshi/ebiten/v2"

// Hook returns the game as it is: the test hook window.hott exists only
// in the browser (hook_js.go).
func Hook(a *App) ebiten.Game { return a }
