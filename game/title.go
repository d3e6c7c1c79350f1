package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/assets"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/saves"
	"pelennor/game/store"
	"pelennor/game/ui"
)

const (
	fontRegular   = assets.Regular
	fontBold      = assets.Bold
	fontMedium    = assets.Medium
	fontItalic    = assets.Italic
	fontSmallCaps = assets.SmallCaps
)

// Title is the main menu.
type Title struct {
	cont, newGame, computer, standard, tournaments, load, settings, quit ui.Button
	newest                                                               string // what Continue resumes, in words
	short                                                                bool   // a window too short for the title over the menu
}

// NewTitle returns the title screen.
func NewTitle(a *App) *Title {
	t := &Title{
		cont:        ui.Button{Label: "Continue", Primary: true, Key: ebiten.KeyC, KeyLabel: "C"},
		newGame:     ui.Button{Label: "New Hotseat Battle", Primary: true, Key: ebiten.KeyN, KeyLabel: "N"},
		computer:    ui.Button{Label: "Play the Computer", Key: ebiten.KeyP, KeyLabel: "P"},
		standard:    ui.Button{Label: "New Standard Battle", Key: ebiten.KeyB, KeyLabel: "B"},
		tournaments: ui.Button{Label: "Tournaments", Key: ebiten.KeyT, KeyLabel: "T"},
		load:        ui.Button{Label: "Load a Battle", Key: ebiten.KeyL, KeyLabel: "L"},
		settings:    ui.Button{Label: "Settings", Key: ebiten.KeyS, KeyLabel: "S"},
		quit:        ui.Button{Label: "Quit", Danger: true, Key: ebiten.KeyQ, KeyLabel: "Q"},
	}
	if a.Lib != nil {
		// What Continue resumes: the battle in play (its journal), or the
		// newest autosave.
		g, auto := a.continuation()
		var in saves.Info
		switch {
		case g != nil:
			gm := g.H.Game()
			side, _ := gm.ToAct() // whose bound it is
			in = saves.Info{Scenario: g.Sc.Name, Bound: gm.Bound(), ToMove: g.Sc.Sides[side].Name}
			if in.Scenario == "" {
				in.Scenario = g.Sc.ID
			}
			if w := gm.Winner(); w >= 0 {
				in.Winner = g.Sc.Sides[w].Name
			}
		case auto != "":
			in = a.Lib.Check(a.Lib.Info(saves.AreaAuto, store.Entry{Name: auto}))
		}
		switch {
		case g == nil && auto == "":
		case in.Err != nil:
			t.newest = "the last autosave"
		case in.Winner != "":
			t.newest = fmt.Sprintf("%s\nwon by %s in bound %d", in.Scenario, in.Winner, in.Bound)
		case in.Bound == 0:
			t.newest = in.Scenario + "\ndeployment"
		default:
			t.newest = fmt.Sprintf("%s\nbound %d, %s to move", in.Scenario, in.Bound, in.ToMove)
		}
	}
	t.cont.Disabled = t.newest == ""
	if t.cont.Disabled {
		t.newGame.Primary = true
		t.cont.Primary = false
	} else {
		t.newGame.Primary = false
	}
	return t
}

func (t *Title) layout(a *App) {
	th := a.Theme
	s := th.Scale
	w := math.Min(340*s, a.W-64*s)
	h := math.Max(math.Max(50*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+18*s)
	gap := 12 * s
	for _, b := range t.buttons() {
		w = math.Max(w, math.Min(a.W-64*s, b.Need(th)))
	}
	x := a.W/2 - w/2
	// Under the title, or as high as leaves room for the footnote in a
	// short window.
	shown := t.shown()
	n := float64(len(shown))
	y := math.Min(a.H*0.45+10*s, a.H-n*h-(n-1)*gap-60*s)
	t.short = y < 250*s
	cols := 1
	if y < 12*s && a.W >= 2*w+gap+64*s {
		// A window too short for one column (a phone on its side): two,
		// the buttons in reading order.
		cols = 2
		n = math.Ceil(n / 2)
		y = math.Max(12*s, math.Min(a.H*0.45, a.H-n*h-(n-1)*gap-60*s))
		x = a.W/2 - w - gap/2
	}
	heights := make([]float64, int(n))
	for i := range heights {
		heights[i] = h
	}
	t.quit.Rect = ui.Rect{} // in a browser, nothing to quit to
	for c := 0; c < cols; c++ {
		rows := ui.R(x+float64(c)*(w+gap), y, w, n*h+(n-1)*gap).Stack(gap, heights...)
		for i := range rows {
			if k := c*len(rows) + i; k < len(shown) {
				shown[k].Rect = rows[i]
			}
		}
	}
}

// menuRect is the rectangle the shown buttons fill.
func (t *Title) menuRect() ui.Rect {
	shown := t.shown()
	r := shown[0].Rect
	for _, b := range shown[1:] {
		x0, y0 := math.Min(r.X, b.Rect.X), math.Min(r.Y, b.Rect.Y)
		r = ui.R(x0, y0, math.Max(r.Right(), b.Rect.Right())-x0, math.Max(r.Bottom(), b.Rect.Bottom())-y0)
	}
	return r
}

// buttons are the title's buttons, top to bottom.
func (t *Title) buttons() []*ui.Button {
	return []*ui.Button{&t.cont, &t.newGame, &t.computer, &t.standard, &t.tournaments, &t.load, &t.settings, &t.quit}
}

// shown are the buttons on the screen: all but Quit in a browser tab,
// which has nothing to quit to.
func (t *Title) shown() []*ui.Button {
	if inBrowser {
		b := t.buttons()
		return b[:len(b)-1]
	}
	return t.buttons()
}

// titleFoot is the title's footnote, and a shorter wording.
var titleFoot = []string{
	"Two generals, one table: pass the mouse at each bound.   " + keyLabel(control.CmdFullscreen) + " full screen · " + keyLabel(control.CmdMute) + " sound",
	"Two generals, one table: pass it on at each bound.",
}

// Update handles the menu.
func (t *Title) Update(a *App, f *input.Frame) error {
	t.layout(a)
	switch {
	case t.cont.Update(f):
		a.ContinueNewest()
	case t.newGame.Update(f):
		a.Push(NewSetup(a))
	case t.computer.Update(f):
		a.Push(NewVersusSetup(a))
	case t.standard.Update(f):
		sn, err := NewStandardNew(a)
		if err != nil {
			a.Toast("Cannot start a standard battle: "+err.Error(), ui.Bad)
			return nil
		}
		a.Push(sn)
	case t.load.Update(f):
		a.Push(NewLoadScreen(a))
	case t.settings.Update(f):
		a.Push(NewSettingsScene(a))
	case t.tournaments.Update(f):
		a.Push(NewTournamentList(a))
	case !inBrowser && (t.quit.Update(f) || commanded(f, control.CmdBack, anyScene)):
		return ErrQuit // in a browser Esc here does nothing: ending would leave a dead page
	}
	return nil
}

// Draw draws the title screen.
func (t *Title) Draw(a *App, dst *ebiten.Image) {
	t.layout(a)
	theBackdrop.draw(dst)
	s := a.Theme.Scale
	if !t.short {
		drawTitle(dst, a.Theme, a.W/2, a.H*0.16)
	}
	menu := t.menuRect()
	top := menu.Y - 24*s
	small := a.Theme.Small()
	var lines []string
	if t.newest != "" {
		lines = strings.Split(t.newest, "\n")
	}
	top -= float64(len(lines)) * ui.LineHeight(small)
	if len(lines) > 0 {
		top -= 8 * s
	}
	shown := t.shown()
	ui.Panel(dst, a.Theme, ui.R(menu.X-26*s, top, menu.W+52*s, menu.Bottom()-top+24*s))
	for _, b := range shown {
		b.Draw(dst, a.Theme)
	}
	for i, l := range lines {
		ui.Text(dst, ui.Ellipsis(l, small, menu.W+30*s), small, a.W/2, top+14*s+float64(i)*ui.LineHeight(small), ui.ParchDim, ui.Center)
	}
	foot := a.Theme.Small()
	lines, _ = ui.FitLines(foot, a.W-24*s, 2, titleFoot...)
	y := a.H - 34*s - float64(len(lines)-1)*ui.LineHeight(foot)
	for _, l := range lines {
		ui.Text(dst, l, foot, a.W/2, y, ui.ParchFaint, ui.Center)
		y += ui.LineHeight(foot)
	}
}
