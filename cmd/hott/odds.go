package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"pelennor/engine"
)

const oddsSynopsis = "--scenario FILE|NAME [--seed N | --dice ...] [--actions FILE] --attacker ID --defender ID [--kind close|shoot|bespell] [--aiders 3,4]"

func runOdds(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("odds", oddsSynopsis, stderr)
	scen := fs.String("scenario", "", "scenario `FILE|NAME`")
	dice := addDiceFlags(fs)
	actionsPath := fs.String("actions", "", "action `FILE` to apply first")
	attacker := fs.Int("attacker", 0, "element `ID` of the attacker (the shooter or Magician)")
	defender := fs.Int("defender", 0, "element `ID` of the defender (the target)")
	kind := fs.String("kind", "close", "contest: close, shoot or bespell")
	aidersFlag := fs.String("aiders", "", "comma-separated `IDs` of aiding shooters or Magicians")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	case *scen == "":
		return usageErr(fs, stderr, "--scenario is required")
	case *attacker == 0 || *defender == 0:
		return usageErr(fs, stderr, "--attacker and --defender are required")
	case *kind != "close" && *kind != "shoot" && *kind != "bespell":
		return usageErr(fs, stderr, "--kind must be close, shoot or bespell, not %q", *kind)
	}
	aiders, err := parseIDs(*aidersFlag)
	if err != nil {
		return usageErr(fs, stderr, "--aiders: %v", err)
	}
	if s, d := dice.given(); s && d {
		return usageErr(fs, stderr, "give --seed or --dice, not both")
	}
	g, status := position("odds", dice, *scen, *actionsPath, stderr)
	if g == nil {
		return status
	}
	rep, err := engine.Odds(g, *attacker, *defender, *kind, aiders)
	if err != nil {
		return fail(stderr, "odds", exitError, err)
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fail(stderr, "odds", exitError, err)
	}
	fmt.Fprintf(stdout, "%s\n", data)
	return exitOK
}

// parseIDs parses a comma-separated list of element ids; "" is none.
func parseIDs(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var ids []int
	for i, p := range strings.Split(s, ",") {
		id, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || id <= 0 {
			return nil, fmt.Errorf("value %d (%q) is not an element id", i+1, strings.TrimSpace(p))
		}
		ids = append(ids, id)
	}
	return ids, nil
}
