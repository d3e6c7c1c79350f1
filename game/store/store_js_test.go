//go:build js

package store

import (
	"strings"
	"syscall/js"
	"testing"
)

// fakeStorage installs a minimal window.localStorage (Node has none).
func fakeStorage(t *testing.T) map[string]string {
	t.Helper()
	items := map[string]string{}
	var keys []string
	obj := js.Global().Get("Object").New()
	update := func() { obj.Set("length", len(keys)) }
	obj.Set("getItem", js.FuncOf(func(_ js.Value, a []js.Value) any {
		if v, ok := items[a[0].String()]; ok {
			return v
		}
		return js.Null()
	}))
	obj.Set("setItem", js.FuncOf(func(_ js.Value, a []js.Value) any {
		k := a[0].String()
		if _, ok := items[k]; !ok {
			keys = append(keys, k)
		}
		items[k] = a[1].String()
		update()
		return js.Undefined()
	}))
	obj.Set("removeItem", js.FuncOf(func(_ js.Value, a []js.Value) any {
		k := a[0].String()
		delete(items, k)
		for i, x := range keys {
			if x == k {
				keys = append(keys[:i], keys[i+1:]...)
				break
			}
		}
		update()
		return js.Undefined()
	}))
	obj.Set("key", js.FuncOf(func(_ js.Value, a []js.Value) any {
		i := a[0].Int()
		if i < 0 || i >= len(keys) {
			return js.Null()
		}
		return keys[i]
	}))
	update()
	js.Global().Set("localStorage", obj)
	return items
}

func TestLocal(t *testing.T) {
	items := fakeStorage(t)
	s, err := Open("saves")
	if err != nil {
		t.Fatal(err)
	}
	exercise(t, s)
	for k, v := range items {
		if !strings.HasPrefix(k, Prefix) {
			t.Errorf("key %q without the prefix", k)
		}
		if k == Prefix+"saves/b.json" && v != `{"b":2}` {
			t.Errorf("JSON not kept as text: %q", v)
		}
	}
	// Areas do not see each other's files.
	root, _ := Open("")
	if err := root.Put("settings.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if l, _ := root.List(); len(l) != 1 || l[0].Name != "settings.json" {
		t.Errorf("root area lists %+v", l)
	}
	if l, _ := s.List(); len(l) != 2 {
		t.Errorf("saves area lists %+v", l)
	}
}
