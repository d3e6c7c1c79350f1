//go:build js

package input

// scaleWheel makes the browser's wheel count notches, as on the desktop.
// Ebitengine passes a wheel event's deltaY on as it is, in CSS pixels:
// about 100 for one notch of a mouse wheel (and a few pixels at a time
// from a touchpad), where GLFW gives 1. Unscaled, one notch zooms the
// table a hundredfold.
func scaleWheel(f *Frame) {
	const notch = 100
	f.WheelX = clampWheel(f.WheelX / notch)
	f.WheelY = clampWheel(f.WheelY / notch)
}

func clampWheel(v float64) float64 { return max(-3, min(3, v)) }
