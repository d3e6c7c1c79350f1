package input

import (
	"sync"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
)

// Ebitengine's input is a state sampled once per update: a key pressed
// and released between two updates (a short tap while a frame is slow)
// is never seen down. tapQueue keeps the presses that something seeing
// every event reports meanwhile (the browser's keydown events,
// queue_js.go), and the characters typed, which Ebitengine itself queues
// on every platform, name the letter, digit and space keys tapped; Poll
// merges them into the frame as presses.
type tapQueue struct {
	mu    sync.Mutex
	downs []ebiten.Key
}

// push records that key k went down.
func (q *tapQueue) push(k ebiten.Key) {
	q.mu.Lock()
	q.downs = append(q.downs, k)
	q.mu.Unlock()
}

// take returns the keys that went down since the last take, into dst.
func (q *tapQueue) take(dst []ebiten.Key) []ebiten.Key {
	q.mu.Lock()
	dst = append(dst, q.downs...)
	q.downs = q.downs[:0]
	q.mu.Unlock()
	return dst
}

// mergeTaps marks as pressed this frame each key of downs, and each key
// that typed one of the frame's characters while no longer held (a tap
// the sampled state missed; a held key's repeated characters are not
// presses). A key already pressed this frame counts once.
func mergeTaps(f *Frame, downs []ebiten.Key) {
	for _, k := range downs {
		f.keysJust[k] = true
	}
	for _, r := range f.Chars {
		if k, ok := keyOfRune(r); ok && !f.keys[k] {
			f.keysJust[k] = true
		}
	}
}

// keyOfRune is the key that types r on the letters, digits and space
// bar (the keys of the game's shortcuts that type characters).
func keyOfRune(r rune) (ebiten.Key, bool) {
	k, ok := runeKeys[unicode.ToLower(r)]
	return k, ok
}

// runeKeys maps the characters a-z, 0-9 and space to their keys, by the
// keys' names (the Key constants promise no order).
var runeKeys = func() map[rune]ebiten.Key {
	m := map[rune]ebiten.Key{' ': ebiten.KeySpace}
	add := func(r rune, name string) {
		var k ebiten.Key
		if err := k.UnmarshalText([]byte(name)); err == nil {
			m[r] = k
		}
	}
	for r := 'a'; r <= 'z'; r++ {
		add(r, string(unicode.ToUpper(r)))
	}
	for r := '0'; r <= '9'; r++ {
		add(r, "Digit"+string(r))
	}
	return m
}()
