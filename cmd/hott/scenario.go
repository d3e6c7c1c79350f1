package main

import (
	"fmt"
	"io"
	"strings"

	"pelennor/engine"
	"pelennor/engine/rules"
)

func runScenario(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "check" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprintln(stdout, "Usage: hott scenario check FILE|NAME")
			return exitOK
		}
		fmt.Fprintln(stderr, "Usage: hott scenario check FILE|NAME")
		return exitUsage
	}
	fs := newFlags("scenario check", "FILE|NAME", stderr)
	pos, status, ok := parseFlags(fs, args[1:])
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return usageErr(fs, stderr, "give one scenario file or name")
	}
	sc, err := loadScenario(pos[0])
	if err != nil {
		return fail(stderr, "scenario check", exitError, err)
	}
	// Start a game to be sure it starts (any seed will do).
	seed := uint64(0)
	g, _, err := startGame(sc, &seed, nil)
	if err != nil {
		return fail(stderr, "scenario check", exitError, fmt.Errorf("%s: %v", pos[0], err))
	}
	describe(stdout, sc, g)
	warnArmies(stdout, sc)
	return exitOK
}

// inches shows paces as inches: 2400 -> 24", 2450 -> 24.5".
func inches(p int) string {
	s := fmt.Sprintf("%d.%02d", p/100, p%100)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + `"`
}

// describe prints the summary of a scenario and the game started on it.
func describe(w io.Writer, sc *engine.Scenario, g *engine.Game) {
	fmt.Fprintf(w, "%s (id %s, version %d): OK\n", sc.Name, sc.ID, sc.Version)
	fmt.Fprintf(w, "table: %s x %s (%d x %d paces), rules %q\n",
		inches(sc.Table.Width), inches(sc.Table.Height), sc.Table.Width, sc.Table.Height, sc.Rules)
	if len(sc.Terrain) > 0 {
		var kinds []string
		for _, t := range sc.Terrain {
			kinds = append(kinds, t.Kind)
		}
		fmt.Fprintf(w, "terrain: %d features (%s)\n", len(sc.Terrain), strings.Join(kinds, ", "))
	}
	elements := g.Elements()
	for si, side := range sc.Sides {
		first := ""
		if si == 0 {
			first = ", moves first"
		}
		fmt.Fprintf(w, "side %s: %s%s\n", side.ID, side.Name, first)
		for ci, c := range sc.Commands {
			if c.Side != side.ID {
				continue
			}
			gen, _ := g.Element(c.General)
			genSpec := sc.Elements[specIndex(sc, c.General)]
			fmt.Fprintf(w, "  command %s: %s, base edge %s\n", c.ID, c.Name, c.BaseEdge)
			fmt.Fprintf(w, "    general: %s (%s)\n", genSpec.Name, gen.Type)
			bp := "none"
			if c.BreakPoint > 0 {
				bp = fmt.Sprint(c.BreakPoint)
			}
			fmt.Fprintf(w, "    starting AP: %d, break point: %s\n", g.StartAP(ci), bp)
			var flags []string
			if c.AnyElement {
				flags = append(flags, "its PIPs may move any element of its side")
			}
			if c.Inactive {
				flags = append(flags, "inactive at the start")
			}
			if c.ReturnEdge != "" {
				flags = append(flags, "returns and arrivals at the "+c.ReturnEdge+" edge")
			}
			if len(flags) > 0 {
				fmt.Fprintf(w, "    %s\n", strings.Join(flags, "; "))
			}
			fmt.Fprintf(w, "    elements: %s\n", typeCounts(elements, ci))
		}
	}
}

// specIndex returns the index in sc.Elements of the element with id.
func specIndex(sc *engine.Scenario, id int) int {
	for i, e := range sc.Elements {
		if e.ID == id {
			return i
		}
	}
	return -1
}

// typeCounts lists a command's elements by type, in the order of the
// element table, noting those in reserve.
func typeCounts(elements []engine.Element, cmd int) string {
	var n, reserve [rules.NumTypes]int
	total := 0
	for _, e := range elements {
		if e.Cmd != cmd {
			continue
		}
		n[e.Type]++
		total++
		if e.Status == engine.Reserve {
			reserve[e.Type]++
		}
	}
	var parts []string
	for t := rules.Type(0); t < rules.NumTypes; t++ {
		if n[t] == 0 {
			continue
		}
		s := fmt.Sprintf("%s %d", t, n[t])
		if reserve[t] > 0 {
			s += fmt.Sprintf(" (%d in reserve)", reserve[t])
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf("%d: %s", total, strings.Join(parts, ", "))
}
