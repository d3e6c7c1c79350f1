//go:build !js

package input

// listenKeys does nothing on the desktop: GLFW's key events reach only
// Ebitengine; the typed characters still recover taps (mergeTaps).
func listenKeys(*tapQueue) {}
