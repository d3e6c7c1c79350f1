// Command pelennor is the desktop game: the Battle of the Pelennor Fields
// (and any other scenario) played hotseat on a digital tabletop.
//
//	pelennor [-mute] [-seed N] [-scenario NAME|FILE] [-show SCREEN]
//	         [-frames N] [-screenshot FILE] [-load FILE] [-clock MINUTES]
//
// Saves, autosaves and settings are kept in os.UserConfigDir()/pelennor
// ($PELENNOR_CONFIG_DIR overrides it). -load opens a save or a turn file;
// if it cannot be read the game starts anyway and says why. -clock gives
// every battle started a tournament's battle clock (60 minutes is a
// tournament's usual game): time is called when it runs out.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game"
	"pelennor/scenarios"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "pelennor:", err)
		os.Exit(1)
	}
}

// capture runs the game for a number of frames, then writes the screen
// as PNG (if asked) and ends the loop.
type capture struct {
	*game.App
	frames int
	shot   string
	n      int
	done   bool
	err    error
}

func (c *capture) Update() error {
	if c.done {
		return ebiten.Termination
	}
	c.n++
	return c.App.Update()
}

func (c *capture) Draw(screen *ebiten.Image) {
	c.App.Draw(screen)
	if c.frames > 0 && c.n >= c.frames && !c.done {
		c.done = true
		if c.shot == "" {
			return
		}
		b := screen.Bounds()
		img := image.NewRGBA(b)
		screen.ReadPixels(img.Pix)
		// ReadPixels gives premultiplied alpha; the screen is opaque.
		c.err = writePNG(c.shot, img)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("pelennor", flag.ContinueOnError)
	mute := fs.Bool("mute", false, "no sound: no audio device is opened")
	seed := fs.Uint64("seed", 0, "dice seed (0: from the clock; 1 in -frames runs)")
	scen := fs.String("scenario", "pelennor", "scenario: an embedded name ("+strings.Join(scenarios.Names(), ", ")+") or a JSON file")
	show := fs.String("show", "", "screen to open: title, load, battle, handover or results, or replay with -load (default title; battle with -frames)")
	frames := fs.Int("frames", 0, "run this many frames, then exit")
	shot := fs.String("screenshot", "", "with -frames: write the last frame to this PNG file")
	load := fs.String("load", "", "a save or turn file to open (a turn file shows the bound just played first)")
	deploy := fs.Bool("deploy", false, "with -show battle: begin with the deployment step")
	p1 := fs.String("p1", "", "name of the first side's player")
	p2 := fs.String("p2", "", "name of the second side's player")
	minutes := fs.Int("clock", 0, "battle clock in `MINUTES` for tournament play (e.g. 60): time is called when it runs out (0: no clock)")
	prof := fs.String("cpuprofile", "", "write a CPU profile to this file")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *prof != "" {
		stop, err := startProfile(*prof)
		if err != nil {
			return err
		}
		defer stop()
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *minutes < 0 || *minutes > 24*60 {
		return fmt.Errorf("-clock %d: give the minutes of a game, from 1 to %d (0: no clock)", *minutes, 24*60)
	}
	if *shot != "" && *frames <= 0 {
		return errors.New("-screenshot needs -frames N")
	}
	o := game.Options{
		Mute: *mute, Seed: *seed, Scenario: *scen, Show: *show, Deployment: *deploy, Load: *load,
		Names: [2]string{*p1, *p2}, Clock: time.Duration(*minutes) * time.Minute,
		Catalog: game.Catalog{Names: scenarios.Names, Load: scenarios.Load},
	}
	if *frames > 0 {
		if o.Show == "" && o.Load == "" {
			o.Show = "battle"
		}
		if o.Seed == 0 {
			o.Seed = 1
		}
	}
	if o.Scenario == "pelennor" && !slices.Contains(scenarios.Names(), "pelennor") {
		o.Scenario = "skirmish"
		o.Notice = "The Pelennor scenario is not in this build yet: the skirmish is loaded instead."
		fmt.Fprintln(os.Stderr, "pelennor:", o.Notice)
	}
	app, err := game.New(o)
	if err != nil {
		return err
	}
	if err := app.LoadError(); err != nil {
		// The game starts anyway and shows it.
		fmt.Fprintln(os.Stderr, "pelennor:", err)
	}
	ebiten.SetWindowTitle("Pelennor — the Battle of the Pelennor Fields")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	w, h := 1600, 900
	if m := ebiten.Monitor(); m != nil {
		mw, mh := m.Size()
		if mw > 0 && mh > 0 {
			// The largest 16:9 window that fits, leaving room for the
			// desktop's panels.
			fw, fh := float64(mw)*0.94, float64(mh)*0.9
			if fw < float64(w) || fh < float64(h) {
				k := min(fw/float64(w), fh/float64(h))
				w, h = int(float64(w)*k), int(float64(h)*k)
			}
			if *frames > 0 {
				w, h = min(1600, mw), min(900, mh)
			}
		}
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(800, 500, -1, -1)
	c := &capture{App: app, frames: *frames, shot: *shot}
	var g ebiten.Game = game.Hook(app) // window.hott in the browser (game/hook_js.go); app elsewhere
	if *frames > 0 {
		g = c
	}
	if err := ebiten.RunGame(g); err != nil {
		return err
	}
	return c.err
}
