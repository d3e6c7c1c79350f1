package ui

import (
	"testing"

	"pelennor/game/input"
)

// fingerFrames plays scripted input at device scale css for n frames.
func fingerFrames(css float64, n int, evs ...input.Event) []*input.Frame {
	s := input.NewScript()
	s.Scale = css
	s.Add(evs...)
	var out []*input.Frame
	for range n {
		out = append(out, s.Poll())
	}
	return out
}

// fingerDrag is one finger going down at (x, y0), sliding to y1 in
// steps frames and lifting.
func fingerDrag(x, y0, y1 float64, steps int) []input.Event {
	evs := []input.Event{input.Fingers(0, [2]float64{x, y0})}
	for i := 1; i <= steps; i++ {
		evs = append(evs, input.Fingers(i, [2]float64{x, y0 + (y1-y0)*float64(i)/float64(steps)}))
	}
	return append(evs, input.Fingers(steps+1))
}

// TestLogScrollsByTouch: a finger dragged down inside the log brings
// older lines into view (the lines follow it) and back up returns to
// the newest; the log takes the press, so nothing beneath sees it.
func TestLogScrollsByTouch(t *testing.T) {
	th := NewTheme(1)
	l := &Log{Rect: R(0, 0, 300, 120)}
	for range 40 {
		l.Add(LogEntry{Text: "A line of the battle log"})
	}
	l.Layout(th)
	for i, f := range fingerFrames(1, 30, fingerDrag(50, 20, 100, 16)...) {
		l.Update(f)
		if f.Pressed(input.Left) || f.Released(input.Left) {
			t.Fatalf("frame %d: the log let its press through", i)
		}
	}
	if l.Scroll < 60 || l.Scroll > 80 {
		t.Fatalf("an 80 px drag down scrolled the log back %v px, want about 80 less the slop", l.Scroll)
	}
	for _, f := range fingerFrames(1, 30, fingerDrag(50, 100, 0, 16)...) {
		l.Update(f)
	}
	if l.Scroll != 0 {
		t.Fatalf("dragging back up left the log %v px back", l.Scroll)
	}
}

// TestTouchTargets: while touch is in use a list's rows are at least
// input.TouchTarget CSS pixels high and a small button answers a finger
// within that size about its centre; with the mouse neither changes.
func TestTouchTargets(t *testing.T) {
	l := &List{Rect: R(0, 0, 200, 400), RowH: 30, Items: []string{"a", "b", "c", "d"}}
	b := &Button{Rect: R(300, 100, 60, 30)}
	tap := []input.Event{input.Fingers(0, [2]float64{330, 78}), input.Fingers(1)} // 22 px above the drawn button
	clicked := false
	for _, f := range fingerFrames(2, 4, tap...) {
		l.Update(f)
		clicked = b.Update(f) || clicked
	}
	if l.rowH() != 88 || l.RowAt(10, 100) != 1 {
		t.Fatalf("rows %v high at device scale 2 with touch, want 88 (row at y 100: %d)", l.rowH(), l.RowAt(10, 100))
	}
	if !clicked {
		t.Fatal("a tap 22 px above a 30 px button missed it with touch in use")
	}
	clicked = false
	for _, f := range fingerFrames(2, 4, input.Click(0, 330, 78)...) {
		l.Update(f)
		clicked = b.Update(f) || clicked
	}
	if clicked || l.rowH() != 30 {
		t.Fatalf("with the mouse: clicked %v beside the button, rows %v high; want no and 30", clicked, l.rowH())
	}
}

// TestFieldTakesOnScreenTyping: the field whose Update ran focused is
// where an on-screen keyboard types (TakeFocused, once); what it puts is
// cut to MaxLen and reported as a change by the next Update; a field
// that let go of the focus is no longer offered.
func TestFieldTakesOnScreenTyping(t *testing.T) {
	a := &TextField{Rect: R(0, 0, 200, 30), MaxLen: 5}
	b := &TextField{Rect: R(0, 40, 200, 30)}
	f := input.NewScript().Poll()
	a.Focused = true
	a.Update(f)
	b.Update(f)
	if got := TakeFocused(); got != a {
		t.Fatalf("TakeFocused gave %p, want the focused field %p", got, a)
	}
	if TakeFocused() != nil {
		t.Fatal("TakeFocused offered the field twice")
	}
	a.Put("Éowyn of Rohan")
	if !a.Update(f) || a.Text != "Éowyn" {
		t.Fatalf("after Put the field holds %q (want Éowyn) or reported no change", a.Text)
	}
	if a.Update(f) {
		t.Fatal("the change was reported twice")
	}
	a.Blur()
	a.Update(f)
	if TakeFocused() != nil {
		t.Fatal("a field without the focus was offered")
	}
}

// TestTouchTargetsLeaveNeighboursTheirs: two small buttons stacked closer
// than a finger's target: a tap on the lower one as drawn presses it, not
// the upper one whose larger target reaches over it.
func TestTouchTargetsLeaveNeighboursTheirs(t *testing.T) {
	up := &Button{Rect: R(300, 100, 80, 30)}
	down := &Button{Rect: R(300, 134, 80, 30)}
	var gotUp, gotDown bool
	tap := []input.Event{input.Fingers(1, [2]float64{340, 140}), input.Fingers(2)}
	for _, f := range fingerFrames(2, 6, tap...) {
		gotUp = up.Update(f) || gotUp
		gotDown = down.Update(f) || gotDown
	}
	if gotUp || !gotDown {
		t.Fatalf("a tap on the lower button pressed the upper %v, the lower %v; want only the lower", gotUp, gotDown)
	}
}
