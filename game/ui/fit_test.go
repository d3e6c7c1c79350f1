package ui

import (
	"strings"
	"testing"

	"pelennor/assets"
)

// TestFitLines: the first wording that fits the lines is taken; when none
// does, the last is cut to the lines, its last one ending in "…".
func TestFitLines(t *testing.T) {
	th := NewTheme(1)
	face := th.Body()
	long := "Release to move · Space waypoint · Q/E/wheel turn · T 90°, R 180° · Esc cancels"
	short := "Release to move · Esc cancels"
	w := Width(short, face) + 4
	lines, ok := FitLines(face, w, 1, long, short)
	if !ok || len(lines) != 1 || lines[0] != short {
		t.Errorf("one line of %.0f: %q, %v; want the short wording", w, lines, ok)
	}
	lines, ok = FitLines(face, w, 4, long, short)
	if !ok || len(lines) < 2 || strings.Join(lines, " ") != long {
		t.Errorf("four lines: %q, %v; want the long wording wrapped", lines, ok)
	}
	lines, ok = FitLines(face, 60, 2, long, short)
	if ok || len(lines) != 2 || !strings.HasSuffix(lines[1], "…") {
		t.Errorf("too narrow: %q, %v; want two lines, the last cut", lines, ok)
	}
	for _, l := range lines {
		if Width(l, face) > 60 {
			t.Errorf("%q is wider than 60", l)
		}
	}
}

// TestButtonLabelPlan: a button keeps its key label while both fit, then
// leaves the key out, then shows its short label; narrower still it does
// not fit.
func TestButtonLabelPlan(t *testing.T) {
	th := NewTheme(1)
	b := Button{Label: "Watch last bound", Short: "Last bound", KeyLabel: "W"}
	cases := []struct {
		w     float64
		label string
		key   bool
		fits  bool
	}{
		{b.Need(th) + 2, "Watch last bound", true, true},
		{b.Need(th) - 20, "Watch last bound", false, true},
		{Width("Last bound", th.Face(assets.Bold, 16)) + 30, "Last bound", false, true},
		{30, "", false, false},
	}
	for _, c := range cases {
		b.Rect = R(0, 0, c.w, 44)
		label, key, whole := b.labelPlan(th, b.Rect)
		if whole != c.fits || b.Fits(th) != c.fits {
			t.Errorf("%.0f wide: fits %v, want %v", c.w, whole, c.fits)
		}
		if c.fits && (label != c.label || (key.W > 0) != c.key) {
			t.Errorf("%.0f wide: %q with key %v, want %q with key %v", c.w, label, key.W > 0, c.label, c.key)
		}
	}
	// Too low for a line of its text: not fitting.
	b.Rect = R(0, 0, b.Need(th)+2, 8)
	if b.Fits(th) {
		t.Error("an 8 px high button fits a 16 px label")
	}
}

// TestTextScale: the text size scales every face and T, not S.
func TestTextScale(t *testing.T) {
	th := NewTheme(2)
	th.Text = 1.4
	if got := assets.SizeOf(th.Body()); got < 15*2*1.4-0.01 || got > 15*2*1.4+0.01 {
		t.Errorf("body face %v px, want %v", got, 15*2*1.4)
	}
	if th.S(10) != 20 || th.T(10) < 27.99 || th.T(10) > 28.01 {
		t.Errorf("S(10) %v, T(10) %v", th.S(10), th.T(10))
	}
	if th.TargetPx() != DefaultTarget*2 {
		t.Errorf("target %v px", th.TargetPx())
	}
}

// TestOverlapsInside: rectangles edge to edge do not overlap; an empty
// one overlaps nothing.
func TestOverlapsInside(t *testing.T) {
	a := R(0, 0, 10, 10)
	for _, c := range []struct {
		q    Rect
		want bool
	}{{R(10, 0, 5, 5), false}, {R(9, 9, 5, 5), true}, {R(0, 10, 10, 10), false}, {R(3, 3, 0, 0), false}, {R(2, 2, 2, 2), true}} {
		if got := a.Overlaps(c.q); got != c.want || c.q.Overlaps(a) != c.want {
			t.Errorf("%+v overlaps %+v: %v, want %v", a, c.q, got, c.want)
		}
	}
	if !R(1, 1, 5, 5).Inside(a) || R(8, 8, 5, 5).Inside(a) {
		t.Error("Inside")
	}
}
