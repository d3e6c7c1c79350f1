package game

import (
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/saves"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// FieldDialog asks for one line of text (a save's name, a turn file's
// path) over the screen beneath, and acts on it.
type FieldDialog struct {
	title   string
	label   string
	notes   []string // lines under the field
	field   ui.TextField
	ok, no  ui.Button
	act     func(text string) error
	warn    func(text string) string // a warning for the text (e.g. "replaces …"), or ""
	err     string
	focused bool
}

// Overlay: the screen beneath stays visible.
func (d *FieldDialog) Overlay() bool { return true }

func (d *FieldDialog) layout(a *App) ui.Rect {
	s := a.Theme.Scale
	w := min(a.W-60*s, 640*s)
	p := ui.R(a.W/2-w/2, a.H/2-160*s, w, 320*s)
	in := p.Inset(26 * s)
	d.field.Rect = ui.R(in.X, in.Y+78*s, in.W, 42*s)
	d.ok.Rect = ui.R(p.Right()-26*s-190*s, p.Bottom()-24*s-46*s, 190*s, 46*s)
	d.no.Rect = ui.R(d.ok.Rect.X-12*s-140*s, d.ok.Rect.Y, 140*s, 46*s)
	return p
}

// Update takes the text; Enter acts, Escape closes.
func (d *FieldDialog) Update(a *App, f *input.Frame) error {
	d.layout(a)
	if !d.focused {
		d.field.Focused, d.focused = true, true
	}
	enter := commanded(f, control.CmdConfirm, anyScene) // consumed: the field does not see it
	if commanded(f, control.CmdBack, anyScene) {
		a.Pop()
		return nil
	}
	if d.field.Update(f) {
		d.err = ""
	}
	d.field.Focused = true
	d.ok.Disabled = strings.TrimSpace(d.field.Text) == ""
	if d.no.Update(f) {
		a.Pop()
		return nil
	}
	if (d.ok.Update(f) || enter) && !d.ok.Disabled {
		if err := d.act(d.field.Text); err != nil {
			d.err = err.Error()
			return nil
		}
		if a.Top() == d {
			a.Pop()
		}
	}
	return nil
}

// Draw draws the dialog.
func (d *FieldDialog) Draw(a *App, dst *ebiten.Image) {
	p := d.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(color.Black, 0.5))
	ui.Panel(dst, th, p)
	ui.Text(dst, d.title, th.Face(fontSmallCaps, 24), p.X+26*s, p.Y+20*s, ui.GoldBright, ui.Left)
	ui.Text(dst, strings.ToUpper(d.label), th.Face(fontBold, 13), d.field.Rect.X, d.field.Rect.Y-22*s, ui.Gold, ui.Left)
	d.field.Draw(dst, th)
	y := d.field.Rect.Bottom() + 10*s
	lines := d.notes
	clr := color.Color(ui.ParchFaint)
	if d.err != "" {
		lines, clr = []string{d.err}, ui.Bad
	} else if d.warn != nil {
		if w := d.warn(d.field.Text); w != "" {
			lines, clr = []string{w}, ui.Info
		}
	}
	small := th.Small()
	for _, n := range lines {
		for _, l := range ui.Wrap(n, small, p.W-52*s) {
			if y+ui.LineHeight(small) > d.ok.Rect.Y-6*s {
				break
			}
			ui.Text(dst, l, small, p.X+26*s, y, clr, ui.Left)
			y += ui.LineHeight(small)
		}
	}
	d.no.Draw(dst, th)
	d.ok.Draw(dst, th)
}

func newFieldDialog(title, label, text, okLabel string, act func(string) error) *FieldDialog {
	return &FieldDialog{title: title, label: label, act: act,
		field: ui.TextField{Text: text, MaxLen: 240},
		ok:    ui.Button{Label: okLabel, Primary: true, KeyLabel: "Enter"},
		no:    ui.Button{Label: "Cancel", KeyLabel: "Esc"},
	}
}

// NewSaveDialog asks for a name and saves the match under it.
func NewSaveDialog(a *App, m *Match) *FieldDialog {
	d := newFieldDialog("Save the battle", "Name", defaultName(m), "Save", func(text string) error {
		name, err := a.SaveMatch(m, text)
		if err != nil {
			return err
		}
		a.Toast(fmt.Sprintf("Saved “%s”", strings.TrimSuffix(name, saves.Ext)), ui.Good)
		return nil
	})
	d.field.MaxLen = 80
	kept := "Load it from the title screen or the menu."
	if w := store.Where(a.storage.Saves, ""); w != "" {
		kept = "Kept in " + w + ". " + kept
	}
	d.notes = []string{kept,
		"Autosaves are made at the end of every bound: “Continue” on the title screen resumes the newest."}
	d.warn = func(text string) string {
		safe := store.SafeName(strings.TrimSuffix(text, saves.Ext), 80)
		if safe == "" {
			return ""
		}
		if _, err := a.storage.Saves.Get(safe + saves.Ext); err == nil {
			return fmt.Sprintf("A save named “%s” exists: saving replaces it.", safe)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err.Error()
		}
		return ""
	}
	return d
}

// NewExportDialog asks where to write a turn file and writes it.
func NewExportDialog(a *App, m *Match) *FieldDialog {
	d := newFieldDialog("Export a turn file", "File", a.turnPath(m), "Export", func(text string) error {
		where, err := a.ExportTurn(m, text)
		if err != nil {
			return err
		}
		a.Toast(fmt.Sprintf(exportWords.turnDone, where), ui.Good)
		return nil
	})
	d.notes = slices.Clone(exportWords.turnNotes[:])
	if m.H != nil && m.H.Own() >= 0 {
		d.notes[1] = "Your secret for this match stays on this computer: the file reveals only what your opponent needs for the dice of their part, none of yours to come."
		if k := m.H.KeyedDice(); !k.Committed() {
			d.title = "Send the invitation"
		}
	}
	return d
}
