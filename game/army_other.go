//go:build !js

package game

// pickFile is the browser's file picker; the desktop asks for a path.
func pickFile(func(name string, data []byte)) {}
