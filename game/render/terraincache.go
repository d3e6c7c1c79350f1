package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// terrainCache is the terrain drawn for a view and a margin round it.
// Panning within the margin only draws another part of the image;
// the terrain is drawn again when the zoom or the viewport's size
// changes, or the view leaves the drawn area.
type terrainCache struct {
	img    *ebiten.Image
	valid  bool
	margin int     // pixels drawn beyond each side of the viewport
	zoom   float64 // the zoom it was drawn at
	w, h   int     // the viewport's size it was drawn for
	wx, wy float64 // the world point at the image's top-left corner
}

// cacheMargin is how far beyond the viewport the terrain is drawn: a
// sixth of the viewport's shorter side, so that a steady pan draws it
// again every few dozen frames, within limits that keep the image (and
// its anti-aliasing buffer, twice as large) a reasonable size.
func cacheMargin(w, h int) int {
	return max(64, min(256, min(w, h)/6))
}

// Invalidate forces a redraw at the next Draw.
func (t *Terrain) Invalidate() { t.cache.valid = false }

// Draw draws the table as the camera sees it onto dst.
func (t *Terrain) Draw(dst *ebiten.Image, cam *Camera) {
	w, h := int(math.Ceil(cam.VW)), int(math.Ceil(cam.VH))
	if w <= 0 || h <= 0 || cam.Zoom <= 0 {
		return
	}
	c := &t.cache
	if c.img == nil || c.w != w || c.h != h {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.margin = cacheMargin(w, h)
		c.img = ebiten.NewImage(w+2*c.margin, h+2*c.margin)
		c.w, c.h, c.valid = w, h, false
	}
	// Where the view's top-left corner falls in the image, in pixels;
	// rounded, the terrain is at most half a pixel from where the
	// elements are drawn until it is drawn again.
	px := int(math.Round((cam.X - c.wx) * cam.Zoom))
	py := int(math.Round((cam.Y - c.wy) * cam.Zoom))
	m := c.margin
	if !c.valid || cam.Zoom != c.zoom || px < 0 || py < 0 || px > 2*m || py > 2*m {
		c.zoom = cam.Zoom
		c.wx, c.wy = cam.X-float64(m)/cam.Zoom, cam.Y-float64(m)/cam.Zoom
		wide := *cam
		wide.X, wide.Y = c.wx, c.wy
		wide.VX, wide.VY = 0, 0
		wide.VW, wide.VH = float64(w+2*m), float64(h+2*m)
		t.render(c.img, &wide)
		c.valid = true
		t.Redraws++
		px, py = m, m
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(cam.VX, cam.VY)
	dst.DrawImage(c.img.SubImage(image.Rect(px, py, px+w, py+h)).(*ebiten.Image), op)
}
