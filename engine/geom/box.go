package geom

// Box is an axis-aligned box, edges included: the cheap reject before
// any corner arithmetic or separating axes.
type Box struct{ L, T, R, B Sub }

// BoxOf returns the bounding box of p (the zero Box for no points).
func BoxOf(p Poly) Box {
	if len(p) == 0 {
		return Box{}
	}
	l, t, r, b := box(p)
	return Box{l, t, r, b}
}

// Bounds returns a box holding every corner of b, found without its
// corners: each lies within Width/2 + Depth of the front centre along
// either axis, give or take the rounding of the two Offsets that reach it.
func (b Base) Bounds() Box {
	r := b.Width/2 + b.Depth + 2
	return Box{b.Front.X - r, b.Front.Y - r, b.Front.X + r, b.Front.Y + r}
}

// Grow returns the box widened by d on every side.
func (a Box) Grow(d Sub) Box { return Box{a.L - d, a.T - d, a.R + d, a.B + d} }

// Gap is the larger of the gaps between the boxes along x and y, 0 if
// they meet: a lower bound on the distance between anything they hold.
func (a Box) Gap(b Box) Sub { return max(b.L-a.R, a.L-b.R, b.T-a.B, a.T-b.B, 0) }

// Meets reports whether the boxes share a point. Polygons whose boxes do
// not meet neither overlap nor touch.
func (a Box) Meets(b Box) bool {
	// Without a branch: the scans of the table ask it of every element,
	// and most are far. The boxes meet when no difference is negative,
	// that is when their bitwise or is not (int64: none overflows).
	return (int64(b.R)-int64(a.L))|(int64(a.R)-int64(b.L))|(int64(b.B)-int64(a.T))|(int64(a.B)-int64(b.T)) >= 0
}
