//go:build js

package main

import (
	"errors"
	"syscall/js"
)

// startProfile refuses: a browser has no file to write a profile to (and
// runtime/pprof would add 0.1 MB to the module for nothing).
func startProfile(string) (func(), error) {
	return nil, errors.New("-cpuprofile is for the desktop build; use the browser's own profiler")
}

// The page's timing (docs/web.md) notes when Go's start and the packages'
// initialisation are done.
func init() {
	if t := js.Global().Get("hottTiming"); t.Truthy() {
		t.Set("main", js.Global().Get("performance").Call("now"))
	}
}
