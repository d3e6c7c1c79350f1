package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/saves"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// LoadScreen lists the saved games and autosaves: each with its
// scenario, players, bound, side to move and date. It loads one, plays
// its replay, deletes it, or opens a file by its path (a turn file from
// e-mail).
type LoadScreen struct {
	tabs                   ui.Choice
	list                   ui.List
	infos                  [2][]saves.Info
	load, watch, del, back ui.Button
	path                   ui.TextField
	open                   ui.Button
	loaded                 bool
	// checked holds the files re-simulated, by area, name and date: the
	// selected file is checked (who won; whether it loads at all).
	checked map[string]saves.Info
}

// NewLoadScreen returns the load screen.
func NewLoadScreen(a *App) *LoadScreen {
	l := &LoadScreen{
		load:  keyed(ui.Button{Label: "Load", Primary: true}, control.CmdConfirm),
		watch: ui.Button{Label: "Watch the replay", Short: "Replay", Key: ebiten.KeyR, KeyLabel: "R"},
		del:   ui.Button{Label: "Delete", Danger: true, Small: true, Key: ebiten.KeyDelete, KeyLabel: "Del"},
		back:  keyed(ui.Button{Label: "Back"}, control.CmdBack),
		open:  ui.Button{Label: "Open", Small: true},
		path:  ui.TextField{Placeholder: "or type the path of a save or turn file, e.g. ~/Downloads/pelennor-bound-4.turn.json", MaxLen: 400},
	}
	l.refresh(a)
	if len(l.infos[0]) == 0 && len(l.infos[1]) > 0 {
		l.tabs.Selected = 1
	}
	return l
}

// refresh reads the lists again.
func (l *LoadScreen) refresh(a *App) {
	for i, area := range []string{saves.AreaSaves, saves.AreaAuto} {
		infos, err := a.Lib.List(area)
		if err != nil {
			a.Toast(err.Error(), ui.Bad)
		}
		l.infos[i] = infos
	}
	l.tabs.Options = []string{fmt.Sprintf("Saved games (%d)", len(l.infos[0])), fmt.Sprintf("Autosaves (%d)", len(l.infos[1]))}
	l.fill()
	l.loaded = true
}

func checkKey(in saves.Info) string {
	return in.Area + "/" + in.Name + "@" + in.Modified.String()
}

func (l *LoadScreen) fill() {
	l.list.Items, l.list.Detail, l.list.DetailColour = nil, nil, nil
	for i, in := range l.infos[l.tabs.Selected] {
		if c, ok := l.checked[checkKey(in)]; ok {
			in = c
			l.infos[l.tabs.Selected][i] = c
		}
		l.list.Items = append(l.list.Items, in.Title())
		l.list.Detail = append(l.list.Detail, in.Detail())
		var clr color.Color
		if in.Err != nil {
			clr = ui.Bad
		}
		l.list.DetailColour = append(l.list.DetailColour, clr)
	}
	l.list.Selected = max(0, min(l.list.Selected, len(l.list.Items)-1))
	l.list.Scroll = 0
}

// Selected returns the file selected, if any.
func (l *LoadScreen) Selected() (saves.Info, bool) {
	infos := l.infos[l.tabs.Selected]
	if l.list.Selected < 0 || l.list.Selected >= len(infos) {
		return saves.Info{}, false
	}
	return infos[l.list.Selected], true
}

// Select selects the file of that name in the shown tab.
func (l *LoadScreen) Select(name string) bool {
	for i, in := range l.infos[l.tabs.Selected] {
		if in.Name == name {
			l.list.Selected = i
			return true
		}
	}
	return false
}

func (l *LoadScreen) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	margin := 30 * s
	if a.W < 600*s {
		margin = 8 * s
	}
	w, h := math.Min(a.W-2*margin, 1100*s), math.Min(a.H-60*s, 760*s)
	p := ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
	in := p.Inset(math.Min(28*s, margin+8*s))
	l.tabs.Rect = ui.R(in.X, in.Y+50*s, math.Min(in.W, 460*s), 40*s)
	bh := math.Max(48*s, ui.LineHeight(th.Face(fontBold, 16))+18*s)
	by := in.Bottom() - bh
	bw := []float64{math.Max(140*s, l.back.Need(th)), math.Max(120*s, l.del.Need(th)), math.Max(220*s, l.watch.Need(th)), math.Max(180*s, l.load.Need(th))}
	if bw[0]+bw[1]+bw[2]+bw[3]+3*12*s+40*s <= in.W {
		l.back.Rect = ui.R(in.X, by, bw[0], bh)
		l.load.Rect = ui.R(in.Right()-bw[3], by, bw[3], bh)
		l.watch.Rect = ui.R(l.load.Rect.X-12*s-bw[2], by, bw[2], bh)
		l.del.Rect = ui.R(l.watch.Rect.X-12*s-bw[1], by+6*s, bw[1], bh-12*s)
	} else {
		// Two rows: Back and Load at the foot, Delete and Watch over them.
		foot := ui.R(in.X, by, in.W, bh).Cols(2, 10*s)
		over := ui.R(in.X, by-10*s-bh, in.W, bh).Cols(2, 10*s)
		l.back.Rect, l.load.Rect, l.del.Rect, l.watch.Rect = foot[0], foot[1], over[0], over[1]
		by = over[0].Y
	}
	l.path.Rect = ui.R(in.X, by-22*s-42*s, in.W-120*s, 42*s)
	l.open.Rect = ui.R(l.path.Rect.Right()+10*s, l.path.Rect.Y+3*s, 110*s, 36*s)
	top := l.tabs.Rect.Bottom() + 14*s
	l.list.RowH = 60 * s
	l.list.Rect = ui.R(in.X, top, in.W, l.path.Rect.Y-20*s-top)
	return p
}

// Update handles the screen.
func (l *LoadScreen) Update(a *App, f *input.Frame) error {
	l.layout(a)
	if !l.loaded {
		l.refresh(a)
	}
	typing := l.path.Focused
	if typing && commanded(f, control.CmdConfirm, anyScene) {
		l.openPath(a)
		return nil
	}
	l.path.Update(f)
	for _, b := range []*ui.Button{&l.load, &l.watch, &l.del, &l.back} {
		if typing || l.path.Focused {
			b.Key = 0
		}
	}
	if !typing && !l.path.Focused {
		l.load.Key, l.watch.Key, l.del.Key, l.back.Key = keyOfCmd(control.CmdConfirm), ebiten.KeyR, ebiten.KeyDelete, keyOfCmd(control.CmdBack)
		switch {
		case f.KeyRepeat(ebiten.KeyArrowDown):
			l.list.Selected = min(l.list.Selected+1, len(l.list.Items)-1)
		case f.KeyRepeat(ebiten.KeyArrowUp):
			l.list.Selected = max(l.list.Selected-1, 0)
		case f.KeyPressed(ebiten.KeyTab):
			l.tabs.Selected = 1 - l.tabs.Selected
			l.fill()
		}
	}
	if l.tabs.Update(f) {
		l.fill()
	}
	l.list.Update(f)
	in, ok := l.Selected()
	if ok && !in.Checked && in.Err == nil {
		// Re-simulate the file selected: who won, and whether it loads.
		if l.checked == nil {
			l.checked = map[string]saves.Info{}
		}
		l.checked[checkKey(in)] = a.Lib.Check(in)
		sel, scroll := l.list.Selected, l.list.Scroll
		l.fill()
		l.list.Selected, l.list.Scroll = sel, scroll
		in, _ = l.Selected()
	}
	l.load.Disabled, l.watch.Disabled, l.del.Disabled = !ok || in.Err != nil, !ok || in.Err != nil, !ok
	l.open.Disabled = strings.TrimSpace(l.path.Text) == ""
	switch {
	case l.back.Update(f):
		a.Pop()
	case l.load.Update(f):
		a.OpenSaved(in)
	case l.watch.Update(f):
		l.watchReplay(a, in)
	case l.del.Update(f):
		a.Push(NewConfirm(a, fmt.Sprintf("Delete “%s” for good?", in.Title()), "Delete", func() {
			s := a.storage.Saves
			if in.Area == saves.AreaAuto {
				s = a.storage.Autosaves
			}
			if err := s.Remove(in.Name); err != nil {
				a.Toast(err.Error(), ui.Bad)
			} else {
				a.Toast("Deleted “"+in.Title()+"”", ui.Info)
			}
			l.refresh(a)
		}))
	case l.open.Update(f):
		l.openPath(a)
	}
	return nil
}

func (l *LoadScreen) openPath(a *App) {
	p := strings.TrimSpace(l.path.Text)
	if p == "" {
		return
	}
	l.path.Focused = false
	a.OpenPath(p)
}

// watchReplay opens a file in the replay viewer, from its start.
func (l *LoadScreen) watchReplay(a *App, in saves.Info) {
	g, err := a.Lib.OpenChecked(in) // the game the list's check read
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
		return
	}
	m := MatchOf(g.H, playerNames(g.Names))
	m.File = in.Name
	a.Push(NewViewer(a, m, ViewReplay, 0))
}

// Draw draws the screen.
func (l *LoadScreen) Draw(a *App, dst *ebiten.Image) {
	p := l.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(ui.Backdrop, 0.35))
	ui.Panel(dst, th, p)
	tf := th.Face(fontSmallCaps, 28)
	ui.Text(dst, "Saved battles", tf, l.back.Rect.X, p.Y+24*s, ui.GoldBright, ui.Left)
	room := l.load.Rect.Right() - (l.back.Rect.X + ui.Width("Saved battles", tf) + 20*s) // beside the title
	where := "kept in " + store.Where(a.storage.Saves, "")
	if store.Where(a.storage.Saves, "") == "" {
		where = ""
	}
	if room > 60*s {
		ui.Text(dst, ui.Ellipsis(where, th.Small(), min(room, p.W*0.5)), th.Small(), l.load.Rect.Right(), p.Y+34*s, ui.ParchFaint, ui.Right)
	}
	if n := loadNotice(); n != "" {
		// Beside the tabs, in at most two lines.
		x, face := l.tabs.Rect.Right()+20*s, th.Small()
		lines := ui.Wrap(n, face, p.Right()-28*s-x)
		lh := ui.LineHeight(face)
		y := l.tabs.Rect.CY() - lh*float64(min(len(lines), 2))/2
		for i, line := range lines[:min(len(lines), 2)] {
			if i == 1 && len(lines) > 2 {
				line = ui.Ellipsis(line+" "+strings.Join(lines[2:], " "), face, p.Right()-28*s-x)
			}
			ui.Text(dst, line, face, x, y+float64(i)*lh, ui.Bad, ui.Left)
		}
	}
	l.tabs.Draw(dst, th)
	if len(l.list.Items) == 0 {
		ui.RoundRect(dst, l.list.Rect, 6*s, ui.Steel, ui.SteelEdge, 1.5*s)
		msg := "No saved games yet. In a battle, Ctrl+S or the menu saves it."
		if l.tabs.Selected == 1 {
			msg = "No autosaves yet: the game keeps one at the end of every bound (the last ten)."
		}
		ui.Text(dst, msg, th.Face(fontItalic, 15), l.list.Rect.CX(), l.list.Rect.Y+30*s, ui.ParchDim, ui.Center)
	} else {
		l.list.Draw(dst, th)
	}
	l.path.Draw(dst, th)
	l.open.Draw(dst, th)
	nf := th.Face(fontItalic, 12)
	note, _ := ui.FitLines(nf, l.open.Rect.Right()-l.path.Rect.X, 1, "A turn file from your opponent shows their bound first, then you play yours.", "A turn file shows their bound, then you play yours.")
	ui.Text(dst, note[0], nf, l.path.Rect.X, l.path.Rect.Bottom()+4*s, ui.ParchFaint, ui.Left)
	l.back.Draw(dst, th)
	l.del.Draw(dst, th)
	l.watch.Draw(dst, th)
	l.load.Draw(dst, th)
}

// loadNotice is the load screen's storage notice here and now.
func loadNotice() string { return storageNotice(store.Persisted()) }

// storageNotice warns when the browser has not promised to keep the
// saves (store.Persisted): it may evict them, so the page's Export
// button is shown with it (hook_js.go). On the desktop it is "".
func storageNotice(p store.Persistence) string {
	switch p {
	case store.PersistRefused:
		return "This browser has not agreed to keep these games and may delete them: keep copies with the Export button."
	case store.PersistUnavailable:
		return "This browser cannot promise to keep these games (a private window?): keep copies with the Export button."
	}
	return ""
}
