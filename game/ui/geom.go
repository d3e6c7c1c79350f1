// Package ui holds the game's small widgets: buttons, labels, lists,
// checkboxes, text fields, sliders, panels, toasts and a scrollable log.
// Each widget keeps its layout (a Rect) and its input handling (Update)
// apart from its drawing (Draw), so layout and hit-testing are tested
// without pixels.
package ui

import (
	"image"
	"math"
)

// Rect is an axis-aligned rectangle in screen pixels.
type Rect struct{ X, Y, W, H float64 }

// R returns a rectangle.
func R(x, y, w, h float64) Rect { return Rect{x, y, w, h} }

// Contains reports whether the point lies inside r (edges included at the
// top left, excluded at the bottom right, so adjacent rects never share a
// point).
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Overlaps reports whether r and q share a point (rectangles that only
// touch do not; an empty one overlaps nothing).
func (r Rect) Overlaps(q Rect) bool {
	if r.W <= 0 || r.H <= 0 || q.W <= 0 || q.H <= 0 {
		return false
	}
	const eps = 0.01 // rectangles laid edge to edge may differ by rounding
	return r.X < q.Right()-eps && q.X < r.Right()-eps && r.Y < q.Bottom()-eps && q.Y < r.Bottom()-eps
}

// Inside reports whether r lies wholly within q.
func (r Rect) Inside(q Rect) bool {
	const eps = 0.5
	return r.X >= q.X-eps && r.Y >= q.Y-eps && r.Right() <= q.Right()+eps && r.Bottom() <= q.Bottom()+eps
}

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect {
	return Rect{r.X + d, r.Y + d, math.Max(0, r.W-2*d), math.Max(0, r.H-2*d)}
}

// AtLeast grows r about its centre to at least n wide and n high (a
// touch target; n = 0 leaves it as it is).
func (r Rect) AtLeast(n float64) Rect {
	if r.W < n {
		r.X, r.W = r.X-(n-r.W)/2, n
	}
	if r.H < n {
		r.Y, r.H = r.Y-(n-r.H)/2, n
	}
	return r
}

// Right and Bottom are the far edges.
func (r Rect) Right() float64  { return r.X + r.W }
func (r Rect) Bottom() float64 { return r.Y + r.H }

// CX and CY are the centre.
func (r Rect) CX() float64 { return r.X + r.W/2 }
func (r Rect) CY() float64 { return r.Y + r.H/2 }

// CutTop splits off the top h pixels (and a gap below them).
func (r Rect) CutTop(h, gap float64) (top, rest Rect) {
	h = math.Min(h, r.H)
	return Rect{r.X, r.Y, r.W, h}, Rect{r.X, r.Y + h + gap, r.W, math.Max(0, r.H-h-gap)}
}

// CutBottom splits off the bottom h pixels (and a gap above them).
func (r Rect) CutBottom(h, gap float64) (bottom, rest Rect) {
	h = math.Min(h, r.H)
	return Rect{r.X, r.Bottom() - h, r.W, h}, Rect{r.X, r.Y, r.W, math.Max(0, r.H-h-gap)}
}

// CutLeft splits off the left w pixels (and a gap after them).
func (r Rect) CutLeft(w, gap float64) (left, rest Rect) {
	w = math.Min(w, r.W)
	return Rect{r.X, r.Y, w, r.H}, Rect{r.X + w + gap, r.Y, math.Max(0, r.W-w-gap), r.H}
}

// CutRight splits off the right w pixels (and a gap before them).
func (r Rect) CutRight(w, gap float64) (right, rest Rect) {
	w = math.Min(w, r.W)
	return Rect{r.Right() - w, r.Y, w, r.H}, Rect{r.X, r.Y, math.Max(0, r.W-w-gap), r.H}
}

// Centered returns a w × h rectangle centred in r.
func (r Rect) Centered(w, h float64) Rect {
	return Rect{r.X + (r.W-w)/2, r.Y + (r.H-h)/2, w, h}
}

// Rows splits r into n rows of equal height separated by gap.
func (r Rect) Rows(n int, gap float64) []Rect {
	if n <= 0 {
		return nil
	}
	h := (r.H - gap*float64(n-1)) / float64(n)
	out := make([]Rect, n)
	for i := range out {
		out[i] = Rect{r.X, r.Y + float64(i)*(h+gap), r.W, h}
	}
	return out
}

// Cols splits r into n columns of equal width separated by gap.
func (r Rect) Cols(n int, gap float64) []Rect {
	if n <= 0 {
		return nil
	}
	w := (r.W - gap*float64(n-1)) / float64(n)
	out := make([]Rect, n)
	for i := range out {
		out[i] = Rect{r.X + float64(i)*(w+gap), r.Y, w, r.H}
	}
	return out
}

// Stack lays out rows of the given heights from the top of r, gap apart.
func (r Rect) Stack(gap float64, heights ...float64) []Rect {
	out := make([]Rect, len(heights))
	y := r.Y
	for i, h := range heights {
		out[i] = Rect{r.X, y, r.W, h}
		y += h + gap
	}
	return out
}

// rectImage converts r to an image rectangle for SubImage, rounding outward.
func rectImage(r Rect) image.Rectangle {
	return image.Rect(int(math.Floor(r.X)), int(math.Floor(r.Y)), int(math.Ceil(r.Right())), int(math.Ceil(r.Bottom())))
}

// Image returns r as an image rectangle, rounded outward.
func (r Rect) Image() image.Rectangle { return rectImage(r) }
