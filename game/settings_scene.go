package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// SettingsScene sets the volume, mute, units, text size, contrast and
// the computer's speed.
type SettingsScene struct {
	volume   ui.Slider
	mute     ui.Checkbox
	units    ui.Choice
	text     ui.Choice
	contrast ui.Checkbox
	speed    ui.Choice
	back     ui.Button

	// Laid out with the controls: the panel, the labels' column (zero
	// when each label stands over its control) and the units' note.
	panel  ui.Rect
	labelX float64
	note   ui.Label
}

// NewSettingsScene returns the settings screen.
func NewSettingsScene(a *App) *SettingsScene {
	ss := &SettingsScene{
		volume:   ui.Slider{Value: a.Settings.Volume},
		mute:     ui.Checkbox{Label: "Mute all sound (" + keyLabel(control.CmdMute) + " in play)", Checked: a.Settings.Muted},
		units:    ui.Choice{Options: []string{"Inches", "Paces"}, Selected: int(a.Settings.Units)},
		text:     ui.Choice{Options: []string{"Normal", "Large", "Larger"}, Selected: int(a.Settings.TextSize)},
		contrast: ui.Checkbox{Label: "High contrast bases (" + keyLabel(control.CmdContrast) + " in play)", Checked: a.Settings.Contrast},
		speed:    ui.Choice{Options: speedLabels(), Selected: int(a.Settings.Speed)},
		back:     keyed(ui.Button{Label: "Done", Primary: true}, control.CmdBack),
		note:     ui.Label{Text: "1 inch = 100 paces on the 15 mm table; a base is 1.6\" wide.", Size: 13, Colour: ui.ParchFaint},
	}
	return ss
}

// Overlay: the settings float over the screen they were opened from.
func (ss *SettingsScene) Overlay() bool { return true }

// settingsLabels are the labels of the rows with a control beside them.
var settingsLabels = []string{"Volume", "Distances", "Text size", "Computer"}

// layout places the controls in rows: each label beside its control when
// the panel is wide enough, over it otherwise; the panel is as high as
// its rows and centred (or at the top when the window is shorter).
func (ss *SettingsScene) layout(a *App) {
	th := a.Theme
	s := th.Scale
	w := math.Min(560*s, a.W-24*s)
	pad := 30 * s
	if w < 420*s {
		pad = 16 * s
	}
	inW := w - 2*pad
	labelW := 0.0
	for _, l := range settingsLabels {
		labelW = math.Max(labelW, ui.Width(l, th.Strong())+20*s)
	}
	beside := inW-labelW >= 260*s
	rowH := math.Max(th.TargetPx(), ui.LineHeight(th.Body())+14*s)
	lineH := ui.LineHeight(th.Strong())
	title := ui.LineHeight(th.Face(fontSmallCaps, 26)) + 22*s
	ss.note.Rect.W = inW
	noteH := ss.note.Height(th)
	// The rows, top to bottom, as offsets from the panel's inner top;
	// closer together when the window is too short for them (a phone on
	// its side at a large text size).
	var vol, mute, units, note, text, contrast, speed ui.Rect
	var y, h, bw, bh float64
	for _, gap := range []float64{14 * s, 4 * s} {
		y = title
		control := func(h float64) ui.Rect {
			if !beside {
				y += lineH + 4*s
			}
			r := ui.R(0, y, inW, h)
			if beside {
				r = ui.R(labelW, y, inW-labelW, h)
			}
			y += h + gap
			return r
		}
		vol = control(rowH)
		mute = ui.R(0, y, inW, rowH)
		y += rowH + gap
		units = control(rowH + 6*s)
		note = ui.R(0, y-math.Min(8*s, gap/2), inW, noteH)
		y += noteH + 8*s
		text = control(rowH + 6*s)
		contrast = ui.R(0, y, inW, rowH)
		y += rowH + gap
		speed = control(rowH + 6*s)
		y += 6 * s
		bw = math.Max(160*s, ss.back.Need(th))
		bh = math.Max(48*s, rowH)
		h = y + bh + 2*pad
		if h <= a.H-24*s {
			break
		}
	}
	p := ui.R((a.W-w)/2, math.Max(12*s, (a.H-h)/2), w, h)
	at := func(r ui.Rect) ui.Rect { return ui.R(p.X+pad+r.X, p.Y+pad+r.Y, r.W, r.H) }
	ss.volume.Rect = at(vol)
	ss.mute.Rect = at(mute)
	units.W = math.Min(units.W, 280*s)
	ss.units.Rect = at(units)
	ss.note.Rect = at(note)
	text.W = math.Min(text.W, 340*s)
	ss.text.Rect = at(text)
	ss.contrast.Rect = at(contrast)
	ss.speed.Rect = at(speed)
	ss.back.Rect = ui.R(p.Right()-pad-bw, p.Bottom()-pad-bh, bw, bh)
	ss.panel = p
	ss.labelX = 0
	if beside {
		ss.labelX = p.X + pad
	}
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
	if ss.text.Update(f) {
		a.Settings.TextSize = TextSize(ss.text.Selected)
		a.Theme.Text = a.Settings.TextSize.Factor()
	}
	if ss.contrast.Update(f) {
		a.Settings.Contrast = ss.contrast.Checked
	}
	if ss.speed.Update(f) {
		a.Settings.Speed = ComputerSpeed(ss.speed.Selected)
	}
	if ss.back.Update(f) {
		a.SaveSettings()
		a.Pop()
	}
	ss.mute.Checked = a.Settings.Muted
	ss.contrast.Checked = a.Settings.Contrast
	return nil
}

// rowLabel writes a control's label: beside it, or over it.
func (ss *SettingsScene) rowLabel(a *App, dst *ebiten.Image, label string, r ui.Rect) {
	th := a.Theme
	if ss.labelX > 0 {
		ui.TextMid(dst, label, th.Strong(), ss.labelX, r.CY(), ui.Parchment, ui.Left)
		return
	}
	ui.Text(dst, label, th.Strong(), r.X, r.Y-ui.LineHeight(th.Strong())-4*th.Scale, ui.Parchment, ui.Left)
}

// Draw draws the panel over a dimmed screen.
func (ss *SettingsScene) Draw(a *App, dst *ebiten.Image) {
	ss.layout(a)
	p := ss.panel
	th := a.Theme
	s := th.Scale
	pad := ss.mute.Rect.X - p.X
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.7))
	ui.Panel(dst, th, p)
	ui.Text(dst, "Settings", th.Face(fontSmallCaps, 26), p.X+pad, p.Y+pad-4*s, ui.GoldBright, ui.Left)
	ss.rowLabel(a, dst, "Volume", ss.volume.Rect)
	ss.volume.Draw(dst, th)
	ui.Text(dst, fmt.Sprintf("%d%%", int(ss.volume.Value*100+0.5)), th.Small(), ss.volume.Rect.Right(), ss.volume.Rect.Y-ui.LineHeight(th.Small())+6*s, ui.ParchDim, ui.Right)
	ss.mute.Draw(dst, th)
	ss.rowLabel(a, dst, "Distances", ss.units.Rect)
	ss.units.Draw(dst, th)
	ss.note.Draw(dst, th)
	ss.rowLabel(a, dst, "Text size", ss.text.Rect)
	ss.text.Draw(dst, th)
	ss.contrast.Draw(dst, th)
	ss.rowLabel(a, dst, "Computer", ss.speed.Rect)
	ss.speed.Draw(dst, th)
	ss.back.Draw(dst, th)
}
