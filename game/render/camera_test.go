package render

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestCameraRoundTripAndZoomAboutPointer(t *testing.T) {
	c := &Camera{TableW: 7200, TableH: 4800}
	c.SetViewport(0, 60, 1200, 800)
	c.Fit()
	if z := c.Zoom; !near(z, math.Min(1200*0.98/7200, 800*0.98/4800)) {
		t.Fatalf("fit zoom %v", z)
	}
	cx, cy := c.ToScreen(3600, 2400)
	if !near(cx, 600) || !near(cy, 460) {
		t.Fatalf("table centre at %v,%v, want the viewport's centre", cx, cy)
	}
	wx, wy := c.ToWorld(300, 200)
	sx, sy := c.ToScreen(wx, wy)
	if !near(sx, 300) || !near(sy, 200) {
		t.Fatalf("round trip gave %v,%v", sx, sy)
	}
	// Zooming keeps the world point under the pointer.
	before := [2]float64{wx, wy}
	c.ZoomAt(300, 200, 2)
	wx, wy = c.ToWorld(300, 200)
	if !near(wx, before[0]) || !near(wy, before[1]) {
		t.Fatalf("zoom moved the point under the pointer: %v,%v -> %v,%v", before[0], before[1], wx, wy)
	}
	// Zoom limits.
	c.MaxZoom = 2
	c.ZoomAt(300, 200, 1000)
	if c.Zoom != 2 {
		t.Fatalf("max zoom not applied: %v", c.Zoom)
	}
	// Panning follows the pointer.
	x0, _ := c.ToScreen(1000, 1000)
	c.PanBy(50, 0)
	x1, _ := c.ToScreen(1000, 1000)
	if !near(x1-x0, 50) {
		t.Fatalf("pan by 50 moved the table %v", x1-x0)
	}
}
