//go:build js

// Package storetest helps test code that keeps files in the browser's
// storage under Node, which has no window.localStorage.
package storetest

import "syscall/js"

// FakeLocalStorage installs a minimal window.localStorage (getItem,
// setItem, removeItem, key, length) in place of any other and returns
// its items, by key, for the test to read and change.
func FakeLocalStorage() map[string]string {
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
