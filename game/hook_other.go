//go:build !js

package game

import "github.com/hajimehoshi/ebiten/v2"

// Hook returns the game as the desktop runs it: drawn only when something
// changed (idle.go). The browser's hook, window.hott, is in hook_js.go.
func Hook(a *App) ebiten.Game { return NewIdleGate(a, a) }

// inBrowser is false here: the title offers Quit, files go to the disk.
const inBrowser = false

// download is the browser's; on the desktop a file stays where it was written.
func download(name string, data []byte) error { return nil }

// exportWords are what the game says of an exported turn file and log.
var exportWords = struct {
	turnDone, logDone string // %s: where the file went
	turnNotes         [2]string
}{
	turnDone: "Turn file written to %s: send it to your opponent",
	logDone:  "Battle log written to %s",
	turnNotes: [2]string{
		"Play by e-mail: send this file to your opponent. They open it (Load on the title screen, or pelennor -load FILE), watch your bound, play theirs and send a turn file back.",
		"A bare name is written into the saves folder; a path (~/ for your home) anywhere else.",
	},
}
