package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"pelennor/engine"
	"pelennor/engine/dice"
)

const duelSynopsis = "--scenario FILE|NAME [--seed N] [--actions FILE] --a ID --b ID [--dice 14,3,... | --duel-seed N] [--json]"

// runDuel poses a position with the heroic duel in play and shows the
// duel that the close combat of two elements would be: its odds, then
// the duel fought with the given dice (or a seed of its own, never the
// game's: the game's next dice stay unknown).
func runDuel(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("duel", duelSynopsis, stderr)
	scen := fs.String("scenario", "", "scenario `FILE|NAME`")
	seed := fs.Uint64("seed", 0, "seed of the position's dice")
	actionsPath := fs.String("actions", "", "action `FILE` to apply first")
	a := fs.Int("a", 0, "element `ID` of one hero (the moving side's fights first)")
	b := fs.Int("b", 0, "element `ID` of the other hero")
	script := fs.String("dice", "", "the duel's dice `14,3,...` (D20s and damage dice, in the documented order)")
	duelSeed := fs.Uint64("duel-seed", 1, "seed of the duel's dice when --dice is not given")
	asJSON := fs.Bool("json", false, "print the odds and the duel as JSON")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	case *scen == "":
		return usageErr(fs, stderr, "--scenario is required")
	case *a == 0 || *b == 0:
		return usageErr(fs, stderr, "--a and --b are required")
	}
	src := dice.NewPCG(*duelSeed)
	if *script != "" {
		values, err := dice.ParseScript(*script)
		if err != nil {
			return usageErr(fs, stderr, "--dice: %v", err)
		}
		if src, err = dice.NewScripted(values); err != nil {
			return usageErr(fs, stderr, "--dice: %v", err)
		}
	}
	sc, err := loadScenario(*scen)
	if err != nil {
		return fail(stderr, "duel", exitError, err)
	}
	r := rulingsOf(sc)
	r.HeroicDuel = true
	sc.Rulings = &r
	g, status := positionOn("duel", sc, seed, nil, *actionsPath, stderr)
	if g == nil {
		return status
	}
	if err := g.DuelRefusal(*a, *b); err != nil {
		return fail(stderr, "duel", exitIllegal, err)
	}
	odds, err := engine.Odds(g, *a, *b, "close", nil)
	if err != nil {
		return fail(stderr, "duel", exitIllegal, err)
	}
	rep, evs, err := engine.TryDuel(g, *a, *b, src)
	if err != nil {
		return fail(stderr, "duel", exitIllegal, err)
	}
	if *asJSON {
		data, err := json.MarshalIndent(struct {
			Odds   *engine.OddsReport `json:"odds"`
			Duel   *engine.Report     `json:"duel"`
			Events []engine.Event     `json:"events"`
		}{odds, rep, evs}, "", "  ")
		if err != nil {
			return fail(stderr, "duel", exitError, err)
		}
		fmt.Fprintf(stdout, "%s\n", data)
		return exitOK
	}
	d := rep.Duel
	fmt.Fprintf(stdout, "Heroic duel: %s (%s) against %s (%s)\n", rep.Attacker.Name, d.HeroNames[0], rep.Defender.Name, d.HeroNames[1])
	fmt.Fprintf(stdout, "\nOdds, counted over %d sampled duels (%s):\n", odds.Duel.Samples, odds.Duel.Error)
	for _, s := range []engine.OddsSide{odds.Attacker, odds.Defender} {
		var parts []string
		for _, c := range s.Outcomes {
			parts = append(parts, c.Result+" "+c.Percent)
		}
		fmt.Fprintf(stdout, "  %s: %s\n", s.Name, strings.Join(parts, ", "))
	}
	how := fmt.Sprintf("duel seed %d", *duelSeed)
	if *script != "" {
		how = "the dice given"
	}
	fmt.Fprintf(stdout, "\nThe duel, with %s:\n", how)
	for _, ev := range evs {
		if ev.Kind == engine.EvDie && ev.Code != engine.CodeDuelDie {
			continue
		}
		fmt.Fprintf(stdout, "  %s\n", ev.Describe())
	}
	return exitOK
}
