//go:build js

package main

import "errors"

// startProfile refuses: a browser has no file to write a profile to (and
// runtime/pprof would add 0.1 MB to the module for nothing).
func startProfile(string) (func(), error) {
	return nil, errors.New("-cpuprofile is for the desktop build; use the browser's own profiler")
}
