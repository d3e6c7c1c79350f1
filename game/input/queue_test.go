package input

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

func newFrame() *Frame {
	return &Frame{keys: map[ebiten.Key]bool{}, keysJust: map[ebiten.Key]bool{}, repeat: map[ebiten.Key]bool{}}
}

// TestTapsBetweenUpdates: a key pressed and released between two
// updates (never seen down by the sampled state) is a press on the next
// frame, whether the page reported its keydown or it typed a character;
// a held key's repeated characters are not presses again, and a press
// the state saw counts once.
func TestTapsBetweenUpdates(t *testing.T) {
	tests := []struct {
		name  string
		downs []ebiten.Key
		chars string
		held  []ebiten.Key
		want  []ebiten.Key // pressed this frame
		not   []ebiten.Key
	}{
		{"a keydown queued", []ebiten.Key{ebiten.KeyEnter}, "", nil, []ebiten.Key{ebiten.KeyEnter}, []ebiten.Key{ebiten.KeyP}},
		{"a letter typed and let go", nil, "p", nil, []ebiten.Key{ebiten.KeyP}, []ebiten.Key{ebiten.KeyB}},
		{"a capital, a digit and space", nil, "B1 ", nil, []ebiten.Key{ebiten.KeyB, ebiten.KeyDigit1, ebiten.KeySpace}, nil},
		{"a held key repeating", nil, "ppp", []ebiten.Key{ebiten.KeyP}, nil, []ebiten.Key{ebiten.KeyP}},
		{"punctuation names no key", nil, "?", nil, nil, []ebiten.Key{ebiten.KeySlash}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := &tapQueue{}
			for _, k := range tc.downs {
				q.push(k)
			}
			f := newFrame()
			f.Chars = []rune(tc.chars)
			for _, k := range tc.held {
				f.keys[k] = true
			}
			mergeTaps(f, q.take(nil))
			for _, k := range tc.want {
				if !f.KeyPressed(k) {
					t.Errorf("%s not pressed", k)
				}
			}
			for _, k := range tc.not {
				if f.KeyPressed(k) {
					t.Errorf("%s pressed", k)
				}
			}
			if got := q.take(nil); len(got) != 0 {
				t.Errorf("queue keeps %v after it was taken", got)
			}
		})
	}
}
