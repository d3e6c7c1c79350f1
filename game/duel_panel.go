package game

import (
	"fmt"
	"image/color"
	"strings"

	"pelennor/engine"
	"pelennor/game/ui"
	"pelennor/thirdage"
)

// The duel panel: a heroic duel as it was fought, from its report's
// typed record (engine.Duel): every round with both strike ranks and who
// struck first, every blow with its dice, and the HOTT result the duel
// came to. It opens when a duel is fought, stays until closed, and the
// duel's line in the battle log opens it again (ruling H4).

// Colours of the duel's lines.
var (
	duelHurt   = color.RGBA{0xff, 0xb0, 0x6a, 0xff} // damage through
	duelMissed = ui.ParchDim
)

// conditionWords are a hero's conditions as the panel says them.
var conditionWords = map[thirdage.Condition]string{
	thirdage.Fighting: "still fighting", thirdage.Incapacitated: "incapacitated",
	thirdage.Unconscious: "unconscious", thirdage.Dead: "dead",
}

// locationNames are the hit locations' names, by thirdage.Location.
var locationNames = [thirdage.NumLocations]string{"right leg", "left leg", "abdomen", "chest", "right arm", "left arm", "head"}

// locationName names a location, or says it is not one.
func locationName(l thirdage.Location) string {
	if l < 0 || l >= thirdage.NumLocations {
		return "location " + fmt.Sprint(int(l))
	}
	return locationNames[l]
}

// newDuelPanel is the duel panel for a duel's report: the duel, and a
// tab for each hero's sheet with the wounds as this duel left them (the
// way to the sheets on a screen without a pointer to hover with).
func newDuelPanel(rep *engine.Report) *docPanel {
	p := newDocPanel("Heroic duel", duelRows(rep))
	d := rep.Duel
	if d == nil {
		return p
	}
	var sheets [2]*thirdage.Sheet
	for i, id := range d.Heroes {
		sh, ok := thirdage.Lookup(id)
		if !ok {
			return p // a sheet the game does not know: the duel alone
		}
		sheets[i] = sh
	}
	p.tabs.Options = []string{"The duel", d.HeroNames[0], d.HeroNames[1]}
	p.onTab = func(i int) []docRow {
		if i < 1 || i > 2 {
			return duelRows(rep)
		}
		w := d.Wounds[i-1]
		return sheetRows(sheets[i-1], &w, true)
	}
	return p
}

// duelRows are the rows of a duel's panel.
func duelRows(rep *engine.Report) []docRow {
	d := rep.Duel
	if d == nil {
		return []docRow{{text: "This contest was not a heroic duel."}}
	}
	hero := d.HeroNames
	rows := []docRow{
		{style: docStrong, text: heroOf(hero[0], rep.Attacker.Name) + " against " + heroOf(hero[1], rep.Defender.Name)},
		{style: docStrong, text: fmt.Sprintf("After %d round%s: %s %s, %s %s", len(d.Rounds), plural(len(d.Rounds)),
			rep.Attacker.Name, resultWords(rep.Attacker.Result), rep.Defender.Name, resultWords(rep.Defender.Result)), clr: ui.GoldBright},
		{style: docNote, text: fmt.Sprintf("A Third Age melee of up to %d rounds in place of the dice: the lower strike rank strikes first; an attack hits at or under its target (skill less the defender's Defence).", engine.DuelRounds)},
	}
	for n, rd := range d.Rounds {
		rows = append(rows, docRow{style: docHead, text: fmt.Sprintf("Round %d", n+1)})
		sr := fmt.Sprintf("Strike ranks: %s %d, %s %d", hero[0], rd.SR[0], hero[1], rd.SR[1])
		if first, ok := firstStriker(rd); ok {
			sr += " — " + hero[first] + " strikes first"
		}
		rows = append(rows, docRow{style: docSmall, text: sr})
		for _, bl := range rd.Blows {
			rows = append(rows, blowRows(bl, hero)...)
		}
	}
	if len(d.Rounds) == 0 {
		rows = append(rows, docRow{style: docNote, text: "No blow was struck."})
	}
	rows = append(rows, docRow{style: docRule}, docRow{style: docHead, text: "After the duel"})
	for i := range 2 {
		clr := color.Color(ui.Parchment)
		if d.Condition[i] != thirdage.Fighting {
			clr = ui.Bad
		}
		line := fmt.Sprintf("%s took %d in this duel (%d in all this battle): %s", hero[i], d.Taken[i], d.Wounds[i].Total, conditionWords[d.Condition[i]])
		if d.MountKilled[i] {
			line += "; the mount was killed"
		}
		rows = append(rows, docRow{text: line, clr: clr})
	}
	rows = append(rows, docRow{style: docHead, text: "The HOTT result"})
	for _, f := range []engine.Fighter{rep.Attacker, rep.Defender} {
		clr := color.Color(ui.Bad)
		if resultWords(f.Result) == "holds" {
			clr = ui.Good
		}
		rows = append(rows, docRow{style: docStrong, text: f.Name + ": " + resultWords(f.Result), clr: clr})
	}
	rows = append(rows, docRow{style: docNote, text: "A hero out of the fight is destroyed (or suffers its type's loss by doubling); of two still standing, the one hurt more recoils; equal, nothing (rulings TA22)."})
	return rows
}

// resultWords words a side's HOTT result: "holds" for none.
func resultWords(r string) string {
	if r == "" || r == "nothing" {
		return "holds"
	}
	return r
}

// heroOf names a hero with the element it fights in, unless the
// element's name already says who it is ("King Théoden").
func heroOf(hero, element string) string {
	if strings.Contains(strings.ToLower(element), strings.ToLower(hero)) || strings.Contains(strings.ToLower(hero), strings.ToLower(element)) {
		return element
	}
	return hero + " (" + element + ")"
}

// firstStriker is the hero who struck the round's first blow in turn
// (not a free attack).
func firstStriker(rd thirdage.Round) (int, bool) {
	for _, b := range rd.Blows {
		if !b.Free {
			return b.Attacker, true
		}
	}
	return 0, false
}

// blowRows are one blow's rows: who strikes with what, the attack die
// against its target, the parry, where it struck, the damage and what
// got through, and what it did.
func blowRows(b thirdage.Blow, hero [2]string) []docRow {
	by, at := hero[b.Attacker&1], hero[1-b.Attacker&1]
	head := fmt.Sprintf("%s strikes at SR %d with %s", by, b.SR, b.Weapon)
	if b.Free {
		head = fmt.Sprintf("%s strikes a free blow with %s", by, b.Weapon)
	}
	rows := []docRow{{style: docStrong, text: head, indent: 1}}
	attack := fmt.Sprintf("attack d20 %d against %d", b.Attack, b.Target)
	if b.FirstAttack > 0 {
		// Sure Blow rolled the die again.
		attack = fmt.Sprintf("attack d20 %d, again %d against %d", b.FirstAttack, b.Attack, b.Target)
	}
	clr := color.Color(ui.Parchment)
	switch {
	case b.Fumble:
		attack += ": fumbles — " + at + " may strike a free blow"
		clr = duelMissed
	case !b.Hit:
		attack += ": misses"
		clr = duelMissed
	case b.Critical:
		attack += ": a critical, armour ignored"
	default:
		attack += ": hits"
	}
	rows = append(rows, docRow{text: attack, clr: clr, indent: 2})
	if len(b.MagicUsed) > 0 {
		rows = append(rows, docRow{style: docNote, text: "Hero Magic: " + strings.Join(b.MagicUsed, ", "), clr: ui.Info, indent: 2})
	}
	if b.Parry > 0 {
		p := fmt.Sprintf("%s's parry d20 %d: ", at, b.Parry)
		if b.Parried {
			p += "parried"
		} else {
			p += "fails"
		}
		rows = append(rows, docRow{text: p, indent: 2})
	}
	if !b.Hit {
		return rows
	}
	where := locationName(b.Location)
	if b.Mount {
		where = at + "'s mount"
	}
	stops := "armour"
	if b.Parried {
		stops = "armour and shield"
	}
	dmg := fmt.Sprintf("%s: damage %d less %s %d: %d through", where, b.Damage, stops, b.Armour, b.Taken)
	clr = ui.Parchment
	if b.Taken > 0 {
		clr = duelHurt
	}
	rows = append(rows, docRow{text: dmg, clr: clr, indent: 2})
	if b.Effect != "" {
		rows = append(rows, docRow{text: b.Effect, clr: clr, indent: 2})
	}
	if b.Condition != thirdage.Fighting {
		rows = append(rows, docRow{style: docStrong, text: at + " is " + conditionWords[b.Condition], clr: ui.Bad, indent: 2})
	}
	return rows
}
