package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
)

// frames plays a script and returns its frames.
func frames(evs ...input.Event) []*input.Frame {
	s := input.NewScript()
	s.Add(evs...)
	var out []*input.Frame
	for !s.Done() {
		out = append(out, s.Poll())
	}
	return out
}

func TestRectLayout(t *testing.T) {
	r := R(10, 20, 300, 200)
	top, rest := r.CutTop(50, 10)
	if top != R(10, 20, 300, 50) || rest != R(10, 80, 300, 140) {
		t.Fatalf("CutTop: %v %v", top, rest)
	}
	right, rest := r.CutRight(100, 0)
	if right != R(210, 20, 100, 200) || rest != R(10, 20, 200, 200) {
		t.Fatalf("CutRight: %v %v", right, rest)
	}
	bottom, rest := r.CutBottom(40, 5)
	if bottom != R(10, 180, 300, 40) || rest != R(10, 20, 300, 155) {
		t.Fatalf("CutBottom: %v %v", bottom, rest)
	}
	cols := R(0, 0, 320, 10).Cols(3, 10)
	if cols[0] != R(0, 0, 100, 10) || cols[2] != R(220, 0, 100, 10) {
		t.Fatalf("Cols: %v", cols)
	}
	rows := R(0, 0, 10, 100).Stack(4, 20, 30)
	if rows[1] != R(0, 24, 10, 30) {
		t.Fatalf("Stack: %v", rows)
	}
	if c := R(0, 0, 100, 100).Centered(20, 10); c != R(40, 45, 20, 10) {
		t.Fatalf("Centered: %v", c)
	}
	// Adjacent rectangles share no point.
	a, b := R(0, 0, 10, 10), R(10, 0, 10, 10)
	if !a.Contains(0, 0) || a.Contains(10, 5) || !b.Contains(10, 5) {
		t.Fatal("Contains: edges")
	}
	if in := R(0, 0, 10, 10).Inset(6); in.W != 0 || in.H != 0 {
		t.Fatalf("Inset past zero: %v", in)
	}
}

func TestButtonClick(t *testing.T) {
	b := &Button{Rect: R(100, 100, 80, 30)}
	clicks := 0
	for _, f := range frames(input.Click(0, 120, 110)...) {
		if b.Update(f) {
			clicks++
		}
	}
	if clicks != 1 {
		t.Fatalf("%d clicks on the button, want 1", clicks)
	}
	// Pressing inside and releasing outside is no click; nor is a press
	// outside released inside.
	for _, f := range frames(input.Drag(0, 120, 110, 300, 110, 3)...) {
		if b.Update(f) {
			t.Fatal("drag out of the button clicked it")
		}
	}
	for _, f := range frames(input.Drag(0, 10, 10, 120, 110, 3)...) {
		if b.Update(f) {
			t.Fatal("drag into the button clicked it")
		}
	}
	// Disabled buttons ignore clicks; shortcuts work.
	b.Disabled = true
	for _, f := range frames(input.Click(0, 120, 110)...) {
		if b.Update(f) {
			t.Fatal("disabled button clicked")
		}
	}
	b.Disabled, b.Key = false, ebiten.KeyEnter
	n := 0
	for _, f := range frames(input.Tap(0, ebiten.KeyEnter)...) {
		if b.Update(f) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("shortcut fired %d times", n)
	}
}

func TestButtonConsumesItsClick(t *testing.T) {
	b := &Button{Rect: R(0, 0, 50, 50)}
	for _, f := range frames(input.Click(0, 10, 10)...) {
		b.Update(f)
		if f.Pressed(input.Left) || f.Released(input.Left) {
			t.Fatal("a click taken by the button is still visible beneath it")
		}
	}
}

func TestCheckboxChoiceSlider(t *testing.T) {
	c := &Checkbox{Rect: R(0, 0, 200, 30)}
	for _, f := range frames(input.Click(0, 150, 15)...) {
		c.Update(f)
	}
	if !c.Checked {
		t.Fatal("a click on the label did not check the box")
	}
	ch := &Choice{Rect: R(0, 0, 300, 40), Options: []string{"Inches", "Paces", "Both"}}
	if seg := ch.Segment(1); seg != R(100, 0, 100, 40) {
		t.Fatalf("segment 1 at %v", seg)
	}
	changed := false
	for _, f := range frames(input.Click(0, 250, 20)...) {
		changed = ch.Update(f) || changed
	}
	if !changed || ch.Selected != 2 {
		t.Fatalf("choice %d changed %v", ch.Selected, changed)
	}
	sl := &Slider{Rect: R(100, 0, 200, 20), Value: 0.5}
	for _, f := range frames(input.Drag(0, 200, 10, 350, 10, 4)...) {
		sl.Update(f)
	}
	if sl.Value != 1 {
		t.Fatalf("slider dragged past its end: %v", sl.Value)
	}
}

func TestTextField(t *testing.T) {
	tf := &TextField{Rect: R(0, 0, 200, 30), Text: "Ab", MaxLen: 5}
	evs := input.Click(0, 10, 10)
	evs = append(evs, input.Event{At: 3, Kind: input.Type, Text: "cdefg"})
	evs = append(evs, input.Tap(4, ebiten.KeyBackspace)...)
	evs = append(evs, input.Tap(6, ebiten.KeyEnter)...)
	evs = append(evs, input.Event{At: 8, Kind: input.Type, Text: "x"})
	for _, f := range frames(evs...) {
		tf.Update(f)
	}
	if tf.Text != "Abcd" || tf.Focused {
		t.Fatalf("text %q focused %v, want \"Abcd\" and unfocused", tf.Text, tf.Focused)
	}
	// A click elsewhere takes the focus away.
	tf.Focused = true
	for _, f := range frames(input.Click(0, 500, 10)...) {
		tf.Update(f)
	}
	if tf.Focused {
		t.Fatal("a click elsewhere kept the focus")
	}
}

func TestListSelectAndScroll(t *testing.T) {
	l := &List{Rect: R(0, 0, 100, 100), RowH: 25, Items: []string{"a", "b", "c", "d", "e", "f"}}
	if l.RowAt(50, 60) != 2 || l.RowAt(150, 60) != -1 {
		t.Fatalf("RowAt: %d %d", l.RowAt(50, 60), l.RowAt(150, 60))
	}
	for _, f := range frames(input.Click(0, 50, 30)...) {
		l.Update(f)
	}
	if l.Selected != 1 {
		t.Fatalf("selected %d, want 1", l.Selected)
	}
	for _, f := range frames(input.Event{Kind: input.Move, X: 50, Y: 50}, input.Event{At: 1, Kind: input.Wheel, DY: -10}) {
		l.Update(f)
	}
	if l.Scroll != 50 {
		t.Fatalf("scrolled %v, want the end (50)", l.Scroll)
	}
	if l.RowAt(50, 10) != 2 {
		t.Fatalf("after scrolling the top row is %d", l.RowAt(50, 10))
	}
}

func TestToastsExpire(t *testing.T) {
	var ts Toasts
	ts.Show("one", Bad, 3)
	ts.Show("one", Bad, 3) // repeated: refreshed, not doubled
	ts.Show("two", Info, 10)
	if got := ts.Texts(); len(got) != 2 {
		t.Fatalf("toasts %q", got)
	}
	for range 3 {
		ts.Update()
	}
	if got := ts.Texts(); len(got) != 1 || got[0] != "two" {
		t.Fatalf("after 3 frames: %q", got)
	}
}

func TestWrap(t *testing.T) {
	width := func(s string) float64 { return float64(len(s)) }
	got := WrapFunc("the quick brown fox\njumps", 10, width)
	want := []string{"the quick", "brown fox", "jumps"}
	if len(got) != len(want) {
		t.Fatalf("%q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%q, want %q", got, want)
		}
	}
}

func TestLogScrollsBack(t *testing.T) {
	th := NewTheme(1)
	l := &Log{Rect: R(0, 0, 300, 60)}
	for range 30 {
		l.Add(LogEntry{Text: "A line of the battle log"})
	}
	l.Layout(th)
	for _, f := range frames(input.Event{Kind: input.Move, X: 10, Y: 10}, input.Event{At: 1, Kind: input.Wheel, DY: 1}) {
		l.Update(f)
	}
	if l.Scroll <= 0 {
		t.Fatal("the wheel did not scroll the log back")
	}
	for _, f := range frames(input.Event{Kind: input.Move, X: 10, Y: 10}, input.Event{At: 1, Kind: input.Wheel, DY: -100}) {
		l.Update(f)
	}
	if l.Scroll != 0 {
		t.Fatalf("scrolling forward past the end left %v", l.Scroll)
	}
}

func TestLabelWraps(t *testing.T) {
	th := NewTheme(1)
	l := &Label{Rect: R(0, 0, 120, 500), Text: "Knights can move 300 p (3\") in good going; this move is 340 p"}
	lines := l.Lines(th)
	if len(lines) < 3 {
		t.Fatalf("%q: want it wrapped to the width", lines)
	}
	for _, ln := range lines {
		if Width(ln, th.Body()) > 120 && len(strings.Fields(ln)) > 1 {
			t.Errorf("line %q wider than the label", ln)
		}
	}
	if h := l.Height(th); h != float64(len(lines))*LineHeight(th.Body()) {
		t.Errorf("height %v", h)
	}
}

// TestLogLinkClicked: a click on a linked entry's line reports its
// Link once; a click on a plain line, or a drag from the link, reports
// none.
func TestLogLinkClicked(t *testing.T) {
	th := NewTheme(1)
	l := &Log{Rect: R(0, 0, 300, 200)}
	l.Add(LogEntry{Text: "Bound 1"})
	l.Add(LogEntry{Text: "heroic duel: Théoden against the Witch-King", Link: 7})
	l.Add(LogEntry{Text: "recoiled"})
	l.Layout(th)
	lineY := func(i int) float64 { return l.Rect.Y + 4 + (float64(i)+0.5)*l.lineH }
	click := func(y float64) int {
		for _, f := range frames(input.Click(0, 40, y)...) {
			l.Update(f)
		}
		return l.Clicked()
	}
	if got := click(lineY(1)); got != 7 {
		t.Fatalf("a click on the duel's line reported %d, want 7", got)
	}
	if got := l.Clicked(); got != 0 {
		t.Fatalf("the click was reported twice (%d)", got)
	}
	if got := click(lineY(0)); got != 0 {
		t.Fatalf("a click on a plain line reported %d", got)
	}
	drag := frames(input.Drag(0, 40, lineY(1), 40, lineY(1)+60, 8)...)
	for _, f := range drag {
		l.Update(f)
	}
	if got := l.Clicked(); got != 0 {
		t.Fatalf("a drag from the link reported %d", got)
	}
}
