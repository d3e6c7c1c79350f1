// Package game is the desktop game: App implements ebiten.Game with a
// stack of scenes (title, setup, settings, battle, hand-over, results,
// dialogs), and Match holds a battle: the engine's game, its event log and
// the one way to change it, Submit.
package game

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/saves"
	"pelennor/game/sound"
	"pelennor/game/ui"
)

// Catalog lists and loads the embedded scenarios (cmd/pelennor wires in
// package scenarios, which game does not import).
type Catalog struct {
	Names func() []string
	Load  func(name string) ([]byte, error)
}

// Options configure the game.
type Options struct {
	Mute     bool
	Seed     uint64 // 0: from the clock
	Scenario string // a catalog name or a file; default pelennor
	// Show is the screen to open: title (default), battle, handover or
	// results. battle starts a hotseat game on Scenario at once.
	Show    string
	Catalog Catalog
	// Input is the input source; nil reads the mouse and keyboard.
	Input input.Source
	// Names of the players of the first and second side.
	Names [2]string
	// Deployment adds the deployment step to a battle started with Show.
	Deployment bool
	// Notice is shown as a toast on the first screen (e.g. a fallback).
	Notice string
	// Load is a save or turn file to open at once (pelennor -load).
	Load string
	// Clock gives every battle started here a battle clock of this
	// limit (pelennor -clock; 0: none).
	Clock time.Duration
	// Storage is where saves, autosaves and settings are kept; nil
	// stores are opened in the user's configuration directory.
	Storage Storage
}

// Scene is one screen of the game.
type Scene interface {
	Update(a *App, f *input.Frame) error
	Draw(a *App, dst *ebiten.Image)
}

// overlay is a scene drawn over the scene beneath it.
type overlay interface{ Overlay() bool }

// ErrQuit ends the game loop from a scene.
var ErrQuit = errors.New("quit")

// App is the game.
type App struct {
	sess     *Session // the match in play and its seats (session.go)
	Opts     Options
	Theme    *ui.Theme
	Settings Settings
	W, H     float64 // the screen in pixels

	// Lib keeps the saved games.
	Lib *saves.Library

	storage    Storage
	savedMuted bool  // the muting in the settings file
	loadErr    error // why Options.Load could not be opened
	in         input.Source
	lastX      float64
	lastY      float64
	scenes     []Scene
	frame      int
	scale      float64
	cssScale   float64 // the interface's scale of a CSS pixel (interfaceScale)
	targetCSS  float64 // the least target in CSS pixels (SetTargetCSS); 0 for the mouse's
	quit       bool
	toasts     ui.Toasts
	// told are the messages of this frame: a Reset in the same frame
	// keeps them (a battle opened says why it resumed where it did).
	told []told
}

type told struct {
	msg string
	clr color.Color
}

// New makes the game and its first scene.
func New(o Options) (*App, error) {
	sound.Init(o.Mute)
	a := &App{Opts: o, in: o.Input, scale: 1}
	if a.in == nil {
		a.in = &input.Live{}
	}
	a.in = withKeyboard(a, a.in) // the browser's on-screen keyboard (textinput.go)
	a.Theme = ui.NewTheme(1)
	a.openStorage()
	a.loadSettings()
	if o.Scenario == "" {
		a.Opts.Scenario = "pelennor"
	}
	if o.Names[0] == "" {
		a.Opts.Names[0] = "Player 1"
	}
	if o.Names[1] == "" {
		a.Opts.Names[1] = "Player 2"
	}
	switch o.Show {
	case "", "title":
		a.Push(NewTitle(a))
	case "load":
		a.Push(NewTitle(a))
		a.Push(NewLoadScreen(a))
	case "replay":
		a.Push(NewTitle(a))
		if o.Load == "" {
			return nil, errors.New("-show replay needs -load FILE")
		}
	case "battle", "handover", "results":
		m, err := a.StartMatch(a.Opts.Scenario, a.Opts.Seed, a.Opts.Names, a.Opts.Deployment)
		if err != nil {
			return nil, err
		}
		b := NewBattle(a, m)
		a.Push(b)
		switch o.Show {
		case "handover":
			a.Push(NewHandover(a, m, 1))
		case "results":
			a.Push(NewResults(a, m))
		}
	default:
		return nil, fmt.Errorf("unknown screen %q (title, load, replay, battle, handover or results)", o.Show)
	}
	switch {
	case o.Load != "" && o.Show == "replay":
		a.loadErr = a.OpenReplay(o.Load)
	case o.Load != "":
		// On failure the first screen stays, with the reason shown.
		a.loadErr = a.OpenPath(o.Load)
	}
	if o.Notice != "" {
		a.Toast(o.Notice, ui.Info)
	}
	return a, nil
}

// LoadError returns why the file of Options.Load could not be opened, or
// nil.
func (a *App) LoadError() error { return a.loadErr }

// Push puts a scene on top.
func (a *App) Push(s Scene) { a.scenes = append(a.scenes, s) }

// Pop removes the top scene.
func (a *App) Pop() {
	if len(a.scenes) > 0 {
		a.scenes = a.scenes[:len(a.scenes)-1]
	}
}

// Replace swaps the top scene for s.
func (a *App) Replace(s Scene) {
	a.Pop()
	a.Push(s)
}

// Reset leaves only s, and clears the messages of the screens left
// (those of earlier frames).
func (a *App) Reset(s Scene) {
	if a.sess != nil {
		a.sess.Stop() // the battle left: its thinking is for nothing now
	}
	a.scenes = []Scene{s}
	a.toasts = ui.Toasts{}
	for _, t := range a.told {
		a.toasts.Show(t.msg, t.clr, 300)
	}
}

// Top returns the scene on top.
func (a *App) Top() Scene {
	if len(a.scenes) == 0 {
		return nil
	}
	return a.scenes[len(a.scenes)-1]
}

// Scenes returns the stack, bottom first.
func (a *App) Scenes() []Scene { return append([]Scene(nil), a.scenes...) }

// Frame returns the number of updates so far.
func (a *App) Frame() int { return a.frame }

// Toast shows a message over whatever screen is up.
func (a *App) Toast(msg string, clr color.Color) {
	a.toasts.Show(msg, clr, 300)
	a.told = append(a.told, told{msg, clr})
}

// ClearToasts drops every message showing, and those told this frame
// (a hand-over: one player's messages are not for the other).
func (a *App) ClearToasts() {
	a.toasts = ui.Toasts{}
	a.told = a.told[:0]
}

// Toasts returns the messages showing.
func (a *App) Toasts() []string { return a.toasts.Texts() }

// Quit ends the game at the next update.
func (a *App) Quit() { a.quit = true }

// Update runs one frame.
func (a *App) Update() error {
	a.frame++
	a.told = a.told[:0]
	f := a.in.Poll()
	a.lastX, a.lastY = f.X, f.Y
	if commanded(f, control.CmdMute, anyScene) {
		a.Settings.Muted = !a.Settings.Muted
		a.Settings.Apply()
		a.SaveSettings()
		if a.Settings.Muted {
			a.Toast("Sound off ("+keyLabel(control.CmdMute)+")", ui.Info)
		} else {
			a.Toast("Sound on ("+keyLabel(control.CmdMute)+")", ui.Info)
		}
	}
	if commanded(f, control.CmdFullscreen, anyScene) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	a.toasts.Update()
	if top := a.Top(); top != nil {
		if err := top.Update(a, f); err != nil {
			if errors.Is(err, ErrQuit) {
				return ebiten.Termination
			}
			return err
		}
	}
	// After the screen has taken the frame's input: the touch-sized
	// layout must not move what the finger aimed at.
	a.followTouch(f)
	if a.quit || len(a.scenes) == 0 {
		return ebiten.Termination
	}
	return nil
}

// Draw draws the scenes from the last opaque one up.
func (a *App) Draw(screen *ebiten.Image) {
	b := screen.Bounds()
	a.W, a.H = float64(b.Dx()), float64(b.Dy())
	start := 0
	for i := len(a.scenes) - 1; i >= 0; i-- {
		if o, ok := a.scenes[i].(overlay); !ok || !o.Overlay() {
			start = i
			break
		}
	}
	for _, s := range a.scenes[start:] {
		s.Draw(a, screen)
	}
	area := ui.R(0, 0, a.W, a.H)
	if b, ok := a.Top().(*Battle); ok {
		area = b.view
	}
	a.toasts.Draw(screen, a.Theme, area)
}

// Layout is required by ebiten.Game; LayoutF is used instead.
func (a *App) Layout(w, h int) (int, int) {
	fw, fh := a.LayoutF(float64(w), float64(h))
	return int(fw), int(fh)
}

// LayoutF makes the screen as many pixels as the window has device
// pixels, so text and lines are crisp on high-DPI screens, and scales the
// interface by the device scale factor.
func (a *App) LayoutF(w, h float64) (float64, float64) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	if s <= 0 || math.IsNaN(s) {
		s = 1
	}
	a.cssScale = interfaceScale(w, h)
	s *= a.cssScale
	if math.Abs(s-a.scale) > 1e-3 || a.Theme == nil {
		a.scale = s
		a.Theme = a.newTheme(s)
	}
	d := 1.0
	if m := ebiten.Monitor(); m != nil && m.DeviceScaleFactor() > 0 {
		d = m.DeviceScaleFactor()
	}
	a.W, a.H = math.Ceil(w*d), math.Ceil(h*d)
	return a.W, a.H
}
