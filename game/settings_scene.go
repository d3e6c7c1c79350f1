package game

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

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
		back:   keyed(ui.Button{Label: "Done", Primary: true}, control.CmdBack),
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
		a.SaveSettings()
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
