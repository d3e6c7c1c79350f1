package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/army"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/ui"
)

// openBuilder pushes the army builder over the title, from a new army
// of the first list.
func openBuilder(t *testing.T) (*App, *input.Script, *ArmyBuilder) {
	t.Helper()
	a, script := app(t, Options{})
	ab, err := NewArmyBuilder(a, army.Standard, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.Push(ab)
	ebitest.Run(t, a, 2)
	return a, script, ab
}

// TestBuilderBackAsks: leaving an army changed since it was saved asks
// first; "Not yet" stays, and once saved, Back leaves at once.
func TestBuilderBackAsks(t *testing.T) {
	a, script, ab := openBuilder(t)
	k := -1
	for i := range ab.entries {
		if ab.b.CanAdd(i) && ab.scroll.visible(ab.entries[i].plus.Rect) {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no entry to add to in view")
	}
	n := ab.b.Len()
	clickOn(t, a, script, ab.entries[k].plus.Rect)
	if ab.b.Len() != n+1 {
		t.Fatalf("+ left %d elements, was %d", ab.b.Len(), n)
	}
	clickOn(t, a, script, ab.back.Rect)
	if _, ok := a.Top().(*Confirm); !ok {
		t.Fatalf("Back with changes opened %T, not a question", a.Top())
	}
	script.Add(input.Tap(0, ebiten.KeyEscape)...)
	ebitest.Run(t, a, 3)
	if a.Top() != ab {
		t.Fatalf("Not yet left %T on top", a.Top())
	}
	clickOn(t, a, script, ab.save.Rect)
	if stored, _ := a.Armies().List(); len(stored) != 1 {
		t.Fatalf("Save kept %v", stored)
	}
	clickOn(t, a, script, ab.back.Rect)
	if _, ok := a.Top().(*Title); !ok {
		t.Fatalf("Back after saving left %T on top", a.Top())
	}
}

// TestBuilderImportDialog imports through the desktop's dialog: a bad
// file is refused with a message naming the file and what is wrong, and
// the dialog stays; a good one loads into the builder and is kept.
func TestBuilderImportDialog(t *testing.T) {
	a, script, ab := openBuilder(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken-army.json")
	if err := os.WriteFile(bad, []byte(`{"format": 1, "list": "rohan", "name": "X", "elemnts": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	clickOn(t, a, script, ab.imp.Rect)
	d, ok := a.Top().(*FieldDialog)
	if !ok {
		t.Fatalf("Import opened %T", a.Top())
	}
	d.field.Text = bad
	clickOn(t, a, script, d.ok.Rect)
	if a.Top() != d || !strings.Contains(d.err, bad) || !strings.Contains(d.err, "elemnts") {
		t.Fatalf("a bad file: top %T, message %q", a.Top(), d.err)
	}
	cat, _ := army.Builtin()
	shire, _ := cat.Army("shire")
	data, _ := shire.Marshal()
	good := filepath.Join(dir, "hobbits.json")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	d.field.Text = good
	clickOn(t, a, script, d.ok.Rect)
	if a.Top() != ab || ab.b.Army().Name != shire.Name || ab.b.List().ID != "shire" {
		t.Fatalf("after a good import: top %T, army %q of %q (%s)", a.Top(), ab.b.Army().Name, ab.b.List().ID, d.err)
	}
	if stored, _ := a.Armies().List(); len(stored) != 1 || stored[0].Name != shire.Name {
		t.Errorf("kept %v", stored)
	}
	if rep := ab.b.Report(); !rep.OK() {
		t.Errorf("the imported ready-made army: %v", ab.b.Words())
	}
}

// TestBuilderScrolls: the elements column scrolls by the wheel and by a
// press dragged up it (a finger's way), and a drag does not press what
// it started on.
func TestBuilderScrolls(t *testing.T) {
	a, script, ab := openBuilder(t)
	if err := ab.b.StartReady("gondor"); err != nil {
		t.Fatal(err)
	}
	ab.sync()
	ebitest.Run(t, a, 2)
	r := ab.scroll.Rect
	if ab.scroll.Content <= r.H {
		t.Fatalf("content %.0f fits in %.0f: nothing to scroll", ab.scroll.Content, r.H)
	}
	script.Add(input.Event{Kind: input.Move, X: r.CX(), Y: r.CY()}, input.Event{At: 1, Kind: input.Wheel, DY: -2})
	ebitest.Run(t, a, 3)
	wheeled := ab.scroll.Off
	if wheeled <= 0 {
		t.Fatalf("the wheel left the column at %.0f", wheeled)
	}
	n := ab.b.Len()
	// Drag up from a + button: the column follows, the button is not pressed.
	var from ui.Rect
	for k := range ab.entries {
		if p := ab.entries[k].plus; !p.Disabled && ab.scroll.visible(p.Rect) && p.Rect.Y > r.CY() {
			from = p.Rect
			break
		}
	}
	if from.W == 0 {
		t.Fatal("no + button in the lower half of the column")
	}
	script.Add(input.Drag(0, from.CX(), from.CY(), from.CX(), from.CY()-150, 10)...)
	ebitest.Run(t, a, 14)
	if ab.scroll.Off <= wheeled+100 {
		t.Errorf("a drag of 150 px moved the column from %.0f to %.0f", wheeled, ab.scroll.Off)
	}
	if ab.b.Len() != n {
		t.Errorf("the drag pressed a button: %d elements, were %d", ab.b.Len(), n)
	}
}

// TestBuilderListChangeAsks: choosing another list with changes not
// saved asks first; "Not yet" keeps the army and its list, yes starts a
// new army of the list chosen.
func TestBuilderListChangeAsks(t *testing.T) {
	a, script, ab := openBuilder(t)
	first := ab.b.List().ID
	ab.b.SetName("Half-way")
	clickOn(t, a, script, rowRect(&ab.lists, 2))
	if _, ok := a.Top().(*Confirm); !ok {
		t.Fatalf("another list with changes opened %T, not a question", a.Top())
	}
	script.Add(input.Tap(0, ebiten.KeyEscape)...)
	ebitest.Run(t, a, 3)
	if a.Top() != ab || ab.b.List().ID != first || ab.lists.Selected != 0 || ab.b.Army().Name != "Half-way" {
		t.Fatalf("Not yet: top %T, list %q (row %d), army %q", a.Top(), ab.b.List().ID, ab.lists.Selected, ab.b.Army().Name)
	}
	clickOn(t, a, script, rowRect(&ab.lists, 2))
	script.Add(input.Tap(0, ebiten.KeyEnter)...)
	ebitest.Run(t, a, 3)
	if a.Top() != ab || ab.b.List().ID != ab.ids[2] {
		t.Fatalf("Start anew: top %T, list %q", a.Top(), ab.b.List().ID)
	}
	if rep := ab.b.Report(); rep.Budget != army.Standard || len(ab.b.Elements(0)) != ab.b.List().Entries[0].MinCount() {
		t.Errorf("the new army does not start at the list's minimum: %v", ab.b.Words())
	}
}
