// Package sound plays the game's few sounds: dice, the clash of close
// combat, a horn for scenario events and a fanfare for victory. They are
// synthesised here as PCM, so the game ships no audio files.
//
// Init creates the process's one audio.Context, or none when muted: with
// -mute no audio device is touched at all, and every player is a no-op.
package sound

import (
	"encoding/binary"
	"math"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2/audio"
)

// Kind names a sound.
type Kind int

// The sounds.
const (
	Dice Kind = iota
	Clash
	Horn
	Fanfare
	Click
	numKinds
)

var kindNames = [...]string{"dice", "clash", "horn", "fanfare", "click"}

func (k Kind) String() string { return kindNames[k] }

// SampleRate is the rate of every sound: 48 kHz, the rate audio devices
// and browsers run at natively. At 44.1 kHz Chromium resamples, and making
// that context delayed the browser build's first frame by about 0.9 s.
const SampleRate = 48000

var (
	mu      sync.Mutex
	ctx     *audio.Context
	muted   = true
	volume  = 0.7
	pcm     [numKinds][]byte
	playing []*audio.Player
)

// Init sets the sound up. With mute set no audio context is created (and
// no device opened) until SetMuted(false) is called.
func Init(mute bool) {
	mu.Lock()
	defer mu.Unlock()
	muted = mute
	if !mute {
		ensure()
	}
}

// ensure creates the audio context and the sounds; mu is held. Held
// back by Defer, it only notes that they are wanted: Begin makes them.
func ensure() {
	if ctx != nil {
		return
	}
	if deferred != nil && !begun {
		wanted = true
		return
	}
	ctx = audio.CurrentContext()
	if ctx == nil {
		ctx = audio.NewContext(SampleRate)
	}
	// Synthesis takes a moment: do it aside, and play nothing until a
	// sound is ready.
	wait := deferred
	go func() {
		if wait != nil {
			<-wait
		}
		for k := Kind(0); k < numKinds; k++ {
			b := encode(Synth(k))
			mu.Lock()
			pcm[k] = b
			mu.Unlock()
			if wait != nil {
				// A browser runs one goroutine at a time and draws only
				// when all wait: let a frame through between sounds.
				time.Sleep(time.Millisecond)
			}
		}
	}()
}

// deferred, when not nil, holds the synthesis back until it is closed;
// begun is set by Begin, and wanted notes an ensure held back until then.
var (
	deferred  chan struct{}
	beginOnce sync.Once
	begun     bool
	wanted    bool
)

// Defer holds the audio context and the sounds' synthesis back until
// Begin (the browser calls it before Init, and Begin once its first frame
// is shown: making the context delayed the first frame by 0.2–1 s, and
// the synthesis would run before it, a single-threaded browser running
// one goroutine at a time). Sounds asked for meanwhile are silent.
func Defer() {
	mu.Lock()
	defer mu.Unlock()
	if deferred == nil {
		deferred = make(chan struct{})
	}
}

// Begin makes the audio context if it was wanted meanwhile, and lets a
// deferred synthesis start.
func Begin() {
	mu.Lock()
	d := deferred
	mu.Unlock()
	if d != nil {
		beginOnce.Do(func() {
			close(d)
			mu.Lock()
			defer mu.Unlock()
			begun = true
			if wanted {
				ensure()
			}
		})
	}
}

// Active reports whether an audio context exists.
func Active() bool {
	mu.Lock()
	defer mu.Unlock()
	return ctx != nil
}

// SetMuted mutes or unmutes. Unmuting creates the audio context if the
// game started muted.
func SetMuted(m bool) {
	mu.Lock()
	defer mu.Unlock()
	muted = m
	if !m {
		ensure()
	}
	if m {
		for _, p := range playing {
			p.Pause()
		}
		playing = nil
	}
}

// Muted reports whether sound is off.
func Muted() bool {
	mu.Lock()
	defer mu.Unlock()
	return muted
}

// SetVolume sets the volume, 0 to 1.
func SetVolume(v float64) {
	mu.Lock()
	defer mu.Unlock()
	volume = math.Max(0, math.Min(1, v))
}

// Volume returns the volume.
func Volume() float64 {
	mu.Lock()
	defer mu.Unlock()
	return volume
}

// Play plays sound k (nothing when muted).
func Play(k Kind) {
	mu.Lock()
	defer mu.Unlock()
	if muted || ctx == nil || volume == 0 || pcm[k] == nil {
		return
	}
	kept := playing[:0]
	for _, p := range playing {
		if p.IsPlaying() {
			kept = append(kept, p)
		}
	}
	playing = kept
	if len(playing) >= 8 {
		return
	}
	p := ctx.NewPlayerF32FromBytes(pcm[k])
	p.SetVolume(volume)
	p.Play()
	playing = append(playing, p)
}

// encode turns mono samples into interleaved little-endian float32 stereo.
func encode(s []float32) []byte {
	b := make([]byte, len(s)*8)
	for i, v := range s {
		u := math.Float32bits(v)
		binary.LittleEndian.PutUint32(b[i*8:], u)
		binary.LittleEndian.PutUint32(b[i*8+4:], u)
	}
	return b
}
