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
	rows   [][2]string
	done   ui.Button
	scroll int // rows scrolled past (the wheel), when the list is longer than the window
}

// NewKeys returns the keys list.
func NewKeys(a *App) *Keys {
	return &Keys{rows: keyList(), done: keyed(ui.Button{Label: "Done", Primary: true}, control.CmdBack)}
}

// Overlay: the screen stays visible beneath.
func (k *Keys) Overlay() bool { return true }

// keyColumns are the x of the descriptions and their width in a list r
// wide: the keys' column as wide as the widest key, up to 40% of it.
func (k *Keys) keyColumns(th *ui.Theme, r ui.Rect) (x, w float64) {
	s := th.Scale
	kw := 0.0
	for _, row := range k.rows {
		kw = max(kw, ui.Width(row[0], th.Face(fontBold, 13)))
	}
	kw = min(kw, r.W*0.4)
	return r.X + 24*s + kw + 16*s, r.Right() - 24*s - (r.X + 24*s + kw + 16*s)
}

// rowLines are a row's description wrapped to the list's width.
func (k *Keys) rowLines(th *ui.Theme, i int, w float64) []string {
	return ui.Wrap(k.rows[i][1], th.Face(fontRegular, 13), w)
}

func (k *Keys) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	lh := ui.LineHeight(th.Face(fontRegular, 13))
	w := min(600*s, a.W-16*s)
	_, dw := k.keyColumns(th, ui.R(0, 0, w, 0))
	n := 0
	for i := range k.rows {
		n += len(k.rowLines(th, i, dw))
	}
	h := float64(n)*lh + 130*s
	r := ui.R(a.W/2-w/2, max(8*s, a.H/2-h/2), w, min(h, a.H-16*s))
	bw := max(140*s, k.done.Need(th))
	bh := max(max(40*s, th.TargetPx()), ui.LineHeight(th.Face(fontBold, 16))+14*s)
	k.done.Rect = ui.R(r.Right()-24*s-bw, r.Bottom()-20*s-bh, bw, bh)
	return r
}

// Update waits for Done.
func (k *Keys) Update(a *App, f *input.Frame) error {
	k.layout(a)
	if k.done.Update(f) || commanded(f, control.CmdHelp, anyScene) {
		a.Pop()
	}
	// The wheel scrolls a list longer than the window.
	if f.WheelY != 0 {
		k.scroll = max(0, min(len(k.rows)-1, k.scroll-int(f.WheelY*3)))
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
	dx, dw := k.keyColumns(th, r)
	for i := k.scroll; i < len(k.rows); i++ {
		lines := k.rowLines(th, i, dw)
		if y+float64(len(lines))*lh > k.done.Rect.Y {
			ui.Text(dst, "Scroll for more", th.Face(fontItalic, 13), r.X+24*s, k.done.Rect.CY()-lh/2, ui.ParchFaint, ui.Left)
			break
		}
		ui.Text(dst, ui.Ellipsis(k.rows[i][0], bold, dx-r.X-40*s), bold, r.X+24*s, y, ui.GoldBright, ui.Left)
		for _, l := range lines {
			ui.Text(dst, l, face, dx, y, ui.Parchment, ui.Left)
			y += lh
		}
	}
	k.done.Draw(dst, th)
}
