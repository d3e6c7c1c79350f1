package input

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// touchFrames feeds a sequence of touch sets through a touchState and
// returns the frames it made.
func touchFrames(seq ...[]TouchPoint) []*Frame {
	var t touchState
	var out []*Frame
	for _, pts := range seq {
		f := &Frame{keys: map[ebiten.Key]bool{}}
		t.apply(f, pts)
		out = append(out, f)
	}
	return out
}

func one(x, y float64) []TouchPoint { return []TouchPoint{{ID: 1, X: x, Y: y}} }

func TestTouchTapIsAClick(t *testing.T) {
	fr := touchFrames(one(100, 50), one(101, 50), nil, nil, nil)
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

func TestTouchDragIsTheLeftButtonHeld(t *testing.T) {
	fr := touchFrames(one(100, 50), one(104, 50), one(130, 50), one(160, 60), one(170, 60), nil, nil)
	if fr[1].Pressed(Left) {
		t.Fatal("pressed within the slop")
	}
	if !fr[2].Pressed(Left) || fr[2].X != 100 || fr[2].Y != 50 {
		t.Fatalf("frame 2: want the press where the finger went down: %+v", fr[2])
	}
	if !fr[3].Down(Left) || fr[3].Pressed(Left) || fr[3].X != 160 || fr[3].Y != 60 {
		t.Fatalf("frame 3: want held, following the finger: %+v", fr[3])
	}
	if !fr[5].Released(Left) || fr[5].X != 170 {
		t.Fatalf("frame 5: want the release where the finger left: %+v", fr[5])
	}
	if fr[6].Down(Left) || fr[6].Released(Left) {
		t.Fatalf("frame 6: %+v", fr[6])
	}
}

func TestTouchHoldPresses(t *testing.T) {
	seq := [][]TouchPoint{}
	for i := 0; i < touchHold+2; i++ {
		seq = append(seq, one(10, 10))
	}
	fr := touchFrames(seq...)
	for i, f := range fr {
		if f.Pressed(Left) {
			if i != touchHold {
				t.Fatalf("pressed at frame %d, want %d", i, touchHold)
			}
			return
		}
	}
	t.Fatal("a held finger never pressed")
}

func TestTouchPinchZoomsAndPans(t *testing.T) {
	two := func(x0, x1, y float64) []TouchPoint {
		return []TouchPoint{{ID: 1, X: x0, Y: y}, {ID: 2, X: x1, Y: y}}
	}
	fr := touchFrames(one(100, 100), two(100, 200, 100), two(90, 210, 100), two(100, 220, 120), one(100, 120), nil, one(50, 50))
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
