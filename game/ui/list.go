package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pelennor/assets"
	"pelennor/game/input"
	"pelennor/game/render/glyphs"
)

// List is a vertical list of selectable rows that scrolls with the wheel.
type List struct {
	Rect   Rect
	Items  []string
	Detail []string // an optional second line per item, dimmer
	// DetailColour colours item i's second line, if set (nil: dim).
	DetailColour []color.Color
	Selected     int
	RowH         float64
	Scroll       float64 // pixels scrolled from the top
	hover        int
	touchH       float64 // the least row height while touch is in use (Frame.Target)
	drag         scrollDrag
}

// rowH is the rows' height: RowH, and never less than a finger's target
// while touch is in use.
func (l *List) rowH() float64 { return math.Max(l.RowH, l.touchH) }

// scrollDrag follows a press dragged inside a list or log: the content
// follows the pointer (touch's way to scroll; the mouse may too). A press
// that travels less than the frame's touch slop stays a click.
type scrollDrag struct {
	on, moved bool
	y0, last  float64
}

// follow updates the drag for frame f over rectangle r and returns how
// far the content moved down this frame (screen pixels).
func (d *scrollDrag) follow(f *input.Frame, r Rect) float64 {
	if f.Pressed(input.Left) && r.Contains(f.X, f.Y) {
		d.on, d.moved, d.y0, d.last = true, false, f.Y, f.Y
		return 0
	}
	if !d.on {
		return 0
	}
	if !f.Down(input.Left) || f.Released(input.Left) {
		d.on = false
		return 0
	}
	if !d.moved && math.Abs(f.Y-d.y0) < f.TouchSlop()/2 {
		return 0
	}
	dy := f.Y - d.last
	if !d.moved {
		dy = f.Y - d.y0
	}
	d.moved, d.last = true, f.Y
	return dy
}

// RowAt returns the index of the row under (x, y), or -1.
func (l *List) RowAt(x, y float64) int {
	if !l.Rect.Contains(x, y) || l.rowH() <= 0 {
		return -1
	}
	i := int((y - l.Rect.Y + l.Scroll) / l.rowH())
	if i < 0 || i >= len(l.Items) {
		return -1
	}
	return i
}

// maxScroll is how far the list can scroll.
func (l *List) maxScroll() float64 {
	return math.Max(0, float64(len(l.Items))*l.rowH()-l.Rect.H)
}

// Update selects a clicked row, scrolls with the wheel, and reports
// whether the selection changed.
func (l *List) Update(f *input.Frame) bool {
	l.touchH = f.Target()
	l.hover = l.RowAt(f.X, f.Y)
	if l.Rect.Contains(f.X, f.Y) && f.WheelY != 0 {
		l.Scroll = math.Max(0, math.Min(l.maxScroll(), l.Scroll-f.WheelY*l.rowH()))
		f.WheelY = 0
	}
	if dy := l.drag.follow(f, l.Rect); dy != 0 {
		l.Scroll = math.Max(0, math.Min(l.maxScroll(), l.Scroll-dy))
	}
	if l.hover >= 0 && f.Pressed(input.Left) {
		f.Consume()
		if l.hover != l.Selected {
			l.Selected = l.hover
			return true
		}
	}
	return false
}

// Draw draws the visible rows, clipped to the list's rectangle.
func (l *List) Draw(dst *ebiten.Image, th *Theme) {
	s := th.Scale
	RoundRect(dst, l.Rect, 6*s, color.RGBA{0x0e, 0x10, 0x14, 0xff}, SteelEdge, 1.5*s)
	clip := dst.SubImage(rectImage(l.Rect.Inset(2 * s))).(*ebiten.Image)
	face, small := th.Face(assets.Bold, 15), th.Small()
	for i, it := range l.Items {
		r := Rect{l.Rect.X + 4*s, l.Rect.Y + float64(i)*l.rowH() - l.Scroll, l.Rect.W - 8*s, l.rowH()}
		if r.Bottom() < l.Rect.Y || r.Y > l.Rect.Bottom() {
			continue
		}
		ink := Parchment
		switch {
		case i == l.Selected:
			RoundRect(clip, r.Inset(2*s), 4*s, color.RGBA{0x4a, 0x38, 0x18, 0xff}, Gold, 1*s)
			ink = GoldBright
		case i == l.hover:
			RoundRect(clip, r.Inset(2*s), 4*s, SteelLight, Transparent, 0)
		}
		if i < len(l.Detail) && l.Detail[i] != "" {
			Text(clip, Ellipsis(it, face, r.W-20*s), face, r.X+10*s, r.Y+7*s, ink, Left)
			var dc color.Color = ParchDim
			if i < len(l.DetailColour) && l.DetailColour[i] != nil {
				dc = l.DetailColour[i]
			}
			Text(clip, Ellipsis(l.Detail[i], small, r.W-20*s), small, r.X+10*s, r.Y+7*s+LineHeight(face), dc, Left)
		} else {
			TextMid(clip, Ellipsis(it, face, r.W-20*s), face, r.X+10*s, r.CY(), ink, Left)
		}
	}
}

// Toasts are short messages that appear and fade.
type Toasts struct {
	items []toast
}

type toast struct {
	text  string
	clr   color.Color
	left  int // frames
	total int
}

// Show adds a message that stays for the given number of frames.
func (t *Toasts) Show(msg string, clr color.Color, frames int) {
	if len(t.items) > 0 && t.items[len(t.items)-1].text == msg {
		t.items[len(t.items)-1].left = frames
		return
	}
	t.items = append(t.items, toast{msg, clr, frames, frames})
	if len(t.items) > 3 {
		t.items = t.items[len(t.items)-3:]
	}
}

// Texts returns the messages showing now, oldest first.
func (t *Toasts) Texts() []string {
	var out []string
	for _, it := range t.items {
		out = append(out, it.text)
	}
	return out
}

// Update ages the messages by one frame.
func (t *Toasts) Update() {
	kept := t.items[:0]
	for _, it := range t.items {
		if it.left--; it.left > 0 {
			kept = append(kept, it)
		}
	}
	t.items = kept
}

// Draw draws the messages stacked downward from the top centre of area,
// newest first.
func (t *Toasts) Draw(dst *ebiten.Image, th *Theme, area Rect) {
	s := th.Scale
	face := th.Face(assets.Bold, 16)
	y := area.Y + 12*s
	for i := len(t.items) - 1; i >= 0; i-- {
		it := t.items[i]
		a := math.Min(1, float64(it.left)/20) * math.Min(1, float64(it.total-it.left+1)/8)
		lines := Wrap(it.text, face, math.Min(area.W-80*s, 760*s))
		h := float64(len(lines))*LineHeight(face) + 20*s
		w := 0.0
		for _, l := range lines {
			w = math.Max(w, Width(l, face))
		}
		w += 44 * s
		r := Rect{area.CX() - w/2, y, w, h}
		RoundRect(dst, Rect{r.X + 2*s, r.Y + 3*s, r.W, r.H}, 8*s, Alpha(Shadow, a), Transparent, 0)
		RoundRect(dst, r, 8*s, Alpha(color.RGBA{0x15, 0x17, 0x1c, 0xf4}, a), Alpha(it.clr, a), 2*s)
		RoundRect(dst, Rect{r.X, r.Y, 6 * s, r.H}, 3*s, Alpha(it.clr, a), Transparent, 0)
		for j, l := range lines {
			Text(dst, l, face, r.X+22*s, r.Y+10*s+float64(j)*LineHeight(face), Alpha(Parchment, a), Left)
		}
		y = r.Bottom() + 8*s
	}
}

// Log is a scrollable list of coloured lines, wrapped to its width, that
// follows its end unless scrolled back.
type Log struct {
	Rect    Rect
	entries []LogEntry
	lines   []logLine
	wrapW   float64
	Scroll  float64 // pixels scrolled back from the end
	lineH   float64
	th      *Theme
	drag    scrollDrag
	clicked int // the Link of the entry clicked, until Clicked reads it
	hover   int // the Link of the entry under the pointer
}

// LogEntry is one log message.
type LogEntry struct {
	Text   string
	Colour color.Color
	Indent bool
	// Link, if not 0, makes the entry a link: it is underlined, and a
	// click on it is reported by Clicked (the caller's number for what
	// it opens).
	Link int
}

type logLine struct {
	text   string
	clr    color.Color
	indent bool
	first  bool
	link   int
}

// Add appends a message (wrapped at once if the log has been laid out).
func (l *Log) Add(e LogEntry) {
	l.entries = append(l.entries, e)
	if l.th != nil && l.wrapW > 0 {
		l.wrap(e, l.th.Small(), l.wrapW)
	} else {
		l.wrapW = -1 // wrap everything at the next layout
	}
}

func (l *Log) wrap(e LogEntry, face *glyphs.Face, w float64) {
	if e.Indent {
		w -= 14 * l.th.Scale
	}
	for i, t := range Wrap(e.Text, face, w) {
		l.lines = append(l.lines, logLine{t, e.Colour, e.Indent, i == 0, e.Link})
	}
}

// Len returns the number of messages.
func (l *Log) Len() int { return len(l.entries) }

// Clear removes every message and scrolls to the end.
func (l *Log) Clear() {
	l.entries, l.lines, l.Scroll = l.entries[:0], l.lines[:0], 0
}

// Entries returns the messages.
func (l *Log) Entries() []LogEntry { return l.entries }

// Layout wraps the messages for the current width and face.
func (l *Log) Layout(th *Theme) {
	face := th.Small()
	w := l.Rect.W - 16*th.Scale
	l.lineH = LineHeight(face) + 1*th.Scale
	if w == l.wrapW && th == l.th {
		return
	}
	l.wrapW, l.th = w, th
	l.lines = l.lines[:0]
	for _, e := range l.entries {
		l.wrap(e, face, w)
	}
}

// maxScroll is how far back the log can scroll.
func (l *Log) maxScroll() float64 {
	return math.Max(0, float64(len(l.lines))*l.lineH-l.Rect.H+8)
}

// Update scrolls with the wheel while the pointer is over the log, and
// with a finger (or the mouse) dragged inside it: the lines follow it,
// so dragging down brings older lines into view. A press in the log is
// the log's: nothing beneath sees it.
func (l *Log) Update(f *input.Frame) {
	if l.Rect.Contains(f.X, f.Y) && f.WheelY != 0 {
		l.Scroll = math.Max(0, math.Min(l.maxScroll(), l.Scroll+f.WheelY*3*l.lineH))
		f.WheelY = 0
	}
	pressed := f.Pressed(input.Left) && l.Rect.Contains(f.X, f.Y)
	dragging := l.drag.on
	// A press let go where it was (no scroll) is a click on a line.
	click := dragging && !l.drag.moved && f.Released(input.Left) && l.Rect.Contains(f.X, f.Y)
	if dy := l.drag.follow(f, l.Rect); dy != 0 {
		l.Scroll = math.Max(0, math.Min(l.maxScroll(), l.Scroll+dy))
	}
	l.hover = 0
	if i := l.lineAt(f.X, f.Y); i >= 0 {
		l.hover = l.lines[i].link
		if click && l.hover != 0 {
			l.clicked = l.hover
		}
	}
	if pressed || dragging {
		f.Consume()
	}
}

// Clicked returns the Link of the entry clicked since it was last
// asked, or 0.
func (l *Log) Clicked() int {
	c := l.clicked
	l.clicked = 0
	return c
}

// linesBottom is where the last line ends, as drawn.
func (l *Log) linesBottom(s float64) float64 {
	if h := float64(len(l.lines)) * l.lineH; h < l.Rect.H-8*s {
		// Not full yet: the first line at the top.
		return l.Rect.Y + 4*s + h
	}
	return l.Rect.Bottom() - 4*s + l.Scroll
}

// lineAt is the index of the line drawn at (x, y), or -1.
func (l *Log) lineAt(x, y float64) int {
	if l.th == nil || l.lineH <= 0 || !l.Rect.Contains(x, y) {
		return -1
	}
	i := len(l.lines) - 1 - int(math.Floor((l.linesBottom(l.th.Scale)-y)/l.lineH))
	if i < 0 || i >= len(l.lines) {
		return -1
	}
	return i
}

// LinkRect is where the first line of the entry with link stands as
// last laid out, and whether it is in view (for tests and the hook).
func (l *Log) LinkRect(link int) (Rect, bool) {
	if l.th == nil || link == 0 {
		return Rect{}, false
	}
	bottom := l.linesBottom(l.th.Scale)
	for i, ln := range l.lines {
		if ln.link == link && ln.first {
			r := Rect{l.Rect.X, bottom - float64(len(l.lines)-i)*l.lineH, l.Rect.W, l.lineH}
			return r, r.Inside(l.Rect)
		}
	}
	return Rect{}, false
}

// Draw draws the lines that fit, newest at the bottom.
func (l *Log) Draw(dst *ebiten.Image, th *Theme) {
	l.Layout(th)
	s := th.Scale
	clip := dst.SubImage(rectImage(l.Rect)).(*ebiten.Image)
	face := th.Small()
	bottom := l.linesBottom(s)
	for i := len(l.lines) - 1; i >= 0; i-- {
		y := bottom - float64(len(l.lines)-i)*l.lineH
		if y+l.lineH < l.Rect.Y {
			break
		}
		if y > l.Rect.Bottom() {
			continue
		}
		ln := l.lines[i]
		x := l.Rect.X + 8*s
		if ln.indent {
			x += 14 * s
		}
		clr := ln.clr
		if clr == nil {
			clr = Parchment
		}
		if ln.first && !ln.indent {
			vector.DrawFilledCircle(clip, float32(x-3*s), float32(y+l.lineH/2), float32(1.6*s), Alpha(clr, 0.8), AntiAlias)
		}
		Text(clip, ln.text, face, x+2*s, y, clr, Left)
		if ln.link != 0 {
			// A link's lines are underlined, brighter under the pointer.
			a := 0.45
			if ln.link == l.hover {
				a = 0.95
			}
			uy := y + l.lineH - 2*s
			Line(clip, x+2*s, uy, x+2*s+Width(ln.text, face), uy, 1*s, Alpha(clr, a))
		}
	}
	if l.Scroll > 0 {
		face := th.Face(assets.Bold, 12)
		r := Rect{l.Rect.Right() - 118*s, l.Rect.Bottom() - 24*s, 110 * s, 20 * s}
		RoundRect(dst, r, 4*s, SteelLight, Gold, 1*s)
		TextMid(dst, "▼ newer below", face, r.CX(), r.CY(), GoldBright, Center)
	}
}
