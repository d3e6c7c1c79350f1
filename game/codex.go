package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pelennor/engine"
	"pelennor/game/control"
	"pelennor/game/input"
	"pelennor/game/ui"
	"pelennor/thirdage"
)

// The codex: an element's troops (the Third Age background and typical
// kit of its type, codex_troops.go) and, for an element with heroes,
// each hero's sheet: attributes, derived abilities, the location table
// with the wounds taken in this battle, weapons, shield, Hero Magic, POW
// spent, mount and note. It opens from the element's card (the I key on
// the hover card, the button under the selection's details) as a
// document with a tab for the troops and one a hero (ruling H6).

// newCodex is the codex of element id as the game stands.
func newCodex(g *engine.Game, sc *engine.Scenario, id int) *docPanel {
	spec, _ := sc.Spec(id)
	e, _ := g.Element(id)
	heroes := g.Heroes(id)
	wounds := g.Wounds(id)
	p := newDocPanel(spec.Name, nil)
	p.tabs.Options = []string{"Troops"}
	for _, h := range heroes {
		p.tabs.Options = append(p.tabs.Options, h.Name)
	}
	p.onTab = func(i int) []docRow {
		if i <= 0 || i > len(heroes) {
			return troopRows(e, spec, heroes)
		}
		// Only the first hero fights the element's duels and is hurt.
		var w *thirdage.Wounds
		if i == 1 && g.Rulings().HeroicDuel {
			w = &wounds
		}
		return sheetRows(heroes[i-1], w, i == 1)
	}
	p.setRows(p.onTab(0))
	return p
}

// troopRows are the troops' tab: the type, its background and kit, the
// element's own description, its heroes.
func troopRows(e engine.Element, spec engine.ElementSpec, heroes []*thirdage.Sheet) []docRow {
	t, ok := troopsOf[e.Type]
	rows := []docRow{{style: docStrong, text: fmt.Sprintf("%s · %s · %d AP", e.Type, e.Type.Info().Class, e.Type.Info().AP)}}
	if ok {
		rows = append(rows,
			docRow{style: docHead, text: "Third Age background"}, docRow{text: t.Background},
			docRow{style: docHead, text: "Typical kit"}, docRow{text: t.Kit})
	}
	if spec.Description != "" {
		rows = append(rows, docRow{style: docHead, text: "These troops"}, docRow{style: docNote, text: spec.Description})
	}
	if len(heroes) > 0 {
		rows = append(rows, docRow{style: docHead, text: "Heroes"})
		for i, h := range heroes {
			line := fmt.Sprintf("%s — %s, %s", h.Name, h.Race, h.Background)
			if i == 0 && len(heroes) > 1 {
				line += " (fights its duels)"
			}
			rows = append(rows, docRow{text: line})
		}
		rows = append(rows, docRow{style: docSmall, text: "Each hero's sheet is under its tab above."})
	}
	return rows
}

// attrTabs place the seven attributes' cells.
var attrTabs = []float64{0, 1.0 / 7, 2.0 / 7, 3.0 / 7, 4.0 / 7, 5.0 / 7, 6.0 / 7}

// locTabs place the location table's cells: location, D20, armour,
// hit points, wounds.
var locTabs = []float64{0, 0.34, 0.50, 0.66, 0.82}

// sheetRows are a hero's sheet. w is the hero's wounds in this battle,
// nil if it fights no duel (not the element's first hero, or the heroic
// duel not in play).
func sheetRows(h *thirdage.Sheet, w *thirdage.Wounds, duels bool) []docRow {
	d := h.Derive()
	rows := []docRow{{style: docStrong, text: fmt.Sprintf("%s · %s · %s", h.Name, h.Race, h.Background)}}
	if !duels {
		rows = append(rows, docRow{style: docSmall, text: "Rides with the element's first hero, who fights its duels."})
	}
	rows = append(rows, docRow{style: docHead, text: "Attributes"})
	names, vals := make([]string, thirdage.NumAttributes), make([]string, thirdage.NumAttributes)
	for i, n := range thirdage.AttributeNames {
		names[i], vals[i] = n, fmt.Sprint(d.Attributes[i])
	}
	rows = append(rows, docRow{style: docSmall, cells: names, tabs: attrTabs}, docRow{style: docStrong, cells: vals, tabs: attrTabs})
	if mod, _ := thirdage.RaceModifiers(h.Race); mod != (thirdage.Attributes{}) {
		rows = append(rows, docRow{style: docSmall, text: "With the modifiers of the " + h.Race + " (" + modWords(mod) + ")."})
	}
	rows = append(rows, docRow{style: docHead, text: "Derived"},
		docRow{text: fmt.Sprintf("Hit points %d · damage bonus %s · Defence %d", d.HitPoints, bonusWords(d.Bonus), d.Defence)},
		docRow{text: fmt.Sprintf("Strike rank: SIZ %d + DEX %d, and the weapon's", d.SIZSR, d.DEXSR)})
	pow := fmt.Sprintf("POW %d", d.POW)
	if w != nil {
		pow += fmt.Sprintf(" · spent %d · %d left", w.POWSpent, max(0, d.POW-w.POWSpent))
	}
	rows = append(rows, docRow{text: pow})

	rows = append(rows, docRow{style: docHead, text: "Hit locations"},
		docRow{style: docSmall, cells: []string{"location", "D20", "armour", "points", "wounds"}, tabs: locTabs})
	for l, r := range d.LocationRow {
		taken := "—"
		clr := color.Color(nil)
		if w != nil {
			taken = fmt.Sprint(w.Loc[l])
			switch {
			case w.Loc[l] >= r.HitPoints:
				clr = ui.Bad
			case w.Loc[l] > 0:
				clr = duelHurt
			}
		}
		rows = append(rows, docRow{cells: []string{r.Location, r.D20, fmt.Sprint(r.Armour), fmt.Sprint(r.HitPoints), taken}, tabs: locTabs, clr: clr})
	}
	total := fmt.Sprintf("In all %d hit points", d.HitPoints)
	if w != nil {
		total += fmt.Sprintf(": %d taken, %d left", w.Total, d.HitPoints-w.Total)
	} else {
		total += "; wounds are counted for the hero who fights the duels, with the heroic duel in play"
	}
	rows = append(rows, docRow{style: docSmall, text: total})
	if len(h.Armour) > 0 {
		rows = append(rows, docRow{style: docSmall, text: "Armour worn: " + strings.Join(h.Armour, ", ") + "."})
	} else {
		rows = append(rows, docRow{style: docSmall, text: "No armour."})
	}

	rows = append(rows, docRow{style: docHead, text: "Weapons"})
	duel := h.DuelWeapon().Label()
	for _, wp := range d.Weapons {
		name := wp.Name
		if wp.Name != wp.Kind {
			name += " (" + wp.Kind + ")"
		}
		if wp.Name == duel {
			name += " — fights duels with it"
		}
		line := fmt.Sprintf("attack %d · parry %d · damage %s · SR %d", wp.Attack, wp.Parry, wp.Damage, wp.SR)
		if wp.TwoHands {
			line += " · two hands"
		}
		rows = append(rows, docRow{style: docStrong, text: name}, docRow{text: line, indent: 1})
	}
	rows = append(rows, docRow{style: docHead, text: "Shield"})
	if h.Shield == "" {
		rows = append(rows, docRow{text: "none"})
	} else {
		rows = append(rows, docRow{text: fmt.Sprintf("%s: parrying protection %d", h.Shield, d.ShieldParry)})
	}
	rows = append(rows, docRow{style: docHead, text: "Hero Magic"})
	if len(h.Magic) == 0 {
		rows = append(rows, docRow{text: "none"})
	}
	for _, m := range h.Magic {
		rows = append(rows, docRow{text: fmt.Sprintf("%s %d — %s", m.Name, m.Points, spellWords[m.Name])})
	}
	if len(h.Tactics.Cast) > 0 {
		rows = append(rows, docRow{style: docSmall, text: "Casts at a duel's start: " + strings.Join(h.Tactics.Cast, ", ") + "."})
	}
	if m := h.Mount; m != nil {
		rows = append(rows, docRow{style: docHead, text: "Mount"})
		line := fmt.Sprintf("%s: %d hit points, armour %d; takes the blows that fall on the legs while it lives", m.Name, m.HitPoints, m.Armour)
		if w != nil {
			line += fmt.Sprintf(" (taken %d)", w.MountHP)
		}
		rows = append(rows, docRow{text: line})
	}
	if h.Note != "" {
		rows = append(rows, docRow{style: docHead, text: "Note"}, docRow{style: docNote, text: h.Note})
	}
	return rows
}

// bonusWords words a damage bonus: "+1D4", "−1D4" or "none".
func bonusWords(b thirdage.Dice) string {
	if b.N > 0 && !b.Neg {
		return "+" + b.String()
	}
	return b.String()
}

// spellWords say what each Hero Magic does (the restatement).
var spellWords = map[string]string{
	thirdage.SureBlow:      "roll the attack die again once (1 POW)",
	thirdage.PowerfulBlow:  "roll the damage die again once (1 POW)",
	thirdage.ShieldSpell:   "+1 armour a point",
	thirdage.Speed:         "−1 strike rank a point",
	thirdage.Blur:          "+2 Defence a point",
	thirdage.Berserkergang: "+2 attack and damage, no shield or Defence (2 POW)",
}

// modWords words a race's modifiers ("STR +2, CON +3").
func modWords(m thirdage.Attributes) string {
	var out []string
	for i, v := range m {
		if v != 0 {
			out = append(out, fmt.Sprintf("%s %+d", thirdage.AttributeNames[i], v))
		}
	}
	return strings.Join(out, ", ")
}

// placeCodex puts the codex's button at x, y under the selection's
// details, if it stands above bottom, and draws it.
func (b *Battle) placeCodex(a *App, dst *ebiten.Image, x, y, w, bottom float64) {
	th := a.Theme
	_, small := buttonHeights(th)
	bw := math.Min(w, math.Max(200*th.Scale, b.codexBtn.Need(th)))
	if y+small > bottom {
		return
	}
	b.codexBtn.Rect = ui.R(x, y, bw, small)
	b.codexBtn.Draw(dst, th)
}

// updateCodex opens the codex: the button under the selection's
// details, or I for the element under the pointer (the hover card's),
// else the one selected.
func (b *Battle) updateCodex(a *App, f *input.Frame) {
	id := 0
	switch {
	case b.codexBtn.Rect.W > 0 && b.codexBtn.Update(f) && len(b.Sel) == 1:
		id = b.Sel[0]
	case b.Dragging() == nil && commanded(f, control.CmdCodex, b.keys()):
		id = b.hover
		if id == 0 && len(b.Sel) == 1 {
			id = b.Sel[0]
		}
	}
	if _, ok := b.M.G.Element(id); ok {
		b.openDoc(newCodex(b.M.G, b.M.Sc, id))
	}
}
