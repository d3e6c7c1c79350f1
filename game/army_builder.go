package game

import (
	"fmt"
	"math"
	"strings"

	"pelennor/army"
	"pelennor/game/armybuild"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/store"
	"pelennor/game/ui"
)

// ArmyBuilder is the army builder screen (issue 12 §3): a list, its
// entries with their counts, alternatives, general and names, and §13's
// totals and army.Validate's problems shown as the player goes. The
// choices are the model's (game/armybuild); this scene lays them out.
type ArmyBuilder struct {
	b      *armybuild.Builder
	armies *store.Armies
	done   func(a *App, p *armybuild.Pick, budget int) // "Use this army"
	ids    []string

	lists    ui.List
	name     ui.TextField
	budget   ui.Choice
	tabs     ui.Choice // one column: the list, the elements, the check
	ready    ui.Button // start from the list's ready-made army
	entries  []entryWidgets
	elems    []elementWidgets
	strong   ui.TextField
	scroll   scroller
	save     ui.Button
	load     ui.Button
	imp      ui.Button
	exp      ui.Button
	use      ui.Button
	back     ui.Button
	uploads  chan upload // files the browser's picker read
	said     string      // the last file operation's outcome
	saidBad  bool
	narrow   bool
	panel    ui.Rect
	cols     [3]ui.Rect // the list, the elements, the check
	lay      builderLayout
	lastList int
	typing   *ui.TextField // the field focused in the last frame
	kept     []byte        // the army's file when last saved or loaded
	// showSelected scrolls the lists to the one chosen at the next layout.
	showSelected bool
}

// entryWidgets are the count buttons of one list entry.
type entryWidgets struct{ minus, plus ui.Button }

// elementWidgets are one element's name, general box and type.
type elementWidgets struct {
	name    ui.TextField
	general ui.Checkbox
	types   ui.Choice
}

// upload is a file the player chose to import.
type upload struct {
	name string
	data []byte
}

// NewArmyBuilder returns the builder over the embedded lists at a
// budget, starting from army a (nil: the first list's minimum); done
// receives the army when the player uses it, and the budget it was
// built for.
func NewArmyBuilder(a *App, budget int, start *army.Army, done func(a *App, p *armybuild.Pick, budget int)) (*ArmyBuilder, error) {
	cat, err := army.Builtin()
	if err != nil {
		return nil, err
	}
	ab := &ArmyBuilder{
		b: armybuild.New(cat, budget), armies: a.Armies(), done: done, ids: cat.IDs(),
		name:    ui.TextField{Placeholder: "The army's name", MaxLen: army.MaxName},
		budget:  ui.Choice{Options: []string{"24 AP", "36 AP"}},
		tabs:    ui.Choice{Options: []string{"List", "Elements", "Check"}, Selected: 1},
		ready:   ui.Button{Label: "Start from the ready-made army", Short: "Ready-made army", Small: true},
		strong:  ui.TextField{MaxLen: army.MaxName},
		save:    ui.Button{Label: "Save", Small: true},
		load:    ui.Button{Label: "Load…", Small: true},
		imp:     ui.Button{Label: "Import…", Small: true},
		exp:     ui.Button{Label: "Export…", Small: true},
		use:     keyed(ui.Button{Label: "Use this army", Short: "Use it", Primary: true}, control.CmdConfirm),
		back:    keyed(ui.Button{Label: "Back"}, control.CmdBack),
		uploads: make(chan upload, 1),
	}
	if budget == army.Tournament {
		ab.budget.Selected = 1
	}
	ab.listDetails()
	if start != nil {
		err = ab.b.Edit(start)
	} else {
		err = ab.b.ChooseList(ab.ids[0])
	}
	if err != nil {
		return nil, err
	}
	ab.sync()
	ab.markKept()
	return ab, nil
}

// listDetails writes the lists' second lines: home country, foes, and
// whether the list can make a legal army at the budget (army.Feasible).
func (ab *ArmyBuilder) listDetails() {
	ab.lists.Items, ab.lists.Detail = nil, nil
	for _, id := range ab.ids {
		l, _ := ab.b.Cat.List(id)
		ab.lists.Items = append(ab.lists.Items, l.Name)
		detail := "home: " + l.Home
		if len(l.Enemies) > 0 {
			var foes []string
			for _, id := range l.Enemies {
				if o, ok := ab.b.Cat.List(id); ok {
					foes = append(foes, o.Name)
				}
			}
			detail += "  ·  foes: " + strings.Join(foes, ", ")
		}
		if !army.Feasible(l, ab.b.Budget) {
			detail = fmt.Sprintf("no legal %d AP army  ·  ", ab.b.Budget) + detail
		}
		ab.lists.Detail = append(ab.lists.Detail, detail)
	}
}

// askChoose starts a new army of list id, asking first if the army in
// hand has changes not saved; "Not yet" keeps the list it had.
func (ab *ArmyBuilder) askChoose(a *App, id string) {
	ab.lists.Selected = ab.lastList
	l, _ := ab.b.Cat.List(id)
	ab.ask(a, fmt.Sprintf("Start a new army of %s?", l.Name), "Start anew", func() {
		if err := ab.b.ChooseList(id); err != nil {
			ab.tell(a, err.Error(), true)
		} else {
			ab.tell(a, "A new army of "+l.Name+": each entry's fewest elements", false)
		}
		ab.sync()
		ab.markKept()
		ab.scroll.Off = 0
	})
}

// ask does act at once if the army has no changes not saved, and asks
// first if it has: they would be lost.
func (ab *ArmyBuilder) ask(a *App, question, yes string, act func()) {
	if !ab.unsaved() {
		act()
		return
	}
	a.Push(NewConfirm(a, fmt.Sprintf("%s The changes to “%s” not saved will be lost.", question, ab.b.Army().Name), yes, act))
}

// markKept notes the army as it stands as kept (saved, loaded or just
// begun): leaving it as it is loses nothing.
func (ab *ArmyBuilder) markKept() { ab.kept, _ = ab.b.Data() }

// unsaved reports whether the army changed since it was last kept.
func (ab *ArmyBuilder) unsaved() bool {
	d, _ := ab.b.Data()
	return string(d) != string(ab.kept)
}

// leave goes back, asking first if the army has changes not saved.
func (ab *ArmyBuilder) leave(a *App) {
	ab.ask(a, "Leave the builder?", "Leave", func() {
		if a.Top() == ab {
			a.Pop()
		}
	})
}

// Armies is the player's store of armies.
func (a *App) Armies() *store.Armies { return &store.Armies{S: a.storage.Armies} }

// sync remakes the widgets from the model after a change of its shape
// (a list chosen, an element added or taken, an army loaded).
func (ab *ArmyBuilder) sync() {
	l := ab.b.List()
	ab.lists.Selected = max(0, indexOf(ab.ids, l.ID))
	ab.lastList = ab.lists.Selected
	ab.showSelected = true
	arm := ab.b.Army()
	ab.name.Text = arm.Name
	ab.strong.Text, ab.strong.Placeholder = ab.b.StrongholdName(), l.Stronghold.Name
	ab.entries = make([]entryWidgets, len(l.Entries))
	for k := range ab.entries {
		ab.entries[k] = entryWidgets{
			minus: ui.Button{Label: "−", Small: true},
			plus:  ui.Button{Label: "+", Small: true},
		}
	}
	ab.elems = make([]elementWidgets, ab.b.Len())
	for i := range ab.elems {
		ew := &ab.elems[i]
		ew.name = ui.TextField{Text: arm.Elements[i].Name, Placeholder: ab.b.OptionOf(i).Name, MaxLen: army.MaxName}
		ew.general = ui.Checkbox{Label: "General", Short: "Gen.", Checked: arm.Elements[i].General}
		for j, o := range ab.b.Options(i) {
			ew.types.Options = append(ew.types.Options, o.Type)
			if o.Type == ab.b.TypeOf(i) {
				ew.types.Selected = j
			}
		}
	}
}

func indexOf(ids []string, id string) int {
	for i, s := range ids {
		if s == id {
			return i
		}
	}
	return -1
}

// tell shows a file operation's outcome under the buttons, and as a toast.
func (ab *ArmyBuilder) tell(a *App, msg string, bad bool) {
	ab.said, ab.saidBad = msg, bad
	clr := ui.Good
	if bad {
		clr = ui.Bad
	}
	a.Toast(msg, clr)
}

// showing reports whether column c (0 the list, 1 the elements, 2 the
// check) is on the screen.
func (ab *ArmyBuilder) showing(c int) bool { return !ab.narrow || ab.tabs.Selected == c }

// Update handles the screen.
func (ab *ArmyBuilder) Update(a *App, f *input.Frame) error {
	ab.layout(a)
	select {
	case u := <-ab.uploads:
		ab.importData(a, u.name, u.data)
	default:
	}
	var fields []*ui.TextField
	if ab.showing(1) {
		ab.scroll.Update(f, 60*a.Theme.Scale)
		ab.layout(a)
		ab.updateElements(f, &fields)
	}
	if ab.name.Update(f) {
		ab.b.SetName(ab.name.Text)
	}
	fields = append(fields, &ab.name)
	if ab.narrow {
		ab.tabs.Update(f)
	}
	// The check's tab says how many problems it lists.
	ab.tabs.Options[2] = "Check"
	if n := len(ab.b.Report().Problems); n > 0 {
		ab.tabs.Options[2] = fmt.Sprintf("Check · %d", n)
	}
	if ab.budget.Update(f) {
		ab.b.SetBudget(budgets[ab.budget.Selected])
		ab.listDetails()
	}
	if ab.showing(0) {
		ab.lists.Update(f)
		if ab.lists.Selected != ab.lastList && ab.lists.Selected < len(ab.ids) {
			ab.askChoose(a, ab.ids[ab.lists.Selected])
		}
		if ab.ready.Update(f) {
			ab.ask(a, "Start again from the ready-made army?", "Start again", func() {
				if err := ab.b.StartReady(ab.b.List().ID); err != nil {
					ab.tell(a, err.Error(), true)
				}
				ab.sync()
				ab.markKept()
			})
		}
	}
	if ab.showing(2) {
		ab.updateFiles(a, f)
	}
	typing := oneFocused(&ab.typing, fields)
	if typing {
		ab.use.Key, ab.back.Key = 0, 0 // Enter and Escape finish typing first
	} else {
		ab.use.Key, ab.back.Key = keyOfCmd(control.CmdConfirm), keyOfCmd(control.CmdBack)
	}
	if ab.back.Update(f) {
		ab.leave(a)
		return nil
	}
	if ab.use.Update(f) {
		ab.useArmy(a)
	}
	return nil
}

// oneFocused leaves the focus with one field at most: the one that took
// it this frame, rather than *prev, the one focused before (a click is
// consumed by the field it lands on, so the other never saw it). It
// reports whether a field has the focus.
func oneFocused(prev **ui.TextField, fields []*ui.TextField) bool {
	var keep *ui.TextField
	for _, t := range fields {
		if t.Focused && (keep == nil || keep == *prev) {
			keep = t
		}
	}
	for _, t := range fields {
		if t.Focused && t != keep {
			t.Blur()
		}
	}
	*prev = keep
	return keep != nil
}

// updateElements handles the entries' counts and the elements' widgets,
// those wholly in view.
func (ab *ArmyBuilder) updateElements(f *input.Frame, fields *[]*ui.TextField) {
	changed := false
	for k := range ab.entries {
		ew := &ab.entries[k]
		ew.minus.Disabled, ew.plus.Disabled = !ab.b.CanRemove(k), !ab.b.CanAdd(k)
		mr, pr := ew.minus.Rect, ew.plus.Rect
		ew.minus.Rect, ew.plus.Rect = ab.scroll.hide(mr), ab.scroll.hide(pr)
		if ew.minus.Update(f) {
			ab.b.Remove(k)
			changed = true
		}
		if ew.plus.Update(f) {
			ab.b.Add(k)
			changed = true
		}
		ew.minus.Rect, ew.plus.Rect = mr, pr
	}
	if changed {
		ab.sync()
		return
	}
	for i := range ab.elems {
		ew := &ab.elems[i]
		nr, gr, tr := ew.name.Rect, ew.general.Rect, ew.types.Rect
		ew.name.Rect, ew.general.Rect, ew.types.Rect = ab.scroll.hide(nr), ab.scroll.hide(gr), ab.scroll.hide(tr)
		if ew.name.Update(f) {
			ab.b.Rename(i, ew.name.Text)
		}
		*fields = append(*fields, &ew.name)
		if ab.b.CanBeGeneral(i) && ew.general.Update(f) {
			ab.b.SetGeneral(i)
			for j := range ab.elems {
				ab.elems[j].general.Checked = ab.b.Element(j).General
			}
		}
		if len(ew.types.Options) > 1 && ew.types.Update(f) {
			ab.b.SetType(i, ew.types.Options[ew.types.Selected])
			ew.name.Placeholder = ab.b.OptionOf(i).Name
		}
		ew.name.Rect, ew.general.Rect, ew.types.Rect = nr, gr, tr
	}
	sr := ab.strong.Rect
	ab.strong.Rect = ab.scroll.hide(sr)
	if ab.strong.Update(f) {
		ab.b.SetStronghold(ab.strong.Text)
	}
	ab.strong.Rect = sr
	*fields = append(*fields, &ab.strong)
}

// useArmy hands the army to the screen that opened the builder, saving
// it first if it is named (ruling A13), so that it is offered again.
func (ab *ArmyBuilder) useArmy(a *App) {
	arm := ab.b.Army()
	if rep := ab.b.Report(); !rep.OK() {
		ab.tell(a, "This army cannot fight yet: "+ab.b.Words()[0], true)
		return
	}
	if ab.armies.S != nil {
		if _, err := ab.b.Save(ab.armies); err != nil {
			ab.tell(a, "Not saved: "+err.Error(), true)
			return
		}
	}
	a.Pop()
	if ab.done != nil {
		ab.done(a, &armybuild.Pick{List: ab.b.List(), Army: arm}, ab.b.Budget)
	}
}

// layout places the columns: three side by side on a wide screen, one
// at a time under tabs on a narrow one.
func (ab *ArmyBuilder) layout(a *App) {
	th := a.Theme
	s := th.Scale
	ab.narrow = a.W < 1100*s
	ab.panel = ui.R(8*s, 8*s, a.W-16*s, a.H-16*s)
	pad := 20 * s
	if ab.narrow {
		pad = 12 * s
	}
	inner := ab.panel.Inset(pad)
	bh := math.Max(46*s, th.TargetPx())
	fh := math.Max(40*s, th.TargetPx())
	// The heading, then the name and the budget.
	_, inner = inner.CutTop(40*s, 0)
	top, inner := inner.CutTop(fh, 12*s)
	bw := math.Min(220*s, top.W*0.4)
	ab.budget.Rect, ab.name.Rect = ui.Rect{}, ui.Rect{}
	var nameR ui.Rect
	nameR, ab.budget.Rect = top.CutLeft(top.W-bw, 12*s)
	ab.name.Rect = nameR
	bottom, inner := inner.CutBottom(bh, 12*s)
	uw := math.Max(ab.use.Need(th), 200*s)
	if ab.narrow {
		uw = bottom.W/2 - 6*s
	}
	ab.use.Rect = ui.R(bottom.Right()-uw, bottom.Y, uw, bh)
	ab.back.Rect = ui.R(bottom.X, bottom.Y, math.Min(uw, 160*s), bh)
	if ab.narrow {
		ab.back.Rect.W = uw
		var tabs ui.Rect
		tabs, inner = inner.CutTop(math.Max(40*s, th.TargetPx()), 8*s)
		ab.tabs.Rect = tabs
		// The totals stay in view under the tabs while the list or the
		// elements are shown (the check shows them at length).
		if ab.tabs.Selected != 2 {
			_, inner = inner.CutTop(ab.totalsHeight(a, inner.W), 8*s)
		}
		ab.cols = [3]ui.Rect{inner, inner, inner}
	} else {
		ab.tabs.Rect = ui.Rect{}
		left, rest := inner.CutLeft(math.Min(320*s, inner.W*0.26), 20*s)
		mid, right := rest.CutLeft(rest.W-math.Min(340*s, rest.W*0.32), 20*s)
		ab.cols = [3]ui.Rect{left, mid, right}
	}
	ab.layoutList(a)
	ab.layoutElements(a)
	ab.layoutFiles(a)
}

// layoutList places the lists and the ready-made button under them.
func (ab *ArmyBuilder) layoutList(a *App) {
	th := a.Theme
	s := th.Scale
	c := ab.cols[0]
	ab.lists.RowH = 52 * s
	h := math.Max(44*s, th.TargetPx())
	ab.lists.Rect = ui.R(c.X, c.Y+24*s, c.W, math.Max(3*ab.lists.RowH, (c.H-24*s)*0.5))
	ab.ready.Rect = ui.R(c.X, ab.lists.Rect.Bottom()+10*s, c.W, h)
	if ab.showSelected && ab.lists.Rect.H > 0 {
		// The list chosen in view, a row from the top if it can be.
		ab.showSelected = false
		rh := ab.lists.RowH
		top := float64(ab.lists.Selected) * rh
		if top < ab.lists.Scroll || top+rh > ab.lists.Scroll+ab.lists.Rect.H {
			ab.lists.Scroll = math.Max(0, math.Min(top-rh, float64(len(ab.ids))*rh-ab.lists.Rect.H))
		}
	}
}

// layoutFiles places the file buttons at the foot of the check column.
func (ab *ArmyBuilder) layoutFiles(a *App) {
	th := a.Theme
	s := th.Scale
	c := ab.cols[2]
	h := math.Max(40*s, th.TargetPx())
	if !ab.narrow && c.H < 360*s {
		// A short window (a phone on its side): the four go into the
		// bottom row between Back and Use, leaving the column to the
		// problems.
		x0, x1 := ab.back.Rect.Right()+24*s, ab.use.Rect.X-24*s
		row := ui.R(x0, ab.back.Rect.Y, x1-x0, ab.back.Rect.H).Cols(4, 10*s)
		ab.save.Rect, ab.load.Rect, ab.imp.Rect, ab.exp.Rect = row[0], row[1], row[2], row[3]
		return
	}
	grid := ui.R(c.X, c.Bottom()-2*h-10*s-24*s, c.W, 2*h+10*s)
	rows := grid.Rows(2, 10*s)
	top, bot := rows[0].Cols(2, 10*s), rows[1].Cols(2, 10*s)
	ab.save.Rect, ab.load.Rect, ab.imp.Rect, ab.exp.Rect = top[0], top[1], bot[0], bot[1]
}
