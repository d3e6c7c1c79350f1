package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/store"
	"pelennor/game/tourney"
	"pelennor/game/ui"
)

// tourneyStore is the store's tournaments area.
func (a *App) tourneyStore() *store.Tournaments {
	return &store.Tournaments{S: a.storage.Tournaments}
}

// TournamentList lists the stored tournaments: open one, make a new one,
// import, export or delete one.
type TournamentList struct {
	list                              ui.List
	files                             []store.StoredTournament
	open, create, imp, exp, del, back ui.Button
	err                               string
	stale                             bool // re-read the store on the next update
}

// NewTournamentList returns the tournaments screen.
func NewTournamentList(a *App) *TournamentList {
	l := &TournamentList{
		open:   keyed(ui.Button{Label: "Open", Primary: true}, control.CmdConfirm),
		create: ui.Button{Label: "New tournament"},
		imp:    ui.Button{Label: "Import…"},
		exp:    ui.Button{Label: "Export…"},
		del:    ui.Button{Label: "Delete", Danger: true},
		back:   keyed(ui.Button{Label: "Back"}, control.CmdBack),
	}
	l.refresh(a)
	return l
}

// refresh reads the store's tournaments, keeping the selection's file.
func (l *TournamentList) refresh(a *App) {
	keep := l.selected()
	files, err := a.tourneyStore().List()
	l.files, l.err = files, ""
	if err != nil {
		l.err = err.Error()
	}
	l.list.Items, l.list.Detail, l.list.DetailColour = nil, nil, nil
	for i, f := range files {
		if f.Err != nil {
			l.list.Items = append(l.list.Items, f.File)
			l.list.Detail = append(l.list.Detail, "cannot be read: "+f.Err.Error())
			l.list.DetailColour = append(l.list.DetailColour, ui.Bad)
		} else {
			rounds := fmt.Sprintf("round %d of %d", f.Paired, f.Rounds)
			if f.Rounds == 0 {
				rounds = fmt.Sprintf("round robin, %d rounds paired", f.Paired)
			}
			l.list.Items = append(l.list.Items, f.Name)
			l.list.Detail = append(l.list.Detail, fmt.Sprintf("%d players · %s · %s", f.Players, rounds, f.Modified.Format("2 Jan 2006 15:04")))
			l.list.DetailColour = append(l.list.DetailColour, nil)
		}
		if f.File == keep {
			l.list.Selected = i
		}
	}
	l.list.Selected = min(l.list.Selected, max(0, len(files)-1))
}

// selected is the selected tournament's file, or "".
func (l *TournamentList) selected() string {
	if l.list.Selected >= 0 && l.list.Selected < len(l.files) {
		return l.files[l.list.Selected].File
	}
	return ""
}

// Select selects a tournament by its file name.
func (l *TournamentList) Select(file string) {
	for i, f := range l.files {
		if f.File == file {
			l.list.Selected = i
		}
	}
}

func (l *TournamentList) buttons() []*ui.Button {
	return []*ui.Button{&l.open, &l.create, &l.imp, &l.exp, &l.del, &l.back}
}

func (l *TournamentList) layout(a *App) (panel, inner ui.Rect) {
	th := a.Theme
	s := th.Scale
	panel, inner = tourneyPanel(a, 820)
	h := tourneyTarget(th)
	bw := minButtonW(th, 130*s, l.buttons()...)
	// The buttons at the bottom, as many rows as the width needs.
	cols := max(1, min(6, int((inner.W+10*s)/(bw+10*s))))
	rows := (6 + cols - 1) / cols
	bh := float64(rows)*h + float64(rows-1)*10*s
	gridButtons(l.buttons(), inner.X, inner.Bottom()-bh, inner.W, bw, h, 10*s)
	l.list.RowH = math.Max(58*s, h)
	top := inner.Y + 50*s
	l.list.Rect = ui.R(inner.X, top, inner.W, inner.Bottom()-bh-16*s-top)
	return panel, inner
}

// Update handles the list and its buttons.
func (l *TournamentList) Update(a *App, f *input.Frame) error {
	if l.stale {
		l.refresh(a)
		l.stale = false
	}
	l.layout(a)
	l.list.Update(f)
	file := l.selected()
	l.open.Disabled = file == "" || l.files[l.list.Selected].Err != nil
	l.exp.Disabled = l.open.Disabled
	l.del.Disabled = file == ""
	switch updateButtons(f, l.buttons()...) {
	case 0:
		e, err := tourney.Open(a.tourneyStore(), file)
		if err != nil {
			a.Toast(err.Error(), ui.Bad)
			return nil
		}
		l.stale = true
		a.Push(NewTournamentScreen(a, e))
	case 1:
		l.stale = true
		a.Push(NewTournamentNew(a))
	case 2:
		a.Push(l.importDialog(a))
	case 3:
		a.Push(exportDialog(a, "Export the tournament", file, func(p string) (string, error) {
			return a.tourneyStore().Export(file, p)
		}))
	case 4:
		a.Push(NewConfirm(a, fmt.Sprintf("Delete the tournament “%s”? Its players, pairings and results are lost.", l.list.Items[l.list.Selected]), "Delete", func() {
			if err := a.tourneyStore().Delete(file); err != nil {
				a.Toast(err.Error(), ui.Bad)
			}
			l.stale = true
		}))
	case 5:
		a.Pop()
	}
	return nil
}

// importDialog asks for a tournament file and stores it.
func (l *TournamentList) importDialog(a *App) *FieldDialog {
	d := newFieldDialog("Import a tournament", "File", "", "Import", func(p string) error {
		t, file, err := a.tourneyStore().Import(p)
		if err != nil {
			return err
		}
		l.stale = true
		l.refresh(a)
		l.Select(file)
		a.Toast(fmt.Sprintf("Imported “%s”: %d players, %d rounds paired", t.Name, len(t.Players), len(t.Schedule)), ui.Good)
		return nil
	})
	d.notes = []string{"A tournament file (formats §9), e.g. one made with hott tournament or exported from another machine.",
		"A tournament of the same name is replaced."}
	if inBrowser {
		d.notes[0] = "Or close this and choose the file with the page's “Import a save…” button while this list is shown."
	}
	return d
}

// exportDialog asks where to write an export, proposing file in the home
// directory (the browser offers it for download), and writes it.
func exportDialog(a *App, title, file string, write func(p string) (string, error)) *FieldDialog {
	where := "~/" + file
	if inBrowser {
		where = file
	}
	d := newFieldDialog(title, "File", where, "Export", func(p string) error {
		at, err := write(p)
		if err != nil {
			return err
		}
		if inBrowser {
			a.Toast(fmt.Sprintf("“%s” is ready to download", at), ui.Good)
		} else {
			a.Toast("Written to "+store.Expand(at), ui.Good)
		}
		return nil
	})
	d.notes = []string{"Written whole or not at all: an existing file of that name is replaced."}
	if inBrowser {
		d.notes[0] = "The browser offers the file for download."
	}
	return d
}

// Draw draws the list.
func (l *TournamentList) Draw(a *App, dst *ebiten.Image) {
	panel, inner := l.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Panel(dst, th, panel)
	ui.Text(dst, "Tournaments", th.Face(fontSmallCaps, 26), inner.X, inner.Y, ui.GoldBright, ui.Left)
	l.list.Draw(dst, th)
	if len(l.files) == 0 {
		msg := "No tournament yet: “New tournament” starts one, “Import…” brings one from a file."
		if l.err != "" {
			msg = l.err
		}
		y := l.list.Rect.Y + 20*s
		for _, line := range ui.Wrap(msg, th.Body(), l.list.Rect.W-40*s) {
			ui.Text(dst, line, th.Body(), l.list.Rect.CX(), y, color.Color(ui.ParchDim), ui.Center)
			y += ui.LineHeight(th.Body())
		}
	}
	drawButtons(dst, th, l.buttons()...)
}
