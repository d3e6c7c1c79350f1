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

// layout sizes the dialog to its notes (at least three lines) and its
// buttons to their labels (dialogButtons, confirm.go).
func (d *FieldDialog) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	w := min(a.W-24*s, 640*s)
	pad := min(26*s, dialogPad(th, w))
	small := th.Small()
	notes := 0
	for _, n := range d.noteLines() {
		notes += len(ui.Wrap(n, small, w-2*pad))
	}
	fieldY := 78*s + ui.LineHeight(th.Face(fontSmallCaps, 24)) - 24*s
	buttons := dialogButtonsHeight(th, w, pad, &d.ok, &d.no, 190*s, 140*s)
	h := max(320*s, pad+fieldY+42*s+10*s+float64(max(3, notes))*ui.LineHeight(small)+16*s+buttons+pad)
	p := ui.R(a.W/2-w/2, max(8*s, a.H/2-h/2), w, h)
	d.field.Rect = ui.R(p.X+pad, p.Y+pad+fieldY, w-2*pad, 42*s)
	placeDialogButtons(th, p, pad, &d.ok, &d.no, 190*s, 140*s)
	return p
}

// noteLines are the lines under the field: the error, else the warning,
// else the notes.
func (d *FieldDialog) noteLines() []string {
	if d.err != "" {
		return []string{d.err}
	}
	if d.warn != nil {
		if w := d.warn(d.field.Text); w != "" {
			return []string{w}
		}
	}
	return d.notes
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
	pad := d.field.Rect.X - p.X
	ui.Text(dst, d.title, th.Face(fontSmallCaps, 24), p.X+pad, p.Y+20*s, ui.GoldBright, ui.Left)
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
		for _, l := range ui.Wrap(n, small, p.W-2*pad) {
			if y+ui.LineHeight(small) > min(d.ok.Rect.Y, d.no.Rect.Y)-6*s {
				break
			}
			ui.Text(dst, l, small, p.X+pad, y, clr, ui.Left)
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
