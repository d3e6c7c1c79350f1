package main

import (
	"encoding/json"
	"fmt"
	"io"

	"pelennor/engine"
)

const optionsSynopsis = "--scenario FILE|NAME [--seed N | --dice ...] [--actions FILE] [--element ID | --group 3,4,5]"

// optionsReport is what `hott options` prints (docs/formats.md, options).
type optionsReport struct {
	Format        string                `json:"format"`
	Bound         int                   `json:"bound"`
	Side          int                   `json:"side"` // the side to act (the other during return shooting)
	Phase         string                `json:"phase"`
	Element       *elementOptions       `json:"element,omitempty"`
	Group         *engine.GroupOptions  `json:"group,omitempty"`
	Arrivals      []engine.Arrival      `json:"arrivals"`
	CommandRanges []engine.CommandRange `json:"command_ranges"`
}

// elementOptions are the queries of one element.
type elementOptions struct {
	ID      int                 `json:"id"`
	Status  string              `json:"status"`
	Move    *engine.MoveOptions `json:"move,omitempty"`
	Fire    *engine.FireOptions `json:"fire,omitempty"`
	Refusal *engine.Refusal     `json:"refusal,omitempty"` // why there is nothing to ask (not on the table)
}

// optionsFormat names the JSON of `hott options`.
const optionsFormat = "pelennor-options/1"

func runOptions(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("options", optionsSynopsis, stderr)
	scen := fs.String("scenario", "", "scenario `FILE|NAME`")
	dice := addDiceFlags(fs)
	actionsPath := fs.String("actions", "", "action `FILE` to apply first")
	element := fs.Int("element", 0, "element `ID` to ask about")
	groupFlag := fs.String("group", "", "comma-separated element `IDs` of a group to ask about")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	group, err := parseIDs(*groupFlag)
	switch {
	case len(pos) > 0:
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	case *scen == "":
		return usageErr(fs, stderr, "--scenario is required")
	case err != nil:
		return usageErr(fs, stderr, "--group: %v", err)
	case *element < 0:
		return usageErr(fs, stderr, "--element must be an element id")
	case *element != 0 && len(group) > 0:
		return usageErr(fs, stderr, "give --element or --group, not both")
	case *groupFlag != "" && len(group) < 2:
		return usageErr(fs, stderr, "--group needs two or more element ids")
	}
	if s, d := dice.given(); s && d {
		return usageErr(fs, stderr, "give --seed or --dice, not both")
	}
	g, status := position("options", dice, *scen, *actionsPath, stderr)
	if g == nil {
		return status
	}
	_, side := g.ToAct()
	rep := optionsReport{Format: optionsFormat, Bound: g.Bound(), Side: side, Phase: g.Phase().String(),
		Arrivals: g.Arrivals(side), CommandRanges: g.CommandRanges(side)}
	if *element != 0 {
		e, ok := g.Element(*element)
		if !ok {
			return fail(stderr, "options", exitError, fmt.Errorf("--element: the scenario has no element %d", *element))
		}
		eo := &elementOptions{ID: e.ID, Status: e.Status.String()}
		if e.OnTable() {
			if eo.Move, err = g.MoveOptions(e.ID); err != nil {
				return fail(stderr, "options", exitError, err)
			}
			if eo.Fire, err = g.FireOptions(e.ID); err != nil {
				return fail(stderr, "options", exitError, err)
			}
		} else {
			eo.Refusal = &engine.Refusal{Code: "element.absent", Reason: fmt.Sprintf("element %d is not on the table (%s): see arrivals", e.ID, e.Status)}
		}
		rep.Element = eo
	}
	if len(group) > 0 {
		if rep.Group, err = g.GroupOptions(group); err != nil {
			return fail(stderr, "options", exitError, err)
		}
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fail(stderr, "options", exitError, err)
	}
	fmt.Fprintf(stdout, "%s\n", data)
	return exitOK
}
