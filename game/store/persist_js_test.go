//go:build js

package store

import (
	"syscall/js"
	"testing"
)

// The browser's answers to navigator.storage.persist(), from fake
// StorageManagers: a promise that resolves true or false or rejects, a
// persist that throws or returns no promise, and no Storage API at all.
func TestAskPersistence(t *testing.T) {
	eval := func(src string) js.Value { return js.Global().Call("eval", src) }
	cases := []struct {
		name    string
		storage js.Value
		want    Persistence
	}{
		{"granted", eval(`({persist: () => Promise.resolve(true)})`), PersistGranted},
		{"refused", eval(`({persist: () => Promise.resolve(false)})`), PersistRefused},
		{"rejected", eval(`({persist: () => Promise.reject(new Error("no"))})`), PersistUnavailable},
		{"throws", eval(`({persist: () => { throw new Error("no") }})`), PersistUnavailable},
		{"no promise", eval(`({persist: () => 1})`), PersistUnavailable},
		{"no persist", eval(`({})`), PersistUnavailable},
		{"no storage", js.Undefined(), PersistUnavailable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := make(chan Persistence, 2)
			askPersistence(c.storage, func(p Persistence) { got <- p })
			if p := <-got; p != c.want {
				t.Errorf("answer %s, want %s", p, c.want)
			}
			if len(got) != 0 {
				t.Error("answered twice")
			}
		})
	}
	// Node has no navigator.storage: the store says so.
	<-RequestPersistence()
	if p := Persisted(); p != PersistUnavailable || !p.Evictable() {
		t.Errorf("Persisted %s under Node", p)
	}
}
