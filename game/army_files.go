package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// updateFiles handles the builder's Save, Load…, Import… and Export….
// The desktop asks for a path (FieldDialog); the browser downloads and
// uploads files, as it does saves.
func (ab *ArmyBuilder) updateFiles(a *App, f *input.Frame) {
	switch {
	case ab.save.Update(f):
		if file, err := ab.b.Save(ab.armies); err != nil {
			ab.tell(a, "Not saved: "+err.Error(), true)
		} else {
			ab.markKept()
			ab.tell(a, fmt.Sprintf("Saved as “%s”", strings.TrimSuffix(file, ".json")), false)
		}
	case ab.load.Update(f):
		a.Push(newArmyLoad(a, ab))
	case ab.imp.Update(f):
		if inBrowser {
			pickFile(func(name string, data []byte) {
				select { // never block the page: one file at a time
				case ab.uploads <- upload{name, data}:
				default:
				}
			})
			return
		}
		a.Push(newFieldDialog("Import an army", "File", "~/", "Import", func(text string) error {
			file, err := ab.b.Import(ab.armies, text)
			if err != nil {
				return err
			}
			ab.sync()
			ab.markKept()
			ab.tell(a, fmt.Sprintf("Imported “%s”, kept as %s", ab.b.Army().Name, file), false)
			return nil
		}))
	case ab.exp.Update(f):
		ab.export(a)
	}
}

// importData takes a file the browser's picker read.
func (ab *ArmyBuilder) importData(a *App, name string, data []byte) {
	if _, err := ab.b.ImportData(ab.armies, name, data); err != nil {
		ab.tell(a, "Not imported: "+firstLine(err.Error()), true)
		return
	}
	ab.sync()
	ab.markKept()
	ab.tell(a, fmt.Sprintf("Imported “%s”", ab.b.Army().Name), false)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// export writes the army as a file: downloaded in the browser, to a
// path on the desktop.
func (ab *ArmyBuilder) export(a *App) {
	file := store.ArmyFile(ab.b.Army().Name)
	if inBrowser {
		if _, err := ab.b.Save(ab.armies); err != nil {
			ab.tell(a, "Not exported: "+err.Error(), true)
			return
		}
		data, err := ab.b.Data()
		if err == nil {
			err = download(file, data)
		}
		if err != nil {
			ab.tell(a, "Not exported: "+err.Error(), true)
			return
		}
		ab.markKept()
		ab.tell(a, "Downloaded as "+file, false)
		return
	}
	if file == "" {
		ab.tell(a, "Give the army a name to export it", true)
		return
	}
	d := newFieldDialog("Export the army", "File", "~/"+file, "Export", func(text string) error {
		where, err := ab.b.Export(ab.armies, text)
		if err != nil {
			return err
		}
		ab.markKept()
		ab.tell(a, "Exported to "+where, false)
		return nil
	})
	d.notes = []string{"An army file (docs/formats.md §8.2) another player can import into their game."}
	a.Push(d)
}

// ArmyLoad lists the player's stored armies over the builder, to load
// one or delete one.
type ArmyLoad struct {
	ab       *ArmyBuilder
	files    []string
	list     ui.List
	ok, del  ui.Button
	no       ui.Button
	err      string
	selected int
}

// Overlay: the builder stays visible beneath.
func (d *ArmyLoad) Overlay() bool { return true }

func newArmyLoad(a *App, ab *ArmyBuilder) *ArmyLoad {
	d := &ArmyLoad{ab: ab,
		ok:  ui.Button{Label: "Load", Primary: true, KeyLabel: "Enter"},
		del: ui.Button{Label: "Delete", Danger: true},
		no:  ui.Button{Label: "Cancel", KeyLabel: "Esc"},
	}
	d.refresh()
	return d
}

func (d *ArmyLoad) refresh() {
	d.files, d.list.Items, d.list.Detail = nil, nil, nil
	stored, err := d.ab.armies.List()
	if err != nil {
		d.err = err.Error()
	}
	for _, sa := range stored {
		d.files = append(d.files, sa.File)
		if sa.Err != nil {
			d.list.Items = append(d.list.Items, sa.File)
			d.list.Detail = append(d.list.Detail, "cannot be read: "+firstLine(sa.Err.Error()))
			continue
		}
		name := sa.List
		if l, ok := d.ab.b.Cat.List(sa.List); ok {
			name = l.Name
		}
		d.list.Items = append(d.list.Items, sa.Name)
		d.list.Detail = append(d.list.Detail, name+"  ·  "+sa.Modified.Format("2 Jan 2006 15:04"))
	}
	d.list.Selected = min(d.list.Selected, max(0, len(d.files)-1))
}

func (d *ArmyLoad) layout(a *App) ui.Rect {
	th := a.Theme
	s := th.Scale
	w := math.Min(a.W-24*s, 560*s)
	h := math.Min(a.H-24*s, 520*s)
	p := ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
	pad := 20 * s
	bh := math.Max(44*s, th.TargetPx())
	d.list.RowH = 52 * s
	d.list.Rect = ui.R(p.X+pad, p.Y+pad+44*s, w-2*pad, h-2*pad-44*s-bh-36*s)
	cols := ui.R(p.X+pad, p.Bottom()-pad-bh, w-2*pad, bh).Cols(3, 10*s)
	d.del.Rect, d.no.Rect, d.ok.Rect = cols[0], cols[1], cols[2]
	return p
}

// Update loads or deletes the army chosen.
func (d *ArmyLoad) Update(a *App, f *input.Frame) error {
	d.layout(a)
	if commanded(f, control.CmdBack, anyScene) || d.no.Update(f) {
		a.Pop()
		return nil
	}
	d.list.Update(f)
	d.ok.Disabled, d.del.Disabled = len(d.files) == 0, len(d.files) == 0
	enter := commanded(f, control.CmdConfirm, anyScene)
	if (d.ok.Update(f) || enter) && !d.ok.Disabled {
		if err := d.ab.b.Load(d.ab.armies, d.files[d.list.Selected]); err != nil {
			d.err = firstLine(err.Error())
			return nil
		}
		d.ab.sync()
		d.ab.markKept()
		d.ab.tell(a, fmt.Sprintf("Loaded “%s”", d.ab.b.Army().Name), false)
		a.Pop()
		return nil
	}
	if d.del.Update(f) && !d.del.Disabled {
		if err := d.ab.armies.Delete(d.files[d.list.Selected]); err != nil {
			d.err = err.Error()
		}
		d.refresh()
	}
	return nil
}

// Draw draws the dialog.
func (d *ArmyLoad) Draw(a *App, dst *ebiten.Image) {
	p := d.layout(a)
	th := a.Theme
	s := th.Scale
	ui.Fill(dst, ui.R(0, 0, a.W, a.H), ui.Alpha(color.Black, 0.5))
	ui.Panel(dst, th, p)
	ui.Text(dst, "Your armies", th.Face(fontSmallCaps, 24), d.list.Rect.X, p.Y+20*s, ui.GoldBright, ui.Left)
	d.list.Draw(dst, th)
	msg, clr := "", color.Color(ui.ParchFaint)
	switch {
	case d.err != "":
		msg, clr = d.err, ui.Bad
	case len(d.files) == 0:
		msg = "No army is kept yet: build one and Save it."
	case store.Where(d.ab.armies.S, "") != "":
		msg = "Kept in " + store.Where(d.ab.armies.S, "")
	}
	ui.Text(dst, ui.Ellipsis(msg, th.Small(), d.list.Rect.W), th.Small(), d.list.Rect.X, d.list.Rect.Bottom()+10*s, clr, ui.Left)
	d.del.Draw(dst, th)
	d.no.Draw(dst, th)
	d.ok.Draw(dst, th)
}
