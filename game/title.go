package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/assets"
	"pelennor/engine"
	"pelennor/game/input"
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
	newGame, settings, quit ui.Button
}

// NewTitle returns the title screen.
func NewTitle(a *App) *Title {
	return &Title{
		newGame:  ui.Button{Label: "New Hotseat Battle", Primary: true, Key: ebiten.KeyN, KeyLabel: "N"},
		settings: ui.Button{Label: "Settings", Key: ebiten.KeyS, KeyLabel: "S"},
		quit:     ui.Button{Label: "Quit", Danger: true, Key: ebiten.KeyQ, KeyLabel: "Q"},
	}
}

func (t *Title) layout(a *App) {
	s := a.Theme.Scale
	w, h := 340*s, 54*s
	x := a.W/2 - w/2
	y := a.H*0.52 + 10*s
	rows := ui.R(x, y, w, 3*h+2*14*s).Stack(14*s, h, h, h)
	t.newGame.Rect, t.settings.Rect, t.quit.Rect = rows[0], rows[1], rows[2]
}

// Update handles the menu.
func (t *Title) Update(a *App, f *input.Frame) error {
	t.layout(a)
	switch {
	case t.newGame.Update(f):
		a.Push(NewSetup(a))
	case t.settings.Update(f):
		a.Push(NewSettingsScene(a))
	case t.quit.Update(f) || f.KeyPressed(ebiten.KeyEscape):
		return ErrQuit
	}
	return nil
}

// Draw draws the title screen.
func (t *Title) Draw(a *App, dst *ebiten.Image) {
	t.layout(a)
	theBackdrop.draw(dst)
	s := a.Theme.Scale
	drawTitle(dst, a.Theme, a.W/2, a.H*0.16)
	ui.Panel(dst, a.Theme, ui.R(t.newGame.Rect.X-26*s, t.newGame.Rect.Y-24*s, t.newGame.Rect.W+52*s, t.quit.Rect.Bottom()-t.newGame.Rect.Y+48*s))
	t.newGame.Draw(dst, a.Theme)
	t.settings.Draw(dst, a.Theme)
	t.quit.Draw(dst, a.Theme)
	foot := a.Theme.Small()
	ui.Text(dst, "Two generals, one table: pass the mouse at each bound.   F11 full screen · Ctrl+M sound", foot, a.W/2, a.H-34*s, ui.ParchFaint, ui.Center)
}

// Setup chooses the scenario, the players and their sides.
type Setup struct {
	names    []string
	infos    []string
	list     ui.List
	p1, p2   ui.TextField
	side     ui.Choice
	deploy   ui.Checkbox
	start    ui.Button
	back     ui.Button
	sc       *engine.Scenario
	err      string
	lastPick int
}

// NewSetup returns the new-battle screen.
func NewSetup(a *App) *Setup {
	st := &Setup{
		p1:     ui.TextField{Text: a.Opts.Names[0], Placeholder: "First player", MaxLen: 24},
		p2:     ui.TextField{Text: a.Opts.Names[1], Placeholder: "Second player", MaxLen: 24},
		deploy: ui.Checkbox{Label: "Deployment step: rearrange within your zones before the first bound"},
		start:  ui.Button{Label: "To Battle", Primary: true, Key: ebiten.KeyEnter, KeyLabel: "Enter"},
		back:   ui.Button{Label: "Back", Key: ebiten.KeyEscape, KeyLabel: "Esc"},
	}
	if a.Opts.Catalog.Names != nil {
		st.names = a.Opts.Catalog.Names()
	}
	for i, n := range st.names {
		sc, err := LoadScenario(a.Opts.Catalog, n)
		info := n
		if err == nil {
			info = sc.Name
		}
		st.list.Items = append(st.list.Items, info)
		if err == nil {
			st.list.Detail = append(st.list.Detail, fmt.Sprintf("%d\" × %d\"  ·  %d elements  ·  %s", sc.Table.Width/100, sc.Table.Height/100, len(sc.Elements), sc.Sides[0].Name+" v "+sc.Sides[1].Name))
		} else {
			st.list.Detail = append(st.list.Detail, "cannot be read: "+err.Error())
		}
		if n == a.Opts.Scenario {
			st.list.Selected = i
		}
	}
	st.lastPick = -1
	return st
}

func (st *Setup) pick(a *App) {
	if st.list.Selected == st.lastPick || st.list.Selected >= len(st.names) {
		return
	}
	st.lastPick = st.list.Selected
	sc, err := LoadScenario(a.Opts.Catalog, st.names[st.list.Selected])
	st.sc, st.err = sc, ""
	if err != nil {
		st.err = err.Error()
		return
	}
	st.side.Options = []string{sc.Sides[0].Name, sc.Sides[1].Name}
}

func (st *Setup) layout(a *App) (panel, left, right ui.Rect) {
	s := a.Theme.Scale
	pw, ph := minf(a.W-80*s, 1180*s), minf(a.H-200*s, 620*s)
	panel = ui.R(a.W/2-pw/2, a.H*0.23, pw, ph)
	inner := panel.Inset(28 * s)
	_, inner = inner.CutTop(44*s, 0)
	left, right = inner.CutLeft(inner.W*0.46, 30*s)
	st.list.Rect = ui.R(left.X, left.Y+28*s, left.W, left.H-28*s-120*s)
	st.list.RowH = 62 * s
	y := right.Y + 28*s
	st.p1.Rect = ui.R(right.X, y, right.W*0.55, 40*s)
	st.side.Rect = ui.R(right.X+right.W*0.58, y, right.W*0.42, 40*s)
	y += 40*s + 46*s
	st.p2.Rect = ui.R(right.X, y, right.W*0.55, 40*s)
	y += 40*s + 34*s
	st.deploy.Rect = ui.R(right.X, y, right.W, 30*s)
	bw := 200 * s
	st.start.Rect = ui.R(panel.Right()-28*s-bw, panel.Bottom()-28*s-50*s, bw, 50*s)
	st.back.Rect = ui.R(st.start.Rect.X-16*s-150*s, st.start.Rect.Y, 150*s, 50*s)
	return
}

// Update handles the form.
func (st *Setup) Update(a *App, f *input.Frame) error {
	st.layout(a)
	st.pick(a)
	typing := st.p1.Focused || st.p2.Focused
	st.p1.Update(f)
	st.p2.Update(f)
	st.list.Update(f)
	st.pick(a)
	st.side.Update(f)
	st.deploy.Update(f)
	if typing {
		// Enter and Escape finish typing first.
		st.start.Key, st.back.Key = 0, 0
	} else {
		st.start.Key, st.back.Key = ebiten.KeyEnter, ebiten.KeyEscape
	}
	if st.back.Update(f) {
		a.Pop()
		return nil
	}
	st.start.Disabled = st.sc == nil
	if st.start.Update(f) && st.sc != nil {
		names := [2]string{strings.TrimSpace(st.p1.Text), strings.TrimSpace(st.p2.Text)}
		if names[0] == "" {
			names[0] = "Player 1"
		}
		if names[1] == "" {
			names[1] = "Player 2"
		}
		if st.side.Selected == 1 {
			names[0], names[1] = names[1], names[0]
		}
		a.Opts.Names = [2]string{strings.TrimSpace(st.p1.Text), strings.TrimSpace(st.p2.Text)}
		seed := a.Opts.Seed
		if seed == 0 {
			seed = ClockSeed()
		}
		m, err := NewMatch(st.sc, seed, names, st.deploy.Checked)
		if err != nil {
			a.Toast("Cannot start: "+err.Error(), ui.Bad)
			return nil
		}
		a.Reset(NewBattle(a, m))
		a.Push(NewHandover(a, m, -1, nil))
	}
	return nil
}

// Draw draws the form.
func (st *Setup) Draw(a *App, dst *ebiten.Image) {
	panel, left, right := st.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	drawTitle(dst, th, a.W/2, a.H*0.04)
	ui.Panel(dst, th, panel)
	h := th.Face(fontSmallCaps, 24)
	ui.Text(dst, "A new battle", h, panel.X+28*s, panel.Y+22*s, ui.GoldBright, ui.Left)
	label := th.Face(fontBold, 14)
	ui.Text(dst, "SCENARIO", label, left.X, left.Y, ui.Gold, ui.Left)
	st.list.Draw(dst, th)
	if st.sc != nil && st.sc.Description != "" {
		lines := ui.Wrap(st.sc.Description, th.Face(fontItalic, 14), left.W)
		for i, l := range lines {
			if i >= 6 {
				break
			}
			ui.Text(dst, l, th.Face(fontItalic, 14), left.X, st.list.Rect.Bottom()+10*s+float64(i)*ui.LineHeight(th.Face(fontItalic, 14)), ui.ParchDim, ui.Left)
		}
	}
	if st.err != "" {
		ui.Text(dst, st.err, th.Small(), left.X, st.list.Rect.Bottom()+8*s, ui.Bad, ui.Left)
	}
	other := ""
	if len(st.side.Options) == 2 {
		other = st.side.Options[1-st.side.Selected]
	}
	ui.Text(dst, "FIRST PLAYER, AND THE SIDE THEY COMMAND", label, right.X, right.Y, ui.Gold, ui.Left)
	st.p1.Draw(dst, th)
	st.side.Draw(dst, th)
	ui.Text(dst, "SECOND PLAYER", label, right.X, st.p2.Rect.Y-24*s, ui.Gold, ui.Left)
	st.p2.Draw(dst, th)
	if other != "" {
		ui.TextMid(dst, "commands "+other, th.Face(fontItalic, 15), st.p2.Rect.Right()+14*s, st.p2.Rect.CY(), ui.ParchDim, ui.Left)
	}
	st.deploy.Draw(dst, th)
	if st.sc != nil {
		y := st.deploy.Rect.Bottom() + 26*s
		ui.Text(dst, "THE FORCES", label, right.X, y, ui.Gold, ui.Left)
		y += 24 * s
		for si, side := range st.sc.Sides {
			line := side.Name
			if si == 0 {
				line += " (first bound)"
			}
			ui.Text(dst, line, th.Strong(), right.X, y, ui.Parchment, ui.Left)
			y += ui.LineHeight(th.Strong())
			var cmds []string
			for _, c := range st.sc.Commands {
				if c.Side == side.ID {
					cmds = append(cmds, c.Name)
				}
			}
			for _, l := range ui.Wrap(strings.Join(cmds, " · "), th.Small(), right.W) {
				ui.Text(dst, l, th.Small(), right.X+12*s, y, ui.ParchDim, ui.Left)
				y += ui.LineHeight(th.Small())
			}
			y += 8 * s
		}
	}
	st.back.Draw(dst, th)
	st.start.Draw(dst, th)
}

// SettingsScene sets the volume, mute and units.
type SettingsScene struct {
	volume ui.Slider
	mute   ui.Checkbox
	units  ui.Choice
	back   ui.Button
}

// NewSettingsScene returns the settings screen.
func NewSettingsScene(a *App) *SettingsScene {
	ss := &SettingsScene{
		volume: ui.Slider{Value: a.Settings.Volume},
		mute:   ui.Checkbox{Label: "Mute all sound (Ctrl+M in play)", Checked: a.Settings.Muted},
		units:  ui.Choice{Options: []string{"Inches", "Paces"}, Selected: int(a.Settings.Units)},
		back:   ui.Button{Label: "Done", Primary: true, Key: ebiten.KeyEscape, KeyLabel: "Esc"},
	}
	return ss
}

// Overlay: the settings float over the screen they were opened from.
func (ss *SettingsScene) Overlay() bool { return true }

func (ss *SettingsScene) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	p := ui.R(a.W/2-260*s, a.H/2-190*s, 520*s, 380*s)
	in := p.Inset(30 * s)
	ss.volume.Rect = ui.R(in.X+150*s, in.Y+84*s, in.W-150*s, 30*s)
	ss.mute.Rect = ui.R(in.X, in.Y+134*s, in.W, 30*s)
	ss.units.Rect = ui.R(in.X+150*s, in.Y+196*s, 240*s, 40*s)
	ss.back.Rect = ui.R(p.Right()-30*s-160*s, p.Bottom()-30*s-48*s, 160*s, 48*s)
	return p
}

// Update handles the controls.
func (ss *SettingsScene) Update(a *App, f *input.Frame) error {
	ss.layout(a)
	if ss.volume.Update(f) {
		a.Settings.Volume = ss.volume.Value
		a.Settings.Apply()
	}
	if ss.mute.Update(f) {
		a.Settings.Muted = ss.mute.Checked
		a.Settings.Apply()
	}
	if ss.units.Update(f) {
		a.Settings.Units = Units(ss.units.Selected)
	}
	if ss.back.Update(f) {
		a.Pop()
	}
	ss.mute.Checked = a.Settings.Muted
	return nil
}

// Draw draws the panel over a dimmed screen.
func (ss *SettingsScene) Draw(a *App, dst *ebiten.Image) {
	p := ss.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.7))
	ui.Panel(dst, th, p)
	ui.Text(dst, "Settings", th.Face(fontSmallCaps, 26), p.X+30*s, p.Y+26*s, ui.GoldBright, ui.Left)
	ui.TextMid(dst, "Volume", th.Strong(), p.X+30*s, ss.volume.Rect.CY(), ui.Parchment, ui.Left)
	ss.volume.Draw(dst, th)
	ui.TextMid(dst, fmt.Sprintf("%d%%", int(ss.volume.Value*100+0.5)), th.Small(), ss.volume.Rect.Right(), ss.volume.Rect.Y-8*s, ui.ParchDim, ui.Right)
	ss.mute.Draw(dst, th)
	ui.TextMid(dst, "Distances", th.Strong(), p.X+30*s, ss.units.Rect.CY(), ui.Parchment, ui.Left)
	ss.units.Draw(dst, th)
	ui.Text(dst, "1 inch = 100 paces on the 15 mm table; a base is 1.6\" wide.", th.Small(), p.X+30*s, ss.units.Rect.Bottom()+14*s, ui.ParchFaint, ui.Left)
	ss.back.Draw(dst, th)
}

func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}
