package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine/rules"
)

// An element wholly outside the canvas is not drawn at all; one partly
// inside, or just outside with its glow reaching in, is.
func TestOffScreenElementsAreSkipped(t *testing.T) {
	dst := ebiten.NewImage(400, 300)
	defer dst.Deallocate()
	view := dst.SubImage(image.Rect(100, 50, 300, 250)).(*ebiten.Image)
	cam := &Camera{Zoom: 0.5, VX: 100, VY: 50, VW: 200, VH: 200}
	look := Look{Type: rules.Knights, Colour: RGB(0x3f, 0x8a, 0x2e), Selected: true, Upright: true}
	for _, c := range []struct {
		name  string
		x, y  float64 // world position of the front edge's centre
		drawn bool
	}{
		{"inside", 200, 200, true},
		{"across the left edge", 0, 200, true},
		{"far left", -400, 200, false},
		{"far below", 200, 900, false},
		{"far above right", 900, -300, false},
		{"just beyond the right edge", 500, 200, true}, // its glow reaches in
	} {
		cv := NewCanvas(view)
		DrawElement(cv, cam, Pose{X: c.x, Y: c.y, Facing: 0, W: 160, D: 80}, look, 1)
		if got := len(cv.vs) > 0; got != c.drawn {
			t.Errorf("%s: drawn %v (%d vertices), want %v", c.name, got, len(cv.vs), c.drawn)
		}
		cv.vs, cv.is = cv.vs[:0], cv.is[:0]
	}
}
