package ui

import (
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pelennor/assets"
	"pelennor/game/input"
	"pelennor/game/render/glyphs"
)

// Button is a clickable button. A click is a press and a release both
// inside it.
type Button struct {
	Rect     Rect
	Label    string
	Disabled bool
	Primary  bool // drawn in gold: the main action of a screen
	Danger   bool // drawn in red: quitting, conceding
	Small    bool
	Short    string     // a shorter label, shown when Label does not fit
	Key      ebiten.Key // a shortcut key, 0 for none (also shown)
	KeyLabel string

	hover, armed bool
}

// Update handles the frame's input and reports whether the button was
// clicked (or its shortcut pressed). It consumes the clicks it takes.
func (b *Button) Update(f *input.Frame) bool {
	b.hover = !b.Disabled && b.hit(f)
	if b.Disabled {
		b.armed = false
		return false
	}
	if b.Key != 0 && f.KeyPressed(b.Key) {
		f.ConsumeKey(b.Key)
		return true
	}
	if b.hover && f.Pressed(input.Left) {
		b.armed = true
		f.Consume()
		return false
	}
	if b.armed && f.Released(input.Left) {
		b.armed = false
		f.Consume()
		return b.hover
	}
	if !f.Down(input.Left) {
		b.armed = false
	}
	return false
}

// The buttons updated in the frame before, whose drawn rectangles a
// finger's larger target leaves to them.
var buttons struct {
	frame      *input.Frame
	last, this []Rect
}

// hit reports whether the pointer is on the button: on it as drawn, or,
// while touch is in use, within the finger's target about its centre
// (input.Frame.Target) but on no other button as drawn.
func (b *Button) hit(f *input.Frame) bool {
	if buttons.frame != f {
		buttons.frame, buttons.last, buttons.this = f, buttons.this, buttons.last[:0]
	}
	buttons.this = append(buttons.this, b.Rect)
	if b.Rect.Contains(f.X, f.Y) {
		return true
	}
	if !b.Rect.AtLeast(f.Target()).Contains(f.X, f.Y) {
		return false
	}
	for _, r := range buttons.last {
		if r != b.Rect && r.Contains(f.X, f.Y) {
			return false
		}
	}
	return true
}

// Hover reports whether the pointer is over the button.
func (b *Button) Hover() bool { return b.hover }

// faces returns the faces of the label and of the key label.
func (b *Button) faces(th *Theme) (label, key *glyphs.Face) {
	size := 16.0
	if b.Small {
		size = 14
	}
	return th.Face(assets.Bold, size), th.Face(assets.Regular, size-3)
}

// Need is the least width that shows the whole label, and the key label
// beside it when there is one.
func (b *Button) Need(th *Theme) float64 { return b.need(th, b.Label) }

func (b *Button) need(th *Theme, label string) float64 {
	s := th.Scale
	face, kf := b.faces(th)
	w := Width(label, face) + 24*s
	if b.KeyLabel != "" {
		w += Width(b.KeyLabel, kf) + 8*s + 10*s
	}
	return w
}

// Fits reports whether the button shows a whole label, its own or its
// short one (the key label may be left out), and is high enough for a
// line of it.
func (b *Button) Fits(th *Theme) bool {
	face, _ := b.faces(th)
	_, _, whole := b.labelPlan(th, b.Rect)
	return whole && b.Rect.H+0.5 >= LineHeight(face)+4*th.Scale
}

// labelPlan is how the label is drawn in r: the first of the label with
// its key, the label alone, the short label with the key, the short one
// alone that fits whole; else the last of them shortened with "…". key
// is the key label's box, empty when it is left out; whole reports
// whether the label fitted.
func (b *Button) labelPlan(th *Theme, r Rect) (label string, key Rect, whole bool) {
	s := th.Scale
	face, kf := b.faces(th)
	var kr Rect
	if b.KeyLabel != "" {
		kw := Width(b.KeyLabel, kf) + 8*s
		kr = Rect{r.Right() - kw - 8*s, r.CY() - LineHeight(kf)/2 - 1*s, kw, LineHeight(kf) + 2*s}
		if kr.X <= r.X+r.W/2 {
			kr = Rect{}
		}
	}
	labels := []string{b.Label}
	if b.Short != "" {
		labels = append(labels, b.Short)
	}
	room := 0.0
	for _, l := range labels {
		for _, k := range []Rect{kr, {}} {
			room = r.W - 12*s
			if k.W > 0 {
				room = k.X - r.X - 12*s
			}
			label, key = l, k
			if Width(l, face) <= room+0.5 {
				return label, key, true
			}
		}
	}
	return Ellipsis(label, face, room), key, false
}

// Draw draws the button.
func (b *Button) Draw(dst *ebiten.Image, th *Theme) {
	s := th.Scale
	r := b.Rect
	fill, edge, ink := SteelLight, SteelEdge, Parchment
	switch {
	case b.Disabled:
		fill, edge, ink = Steel, SteelLight, ParchFaint
	case b.Primary:
		fill, edge, ink = color.RGBA{0x5a, 0x43, 0x1c, 0xff}, Gold, GoldBright
	case b.Danger:
		fill, edge, ink = color.RGBA{0x4a, 0x1e, 0x1a, 0xff}, color.RGBA{0xa0, 0x40, 0x34, 0xff}, Parchment
	}
	if b.hover {
		fill = Mix(fill, GoldBright, 0.18)
		edge = GoldBright
	}
	if b.armed && b.hover {
		fill = Mix(fill, color.Black, 0.25)
		r = Rect{r.X, r.Y + 1*s, r.W, r.H}
	}
	if !b.Disabled {
		RoundRect(dst, Rect{r.X, r.Y + 2*s, r.W, r.H}, 6*s, Shadow, Transparent, 0)
	}
	RoundRect(dst, r, 6*s, fill, edge, 1.5*s)
	if !b.Disabled {
		// A highlight along the top edge, as on a bevelled plate.
		Line(dst, r.X+6*s, r.Y+2.5*s, r.Right()-6*s, r.Y+2.5*s, 1*s, Alpha(color.White, 0.10))
	}
	face, kf := b.faces(th)
	label, kr, _ := b.labelPlan(th, r)
	if kr.W > 0 {
		RoundRect(dst, kr, 3*s, Alpha(color.Black, 0.3), Alpha(ink, 0.4), 1*s)
		TextMid(dst, b.KeyLabel, kf, kr.CX(), kr.CY(), Alpha(ink, 0.8), Center)
		TextMid(dst, label, face, (r.X+kr.X)/2, r.CY(), ink, Center)
		return
	}
	TextMid(dst, label, face, r.CX(), r.CY(), ink, Center)
}

// Checkbox is a labelled box that toggles when clicked.
type Checkbox struct {
	Rect    Rect
	Label   string
	Short   string // a shorter label, shown when Label does not fit
	Checked bool
	hover   bool
}

// Update toggles the box on a click anywhere on its row and reports
// whether it changed.
func (c *Checkbox) Update(f *input.Frame) bool {
	c.hover = c.Rect.Contains(f.X, f.Y)
	if c.hover && f.Pressed(input.Left) {
		c.Checked = !c.Checked
		f.Consume()
		return true
	}
	return false
}

// Fits reports whether the label, or the short one, fits beside the box.
func (c *Checkbox) Fits(th *Theme) bool {
	return 32*th.Scale+Width(c.label(th), th.Body()) <= c.Rect.W+0.5
}

// label is the label drawn: the short one when the whole does not fit.
func (c *Checkbox) label(th *Theme) string {
	if c.Short != "" && 32*th.Scale+Width(c.Label, th.Body()) > c.Rect.W+0.5 {
		return c.Short
	}
	return c.Label
}

// Draw draws the box and its label.
func (c *Checkbox) Draw(dst *ebiten.Image, th *Theme) {
	s := th.Scale
	box := Rect{c.Rect.X, c.Rect.CY() - 11*s, 22 * s, 22 * s}
	edge := SteelEdge
	if c.hover {
		edge = GoldBright
	}
	RoundRect(dst, box, 4*s, Steel, edge, 1.5*s)
	if c.Checked {
		var p = CheckPath(box.Inset(5 * s))
		StrokePath(dst, p, 3*s, GoldBright)
	}
	TextMid(dst, Ellipsis(c.label(th), th.Body(), c.Rect.Right()-box.Right()-10*s), th.Body(), box.Right()+10*s, c.Rect.CY(), Parchment, Left)
}

// TextField is a one-line text input.
type TextField struct {
	Rect        Rect
	Text        string
	Placeholder string
	MaxLen      int
	Focused     bool
	hover       bool
	blink       int
	all         bool // the whole text is selected (Ctrl+A): typing replaces it
	put         bool // Put replaced the text: the next Update reports it
}

// Blur takes the focus from the field.
func (t *TextField) Blur() { t.Focused, t.all = false, false }

// Put replaces the text as an on-screen keyboard typed it (the
// browser's input over the canvas, game/textinput_js.go), cut to MaxLen;
// the next Update reports the change.
func (t *TextField) Put(s string) {
	if t.MaxLen > 0 && utf8.RuneCountInString(s) > t.MaxLen {
		s = string([]rune(s)[:t.MaxLen])
	}
	t.Text, t.all, t.put = s, false, true
}

// typingIn is the field whose Update last ran focused (TakeFocused).
var typingIn *TextField

// TakeFocused returns the field that took typing since the last call
// (its Update ran while it had the focus) and is still focused, or nil:
// where an on-screen keyboard types. Each frame's screen updates its
// fields between two calls.
func TakeFocused() *TextField {
	t := typingIn
	typingIn = nil
	if t == nil || !t.Focused {
		return nil
	}
	return t
}

// Update focuses the field on a click, takes typed text while focused,
// and reports whether the text changed. Enter, Escape or Tab unfocus it;
// a click elsewhere does too.
func (t *TextField) Update(f *input.Frame) bool {
	t.hover = t.Rect.Contains(f.X, f.Y)
	if f.Pressed(input.Left) {
		t.Focused, t.all = t.hover, false
		if t.hover {
			f.Consume()
		}
	}
	if !t.Focused {
		return false
	}
	typingIn = t
	t.blink++
	changed := t.put
	t.put = false
	if f.Ctrl() && f.KeyPressed(ebiten.KeyA) {
		t.all = t.Text != ""
		f.ConsumeKey(ebiten.KeyA)
	}
	if f.Ctrl() {
		// Ctrl with a letter is a command, not typing.
		f.Chars = nil
	}
	for _, r := range f.Chars {
		if r < ' ' || r == 0x7f {
			continue
		}
		if t.all {
			t.Text, t.all = "", false
		}
		if t.MaxLen > 0 && utf8.RuneCountInString(t.Text) >= t.MaxLen {
			break
		}
		t.Text += string(r)
		changed = true
	}
	if f.KeyRepeat(ebiten.KeyBackspace) && t.Text != "" {
		_, n := utf8.DecodeLastRuneInString(t.Text)
		t.Text = t.Text[:len(t.Text)-n]
		if t.all {
			t.Text = ""
		}
		t.all = false
		changed = true
	}
	for _, k := range []ebiten.Key{ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeyEscape, ebiten.KeyTab} {
		if f.KeyPressed(k) {
			t.Blur()
			f.ConsumeKey(k)
		}
	}
	return changed
}

// Draw draws the field.
func (t *TextField) Draw(dst *ebiten.Image, th *Theme) {
	s := th.Scale
	edge := SteelEdge
	if t.Focused {
		edge = Gold
	} else if t.hover {
		edge = ParchDim
	}
	RoundRect(dst, t.Rect, 5*s, color.RGBA{0x0e, 0x10, 0x14, 0xff}, edge, 1.5*s)
	face := th.Face(assets.Regular, 16)
	x := t.Rect.X + 10*s
	if t.Text == "" && !t.Focused {
		TextMid(dst, Ellipsis(t.Placeholder, face, t.Rect.W-20*s), face, x, t.Rect.CY(), ParchFaint, Left)
		return
	}
	// A text wider than the field scrolls so that its end (where one
	// types) shows; the rest is clipped.
	clip := dst.SubImage(rectImage(t.Rect.Inset(3 * s))).(*ebiten.Image)
	if w, avail := Width(t.Text, face), t.Rect.W-20*s; w > avail {
		x -= w - avail
	}
	if t.all && t.Focused {
		Fill(clip, R(x-2*s, t.Rect.CY()-11*s, Width(t.Text, face)+4*s, 22*s), Alpha(Info, 0.45))
	}
	TextMid(clip, t.Text, face, x, t.Rect.CY(), Parchment, Left)
	if t.Focused && (t.blink/30)%2 == 0 {
		cx := x + Width(t.Text, face) + 1*s
		Line(dst, cx, t.Rect.CY()-9*s, cx, t.Rect.CY()+9*s, 1.5*s, GoldBright)
	}
}

// Choice is a row of mutually exclusive options (a segmented control).
type Choice struct {
	Rect     Rect
	Options  []string
	Selected int
	hover    int
}

// Segment returns the rectangle of option i.
func (c *Choice) Segment(i int) Rect { return c.Rect.Cols(len(c.Options), 0)[i] }

// Update selects the option clicked and reports whether it changed.
func (c *Choice) Update(f *input.Frame) bool {
	c.hover = -1
	for i := range c.Options {
		if c.Segment(i).Contains(f.X, f.Y) {
			c.hover = i
		}
	}
	if c.hover >= 0 && f.Pressed(input.Left) {
		f.Consume()
		if c.hover != c.Selected {
			c.Selected = c.hover
			return true
		}
	}
	return false
}

// Draw draws the control.
func (c *Choice) Draw(dst *ebiten.Image, th *Theme) {
	s := th.Scale
	RoundRect(dst, c.Rect, 6*s, Steel, SteelEdge, 1.5*s)
	face := th.Face(assets.Bold, 14)
	for i, o := range c.Options {
		r := c.Segment(i).Inset(3 * s)
		ink := ParchDim
		switch {
		case i == c.Selected:
			RoundRect(dst, r, 4*s, color.RGBA{0x5a, 0x43, 0x1c, 0xff}, Gold, 1*s)
			ink = GoldBright
		case i == c.hover:
			RoundRect(dst, r, 4*s, SteelLight, Transparent, 0)
			ink = Parchment
		}
		TextMid(dst, Ellipsis(o, face, r.W-8*s), face, r.CX(), r.CY(), ink, Center)
	}
}

// Slider picks a value between 0 and 1 by dragging.
type Slider struct {
	Rect     Rect
	Value    float64
	dragging bool
	hover    bool
}

// Update moves the value while the slider is dragged and reports whether
// it changed.
func (sl *Slider) Update(f *input.Frame) bool {
	sl.hover = sl.Rect.Contains(f.X, f.Y)
	if sl.hover && f.Pressed(input.Left) {
		sl.dragging = true
		f.Consume()
	}
	if !f.Down(input.Left) {
		sl.dragging = false
	}
	if !sl.dragging || sl.Rect.W <= 0 {
		return false
	}
	v := math.Max(0, math.Min(1, (f.X-sl.Rect.X)/sl.Rect.W))
	if v == sl.Value {
		return false
	}
	sl.Value = v
	return true
}

// Draw draws the track and the knob.
func (sl *Slider) Draw(dst *ebiten.Image, th *Theme) {
	s := th.Scale
	cy := sl.Rect.CY()
	track := Rect{sl.Rect.X, cy - 3*s, sl.Rect.W, 6 * s}
	RoundRect(dst, track, 3*s, Steel, SteelEdge, 1*s)
	RoundRect(dst, Rect{track.X, track.Y, track.W * sl.Value, track.H}, 3*s, Gold, Transparent, 0)
	kx := sl.Rect.X + sl.Rect.W*sl.Value
	knob := GoldBright
	if !sl.hover && !sl.dragging {
		knob = Gold
	}
	vector.DrawFilledCircle(dst, float32(kx), float32(cy), float32(9*s), Backdrop, AntiAlias)
	vector.DrawFilledCircle(dst, float32(kx), float32(cy), float32(7*s), knob, AntiAlias)
}

// Label is a block of text wrapped to its rectangle's width.
type Label struct {
	Rect   Rect
	Text   string
	Font   assets.Font
	Size   float64 // logical pixels; 0 for 15
	Colour color.Color
	Align  Align
}

// Lines returns the label's lines as wrapped with theme th.
func (l *Label) Lines(th *Theme) []string {
	return Wrap(l.Text, l.face(th), l.Rect.W)
}

// Height returns the height the label needs.
func (l *Label) Height(th *Theme) float64 {
	return float64(len(l.Lines(th))) * LineHeight(l.face(th))
}

func (l *Label) face(th *Theme) *glyphs.Face {
	size := l.Size
	if size == 0 {
		size = 15
	}
	return th.Face(l.Font, size)
}

// Draw draws the lines that fit in the rectangle.
func (l *Label) Draw(dst *ebiten.Image, th *Theme) {
	face := l.face(th)
	clr := l.Colour
	if clr == nil {
		clr = Parchment
	}
	x := l.Rect.X
	switch l.Align {
	case Center:
		x = l.Rect.CX()
	case Right:
		x = l.Rect.Right()
	}
	y := l.Rect.Y
	for _, line := range l.Lines(th) {
		if y+LineHeight(face) > l.Rect.Bottom()+0.5 {
			break
		}
		Text(dst, line, face, x, y, clr, l.Align)
		y += LineHeight(face)
	}
}
