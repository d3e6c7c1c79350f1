package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/input"
	"pelennor/game/ui"
)

// duelToggle is the set-up screens' choice of the optional heroic duel
// (issue 15, ruling H1): a box, off by default, with a line under it
// saying what it does. The choice is a ruling, so it goes into the save.
type duelToggle struct {
	box  ui.Checkbox
	hint ui.Rect
}

// duelsInPlay says a game has the heroic duel (its rulings, from the
// save): the hand-over and the battle log's first line.
const duelsInPlay = "Heroic duels (Third Age) are in play: two heroes who meet in close combat fight it out blow by blow"

// The hint's wordings, longest first: the first that fits its line.
var duelHints = []string{
	"Two heroes who meet in close combat fight it out in Third Age melee rounds instead of the dice",
	"Heroes who meet fight Third Age melee rounds instead of the dice",
	"Heroes fight Third Age melee rounds",
}

func newDuelToggle() duelToggle {
	return duelToggle{box: ui.Checkbox{Label: "Heroic duels (Third Age)", Short: "Heroic duels"}}
}

// duelToggleH is the toggle's height at scale s: the box's row and the
// hint's line.
func duelToggleH(th *ui.Theme) float64 {
	return 30*th.Scale + ui.LineHeight(th.Small()) + 2*th.Scale
}

// place lays the toggle out at x, y, w wide; it returns the y below it.
func (d *duelToggle) place(th *ui.Theme, x, y, w float64) float64 {
	s := th.Scale
	d.box.Rect = ui.R(x, y, w, 30*s)
	d.hint = ui.R(x+32*s, y+30*s, w-32*s, ui.LineHeight(th.Small())+2*s)
	return y + duelToggleH(th)
}

// hide takes the toggle off the screen (no room, or not offered).
func (d *duelToggle) hide() { d.box.Rect, d.hint = ui.Rect{}, ui.Rect{} }

func (d *duelToggle) update(f *input.Frame) {
	if d.box.Rect.W > 0 {
		d.box.Update(f)
	}
}

func (d *duelToggle) draw(dst *ebiten.Image, th *ui.Theme) {
	if d.box.Rect.W <= 0 {
		return
	}
	d.box.Draw(dst, th)
	lines, _ := ui.FitLines(th.Small(), d.hint.W, 1, duelHints...)
	for _, l := range lines {
		ui.Text(dst, l, th.Small(), d.hint.X, d.hint.Y, ui.ParchFaint, ui.Left)
	}
}
