//go:build js

package input

import (
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// listenKeys queues every keydown of the page (not the auto-repeats):
// a key pressed and released within one animation frame is then still a
// press on the next update.
func listenKeys(q *tapQueue) {
	js.Global().Get("document").Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("repeat").Bool() {
			return nil
		}
		if k, ok := keyOfCode(e.Get("code").String()); ok {
			q.push(k)
		}
		return nil
	}))
}

// keyOfCode is the key of a KeyboardEvent.code: Ebitengine names keys
// as the codes do, without the "Key" of the letters.
func keyOfCode(code string) (ebiten.Key, bool) {
	var k ebiten.Key
	if err := k.UnmarshalText([]byte(strings.TrimPrefix(code, "Key"))); err != nil {
		return 0, false
	}
	return k, true
}
