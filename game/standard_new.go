package game

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/army"
	"pelennor/game/armybuild"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
)

// StandardNew starts a standard battle (RULES.md §13, issue 12 §3): each
// player in turn names themselves and picks an army, one of the
// ready-made armies or one of their own, or builds one; then to battle.
type StandardNew struct {
	cat    *army.Catalog
	offers []armybuild.Offer
	picks  [2]*armybuild.Pick
	seat   int // whose pick it is
	list   ui.List
	names  [2]ui.TextField
	seats  [2]ui.Button // a player's block: press to pick for them
	who    [2]ui.Choice // each player a person or the computer at a level (standard_computer.go)
	budget ui.Choice
	duel   duelToggle // the optional heroic duel (setup_duel.go)
	build  ui.Button
	edit   ui.Button
	next   ui.Button
	back   ui.Button
	narrow bool
	panel  ui.Rect
	left   ui.Rect
	right  ui.Rect
	typing *ui.TextField
	// shownAP is the budget the offers' lines were written for.
	shownAP int
	preset  StandardPreset
}

// StandardPreset is what a standard battle started for someone else (a
// tournament's pairing) comes with: names that cannot be changed there,
// the armies to preselect, a budget that cannot be changed, and what to
// do with the match before it opens.
type StandardPreset struct {
	Names  [2]string   // by side; "" leaves the field to type in
	Armies [2]string   // by side: an army's name or a list's id (N44); "" or unmatched: the player picks
	AP     int         // 24 or 36; 0 leaves the choice
	Title  string      // the screen's title; "" for the usual one
	Seats  [2]SeatSpec // by side: who plays (a person, or the computer so)
	// HeroicDuel starts the heroic duel's box ticked (chosen on the
	// screen before); it can still be changed here.
	HeroicDuel bool
	// NoDuel offers no heroic duel: a tournament's games are fought to
	// HOTT's rules alone (ruling H2).
	NoDuel  bool
	Started func(a *App, m *Match)
}

// budgets are the AP a standard army may be worth: 24, or a tournament's 36.
var budgets = []int{army.Standard, army.Tournament}

// NewStandardNew returns the screen.
func NewStandardNew(a *App) (*StandardNew, error) {
	cat, err := army.Builtin()
	if err != nil {
		return nil, err
	}
	sn := &StandardNew{cat: cat,
		budget: ui.Choice{Options: []string{"24 AP", "36 AP (tournament)"}},
		duel:   newDuelToggle(),
		build:  ui.Button{Label: "Build a new army…", Short: "Build…"},
		edit:   ui.Button{Label: "Change this army…", Short: "Change…"},
		next:   keyed(ui.Button{Label: "To Battle", Primary: true}, control.CmdConfirm),
		back:   keyed(ui.Button{Label: "Back"}, control.CmdBack),
	}
	for i := range sn.names {
		sn.names[i] = ui.TextField{Text: typedName(a.Opts.Names[i], i), Placeholder: defaultNames[i], MaxLen: 24}
		sn.who[i] = ui.Choice{Options: whoOptions}
	}
	sn.refresh(a)
	return sn, nil
}

// NewStandardNewFor returns the screen with a preset: the names and the
// budget fixed, each army matched (N44) taken for its player, and the
// first player without one choosing.
func NewStandardNewFor(a *App, p StandardPreset) (*StandardNew, error) {
	if p.AP != 0 && !slices.Contains(budgets, p.AP) {
		return nil, fmt.Errorf("armies of %d AP: a standard battle's are of %d or %d", p.AP, budgets[0], budgets[1])
	}
	sn, err := NewStandardNew(a)
	if err != nil {
		return nil, err
	}
	sn.preset = p
	sn.duel.box.Checked = p.HeroicDuel
	for i, seat := range p.Seats {
		sn.who[i].Selected = whoOf(seat)
		if seat.Computer != nil && p.Names[i] == "" {
			sn.names[i].Text = "" // named after its level when it starts
		}
	}
	if p.AP != 0 {
		sn.budget.Selected = slices.Index(budgets, p.AP)
		sn.details(a)
	}
	for i, name := range p.Names {
		if name != "" {
			sn.names[i].Text = name
		}
	}
	for i, want := range p.Armies {
		if o, ok := matchOffer(sn.cat, sn.offers, want); ok {
			sn.seat = i
			sn.take(a, o)
		}
	}
	sn.seat = 0
	if sn.picks[0] != nil && sn.picks[1] == nil {
		sn.seat = 1
	}
	sn.showPick()
	return sn, nil
}

// matchOffer finds the offer a tournament player's "army" names (N44):
// trimmed and case aside, an army's name (the player's stored armies
// first, then the ready-made ones), else a list's id, else a list's
// name, for that list's ready-made army. A stored file that cannot be
// read is never matched.
func matchOffer(cat *army.Catalog, offers []armybuild.Offer, want string) (int, bool) {
	want = strings.TrimSpace(want)
	if want == "" {
		return 0, false
	}
	tests := []func(o armybuild.Offer) bool{
		func(o armybuild.Offer) bool { return o.Err == nil && strings.EqualFold(o.Label, want) },
		func(o armybuild.Offer) bool { return o.Ready != "" && strings.EqualFold(o.Ready, want) },
		func(o armybuild.Offer) bool {
			l, ok := cat.List(o.Ready)
			return o.Ready != "" && ok && strings.EqualFold(l.Name, want)
		},
	}
	for _, match := range tests {
		if i := slices.IndexFunc(offers, match); i >= 0 {
			return i, true
		}
	}
	return 0, false
}

func (sn *StandardNew) budgetAP() int { return budgets[sn.budget.Selected] }

// refresh lists the offers again (after an army was built or saved).
func (sn *StandardNew) refresh(a *App) {
	stored, err := a.Armies().List()
	if err != nil {
		a.Toast("Your armies cannot be read: "+err.Error(), ui.Bad)
	}
	sn.offers = armybuild.Offers(sn.cat, stored)
	sn.list.Items = nil
	for _, o := range sn.offers {
		sn.list.Items = append(sn.list.Items, o.Label)
	}
	sn.details(a)
	sn.showPick()
}

// details writes the offers' second lines: a stored army that cannot
// fight at the budget says so, in red (army.Validate's verdict).
func (sn *StandardNew) details(a *App) {
	sn.list.Detail, sn.list.DetailColour = nil, nil
	for _, o := range sn.offers {
		detail := o.Detail
		var clr color.Color
		if o.File != "" && o.Err == nil {
			if p, err := armybuild.Take(sn.cat, a.Armies(), o); err == nil {
				if rep := p.Report(sn.budgetAP()); !rep.OK() {
					detail += fmt.Sprintf("  ·  not ready: %d AP, %d to put right", rep.AP, len(rep.Problems))
					clr = ui.Bad
				}
			}
		}
		if o.Err != nil {
			clr = ui.Bad
		}
		sn.list.Detail = append(sn.list.Detail, detail)
		sn.list.DetailColour = append(sn.list.DetailColour, clr)
	}
	sn.shownAP = sn.budgetAP()
}

// showPick selects the row of the army the player choosing has, if it is
// one of the offers.
func (sn *StandardNew) showPick() {
	sn.list.Selected = -1
	p := sn.picks[sn.seat]
	if p == nil {
		return
	}
	for i, o := range sn.offers {
		if o.Ready != "" && o.Ready == p.Army.List && sn.cat != nil {
			if ra, ok := sn.cat.Army(o.Ready); ok && ra.Name == p.Army.Name {
				sn.list.Selected = i
				return
			}
		}
		if o.File != "" && o.Label == p.Army.Name {
			sn.list.Selected = i
			return
		}
	}
}

// take gives the offer chosen to the player whose pick it is.
func (sn *StandardNew) take(a *App, i int) {
	p, err := armybuild.Take(sn.cat, a.Armies(), sn.offers[i])
	if err != nil {
		a.Toast("Cannot take this army: "+firstLine(err.Error()), ui.Bad)
		return
	}
	sn.picks[sn.seat] = p
}

// open builds an army for the player whose pick it is, from start (nil:
// a new one).
func (sn *StandardNew) open(a *App, start *army.Army) {
	seat := sn.seat
	ab, err := NewArmyBuilder(a, sn.budgetAP(), start, func(a *App, p *armybuild.Pick, budget int) {
		// The army was built for a budget: the battle is fought at it.
		sn.picks[seat] = p
		for i, b := range budgets {
			if b == budget && sn.preset.AP == 0 {
				sn.budget.Selected = i
			}
		}
		sn.refresh(a)
	})
	if err != nil {
		a.Toast(err.Error(), ui.Bad)
		return
	}
	a.Push(ab)
}

// legal reports whether seat i's army may fight at the budget.
func (sn *StandardNew) legal(i int) bool {
	if sn.picks[i] == nil {
		return false
	}
	rep := sn.picks[i].Report(sn.budgetAP())
	return rep.OK()
}

// Update handles the screen.
func (sn *StandardNew) Update(a *App, f *input.Frame) error {
	sn.layout(a)
	for i := range sn.names {
		if sn.preset.Names[i] == "" { // a preset name is not typed over
			sn.names[i].Update(f)
		}
	}
	typing := oneFocused(&sn.typing, []*ui.TextField{&sn.names[0], &sn.names[1]})
	for i := range sn.who {
		sn.who[i].Update(f)
	}
	sn.namePlaceholders()
	for i := range sn.seats {
		if sn.seats[i].Update(f) || sn.names[i].Focused && sn.seat != i {
			// Pressing a player's block, or typing their name, makes
			// it their pick.
			sn.seat = i
			sn.showPick()
		}
	}
	if sn.list.Update(f) && sn.list.Selected >= 0 {
		sn.take(a, sn.list.Selected)
	}
	if sn.preset.AP == 0 {
		sn.budget.Update(f)
	}
	sn.duel.update(f)
	if sn.shownAP != sn.budgetAP() {
		sn.details(a)
	}
	if sn.build.Update(f) {
		sn.open(a, nil)
		return nil
	}
	sn.edit.Disabled = sn.picks[sn.seat] == nil
	if sn.edit.Update(f) {
		cp := *sn.picks[sn.seat].Army
		sn.open(a, &cp)
		return nil
	}
	if typing {
		sn.next.Key, sn.back.Key = 0, 0
	} else {
		sn.next.Key, sn.back.Key = keyOfCmd(control.CmdConfirm), keyOfCmd(control.CmdBack)
	}
	if sn.back.Update(f) {
		a.Pop()
		return nil
	}
	// The first player picks, then the second; then to battle.
	first := sn.seat == 0 && sn.picks[1] == nil
	sn.next.Label, sn.next.Short = "To Battle", ""
	if first {
		sn.next.Label, sn.next.Short = "Next: the second player", "Next player"
		sn.next.Disabled = sn.picks[0] == nil
	} else {
		sn.next.Disabled = !sn.legal(0) || !sn.legal(1)
	}
	if !sn.next.Update(f) {
		return nil
	}
	if first {
		sn.seat = 1
		sn.showPick()
		return nil
	}
	sn.start(a)
	return nil
}

// start builds the standard battle's scenario and opens the match.
func (sn *StandardNew) start(a *App) {
	battle := armybuild.Battle
	if sn.duel.box.Checked {
		battle = armybuild.DuelBattle // the heroes named, and the ruling (TA28)
	}
	sc, err := battle(sn.picks, sn.budgetAP())
	if err != nil {
		a.Toast("Cannot start: "+firstLine(err.Error()), ui.Bad)
		return
	}
	names := [2]string{strings.TrimSpace(sn.names[0].Text), strings.TrimSpace(sn.names[1].Text)}
	if sn.preset.Names == ([2]string{}) {
		a.Opts.Names = names // remembered for the next game; a tournament's are its own
	}
	for i := range names {
		if names[i] == "" {
			names[i] = defaultNames[i]
		}
	}
	seed := a.Opts.Seed
	if seed == 0 {
		seed = ClockSeed()
	}
	seats := sn.seatSpecs()
	for i, s := range seats {
		if s.Computer != nil && strings.TrimSpace(sn.names[i].Text) == "" {
			names[i] = computerName(*s.Computer)
		}
	}
	m, err := NewMatchWith(sc, seed, names, Choices{HeroicDuel: sn.duel.box.Checked})
	if err != nil {
		a.Toast("Cannot start: "+err.Error(), ui.Bad)
		return
	}
	m.Seat(seats)
	if sn.preset.Started != nil {
		sn.preset.Started(a, m)
	}
	a.Reset(OpenMatch(a, m))
}

// layout: the armies on the left and the players on the right; one
// column on a narrow screen, the list over the players.
func (sn *StandardNew) layout(a *App) {
	th := a.Theme
	s := th.Scale
	sn.narrow = a.W < 760*s
	bh := math.Max(50*s, th.TargetPx())
	fh := math.Max(40*s, th.TargetPx())
	sn.list.RowH = 56 * s
	if sn.narrow {
		sn.panel = ui.R(8*s, 8*s, a.W-16*s, a.H-16*s)
	} else {
		pw, ph := min(a.W-80*s, 1220*s), min(a.H-40*s, 720*s)
		sn.panel = ui.R(a.W/2-pw/2, math.Max(20*s, a.H/2-ph/2), pw, ph)
	}
	pad := 28 * s
	if sn.narrow {
		pad = 16 * s
	}
	inner := sn.panel.Inset(pad)
	_, inner = inner.CutTop(44*s, 0)
	bottom, inner := inner.CutBottom(bh, 14*s)
	bw := math.Max(220*s, sn.next.Need(th))
	nw := math.Max(150*s, sn.back.Need(th))
	if sn.narrow {
		bw = (bottom.W - 12*s) * 0.6
		nw = bottom.W - 12*s - bw
	}
	sn.next.Rect = ui.R(bottom.Right()-bw, bottom.Y, bw, bh)
	sn.back.Rect = ui.R(sn.next.Rect.X-12*s-nw, bottom.Y, nw, bh)
	// The players: each a name field over their army, then the budget
	// and the builder's buttons.
	seatH := 22*s + fh + 8*s + 2*ui.LineHeight(th.Small()) + 14*s + fh + 8*s
	duelH := 10*s + duelToggleH(th)
	if sn.preset.NoDuel {
		duelH = 0
	}
	rightH := 2*seatH + 16*s + 26*s + fh + duelH + 14*s + fh
	if sn.narrow {
		sn.right = ui.R(inner.X, inner.Bottom()-rightH, inner.W, rightH)
		sn.left = ui.R(inner.X, inner.Y, inner.W, math.Max(0, sn.right.Y-16*s-inner.Y))
	} else {
		sn.left, sn.right = inner.CutLeft(inner.W*0.52, 30*s)
	}
	listH := sn.left.H - 26*s
	if !sn.narrow {
		listH -= 5*ui.LineHeight(th.Face(fontItalic, 14)) + 10*s
	}
	sn.list.Rect = ui.R(sn.left.X, sn.left.Y+26*s, sn.left.W, math.Max(sn.list.RowH, listH))
	y := sn.right.Y
	for i := range sn.seats {
		sn.seats[i].Rect = ui.R(sn.right.X, y, sn.right.W, seatH)
		sn.names[i].Rect = ui.R(sn.right.X+12*s, y+30*s, sn.right.W-24*s, fh)
		sn.who[i].Rect = ui.R(sn.right.X+12*s, y+seatH-fh-10*s, sn.right.W-24*s, fh)
		y += seatH + 8*s
	}
	y += 8 * s
	sn.budget.Rect = ui.R(sn.right.X, y+22*s, sn.right.W, fh)
	y += 22*s + fh
	if sn.preset.NoDuel {
		sn.duel.hide()
	} else {
		y = sn.duel.place(th, sn.right.X, y+10*s, sn.right.W)
	}
	y += 14 * s
	row := ui.R(sn.right.X, y, sn.right.W, fh)
	if !sn.narrow && row.Bottom() > sn.right.Bottom() {
		// A short window (a phone on its side): the builder's buttons
		// go into the bottom row, left of Back.
		row = ui.R(bottom.X, bottom.Y, sn.back.Rect.X-16*s-bottom.X, bh)
	}
	cols := row.Cols(2, 12*s)
	sn.build.Rect, sn.edit.Rect = cols[0], cols[1]
}

// Draw draws the screen.
func (sn *StandardNew) Draw(a *App, dst *ebiten.Image) {
	sn.layout(a)
	th := a.Theme
	s := th.Scale
	theBackdrop.draw(dst)
	ui.Panel(dst, th, sn.panel)
	title := "A standard battle"
	if sn.preset.Title != "" {
		title = ui.Ellipsis(sn.preset.Title, th.Face(fontSmallCaps, 24), sn.panel.W-2*(sn.left.X-sn.panel.X))
	}
	ui.Text(dst, title, th.Face(fontSmallCaps, 24), sn.left.X, sn.panel.Y+22*s, ui.GoldBright, ui.Left)
	label := th.Face(fontBold, 13)
	who := []string{"FIRST", "SECOND"}[sn.seat]
	ui.Text(dst, "ARMIES  ·  THE "+who+" PLAYER CHOOSES", label, sn.left.X, sn.left.Y, ui.Gold, ui.Left)
	sn.list.Draw(dst, th)
	if !sn.narrow {
		sn.drawOffer(a, dst, ui.R(sn.left.X, sn.list.Rect.Bottom()+10*s, sn.left.W, sn.left.Bottom()-sn.list.Rect.Bottom()-10*s))
	}
	for i := range sn.seats {
		sn.drawSeat(a, dst, i)
	}
	ui.Text(dst, "ARMIES OF", label, sn.budget.Rect.X, sn.budget.Rect.Y-22*s, ui.Gold, ui.Left)
	sn.budget.Draw(dst, th)
	sn.duel.draw(dst, th)
	sn.build.Draw(dst, th)
	sn.edit.Draw(dst, th)
	sn.back.Draw(dst, th)
	sn.next.Draw(dst, th)
}

// drawOffer describes the army under the pointer's choice: its list's
// description and home country.
func (sn *StandardNew) drawOffer(a *App, dst *ebiten.Image, r ui.Rect) {
	p := sn.picks[sn.seat]
	th := a.Theme
	f := th.Face(fontItalic, 14)
	var text string
	switch {
	case p == nil:
		text = fmt.Sprintf("Pick an army for the %s player: one ready to fight, or one of your own. Build a new army… makes one from any of the %d lists; Change this army… starts from the one picked.",
			[]string{"first", "second"}[sn.seat], len(sn.cat.IDs()))
	case p.Army.Description != "":
		text = p.Army.Description
	default:
		text = p.List.Description
	}
	y := r.Y
	for _, l := range ui.Wrap(text, f, r.W) {
		if y+ui.LineHeight(f) > r.Bottom() {
			break
		}
		ui.Text(dst, l, f, r.X, y, ui.ParchDim, ui.Left)
		y += ui.LineHeight(f)
	}
}

// drawSeat draws a player's block: their name and their army, with
// whether it may fight at the budget.
func (sn *StandardNew) drawSeat(a *App, dst *ebiten.Image, i int) {
	th := a.Theme
	s := th.Scale
	r := sn.seats[i].Rect
	edge, fill := ui.SteelEdge, ui.Steel
	if i == sn.seat {
		edge = ui.Gold
	}
	ui.RoundRect(dst, r, 6*s, fill, edge, 1.5*s)
	label := th.Face(fontBold, 13)
	title := []string{"FIRST PLAYER", "SECOND PLAYER"}[i]
	if i == sn.seat {
		title += "  ·  choosing"
	}
	ui.Text(dst, title, label, r.X+12*s, r.Y+8*s, ui.Gold, ui.Left)
	sn.names[i].Draw(dst, th)
	y := sn.names[i].Rect.Bottom() + 8*s
	small, strong := th.Small(), th.Strong()
	w := r.W - 24*s
	p := sn.picks[i]
	if p == nil {
		ui.Text(dst, "No army yet: pick one, or build one", small, r.X+12*s, y, ui.ParchFaint, ui.Left)
		sn.who[i].Draw(dst, th)
		return
	}
	ui.Text(dst, ui.Ellipsis(p.Army.Name, strong, w), strong, r.X+12*s, y, ui.Parchment, ui.Left)
	y += ui.LineHeight(strong)
	rep := p.Report(sn.budgetAP())
	line, clr := fmt.Sprintf("%s  ·  %d elements  ·  %d AP  ·  ready to fight", p.List.Name, len(rep.Elements), rep.AP), ui.Good
	if !rep.OK() {
		b := armybuild.New(sn.cat, sn.budgetAP())
		if err := b.Edit(p.Army); err == nil && len(b.Words()) > 0 {
			line, clr = b.Words()[0], ui.Bad
		}
	}
	ui.Text(dst, ui.Ellipsis(line, small, w), small, r.X+12*s, y, clr, ui.Left)
	sn.who[i].Draw(dst, th)
}
