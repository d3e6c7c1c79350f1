package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/army"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/ui"
)

// rowRect is the rectangle of row i of a list, as laid out.
func rowRect(l *ui.List, i int) ui.Rect {
	return ui.R(l.Rect.X, l.Rect.Y+float64(i)*l.RowH-l.Scroll, l.Rect.W, l.RowH)
}

// TestStandardBattleFromTitle plays the way in with scripted input: the
// title's New Standard Battle, the first player takes a ready-made army,
// the second builds one (a list, its ready-made start, an alternative
// chosen and chosen back, a name typed), uses it, and the battle starts
// on a standard scenario of the two armies with the players' names.
func TestStandardBattleFromTitle(t *testing.T) {
	a, script := app(t, Options{Names: [2]string{"Éowyn", "Gothmog"}})
	script.Add(input.Tap(0, ebiten.KeyB)...)
	ebitest.Run(t, a, 4)
	sn, ok := a.Top().(*StandardNew)
	if !ok {
		t.Fatalf("the title's B opened %T", a.Top())
	}
	if sn.names[0].Text != "Éowyn" || sn.names[1].Placeholder != "Player 2" {
		t.Errorf("name fields %q, %q", sn.names[0].Text, sn.names[1].Placeholder)
	}
	if !sn.next.Disabled {
		t.Error("Next is enabled with no army picked")
	}
	clickOn(t, a, script, rowRect(&sn.list, 0))
	if sn.picks[0] == nil || sn.picks[0].List.ID != sn.cat.IDs()[0] {
		t.Fatalf("the first player's pick: %+v", sn.picks[0])
	}
	clickOn(t, a, script, sn.next.Rect)
	if sn.seat != 1 {
		t.Fatalf("after Next, seat %d chooses", sn.seat)
	}
	clickOn(t, a, script, sn.build.Rect)
	ab, ok := a.Top().(*ArmyBuilder)
	if !ok {
		t.Fatalf("Build opened %T", a.Top())
	}
	// The second list, then its ready-made army.
	clickOn(t, a, script, rowRect(&ab.lists, 1))
	if got := ab.b.List().ID; got != sn.cat.IDs()[1] {
		t.Fatalf("list %q chosen", got)
	}
	clickOn(t, a, script, ab.ready.Rect)
	if rep := ab.b.Report(); !rep.OK() {
		t.Fatalf("the ready-made army: %v", ab.b.Words())
	}
	// An element with alternatives: choose its second type, the AP
	// follows army.Validate; then back.
	el := -1
	for i := range ab.elems {
		if len(ab.elems[i].types.Options) > 1 && ab.scroll.visible(ab.elems[i].types.Rect) {
			el = i
			break
		}
	}
	if el < 0 {
		t.Fatal("no element with alternatives in view")
	}
	before := ab.b.Report().AP
	clickOn(t, a, script, ab.elems[el].types.Segment(1))
	opt := ab.elems[el].types.Options[1]
	if ab.b.TypeOf(el) != opt {
		t.Fatalf("element %d is %s, not %s", el, ab.b.TypeOf(el), opt)
	}
	want := army.Validate(ab.b.List(), ab.b.Army(), army.Standard)
	if ab.b.Report().AP != want.AP {
		t.Errorf("AP %d, Validate says %d", ab.b.Report().AP, want.AP)
	}
	clickOn(t, a, script, ab.elems[el].types.Segment(0))
	if ab.b.Report().AP != before {
		t.Errorf("chosen back, AP %d, was %d", ab.b.Report().AP, before)
	}
	// A name: select the old one and type over it.
	clickOn(t, a, script, ab.name.Rect)
	script.Add(input.Event{Kind: input.KeyDown, Key: ebiten.KeyControlLeft}, input.Event{At: 1, Kind: input.KeyDown, Key: ebiten.KeyA},
		input.Event{At: 2, Kind: input.KeyUp, Key: ebiten.KeyA}, input.Event{At: 3, Kind: input.KeyUp, Key: ebiten.KeyControlLeft},
		input.Event{At: 4, Kind: input.Type, Text: "The Bowmen of Dale"}, input.Event{At: 6, Kind: input.KeyDown, Key: ebiten.KeyEnter},
		input.Event{At: 7, Kind: input.KeyUp, Key: ebiten.KeyEnter})
	ebitest.Run(t, a, 10)
	if got := ab.b.Army().Name; got != "The Bowmen of Dale" {
		t.Fatalf("the army is named %q", got)
	}
	if a.Top() != ab {
		t.Fatalf("Enter in the name field left the builder for %T", a.Top())
	}
	clickOn(t, a, script, ab.use.Rect)
	if a.Top() != sn || sn.picks[1] == nil || sn.picks[1].Army.Name != "The Bowmen of Dale" {
		t.Fatalf("after Use: top %T, pick %+v", a.Top(), sn.picks[1])
	}
	if stored, _ := a.Armies().List(); len(stored) != 1 || stored[0].Name != "The Bowmen of Dale" {
		t.Errorf("stored armies %+v", stored)
	}
	if sn.next.Label != "To Battle" || sn.next.Disabled {
		t.Fatalf("with two legal armies the button is %q, disabled %v", sn.next.Label, sn.next.Disabled)
	}
	clickOn(t, a, script, sn.next.Rect)
	// A standard battle begins with its set-up (OpenMatch).
	b, ok := a.Top().(*SetupField)
	if !ok {
		t.Fatalf("To Battle opened %T, not the set-up (toasts %v)", a.Top(), a.Toasts())
	}
	sc := b.M.Sc
	if sc.Setup == nil || sc.Sides[0].Name != sn.picks[0].Army.Name || sc.Sides[1].Name != "The Bowmen of Dale" {
		t.Errorf("scenario %q sides %+v", sc.ID, sc.Sides)
	}
	if b.M.Names != [2]string{"Éowyn", "Gothmog"} {
		t.Errorf("players %v", b.M.Names)
	}
}

// TestStandardNewRefusesIllegal: an army the budget does not allow
// keeps To Battle disabled (the 24 AP ready-made armies at 36 AP).
func TestStandardNewRefusesIllegal(t *testing.T) {
	a, script := app(t, Options{})
	sn, err := NewStandardNew(a)
	if err != nil {
		t.Fatal(err)
	}
	a.Push(sn)
	ebitest.Run(t, a, 2)
	clickOn(t, a, script, rowRect(&sn.list, 0))
	clickOn(t, a, script, sn.next.Rect)
	clickOn(t, a, script, rowRect(&sn.list, 1))
	if sn.next.Disabled {
		t.Fatal("two ready-made armies cannot fight at 24 AP")
	}
	clickOn(t, a, script, sn.budget.Segment(1))
	if !sn.next.Disabled {
		t.Error("24 AP armies may fight a 36 AP battle")
	}
}

// TestStandardNewChangeArmy: Change this army… opens the builder on the
// army picked; using it changed makes it the player's pick, kept in the
// store and offered first.
func TestStandardNewChangeArmy(t *testing.T) {
	a, script := app(t, Options{})
	sn, err := NewStandardNew(a)
	if err != nil {
		t.Fatal(err)
	}
	a.Push(sn)
	ebitest.Run(t, a, 2)
	if !sn.edit.Disabled {
		t.Error("Change this army… is enabled with no army picked")
	}
	clickOn(t, a, script, rowRect(&sn.list, 0))
	picked := sn.picks[0].Army.Name
	clickOn(t, a, script, sn.edit.Rect)
	ab, ok := a.Top().(*ArmyBuilder)
	if !ok || ab.b.Army().Name != picked {
		t.Fatalf("Change opened %T on %q", a.Top(), ab.b.Army().Name)
	}
	ab.b.SetName(picked + " (mine)")
	clickOn(t, a, script, ab.use.Rect)
	if a.Top() != sn || sn.picks[0].Army.Name != picked+" (mine)" {
		t.Fatalf("after Use: top %T, pick %q", a.Top(), sn.picks[0].Army.Name)
	}
	if sn.offers[0].Label != picked+" (mine)" || sn.offers[0].File == "" || sn.list.Selected != 0 {
		t.Errorf("first offer %+v, row %d selected", sn.offers[0], sn.list.Selected)
	}
}
