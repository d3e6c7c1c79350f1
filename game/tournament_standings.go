package game

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/render/glyphs"
	"pelennor/game/ui"
)

// standingsDrop is the order the standings' columns are left out in
// when the window is too narrow for all of them: the army, then the
// club, then the tie-breaks from the last (the export has them all).
// Rank, player, W-D-L and score always show.
func standingsDrop(head []string) []int {
	var order []int
	for _, name := range []string{"Army", "Club", "Bonus"} {
		if i := slices.Index(head, name); i >= 0 {
			order = append(order, i)
		}
	}
	score := slices.Index(head, "Score")
	for i := len(head) - 1; i > score; i-- {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	return order
}

// standingsColumns chooses the columns shown within w and their widths:
// each as wide as its widest cell, the player's name taking what is left
// (at least minName). hidden counts the columns left out.
func standingsColumns(head []string, rows [][]string, w, gap, minName float64, width, headWidth func(string) float64) (shown []int, widths []float64, hidden int) {
	need := make([]float64, len(head))
	for c, h := range head {
		need[c] = headWidth(h)
		for _, r := range rows {
			need[c] = math.Max(need[c], width(r[c]))
		}
	}
	player := slices.Index(head, "Player")
	keep := make([]bool, len(head))
	for i := range keep {
		keep[i] = true
	}
	total := func() float64 {
		t := 0.0
		for c := range head {
			if keep[c] {
				if c == player {
					t += minName
				} else {
					t += need[c]
				}
				t += gap
			}
		}
		return t
	}
	for _, c := range standingsDrop(head) {
		if total() <= w {
			break
		}
		keep[c] = false
		hidden++
	}
	rest := w - total()
	for c := range head {
		if !keep[c] {
			continue
		}
		shown = append(shown, c)
		cw := need[c]
		if c == player {
			cw = minName + math.Max(0, rest)
			cw = math.Min(cw, math.Max(minName, need[c]+40))
		}
		widths = append(widths, cw)
	}
	return shown, widths, hidden
}

// drawStandings draws the standings table in r.
func (ts *TournamentScreen) drawStandings(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	s := th.Scale
	head, rows := ts.e.Standings()
	if len(rows) == 0 {
		ui.Text(dst, "No players yet.", th.Body(), r.X, r.Y, ui.ParchDim, ui.Left)
		return
	}
	body, bold := th.Body(), th.Face(fontBold, 13)
	gap := 14 * s
	shown, widths, hidden := standingsColumns(head, rows, r.W-16*s, gap, 110*s,
		func(t string) float64 { return ui.Width(t, body) }, func(t string) float64 { return ui.Width(t, bold) })
	// What the columns leave goes between them, up to 40 px a gap.
	used := 0.0
	for _, cw := range widths {
		used += cw + gap
	}
	gap += math.Min(40*s, math.Max(0, (r.W-16*s-used)/float64(len(widths))))
	rowH := math.Max(ui.LineHeight(body)+12*s, 30*s)
	ui.RoundRect(dst, r, 6*s, ui.Alpha(ui.Backdrop, 0.55), ui.SteelEdge, 1*s)
	y := r.Y + 8*s
	x0 := r.X + 8*s
	// The header, then a row a player: numbers to the right of their
	// column, words to the left.
	numeric := func(c int) bool { return c != slices.Index(head, "Player") && head[c] != "Club" && head[c] != "Army" }
	cell := func(t string, c int, x, cw, cy float64, face *glyphs.Face, clr color.Color) {
		t = ui.Ellipsis(t, face, cw)
		if numeric(c) {
			ui.TextMid(dst, t, face, x+cw, cy, clr, ui.Right)
			return
		}
		ui.TextMid(dst, t, face, x, cy, clr, ui.Left)
	}
	x := x0
	for i, c := range shown {
		cell(head[c], c, x, widths[i], y+rowH/2, bold, ui.Gold)
		x += widths[i] + gap
	}
	y += rowH
	ui.Line(dst, x0, y, r.Right()-8*s, y, 1*s, ui.Gold)
	foot := 0.0
	if hidden > 0 {
		foot = ui.LineHeight(th.Small()) + 6*s
	}
	for n, row := range rows {
		if y+rowH > r.Bottom()-foot {
			ui.Text(dst, fmt.Sprintf("… %d more: see the export", len(rows)-n), th.Small(), x0, y+4*s, ui.ParchDim, ui.Left)
			return
		}
		if n%2 == 1 {
			ui.Fill(dst, ui.R(x0-4*s, y, r.W-8*s, rowH), ui.Alpha(ui.SteelLight, 0.35))
		}
		x := x0
		for i, c := range shown {
			var clr color.Color = ui.Parchment
			if n < 3 && c == 0 {
				clr = ui.GoldBright
			}
			cell(row[c], c, x, widths[i], y+rowH/2, body, clr)
			x += widths[i] + gap
		}
		y += rowH
	}
	if hidden > 0 {
		lines, _ := ui.FitLines(th.Small(), r.W-16*s, 1,
			fmt.Sprintf("%d columns left out at this width: the CSV and HTML exports have them all.", hidden),
			fmt.Sprintf("%d columns left out: the exports have them all.", hidden),
			fmt.Sprintf("%d columns left out", hidden))
		if len(lines) > 0 {
			ui.Text(dst, ui.Ellipsis(lines[0], th.Small(), r.W-16*s), th.Small(), x0, r.Bottom()-foot, ui.ParchDim, ui.Left)
		}
	}
}
