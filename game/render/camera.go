// Package render draws the table: the camera that maps paces to screen
// pixels, the terrain (rendered with a margin to an offscreen image,
// redrawn only on a zoom or a pan beyond the margin) and the elements
// (vector paths every frame).
package render

import "math"

// Camera maps world coordinates (paces; x east, y south) to screen
// pixels inside a viewport. Floats are fine here: nothing the camera
// computes reaches the engine except through rounded integer actions.
type Camera struct {
	// Zoom is screen pixels per pace.
	Zoom float64
	// X, Y is the world point at the viewport's top-left corner.
	X, Y float64
	// The viewport on the screen.
	VX, VY, VW, VH float64
	// MinZoom and MaxZoom bound Zoom (MinZoom is set by Fit).
	MinZoom, MaxZoom float64
	// The table, for Fit and clamping.
	TableW, TableH float64
	// Margin is kept round the table by Fit, in pixels (for the edge
	// labels).
	Margin float64
}

// ToScreen maps a world point to the screen.
func (c *Camera) ToScreen(wx, wy float64) (float64, float64) {
	return c.VX + (wx-c.X)*c.Zoom, c.VY + (wy-c.Y)*c.Zoom
}

// ToWorld maps a screen point to the world.
func (c *Camera) ToWorld(sx, sy float64) (float64, float64) {
	return c.X + (sx-c.VX)/c.Zoom, c.Y + (sy-c.VY)/c.Zoom
}

// SetViewport sets the screen area the camera draws into, keeping the
// world point at its centre where it was.
func (c *Camera) SetViewport(x, y, w, h float64) {
	if x == c.VX && y == c.VY && w == c.VW && h == c.VH {
		return
	}
	if c.VW > 0 && c.VH > 0 && c.Zoom > 0 {
		cx, cy := c.ToWorld(c.VX+c.VW/2, c.VY+c.VH/2)
		c.VX, c.VY, c.VW, c.VH = x, y, w, h
		c.X, c.Y = cx-w/2/c.Zoom, cy-h/2/c.Zoom
		c.clamp()
		return
	}
	c.VX, c.VY, c.VW, c.VH = x, y, w, h
}

// FitZoom returns the zoom at which the whole table fits the viewport
// with a margin of frac of the view on each side.
func (c *Camera) FitZoom(frac float64) float64 {
	if c.TableW <= 0 || c.TableH <= 0 || c.VW <= 0 || c.VH <= 0 {
		return 1
	}
	w, h := c.VW*(1-2*frac)-2*c.Margin, c.VH*(1-2*frac)-2*c.Margin
	return math.Max(1e-3, math.Min(w/c.TableW, h/c.TableH))
}

// Fit shows the whole table, centred.
func (c *Camera) Fit() {
	z := c.FitZoom(0.01)
	c.MinZoom = z * 0.6
	if c.MaxZoom == 0 {
		c.MaxZoom = 3
	}
	c.Zoom = z
	c.CenterOn(c.TableW/2, c.TableH/2)
}

// CenterOn puts world point (wx, wy) at the viewport's centre.
func (c *Camera) CenterOn(wx, wy float64) {
	c.X = wx - c.VW/2/c.Zoom
	c.Y = wy - c.VH/2/c.Zoom
	c.clamp()
}

// ZoomAt multiplies the zoom by factor, keeping the world point under
// screen point (sx, sy) fixed.
func (c *Camera) ZoomAt(sx, sy, factor float64) {
	wx, wy := c.ToWorld(sx, sy)
	z := c.Zoom * factor
	if c.MinZoom > 0 {
		z = math.Max(c.MinZoom, z)
	}
	if c.MaxZoom > 0 {
		z = math.Min(c.MaxZoom, z)
	}
	c.Zoom = z
	c.X = wx - (sx-c.VX)/z
	c.Y = wy - (sy-c.VY)/z
	c.clamp()
}

// PanBy moves the view by a screen distance (the table follows the
// pointer: dragging right moves the table right).
func (c *Camera) PanBy(dx, dy float64) {
	c.X -= dx / c.Zoom
	c.Y -= dy / c.Zoom
	c.clamp()
}

// clamp keeps at least a third of the viewport on the table.
func (c *Camera) clamp() {
	if c.TableW <= 0 || c.Zoom <= 0 {
		return
	}
	vw, vh := c.VW/c.Zoom, c.VH/c.Zoom
	mx, my := vw*2/3, vh*2/3
	c.X = math.Max(-mx, math.Min(c.TableW-vw+mx, c.X))
	c.Y = math.Max(-my, math.Min(c.TableH-vh+my, c.Y))
}

// View identifies what the camera shows, to know when a cached drawing
// of it is stale.
type View struct{ Zoom, X, Y, VX, VY, VW, VH float64 }

// View returns the camera's current view.
func (c *Camera) View() View { return View{c.Zoom, c.X, c.Y, c.VX, c.VY, c.VW, c.VH} }

// PixelsPerPace is the zoom (game/control's Projector).
func (c *Camera) PixelsPerPace() float64 { return c.Zoom }
