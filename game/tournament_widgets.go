package game

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/ui"
)

// tourneyTarget is the height of every target of the tournament screens:
// at least 44 px, a finger's (and the theme's least target).
func tourneyTarget(th *ui.Theme) float64 {
	return math.Max(44*th.Scale, math.Max(th.TargetPx(), ui.LineHeight(th.Body())+16*th.Scale))
}

// stepper is a value changed by − and + buttons either side of it: a
// number, or (with names) one of a list of options by index.
type stepper struct {
	Rect            ui.Rect
	Value, Min, Max int
	Step            int
	Names           []string // the options' names, if it picks one of them
	Prefix, Suffix  string   // before and after a number ("Round", "min")
	minus, plus     ui.Button
}

// newPicker is a stepper over named options.
func newPicker(names []string, at int) stepper {
	return stepper{Value: at, Max: len(names) - 1, Step: 1, Names: names,
		minus: ui.Button{Label: "‹"}, plus: ui.Button{Label: "›"}}
}

// newNumber is a stepper over numbers.
func newNumber(v, lo, hi, step int) stepper {
	return stepper{Value: v, Min: lo, Max: hi, Step: step, minus: ui.Button{Label: "−"}, plus: ui.Button{Label: "+"}}
}

// text is the value as shown.
func (s *stepper) text() string {
	if s.Names != nil {
		if s.Value >= 0 && s.Value < len(s.Names) {
			return s.Names[s.Value]
		}
		return "—"
	}
	t := strconv.Itoa(s.Value)
	if s.Prefix != "" {
		t = s.Prefix + " " + t
	}
	if s.Suffix != "" {
		t += " " + s.Suffix
	}
	return t
}

func (s *stepper) layout() {
	w := math.Min(s.Rect.H*1.1, s.Rect.W/3)
	s.minus.Rect = ui.R(s.Rect.X, s.Rect.Y, w, s.Rect.H)
	s.plus.Rect = ui.R(s.Rect.Right()-w, s.Rect.Y, w, s.Rect.H)
}

// Update steps the value and reports whether it changed.
func (s *stepper) Update(f *input.Frame) bool {
	s.layout()
	s.minus.Disabled, s.plus.Disabled = s.Value <= s.Min, s.Value >= s.Max
	was := s.Value
	if s.minus.Update(f) {
		s.Value = max(s.Min, s.Value-s.Step)
	}
	if s.plus.Update(f) {
		s.Value = min(s.Max, s.Value+s.Step)
	}
	return s.Value != was
}

// Draw draws the buttons and the value between them.
func (s *stepper) Draw(dst *ebiten.Image, th *ui.Theme) {
	s.layout()
	sc := th.Scale
	mid := ui.R(s.minus.Rect.Right()+4*sc, s.Rect.Y, s.plus.Rect.X-s.minus.Rect.Right()-8*sc, s.Rect.H)
	ui.RoundRect(dst, mid, 5*sc, ui.Alpha(ui.Backdrop, 0.6), ui.SteelEdge, 1*sc)
	f := th.Strong()
	ui.TextMid(dst, ui.Ellipsis(s.text(), f, mid.W-8*sc), f, mid.CX(), mid.CY(), ui.Parchment, ui.Center)
	s.minus.Draw(dst, th)
	s.plus.Draw(dst, th)
}

// gridButtons lays buttons out in rows within w from (x, y), as many a
// row as fit at least minW wide each, every one h high; it returns the
// height used.
func gridButtons(btns []*ui.Button, x, y, w, minW, h, gap float64) float64 {
	if len(btns) == 0 {
		return 0
	}
	cols := max(1, min(len(btns), int((w+gap)/(minW+gap))))
	rows := (len(btns) + cols - 1) / cols
	bw := (w - float64(cols-1)*gap) / float64(cols)
	for i, b := range btns {
		r, c := i/cols, i%cols
		b.Rect = ui.R(x+float64(c)*(bw+gap), y+float64(r)*(h+gap), bw, h)
	}
	return float64(rows)*h + float64(rows-1)*gap
}

// minButtonW is the widest of the buttons' needs, at least least.
func minButtonW(th *ui.Theme, least float64, btns ...*ui.Button) float64 {
	w := least
	for _, b := range btns {
		w = math.Max(w, b.Need(th))
	}
	return w
}

// drawButtons draws buttons.
func drawButtons(dst *ebiten.Image, th *ui.Theme, btns ...*ui.Button) {
	for _, b := range btns {
		b.Draw(dst, th)
	}
}

// updateButtons updates buttons and returns the one clicked, or -1.
func updateButtons(f *input.Frame, btns ...*ui.Button) int {
	hit := -1
	for i, b := range btns {
		if b.Update(f) && hit < 0 {
			hit = i
		}
	}
	return hit
}

// tourneyPanel is the tournament screens' panel: the whole window less a
// margin, at most maxW (logical px) wide, centred; inner is within its
// padding.
func tourneyPanel(a *App, maxW float64) (panel, inner ui.Rect) {
	s := a.Theme.Scale
	m := 8 * s
	if a.W >= 700*s {
		m = 20 * s
	}
	w := math.Min(a.W-2*m, maxW*s)
	panel = ui.R((a.W-w)/2, m, w, a.H-2*m)
	pad := 14 * s
	if a.W >= 700*s {
		pad = 24 * s
	}
	return panel, panel.Inset(pad)
}

// formItem is a row of a form: its label (none for a row that is its
// own label), its height, and what goes in the row's control rectangle.
type formItem struct {
	label  string
	h      float64
	place  func(r ui.Rect)
	indent bool // placed as a labelled row's control, without a label
	column bool // starts the next column, if there is one on the page
}

// row is a form's row.
func row(label string, h float64, place func(r ui.Rect)) formItem {
	return formItem{label: label, h: h, place: place}
}

// rowLabel is a label drawn beside its control.
type rowLabel struct {
	text string
	x, y float64 // the left, and the middle of the line
}

// flowed is where flow put a form's rows.
type flowed struct {
	labels []rowLabel
	pages  int
	used   float64 // the height the fullest column of the page shown takes
}

// flow places a form's rows top to bottom in area's columns (cols of
// them, colGap apart), the next column when one is full, a new page
// after the last; only the rows of page show (from 0) are placed. A
// labelled row's control goes right of labelW.
func flow(items []formItem, area ui.Rect, cols int, colGap, gap, labelW float64, show int) flowed {
	var out flowed
	colW := (area.W - float64(cols-1)*colGap) / float64(cols)
	page, col, y := 0, 0, area.Y
	out.pages = 1
	for _, it := range items {
		if it.column && col < cols-1 && y > area.Y {
			col, y = col+1, area.Y
		}
		if y+it.h > area.Bottom() && y > area.Y {
			col, y = col+1, area.Y
			if col == cols {
				page, col = page+1, 0
				out.pages++
			}
		}
		x := area.X + float64(col)*(colW+colGap)
		if page == show {
			r := ui.R(x, y, colW, it.h)
			if it.label != "" || it.indent {
				r = ui.R(x+labelW, y, colW-labelW, it.h)
			}
			if it.label != "" {
				out.labels = append(out.labels, rowLabel{it.label, x, y + it.h/2})
			}
			it.place(r)
			out.used = math.Max(out.used, y+it.h-area.Y)
		}
		y += it.h + gap
	}
	return out
}

// labelWidth is the width of the widest label and a gap.
func labelWidth(th *ui.Theme, labels ...string) float64 {
	w := 0.0
	for _, l := range labels {
		w = math.Max(w, ui.Width(l, th.Strong())+14*th.Scale)
	}
	return w
}
