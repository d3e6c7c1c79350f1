//go:build js

package game

import (
	"errors"
	"syscall/js"
)

// secureRandom fills b from the browser's crypto.getRandomValues, the
// source crypto/rand uses there too; asking it directly keeps the crypto
// packages out of the browser build (docs/web.md).
func secureRandom(b []byte) error {
	c := js.Global().Get("crypto")
	if c.IsUndefined() {
		return errors.New("this browser has no secure random numbers (crypto.getRandomValues)")
	}
	// getRandomValues fills at most 65536 bytes a call.
	for len(b) > 0 {
		n := min(len(b), 65536)
		a := js.Global().Get("Uint8Array").New(n)
		c.Call("getRandomValues", a)
		js.CopyBytesToGo(b[:n], a)
		b = b[n:]
	}
	return nil
}
