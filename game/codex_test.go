package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/game/input"
	"pelennor/game/internal/ebitest"
	"pelennor/game/ui"
	"pelennor/thirdage"
)

// TestCodexFromTheCard: the button under a selected element's details
// opens its codex, the troops first (its type's Third Age background
// and kit) with a tab for each hero; King Théoden's tab is his sheet as
// thirdage derives it. I over an element opens that element's codex.
func TestCodexFromTheCard(t *testing.T) {
	a, script := app(t, Options{Seed: 1, Show: "battle"})
	b := a.Top().(*Battle)
	b.Sel = []int{201}
	ebitest.Run(t, a, 2)
	clickOn(t, a, script, b.codexBtn.Rect)
	if b.doc == nil {
		t.Fatal("the button opened no codex")
	}
	if got := b.doc.tabs.Options; !slices.Equal(got, []string{"Troops", "King Théoden"}) {
		t.Fatalf("tabs %q", got)
	}
	texts := rowTexts(b.doc.rows)
	if !slices.Contains(texts, troopsOf[rules.Heroes].Background) || !slices.Contains(texts, troopsOf[rules.Heroes].Kit) {
		t.Errorf("the troops' tab %q lacks the Heroes' background and kit", texts)
	}
	clickOn(t, a, script, b.doc.tabs.Segment(1))
	texts = rowTexts(b.doc.rows)
	sh, ok := thirdage.Lookup("theoden")
	if !ok {
		t.Fatal("no sheet theoden")
	}
	d := sh.Derive()
	var vals []string
	for _, v := range d.Attributes {
		vals = append(vals, fmt.Sprint(v))
	}
	want := []string{
		"Attributes", strings.Join(vals, " "),
		fmt.Sprintf("Hit points %d · damage bonus %s · Defence %d", d.HitPoints, bonusWords(d.Bonus), d.Defence),
		fmt.Sprintf("%s: parrying protection %d", sh.Shield, d.ShieldParry),
		sh.Note,
	}
	for _, r := range d.LocationRow {
		want = append(want, fmt.Sprintf("%s %s %d %d —", r.Location, r.D20, r.Armour, r.HitPoints))
	}
	for _, w := range d.Weapons {
		want = append(want, fmt.Sprintf("attack %d · parry %d · damage %s · SR %d", w.Attack, w.Parry, w.Damage, w.SR))
	}
	for _, m := range sh.Magic {
		want = append(want, fmt.Sprintf("%s %d — %s", m.Name, m.Points, spellWords[m.Name]))
	}
	for _, w := range want {
		if !slices.Contains(texts, w) {
			t.Errorf("Théoden's sheet lacks %q", w)
		}
	}
	clickOn(t, a, script, b.doc.close.Rect)
	if b.doc != nil {
		t.Fatal("Close left the codex open")
	}
	// I over Dernhelm's riders: Éowyn and Merry ride with them.
	b.Sel = nil
	e, _ := b.M.G.Element(214)
	c := b.poseOf(e).Center()
	x, y := b.Cam.ToScreen(c.X, c.Y)
	step(t, a, script, 3, input.Event{Kind: input.Move, X: x, Y: y})
	step(t, a, script, 3, input.Tap(0, ebiten.KeyI)...)
	if b.doc == nil || len(b.doc.tabs.Options) != 3 || b.doc.title != b.M.ElementName(214) {
		t.Fatalf("I over element 214 opened %+v", b.doc)
	}
	if texts := rowTexts(b.doc.rows); !slices.Contains(texts, troopsOf[e.Type].Background) {
		t.Errorf("the riders' troops %q", texts)
	}
}

// TestCodexWounds: after a heroic duel each hero's sheet shows the
// wounds the game holds for its element, location by location, and the
// POW spent.
func TestCodexWounds(t *testing.T) {
	a, script := app(t, Options{Seed: 26})
	b := duelBattle(t, a, 26)
	clickOn(t, a, script, b.fights[duelIndex(t, b)].Rect)
	hurt := 0
	for _, id := range []int{201, 501} {
		w := b.M.G.Wounds(id)
		hurt += w.Total
		sh := b.M.G.Heroes(id)[0]
		d := sh.Derive()
		texts := rowTexts(newCodex(b.M.G, b.M.Sc, id).onTab(1))
		for l, r := range d.LocationRow {
			row := fmt.Sprintf("%s %s %d %d %d", r.Location, r.D20, r.Armour, r.HitPoints, w.Loc[l])
			if !slices.Contains(texts, row) {
				t.Errorf("%s: no row %q", sh.Name, row)
			}
		}
		total := fmt.Sprintf("In all %d hit points: %d taken, %d left", d.HitPoints, w.Total, d.HitPoints-w.Total)
		pow := fmt.Sprintf("POW %d · spent %d · %d left", d.POW, w.POWSpent, max(0, d.POW-w.POWSpent))
		if !slices.Contains(texts, total) || !slices.Contains(texts, pow) {
			t.Errorf("%s: no %q or %q", sh.Name, total, pow)
		}
	}
	if hurt == 0 {
		t.Fatal("the posed duel hurt no one: nothing to show")
	}
}

// TestCodexFits: at a laptop's and a phone's size the codex and the
// duel panel stand in the window, their title, Close and tabs fit, no
// line runs past the body, and a document longer than the window
// scrolls.
func TestCodexFits(t *testing.T) {
	for _, sz := range []struct{ w, h float64 }{{1280, 800}, {390, 844}, {844, 390}} {
		where := fmt.Sprintf("%.0f×%.0f", sz.w, sz.h)
		a := sizeApp(t, sz.w, sz.h, TextNormal)
		m, err := NewMatchWith(pelennorDuel(t), 1, [2]string{"A", "B"}, Choices{HeroicDuel: true})
		if err != nil {
			t.Fatal(err)
		}
		b := NewBattle(a, m)
		b.layout(a)
		// A duel's panel is the same document: it fits the same way.
		rep, _, err := engine.TryDuel(m.G, 201, 501, dice.NewPCG(26))
		if err != nil {
			t.Fatal(err)
		}
		duel := newDuelPanel(rep)
		for _, id := range []int{201, 214, 501, 0} {
			p := duel
			if id != 0 {
				p = newCodex(m.G, m.Sc, id)
			}
			for tab := range max(1, len(p.tabs.Options)) {
				p.tabs.Selected = tab
				if p.onTab != nil {
					p.setRows(p.onTab(tab))
				}
				p.layout(a, b.docRect(a))
				win := ui.R(0, 0, sz.w, sz.h)
				if !p.rect.Inside(win) || !p.close.Rect.Inside(p.rect) || !p.close.Fits(a.Theme) {
					t.Errorf("%s %d/%d: panel %+v close %+v", where, id, tab, p.rect, p.close.Rect)
				}
				if p.tabs.Rect.W > 0 && !p.tabs.Rect.Inside(p.rect) {
					t.Errorf("%s %d: tabs %+v outside", where, id, p.tabs.Rect)
				}
				for _, l := range p.lines {
					if !l.rule && l.x+ui.Width(l.text, l.face) > p.body.W+1 {
						t.Errorf("%s %d/%d: %q runs %.0f past the body", where, id, tab, l.text, l.x+ui.Width(l.text, l.face)-p.body.W)
					}
				}
				if (tab == 1 || id == 0) && p.height > p.body.H {
					p.sc.Off = 1e6
					p.sc.clamp()
					if p.sc.Off <= 0 {
						t.Errorf("%s %d: a sheet taller than its body does not scroll", where, id)
					}
				}
			}
		}
	}
}

// TestHeroSheetScreenshot writes King Théoden's sheet in the codex into
// $PELENNOR_SHOTS (skipped when unset):
//
//	PELENNOR_SHOTS=docs EBITEST_SIZE=1280x800 xvfb-run -a -s "-screen 0 1280x800x24" go test -run HeroSheetScreenshot ./game/
func TestHeroSheetScreenshot(t *testing.T) {
	save := shotWriter(t)
	a, script := app(t, Options{Seed: 26})
	b := duelBattle(t, a, 26)
	clickOn(t, a, script, b.fights[duelIndex(t, b)].Rect)
	b.openDoc(newCodex(b.M.G, b.M.Sc, 201))
	b.doc.tabs.Selected = 1
	b.doc.setRows(b.doc.onTab(1))
	script.Add(input.Event{Kind: input.Move, X: a.W - 2, Y: a.H - 2})
	save(fmt.Sprintf("screenshot-hero-sheet%s.png", shotSuffix()), ebitest.Run(t, a, 3))
}

// shotSuffix names a screenshot taken at another size than the
// laptop's by that size.
func shotSuffix() string {
	if ebitest.Width == 1280 && ebitest.Height == 800 {
		return ""
	}
	return fmt.Sprintf("-%dx%d", ebitest.Width, ebitest.Height)
}
