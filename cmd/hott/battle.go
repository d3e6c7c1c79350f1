package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/internal/atomicfile"
	"pelennor/standard"
	"pelennor/terrain"
)

const battleSynopsis = "new --armies A,B --seed N --save FILE [--terrain generated|LAYOUT] [--heroic-duel]"

func runBattle(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "new" {
		fmt.Fprintf(stderr, "Usage: hott battle %s\n", battleSynopsis)
		return exitUsage
	}
	fs := newFlags("battle new", battleSynopsis[4:], stderr)
	armies := fs.String("armies", "", "the two armies: embedded list names (their ready-made armies) or army files, comma-separated")
	seedText := fs.String("seed", "", "the seed of the game's dice and of the generated terrain (an unsigned integer)")
	out := fs.String("save", "", "the save `file` to write; the battle's scenario is written beside it (NAME.scenario.json)")
	lay := fs.String("terrain", "generated", "generated (the seeded generator, in the defender's home terrain), or a layout `file` (hott terrain --out)")
	duel := heroicDuelFlag(fs)
	pos, status, ok := parseFlags(fs, args[1:])
	if !ok {
		return status
	}
	if len(pos) > 0 {
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	}
	seed, err := strconv.ParseUint(*seedText, 10, 64)
	if err != nil {
		return usageErr(fs, stderr, "--seed %q: give an unsigned integer", *seedText)
	}
	if *out == "" {
		return usageErr(fs, stderr, "--save is required")
	}
	data, sc, homes, err := battleScenario(*armies, *duel)
	if err != nil {
		return fail(stderr, "battle new", exitError, err)
	}
	layer := standard.Generated(seed, homes)
	if *lay != "generated" {
		l, err := readLayout(*lay)
		if err != nil {
			return fail(stderr, "battle new", exitError, err)
		}
		if l.Table != terrain.Standard {
			return fail(stderr, "battle new", exitError, fmt.Errorf("%s: a standard battle is fought on the %d p table, not %d × %d", *lay, terrain.Standard.Width, l.Table.Width, l.Table.Height))
		}
		layer = standard.Fixed(l.Features)
	}
	g, _, err := engine.NewGame(sc, dice.NewPCG(seed), engine.Options{Rulings: rulingsOf(sc)})
	if err != nil {
		return fail(stderr, "battle new", exitError, err)
	}
	actions, err := standard.AutoSetup(g, layer)
	if err != nil {
		return fail(stderr, "battle new", exitIllegal, fmt.Errorf("%s: %v", *lay, err))
	}
	scPath := strings.TrimSuffix(*out, ".json") + ".scenario.json"
	if err := atomicfile.Write(scPath, data, nil); err != nil {
		return fail(stderr, "battle new", exitError, fmt.Errorf("writing the scenario: %v", err))
	}
	if err := save(*out, sc, &seed, nil, actions, g); err != nil {
		return fail(stderr, "battle new", exitError, err)
	}
	describeBattle(stdout, g, len(actions), scPath, *out)
	return exitOK
}

// battleScenario builds the standard battle of the --armies value and
// returns its file, the scenario and each army's home terrain.
func battleScenario(arg string, duel bool) ([]byte, *engine.Scenario, [2]string, error) {
	var homes [2]string
	names := strings.Split(arg, ",")
	if len(names) != 2 || names[0] == "" || names[1] == "" {
		return nil, nil, homes, fmt.Errorf("--armies %q: name two armies, A,B", arg)
	}
	var lists [2]*army.List
	var armies [2]*army.Army
	for i, name := range names {
		l, a, err := loadArmy(strings.TrimSpace(name))
		if err != nil {
			return nil, nil, homes, err
		}
		lists[i], armies[i], homes[i] = l, a, l.Home
	}
	build := standard.Scenario
	if duel {
		build = standard.DuelScenario
	}
	data, sc, err := build(lists[0], lists[1], armies[0], armies[1], army.Standard)
	return data, sc, homes, err
}

// loadArmy reads an army file (of an embedded list) or takes the
// ready-made army of an embedded list.
func loadArmy(arg string) (*army.List, *army.Army, error) {
	if st, err := os.Stat(arg); err == nil && !st.IsDir() || strings.HasSuffix(arg, ".json") {
		data, err := os.ReadFile(arg)
		if err != nil {
			return nil, nil, err
		}
		a, err := army.ParseArmy(arg, data)
		if err != nil {
			return nil, nil, err
		}
		l, err := listOf(a, "")
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", arg, err)
		}
		return l, a, nil
	}
	cat, err := army.Builtin()
	if err != nil {
		return nil, nil, err
	}
	l, ok := cat.List(arg)
	a, ok2 := cat.Army(arg)
	if !ok || !ok2 {
		return nil, nil, fmt.Errorf("%q is neither an army file nor an embedded list (embedded: %s)", arg, strings.Join(cat.IDs(), ", "))
	}
	return l, a, nil
}

// describeBattle prints what the set-up decided.
func describeBattle(w io.Writer, g *engine.Game, actions int, scPath, savePath string) {
	sc := g.Scenario()
	def, _ := g.Defender()
	fmt.Fprintf(w, "%s\n", sc.Name)
	for side := range 2 {
		role := "attacker"
		if side == def {
			role = "defender"
		}
		edge, _ := g.BaseEdge(side)
		on := 0
		for _, e := range g.Elements() {
			if e.Side == side && e.OnTable() {
				on++
			}
		}
		fmt.Fprintf(w, "  %s: %s, base edge %s, %d elements on the table\n", sc.Sides[side].Name, role, edge, on)
	}
	fmt.Fprintf(w, "  terrain: %d features\n", len(sc.Features()))
	for _, f := range sc.Features() {
		fmt.Fprintf(w, "    %s (%s)\n", f.Name, f.Kind.Name)
	}
	_, side := g.ToAct()
	fmt.Fprintf(w, "  %d set-up actions; bound %d, %s to move\n", actions, g.Bound(), sc.Sides[side].Name)
	fmt.Fprintf(w, "wrote %s and %s (hott replay --scenario %s %s)\n", scPath, savePath, scPath, savePath)
}

// battleSim is sim's scenario for standard battles between two armies,
// with the armies' home terrains: each game is set up from its seed (the
// terrain generated in the defender's home terrain) and then played.
func battleSim(armies string, duel bool) (*engine.Scenario, [2]string, error) {
	_, sc, homes, err := battleScenario(armies, duel)
	return sc, homes, err
}
