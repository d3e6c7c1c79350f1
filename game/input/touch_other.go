//go:build !js

package input

// scaleWheel leaves the desktop's wheel alone: GLFW counts notches.
func scaleWheel(*Frame) {}
