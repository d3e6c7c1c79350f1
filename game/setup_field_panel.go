package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/ui"
	"pelennor/terrain"
)

// stepTitles head the panel, and stepOrder numbers the banner's steps.
var stepTitles = map[engine.SetupStep]string{
	engine.StepRoll: "Who defends", engine.StepTerrain: "Terrain", engine.StepEdge: "Base edges", engine.StepStronghold: "The stronghold",
}

// whoText is the banner's sentence: whose step it is, by player and
// side (hotseat: terrain is public, so no hand-over screen between the
// set-up's steps, ruling S13).
func (s *SetupField) whoText() string {
	step, side := s.step()
	who := fmt.Sprintf("%s (%s)", s.M.Names[side], s.M.SideName(side))
	return fmt.Sprintf("Set-up, step %d of 4 · %s: %s", int(step)+1, who, step)
}

func (s *SetupField) drawBanner(a *App, dst *ebiten.Image) {
	th := a.Theme
	sc := th.Scale
	ui.Fill(dst, s.banner, ui.Steel)
	ui.Line(dst, s.banner.X, s.banner.Bottom(), s.banner.Right(), s.banner.Bottom(), 1.5*sc, ui.Alpha(ui.Gold, 0.6))
	_, side := s.step()
	clr := sideColour(s.M.Sc, side)
	chip := ui.R(s.banner.X+10*sc, s.banner.CY()-7*sc, 14*sc, 14*sc)
	ui.RoundRect(dst, chip, 3*sc, clr, ui.Parchment, 1*sc)
	right := s.undo.Rect.X
	for _, b := range []*ui.Button{&s.save, &s.fit} {
		if b.Rect.W > 0 {
			right = b.Rect.X
		}
	}
	face := th.Face(fontSmallCaps, 20)
	avail := right - chip.Right() - 20*sc
	x := chip.Right() + 10*sc
	if text := s.whoText(); ui.Width(text, face) <= avail {
		ui.TextMid(dst, text, face, x, s.banner.CY(), ui.Parchment, ui.Left)
	} else {
		step, side := s.step()
		top := fmt.Sprintf("Step %d of 4: %s", int(step)+1, step)
		who := fmt.Sprintf("%s · %s", s.M.Names[side], s.M.SideName(side))
		lt, lw := ui.LineHeight(th.Strong()), ui.LineHeight(th.Small())
		y := s.banner.CY() - (lt+lw)/2
		ui.Text(dst, ui.Ellipsis(top, th.Strong(), avail), th.Strong(), x, y, ui.Parchment, ui.Left)
		ui.Text(dst, ui.Ellipsis(who, th.Small(), avail), th.Small(), x, y+lt, ui.ParchDim, ui.Left)
	}
	for _, b := range []*ui.Button{&s.fit, &s.save, &s.undo, &s.menu} {
		if b.Rect.W > 0 {
			b.Draw(dst, th)
		}
	}
}

// drawPanel: the step's heading, what the engine said last (or why it
// refused), and the step's controls.
func (s *SetupField) drawPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	sc := th.Scale
	ui.Panel(dst, th, s.panel.Inset(4*sc))
	step, side := s.step()
	in := s.body
	hf := th.Face(fontSmallCaps, 18)
	ui.Text(dst, stepTitles[step], hf, in.X+4*sc, in.Y, ui.GoldBright, ui.Left)
	if step > engine.StepRoll {
		s.drawMiniDice(a, dst, in.Right()-4*sc, in.Y+ui.LineHeight(hf)/2)
	}
	y := in.Y + ui.LineHeight(hf) + 6*sc
	noteClr := color.Color(ui.Info)
	if s.noteBad {
		noteClr = ui.Bad
	}
	lines := ui.Wrap(s.note, th.Small(), in.W-8*sc)
	n := s.noteLines()
	for i, l := range lines[:min(n, len(lines))] {
		if i == n-1 && len(lines) > n {
			l = ui.Ellipsis(l+" "+lines[n], th.Small(), in.W-8*sc)
		}
		ui.Text(dst, l, th.Small(), in.X+4*sc, y+float64(i)*ui.LineHeight(th.Small()), noteClr, ui.Left)
	}
	switch step {
	case engine.StepRoll:
		s.drawRoll(a, dst, side)
	case engine.StepTerrain:
		s.drawTerrainPanel(a, dst)
	case engine.StepEdge:
		att := s.M.SideName(side)
		s.para(a, dst, s.edgeRoll.Rect.Bottom()+10*sc, fmt.Sprintf("%s roll for their base edge: %s, %s. The defender takes the opposite edge.",
			att, edgeDice(s.table())[0], edgeDice(s.table())[1]), ui.ParchDim)
		s.edgeRoll.Draw(dst, th)
		s.labelEdges(a, dst)
	case engine.StepStronghold:
		s.drawStrongholdPanel(a, dst)
	}
}

// drawMiniDice shows the dice that chose the defender after the roll,
// each in its side's colour, right-aligned at x: the defender's is the
// lower.
func (s *SetupField) drawMiniDice(a *App, dst *ebiten.Image, x, cy float64) {
	th := a.Theme
	sc := th.Scale
	dice := s.M.G.SetupDice()
	if dice[0] == 0 || dice[1] == 0 {
		return
	}
	d := ui.LineHeight(th.Strong()) + 2*sc
	for side := 1; side >= 0; side-- {
		r := ui.R(x-d, cy-d/2, d, d)
		ui.RoundRect(dst, r, 4*sc, sideColour(s.M.Sc, side), ui.Parchment, 1.2*sc)
		ui.TextMid(dst, fmt.Sprint(dice[side]), th.Strong(), r.CX(), r.CY(), ui.Parchment, ui.Center)
		x -= d + 5*sc
	}
	ui.TextMid(dst, "dice", th.Small(), x-2*sc, cy, ui.ParchDim, ui.Right)
}

// para writes wrapped text across the panel from y; it returns the y
// below it.
func (s *SetupField) para(a *App, dst *ebiten.Image, y float64, text string, clr color.Color) float64 {
	th := a.Theme
	lh := ui.LineHeight(th.Small())
	for _, l := range ui.Wrap(text, th.Small(), s.body.W-8*th.Scale) {
		ui.Text(dst, l, th.Small(), s.body.X+4*th.Scale, y, clr, ui.Left)
		y += lh
	}
	return y
}

// drawRoll: each side's name, its player, its die this round and its
// button.
func (s *SetupField) drawRoll(a *App, dst *ebiten.Image, side int) {
	th := a.Theme
	sc := th.Scale
	dice := s.M.G.SetupDice()
	for i := range s.roll {
		b := &s.roll[i]
		row := ui.R(s.body.X, b.Rect.Y-12*sc, s.body.W, b.Rect.H+24*sc)
		ui.RoundRect(dst, row, 6*sc, ui.Alpha(sideColour(s.M.Sc, i), 0.18), ui.SteelEdge, 1*sc)
		ui.Text(dst, s.M.SideName(i), th.Strong(), row.X+10*sc, row.Y+6*sc, ui.Parchment, ui.Left)
		ui.Text(dst, s.M.Names[i], th.Small(), row.X+10*sc, row.Y+8*sc+ui.LineHeight(th.Strong()), ui.ParchDim, ui.Left)
		die := ui.R(b.Rect.X-b.Rect.H-12*sc, b.Rect.Y, b.Rect.H, b.Rect.H)
		ui.RoundRect(dst, die, 6*sc, ui.Parchment, ui.GoldDeep, 1.5*sc)
		face := "–"
		if dice[i] > 0 {
			face = fmt.Sprint(dice[i])
		}
		ui.TextMid(dst, face, th.Face(fontBold, 20), die.CX(), die.CY(), ui.Backdrop, ui.Center)
		if i == side {
			b.Draw(dst, th)
		}
	}
	y := s.roll[1].Rect.Bottom() + 22*sc
	s.para(a, dst, y, "Each player rolls a die; the lower defends and lays the terrain, and ties are rolled again. Terrain is public: no screen is handed over between these steps.", ui.ParchDim)
}

// drawTerrainPanel: the palette, the selection's tools, the problems
// and the two buttons.
func (s *SetupField) drawTerrainPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	sc := th.Scale
	for i, r := range s.tiles {
		k := terrain.Palette[i]
		fill := ui.SteelLight
		if s.palPress == i {
			fill = ui.Mix(ui.SteelLight, ui.Gold, 0.3)
		}
		ui.RoundRect(dst, r, 5*sc, fill, ui.SteelEdge, 1*sc)
		sw := math.Min(r.H-10*sc, 22*sc)
		sr := ui.R(r.X+6*sc, r.CY()-sw/2, sw, sw)
		if k.Linear {
			sr = ui.R(sr.X, r.CY()-sw/5, sw, sw/2.5)
		}
		ui.RoundRect(dst, sr, sw/4, swatches[k.Name], ui.Alpha(ui.Parchment, 0.5), 1*sc)
		tx := sr.Right() + 6*sc
		tw := r.Right() - tx - 4*sc
		lh := ui.LineHeight(th.Small())
		ui.Text(dst, ui.Ellipsis(k.Label, th.Face(fontBold, 13), tw), th.Face(fontBold, 13), tx, r.CY()-lh, ui.Parchment, ui.Left)
		ui.Text(dst, ui.Ellipsis(fmt.Sprintf("%d–%d p", k.Min, k.Max), th.Small(), tw), th.Small(), tx, r.CY(), ui.ParchDim, ui.Left)
	}
	// The selection.
	sel := "Drag a kind onto the table (or tap it); select a feature to move, turn, resize or remove it."
	if f, ok := s.Ctl.Selected(); ok {
		size := fmt.Sprintf("%d × %d p", f.Width, f.Depth)
		if f.Linear() {
			size = fmt.Sprintf("%d p wide, %d points", f.Width, len(f.Path))
		}
		sel = fmt.Sprintf("%s: %s. Drag it, its ring to turn, its corner to resize.", f.Name, size)
		if f.Linear() {
			sel = fmt.Sprintf("%s: %s. Drag it, or a point alone.", f.Name, size)
		}
	}
	if !s.compact {
		y := s.tiles[len(s.tiles)-1].Bottom() + 8*sc
		ui.Text(dst, ui.Ellipsis(sel, th.Small(), s.body.W-8*sc), th.Small(), s.body.X+4*sc, y, ui.ParchDim, ui.Left)
	}
	for _, b := range []*ui.Button{&s.turnL, &s.turnR, &s.smaller, &s.more, &s.remove, &s.layForMe, &s.done} {
		b.Draw(dst, th)
	}
	s.drawProblems(a, dst)
	if s.keysBox.H > 0 {
		s.para(a, dst, s.keysBox.Y, keysHint, ui.ParchFaint)
	}
}

// keysHint names the keys of the terrain step, shown with the mouse
// where the panel has room.
const keysHint = "Q/E or the wheel turn · + and − resize · Delete removes · drag the ground to pan"

// drawProblems lists the engine's §13 problems with the terrain laid
// (their features are outlined in red on the table), or says it is
// ready.
func (s *SetupField) drawProblems(a *App, dst *ebiten.Image) {
	th := a.Theme
	sc := th.Scale
	box := s.problemsBox
	ps := s.Ctl.Problems()
	_, ghost := s.Ctl.Layout()
	lh := ui.LineHeight(th.Small())
	y := box.Y
	switch {
	case len(ps) == 0 && ghost >= 0:
		s.para(a, dst, y, "Laid here, the terrain would meet §13.", ui.Good)
		return
	case len(ps) == 0:
		s.para(a, dst, y, "The terrain meets §13: press “Terrain done” when it is as you want it.", ui.Good)
		return
	}
	head := fmt.Sprintf("§13 is not met yet (%d):", len(ps))
	if ghost >= 0 {
		head = fmt.Sprintf("Laid here, §13 would not be met (%d):", len(ps))
	}
	ui.Text(dst, head, th.Face(fontBold, 13), box.X+4*sc, y, ui.Bad, ui.Left)
	y += lh + 2*sc
	for i, p := range ps {
		lines := ui.Wrap(p.Describe(), th.Small(), box.W-20*sc)
		if y+float64(len(lines))*lh > box.Bottom() {
			ui.Text(dst, fmt.Sprintf("… and %d more", len(ps)-i), th.Small(), box.X+14*sc, y, ui.ParchDim, ui.Left)
			return
		}
		ui.Text(dst, "•", th.Small(), box.X+4*sc, y, ui.Bad, ui.Left)
		for _, l := range lines {
			ui.Text(dst, l, th.Small(), box.X+16*sc, y, ui.Parchment, ui.Left)
			y += lh
		}
		y += 2 * sc
	}
}

// drawStrongholdPanel: what the stronghold must do, the engine's
// verdict where it stands, and the button.
func (s *SetupField) drawStrongholdPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	sc := th.Scale
	y := s.body.Y + ui.LineHeight(th.Face(fontSmallCaps, 18)) + 6*sc + s.noteH(th)
	s.para(a, dst, y, s.strongholdText(), ui.ParchDim)
	verdict, clr := "The engine accepts this place.", color.Color(ui.Good)
	if err := s.Ctl.StrongholdVerdict(s.verdictGen()); err != nil {
		verdict, clr = err.Error(), ui.Bad
	}
	s.para(a, dst, s.place.Rect.Bottom()+10*sc, verdict, clr)
	s.place.Draw(dst, th)
	s.labelEdges(a, dst)
}

// strongholdText says where the defender's stronghold may stand.
func (s *SetupField) strongholdText() string {
	g := s.M.G
	_, side := s.step()
	edge, _ := g.BaseEdge(side)
	name := "the stronghold"
	if id, ok := s.Ctl.StrongholdID(); ok {
		name = s.M.ElementName(id)
		if rest, ok := strings.CutPrefix(name, "The "); ok {
			name = "the " + rest // in the middle of a sentence
		}
	}
	return fmt.Sprintf("Drag %s along your base edge (the %s): it must touch the edge, stand wholly within %d p of it, and on no terrain.",
		name, edge, terrain.DeployDepth)
}
