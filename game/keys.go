package game

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// Keys lists every command and its keys, written from the keymap.
type Keys struct {
	rows [][2]string
	done ui.Button
}

// NewKeys returns the keys list.
func NewKeys(a *App) *Keys {
	return &Keys{rows: keyList(), done: keyed(ui.Button{Label: "Done", Primary: true}, control.CmdBack)}
}

// Overlay: the screen stays visible beneath.
func (k *Keys) Overlay() bool { return true }

func (k *Keys) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	lh := ui.LineHeight(a.Theme.Face(fontRegular, 13))
	h := float64(len(k.rows))*lh + 130*s
	w := min(600*s, a.W-16*s)
	r := ui.R(a.W/2-w/2, max(8*s, a.H/2-h/2), w, min(h, a.H-16*s))
	k.done.Rect = ui.R(r.Right()-24*s-140*s, r.Bottom()-20*s-40*s, 140*s, 40*s)
	return r
}

// Update waits for Done.
func (k *Keys) Update(a *App, f *input.Frame) error {
	k.layout(a)
	if k.done.Update(f) || commanded(f, control.CmdHelp, anyScene) {
		a.Pop()
	}
	return nil
}

// Draw draws the list: keys on the left, what they do on the right.
func (k *Keys) Draw(a *App, dst *ebiten.Image) {
	r := k.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(color.Black, 0.45))
	ui.Panel(dst, th, r)
	ui.Text(dst, "Keys", th.Face(fontSmallCaps, 24), r.X+24*s, r.Y+18*s, ui.GoldBright, ui.Left)
	face := th.Face(fontRegular, 13)
	bold := th.Face(fontBold, 13)
	lh := ui.LineHeight(face)
	y := r.Y + 62*s
	for _, row := range k.rows {
		if y+lh > k.done.Rect.Y {
			break
		}
		ui.Text(dst, ui.Ellipsis(row[0], bold, 200*s), bold, r.X+24*s, y, ui.GoldBright, ui.Left)
		ui.Text(dst, ui.Ellipsis(row[1], face, r.W-260*s), face, r.X+236*s, y, ui.Parchment, ui.Left)
		y += lh
	}
	k.done.Draw(dst, th)
}
