// Package ebitest runs Ebitengine games inside tests. Ebitengine allows
// one RunGame per process, on the main goroutine, so a test binary's
// TestMain calls Main: it starts the game loop on the main goroutine and
// runs the tests on another. A test hands a game and a number of frames
// to Run and gets back the last frame's pixels; while no test is running
// the loop idles, and once the tests are done Update returns
// ebiten.Termination (DESIGN.md §7.2).
package ebitest

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

type job struct {
	game   ebiten.Game
	frames int
	n      int
	done   chan *image.RGBA
	// before is called on the game goroutine before each update.
	before func(frame int)
}

type runner struct {
	jobs  chan *job
	cur   *job
	exit  chan struct{}
	ended bool
	w, h  int
}

var theRunner *runner

// Width and Height are the window's size in tests; EBITEST_SIZE=WxH
// changes them (for screenshots).
var (
	Width  = 1024
	Height = 640
)

// Main runs the tests of m inside the game loop and exits with their
// status, after calling the cleanups. Call it from TestMain.
func Main(m *testing.M, cleanups ...func()) {
	if v := os.Getenv("EBITEST_SIZE"); v != "" {
		var w, h int
		if _, err := fmt.Sscanf(v, "%dx%d", &w, &h); err == nil && w > 0 && h > 0 {
			Width, Height = w, h
		}
	}
	r := &runner{jobs: make(chan *job), exit: make(chan struct{}), w: Width, h: Height}
	theRunner = r
	code := 0
	go func() {
		code = m.Run()
		close(r.exit)
	}()
	ebiten.SetWindowSize(Width, Height)
	ebiten.SetWindowTitle("ebitest")
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(r); err != nil {
		fmt.Fprintln(os.Stderr, "ebitest:", err)
		if code == 0 {
			code = 1
		}
	}
	<-r.exit
	for _, c := range cleanups {
		c()
	}
	os.Exit(code)
}

func (r *runner) Update() error {
	if r.cur == nil {
		select {
		case j := <-r.jobs:
			r.cur = j
		case <-r.exit:
			r.ended = true
			return ebiten.Termination
		case <-time.After(5 * time.Millisecond):
			return nil
		}
	}
	j := r.cur
	if j.before != nil {
		j.before(j.n)
	}
	j.n++
	return j.game.Update()
}

func (r *runner) Draw(screen *ebiten.Image) {
	j := r.cur
	if j == nil {
		return
	}
	j.game.Draw(screen)
	if j.n >= j.frames {
		b := screen.Bounds()
		img := image.NewRGBA(b)
		screen.ReadPixels(img.Pix)
		r.cur = nil
		j.done <- img
	}
}

func (r *runner) Layout(w, h int) (int, int) {
	if j := r.cur; j != nil {
		return j.game.Layout(w, h)
	}
	return w, h
}

func (r *runner) LayoutF(w, h float64) (float64, float64) {
	if j := r.cur; j != nil {
		if lf, ok := j.game.(interface {
			LayoutF(float64, float64) (float64, float64)
		}); ok {
			return lf.LayoutF(w, h)
		}
		iw, ih := j.game.Layout(int(w), int(h))
		return float64(iw), float64(ih)
	}
	return w, h
}

// Run runs game for the given number of updates and returns the screen
// as drawn after the last of them. The game is then idle until the next
// Run, so the test may inspect it.
func Run(t testing.TB, game ebiten.Game, frames int) *image.RGBA {
	return RunWith(t, game, frames, nil)
}

// RunWith is Run with a function called before each update (on the game
// loop's goroutine), given the frame number from 0.
func RunWith(t testing.TB, game ebiten.Game, frames int, before func(frame int)) *image.RGBA {
	t.Helper()
	if theRunner == nil {
		t.Fatal("ebitest: call ebitest.Main from TestMain")
	}
	if frames < 1 {
		frames = 1
	}
	j := &job{game: game, frames: frames, done: make(chan *image.RGBA, 1), before: before}
	select {
	case theRunner.jobs <- j:
	case <-time.After(30 * time.Second):
		t.Fatal("ebitest: the game loop is not running")
	}
	select {
	case img := <-j.done:
		return img
	case <-time.After(10*time.Minute + time.Duration(frames)*time.Second):
		t.Fatalf("ebitest: %d frames did not finish", frames)
	}
	return nil
}

// Pixel returns the colour at (x, y) as 8-bit RGBA (premultiplied, as
// ReadPixels gives it).
func Pixel(img *image.RGBA, x, y int) [4]uint8 {
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4]
	return [4]uint8{p[0], p[1], p[2], p[3]}
}

// Near reports whether two colours differ by at most tol in each channel.
func Near(a, b [4]uint8, tol int) bool {
	for i := range a {
		d := int(a[i]) - int(b[i])
		if d < -tol || d > tol {
			return false
		}
	}
	return true
}

// Drawing is a game that only draws: each frame it fills the screen with
// a dark green ground and calls the function, for tests of drawing code.
type Drawing func(screen *ebiten.Image)

func (d Drawing) Update() error { return nil }
func (d Drawing) Draw(s *ebiten.Image) {
	s.Fill(color.RGBA{0x30, 0x40, 0x20, 0xff})
	d(s)
}
func (d Drawing) Layout(w, h int) (int, int) { return w, h }
