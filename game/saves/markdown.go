package saves

import (
	"fmt"
	"strings"

	"pelennor/engine"
)

// Markdown writes a game's battle log as Markdown: a heading and summary,
// then each bound's dice, moves, combats (with both sides' factors, dice,
// totals and results, and what followed: recoils, flights, follow-ups,
// losses), the scenario's events and broken commands, and the result.
func Markdown(h *engine.History, names [2]string) (string, error) {
	g, evs, err := h.At(len(h.Actions()))
	if err != nil {
		return "", err
	}
	sc := g.Scenario()
	var b strings.Builder
	title := sc.Name
	if title == "" {
		title = sc.ID
	}
	fmt.Fprintf(&b, "# %s\n\n", md(title))
	player := func(i int) string {
		if names[i] == "" {
			return md(sc.Sides[i].Name)
		}
		return fmt.Sprintf("%s (%s)", md(sc.Sides[i].Name), md(names[i]))
	}
	fmt.Fprintf(&b, "%s v %s\n\n", player(0), player(1))
	s, err := h.Save(names[:])
	if err != nil {
		return "", err
	}
	dice := "scripted"
	if s.Seed != nil {
		dice = fmt.Sprintf("seed %d", *s.Seed)
	}
	result := fmt.Sprintf("the battle goes on in bound %d", g.Bound())
	for _, e := range evs {
		if e.Kind == engine.EvGameOver {
			result = fmt.Sprintf("%s in bound %d", e.Describe(), e.Bound)
		}
	}
	fmt.Fprintf(&b, "| | |\n|---|---|\n")
	fmt.Fprintf(&b, "| Scenario | %s, version %d |\n", cell(sc.ID), sc.Version)
	fmt.Fprintf(&b, "| Rules version | %d |\n", s.RulesVersion)
	fmt.Fprintf(&b, "| Dice | %s |\n", dice)
	fmt.Fprintf(&b, "| Actions | %d |\n", len(s.Actions))
	fmt.Fprintf(&b, "| Result | %s |\n", cell(result))

	// Split the events by bound, keeping their order.
	type bound struct {
		n   int
		evs []engine.Event
	}
	var bounds []bound
	for _, e := range evs {
		if len(bounds) == 0 || e.Bound != bounds[len(bounds)-1].n {
			bounds = append(bounds, bound{n: e.Bound})
		}
		bounds[len(bounds)-1].evs = append(bounds[len(bounds)-1].evs, e)
	}
	for _, bd := range bounds {
		if bd.n == 0 {
			b.WriteString("\n## Deployment\n")
		} else {
			side := (bd.n - 1) % 2
			fmt.Fprintf(&b, "\n## Bound %d — %s\n", bd.n, player(side))
		}
		writeBound(&b, bd.evs)
	}
	return b.String(), nil
}

// writeBound writes one bound's events by kind.
func writeBound(b *strings.Builder, evs []engine.Event) {
	var dice, moves, events, other []string
	var combats []string
	inEvents := false
	var combat *strings.Builder
	endCombat := func() {
		if combat != nil {
			combats = append(combats, strings.TrimRight(combat.String(), "\n"))
			combat = nil
		}
	}
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		switch e.Kind {
		case engine.EvBound, engine.EvPhase:
			endCombat()
			inEvents = false
		case engine.EvDie, engine.EvPIPs:
			endCombat()
			if e.Kind == engine.EvDie && contestDie(evs[i:]) {
				continue // shown in the contest's table
			}
			dice = append(dice, "- "+md(e.Describe()))
		case engine.EvSpent:
			endCombat()
			inEvents = false
			item := "- " + md(e.Describe())
			for i+1 < len(evs) && evs[i+1].Kind == engine.EvMoved {
				i++
				item += "\n  - " + md(evs[i].Describe())
			}
			moves = append(moves, item)
		case engine.EvMoved, engine.EvLeft:
			if combat != nil {
				fmt.Fprintf(combat, "- %s\n", md(e.Describe()))
				continue
			}
			moves = append(moves, "- "+md(e.Describe()))
		case engine.EvArrived:
			if inEvents {
				events = append(events, "  - "+md(e.Describe()))
			} else {
				endCombat()
				moves = append(moves, "- "+md(e.Describe()))
			}
		case engine.EvCombat:
			endCombat()
			inEvents = false
			combat = new(strings.Builder)
			writeCombat(combat, e)
		case engine.EvRecoiled, engine.EvPushed, engine.EvFled, engine.EvFollowed, engine.EvDestroyed, engine.EvSorcery, engine.EvTurned:
			if combat != nil {
				fmt.Fprintf(combat, "- %s\n", md(e.Describe()))
			} else {
				other = append(other, "- "+md(e.Describe()))
			}
		case engine.EvScenario, engine.EvBroken, engine.EvGameOver:
			endCombat()
			inEvents = true
			text := md(e.Describe())
			if e.Kind == engine.EvGameOver {
				text = "**" + text + "**"
			}
			events = append(events, "- "+text)
		default:
			other = append(other, "- "+md(e.Describe()))
		}
	}
	endCombat()
	section := func(name string, lines []string, sep string) {
		if len(lines) == 0 {
			return
		}
		fmt.Fprintf(b, "\n### %s\n\n%s\n", name, strings.Join(lines, sep))
	}
	section("Dice", dice, "\n")
	section("Moves", moves, "\n")
	section("Combats", combats, "\n\n")
	section("Events", events, "\n")
	section("Other results", other, "\n")
}

// contestDie reports whether the die evs[0] is one of a contest's: the
// dice before a combat event.
func contestDie(evs []engine.Event) bool {
	for _, e := range evs {
		if e.Kind != engine.EvDie {
			return e.Kind == engine.EvCombat
		}
	}
	return false
}

// writeCombat writes a contest: its factors, dice, totals and results.
func writeCombat(b *strings.Builder, e engine.Event) {
	r := e.Combat
	if r == nil {
		fmt.Fprintf(b, "- %s\n", md(e.Describe()))
		return
	}
	contest := capital(r.Contest)
	fmt.Fprintf(b, "#### %s: %s v %s\n\n", md(contest), md(r.Attacker.Name), md(r.Defender.Name))
	fmt.Fprintf(b, "| | %s | %s |\n|---|---|---|\n", cell(r.Attacker.Name), cell(r.Defender.Name))
	factors := func(f engine.Fighter) string {
		var parts []string
		for _, x := range f.Factors {
			parts = append(parts, fmt.Sprintf("%+d %s", x.Value, x.Describe()))
		}
		if len(parts) == 0 {
			return "none"
		}
		return cell(strings.Join(parts, "; "))
	}
	res := func(f engine.Fighter) string {
		if f.Result == "" || f.Result == "nothing" {
			return "holds"
		}
		return cell(f.Result)
	}
	fmt.Fprintf(b, "| Factors | %s | %s |\n", factors(r.Attacker), factors(r.Defender))
	fmt.Fprintf(b, "| Score | %d | %d |\n", r.Attacker.Score, r.Defender.Score)
	fmt.Fprintf(b, "| Die | %d | %d |\n", r.Attacker.Die, r.Defender.Die)
	fmt.Fprintf(b, "| Total | %d | %d |\n", r.Attacker.Total, r.Defender.Total)
	fmt.Fprintf(b, "| Result | %s | %s |\n", res(r.Attacker), res(r.Defender))
	if len(r.Aiders) > 0 {
		fmt.Fprintf(b, "\nAided by %d other element%s.\n", len(r.Aiders), map[bool]string{true: "", false: "s"}[len(r.Aiders) == 1])
	}
	fmt.Fprintf(b, "\n%s.\n", md(capital(r.Outcome())))
	b.WriteString("\n")
}

// capital gives s a capital first letter.
func capital(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "<", `\<`, ">", `\>`, "[", `\[`, "]", `\]`, "|", `\|`, "#", `\#`)

// md escapes text for Markdown.
func md(s string) string { return mdEscaper.Replace(s) }

// cell escapes text for a table cell.
func cell(s string) string { return strings.ReplaceAll(md(s), "\n", " ") }
