package input

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// touchFrames feeds a sequence of touch sets through a touchState, at
// css screen pixels to the CSS pixel, and returns the frames it made.
func touchFrames(css float64, seq ...[]TouchPoint) []*Frame {
	var t touchState
	var out []*Frame
	for _, pts := range seq {
		f := &Frame{keys: map[ebiten.Key]bool{}, css: css}
		t.apply(f, pts)
		out = append(out, f)
	}
	return out
}

func one(x, y float64) []TouchPoint { return []TouchPoint{{ID: 1, X: x, Y: y}} }

func two(x0, y0, x1, y1 float64) []TouchPoint {
	return []TouchPoint{{ID: 1, X: x0, Y: y0}, {ID: 2, X: x1, Y: y1}}
}

// hold repeats a set of fingers for n frames.
func hold(n int, pts []TouchPoint) [][]TouchPoint {
	var seq [][]TouchPoint
	for range n {
		seq = append(seq, pts)
	}
	return seq
}

// slide moves one finger from (x0, y0) to (x1, y1) in n frames.
func slide(n int, x0, y0, x1, y1 float64) [][]TouchPoint {
	var seq [][]TouchPoint
	for i := 1; i <= n; i++ {
		k := float64(i) / float64(n)
		seq = append(seq, one(x0+(x1-x0)*k, y0+(y1-y0)*k))
	}
	return seq
}

func cat(parts ...[][]TouchPoint) [][]TouchPoint {
	var all [][]TouchPoint
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// presses is the frames at which button b went down.
func presses(fr []*Frame, b Button) []int {
	var at []int
	for i, f := range fr {
		if f.Pressed(b) {
			at = append(at, i)
		}
	}
	return at
}

func TestTouchTapIsAClick(t *testing.T) {
	fr := touchFrames(1, one(100, 50), one(101, 50), nil, nil, nil)
	if fr[0].Pressed(Left) || fr[0].Down(Left) || fr[0].X != 100 {
		t.Fatalf("frame 0: a finger down should wait: %+v", fr[0])
	}
	if fr[1].Pressed(Left) {
		t.Fatalf("frame 1: pressed before the finger moved or lifted")
	}
	if !fr[2].Pressed(Left) || !fr[2].Down(Left) || fr[2].Released(Left) || fr[2].X != 101 {
		t.Fatalf("frame 2: want the press of the tap: %+v", fr[2])
	}
	if !fr[3].Released(Left) || fr[3].Down(Left) || fr[3].X != 101 {
		t.Fatalf("frame 3: want the release one frame later: %+v", fr[3])
	}
	if fr[4].Pressed(Left) || fr[4].Released(Left) || fr[4].Down(Left) {
		t.Fatalf("frame 4: nothing more: %+v", fr[4])
	}
}

// TestTouchWobbleIsATap: a finger held for half a second that wobbles
// 8 CSS pixels (16 screen pixels on a screen of device scale 2) never
// holds the button down: lifted, it is one click, so nothing is moved
// and no PIP spent.
func TestTouchWobbleIsATap(t *testing.T) {
	var seq [][]TouchPoint
	for i := range 30 {
		dx := []float64{0, 8, -8, 16, 4, -12}[i%6] // screen pixels: up to 8 CSS pixels at scale 2
		seq = append(seq, one(200+dx, 120+dx/2))
	}
	seq = append(seq, nil, nil)
	fr := touchFrames(2, seq...)
	for i, f := range fr[:30] {
		if f.Down(Left) || f.Pressed(Left) {
			t.Fatalf("frame %d: the wobbling finger holds the left button", i)
		}
	}
	if got := presses(fr, Left); len(got) != 1 || got[0] != 30 || !fr[31].Released(Left) {
		t.Fatalf("want one click on lifting (frame 30), got presses %v", got)
	}
}

// TestTouchDragWaitsForThePinch: a finger that travels presses only
// once a pinch is no longer possible (pinchWait ticks and TouchSlop
// travelled), where it went down; then the pointer follows it.
func TestTouchDragWaitsForThePinch(t *testing.T) {
	tests := []struct {
		name string
		css  float64
		seq  [][]TouchPoint
		want int // the frame of the press
	}{
		{"fast: past the slop at once, pressed after the wait", 1, cat(hold(1, one(100, 50)), slide(12, 100, 50, 220, 50)), pinchWait},
		{"slow: the wait over, pressed when past the slop", 1, cat(hold(15, one(100, 50)), slide(10, 100, 50, 140, 50)), 19},
		{"device scale 2: twice the screen pixels", 2, cat(hold(15, one(100, 50)), slide(10, 100, 50, 140, 50)), 23},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fr := touchFrames(tc.css, tc.seq...)
			got := presses(fr, Left)
			if len(got) != 1 || got[0] != tc.want {
				t.Fatalf("presses at %v, want [%d]", got, tc.want)
			}
			p := fr[tc.want]
			if p.X != 100 || p.Y != 50 {
				t.Fatalf("the press is at %v,%v, want where the finger went down", p.X, p.Y)
			}
			last := tc.seq[len(tc.seq)-1][0]
			if f := fr[len(fr)-1]; !f.Down(Left) || f.X != last.X {
				t.Fatalf("the last frame: want held at the finger, %+v", f)
			}
		})
	}
}

// TestTouchLatePinch: a second finger landing while the first has not
// yet become a drag (within pinchWait ticks, or before the slop) makes a
// pinch: the left button is never pressed, so nothing is moved.
func TestTouchLatePinch(t *testing.T) {
	spread := func(n int, y float64) [][]TouchPoint {
		var seq [][]TouchPoint
		for i := 1; i <= n; i++ {
			d := 40 + 10*float64(i)
			seq = append(seq, two(100, y, 100+d, y))
		}
		return seq
	}
	tests := []struct {
		name string
		seq  [][]TouchPoint
	}{
		{"within 150 ms, the first finger already past the slop", cat(hold(1, one(100, 50)), slide(5, 100, 50, 100, 110), spread(6, 110))},
		{"after 150 ms, the first finger still within the slop", cat(hold(30, one(100, 50)), slide(3, 100, 50, 110, 50), spread(6, 50))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seq := append(tc.seq, nil, nil)
			fr := touchFrames(1, seq...)
			for i, f := range fr {
				if f.Pressed(Left) || f.Down(Left) || f.Released(Left) {
					t.Fatalf("frame %d: the late pinch used the left button", i)
				}
			}
			if got := presses(fr, Middle); len(got) != 1 {
				t.Fatalf("want one pinch, middle presses at %v", got)
			}
			zoom := 0.0
			for _, f := range fr {
				zoom += f.WheelY
			}
			if zoom <= 0 {
				t.Fatalf("spreading fingers zoomed %v, want in", zoom)
			}
		})
	}
}

// TestTouchTwist: a second finger landing during a drag turns the
// element in hand by the angle it turns about the first finger; the
// first finger keeps the pointer, and lifting it drops the element.
func TestTouchTwist(t *testing.T) {
	seq := cat(hold(1, one(100, 100)), slide(10, 100, 100, 130, 100)) // a drag from frame 9
	// The second finger lands 80 px to the right, then turns a quarter
	// turn clockwise on the screen (to below the first) in 6 steps.
	for i := 0; i <= 6; i++ {
		a := float64(i) / 6 * math.Pi / 2
		seq = append(seq, two(130, 100, 130+80*math.Cos(a), 100+80*math.Sin(a)))
	}
	seq = append(seq, one(130, 100), one(131, 100), nil, nil)
	fr := touchFrames(1, seq...)
	turn := 0.0
	for i, f := range fr {
		turn += f.Twist
		if f.Pressed(Middle) || f.Down(Middle) {
			t.Fatalf("frame %d: a twist is not a pinch", i)
		}
		if i >= 11 && i <= 17 && (!f.Down(Left) || f.X != 130) {
			t.Fatalf("frame %d: the first finger should hold the element: %+v", i, f)
		}
	}
	if math.Abs(turn-1024) > 1e-6 {
		t.Fatalf("a quarter turn of the second finger twisted %v, want 1024", turn)
	}
	if fr[len(fr)-1].Down(Left) || !fr[len(fr)-2].Released(Left) || fr[len(fr)-2].X != 131 {
		t.Fatalf("lifting the first finger should release the button where it left")
	}
	if presses(fr, Left)[0] != pinchWait {
		t.Fatalf("pressed at %v", presses(fr, Left))
	}
}

// TestTouchFlickIsNothing: a finger swept past the slop and lifted
// before it became a drag is neither a click nor a drag.
func TestTouchFlickIsNothing(t *testing.T) {
	fr := touchFrames(1, cat(hold(1, one(100, 50)), slide(4, 100, 50, 200, 50), hold(3, nil))...)
	for i, f := range fr {
		if f.Pressed(Left) || f.Down(Left) || f.Released(Left) {
			t.Fatalf("frame %d: a flick used the left button", i)
		}
	}
}

func TestTouchPinchZoomsAndPans(t *testing.T) {
	fr := touchFrames(1, one(100, 100), two(100, 100, 200, 100), two(90, 100, 210, 100), two(100, 120, 220, 120), one(100, 120), nil, one(50, 50))
	for _, f := range fr {
		if f.Pressed(Left) || f.Down(Left) {
			t.Fatalf("a pinch pressed the left button: %+v", f)
		}
	}
	if !fr[1].Pressed(Middle) || !fr[1].Down(Middle) || fr[1].X != 150 || fr[1].WheelY != 0 {
		t.Fatalf("frame 1: want the middle button at the midpoint: %+v", fr[1])
	}
	want := math.Log(120.0/100) / math.Log(pinchNotch)
	if !fr[2].Down(Middle) || math.Abs(fr[2].WheelY-want) > 1e-9 || fr[2].X != 150 {
		t.Fatalf("frame 2: spread 100 to 120 should zoom %.3f notches: %+v", want, fr[2])
	}
	if fr[3].X != 160 || fr[3].Y != 120 || fr[3].WheelY != 0 {
		t.Fatalf("frame 3: want a pan to 160,120 without zoom: %+v", fr[3])
	}
	if !fr[4].Released(Middle) || fr[4].Down(Middle) {
		t.Fatalf("frame 4: a finger lifted ends the pinch: %+v", fr[4])
	}
	// The finger left behind does nothing; a new touch starts afresh.
	if fr[5].Pressed(Left) || fr[5].Released(Left) {
		t.Fatalf("frame 5: %+v", fr[5])
	}
	if fr[6].X != 50 || fr[6].Pressed(Left) {
		t.Fatalf("frame 6: a new finger should wait: %+v", fr[6])
	}
}

func TestTouchLeavesTheMouseAlone(t *testing.T) {
	var ts touchState
	f := &Frame{X: 7, Y: 8}
	f.down[Right] = true
	ts.apply(f, nil)
	if f.X != 7 || f.Y != 8 || !f.Down(Right) {
		t.Fatalf("no touches changed the frame: %+v", f)
	}
}

// TestTouchInUse: touch is in use from a finger until the mouse moves or
// clicks or a key is pressed; the frame's slop and target sizes follow.
func TestTouchInUse(t *testing.T) {
	s := NewScript()
	s.Scale = 2
	s.Add(Fingers(1, [2]float64{10, 10}), Fingers(3), Event{At: 8, Kind: Move, X: 5, Y: 5})
	var in []bool
	var last *Frame
	for range 10 {
		f := s.Poll()
		in = append(in, f.Touch)
		if f.Touch {
			last = f
		}
	}
	want := []bool{false, true, true, true, true, true, true, true, false, false}
	for i := range want {
		if in[i] != want[i] {
			t.Fatalf("touch in use by frame: %v, want %v", in, want)
		}
	}
	if last.TouchSlop() != 32 || last.Target() != 88 {
		t.Fatalf("at device scale 2: slop %v, target %v; want 32 and 88", last.TouchSlop(), last.Target())
	}
	if f := s.Poll(); f.Target() != 0 {
		t.Fatalf("the mouse's frames have no touch target: %v", f.Target())
	}
	// The scripted tap went through the touch path: one click.
	s2 := NewScript()
	s2.Add(Fingers(0, [2]float64{40, 30}), Fingers(2))
	clicks := 0
	for range 6 {
		f := s2.Poll()
		if f.Pressed(Left) {
			clicks++
			if f.X != 40 || f.Y != 30 {
				t.Fatalf("the tap pressed at %v,%v", f.X, f.Y)
			}
		}
	}
	if clicks != 1 {
		t.Fatalf("a scripted tap made %d clicks", clicks)
	}
}

// TestTouchTwoFingerTap: during a drag, a second finger tapped (down a
// few ticks, wobbling less than twistDead) is a TwoTap and turns
// nothing; one that stays or turns is no tap.
func TestTouchTwoFingerTap(t *testing.T) {
	drag := cat(hold(1, one(100, 100)), slide(10, 100, 100, 130, 100))
	tests := []struct {
		name   string
		second [][]TouchPoint
		tap    bool
	}{
		{"a tap", cat(hold(3, two(130, 100, 200, 100)), hold(1, two(130, 100, 200, 104))), true},
		{"a finger that stays", hold(30, two(130, 100, 200, 100)), false},
		{"a twist", cat(hold(2, two(130, 100, 200, 100)), hold(2, two(130, 100, 200, 140))), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fr := touchFrames(1, cat(drag, tc.second, hold(2, one(130, 100)), hold(2, nil))...)
			taps, turn := 0, 0.0
			for _, f := range fr {
				if f.TwoTap {
					taps++
				}
				turn += f.Twist
			}
			if tc.tap && (taps != 1 || turn != 0) {
				t.Fatalf("%d taps and a turn of %v, want one tap and no turn", taps, turn)
			}
			if !tc.tap && taps != 0 {
				t.Fatalf("%d taps, want none", taps)
			}
		})
	}
}
