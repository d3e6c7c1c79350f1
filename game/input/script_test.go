package input

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

func TestScriptDrag(t *testing.T) {
	s := NewScript()
	s.Add(Drag(0, 10, 20, 110, 20, 4)...)
	var frames []*Frame
	for !s.Done() {
		frames = append(frames, s.Poll())
	}
	if len(frames) != 7 {
		t.Fatalf("%d frames, want 7", len(frames))
	}
	if !frames[1].Pressed(Left) || !frames[1].Down(Left) || frames[1].X != 10 {
		t.Errorf("frame 1: want the press at 10,20, got %+v", frames[1])
	}
	if !frames[3].Down(Left) || frames[3].Pressed(Left) || frames[3].X != 60 {
		t.Errorf("frame 3: want held at x 60, got %+v", frames[3])
	}
	last := frames[6]
	if !last.Released(Left) || last.Down(Left) || last.X != 110 {
		t.Errorf("last frame: want the release at 110, got %+v", last)
	}
}

func TestScriptKeysAndRelativeTiming(t *testing.T) {
	s := NewScript()
	s.Poll()
	s.Poll()
	s.Add(Tap(1, ebiten.KeyQ)...)
	s.Add(Event{At: 0, Kind: Wheel, DY: 1}, Event{At: 0, Kind: Type, Text: "Éo"})
	f := s.Poll()
	if f.WheelY != 1 || string(f.Chars) != "Éo" || f.Key(ebiten.KeyQ) {
		t.Fatalf("frame 0 after Add: %+v", f)
	}
	f = s.Poll()
	if !f.KeyPressed(ebiten.KeyQ) || !f.Key(ebiten.KeyQ) {
		t.Fatalf("want Q pressed: %+v", f)
	}
	f = s.Poll()
	if f.KeyPressed(ebiten.KeyQ) || f.Key(ebiten.KeyQ) {
		t.Fatalf("want Q up: %+v", f)
	}
	f.Consume()
}
