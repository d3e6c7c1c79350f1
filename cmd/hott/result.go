package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"pelennor/engine"
	"pelennor/record"
)

const resultSynopsis = "[--text] [--scenario FILE|NAME] FILE..."

// runResult verifies each save or turn file by replaying it and prints
// its outcome (record.Outcome) as a JSON line, or a row of a table with
// --text. A file that does not verify is named on stderr with what is
// wrong; the others are still printed, and the status is then 1.
func runResult(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("result", resultSynopsis, stderr)
	text := fs.Bool("text", false, "print a short table instead of JSON lines")
	scen := fs.String("scenario", "", "scenario `FILE|NAME` for saves that do not carry theirs (default: the built-in scenarios and standard battles)")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	if len(pos) == 0 {
		return usageErr(fs, stderr, "give one or more save or turn files")
	}
	lookup := record.Lookup(record.Builtin)
	if *scen != "" {
		sc, err := loadScenario(*scen)
		if err != nil {
			return fail(stderr, "result", exitError, err)
		}
		lookup = func(id string) (*engine.Scenario, error) {
			if id != sc.ID {
				return nil, fmt.Errorf("--scenario %s is scenario %q", *scen, sc.ID)
			}
			return sc, nil
		}
	}
	var outs []record.Outcome
	status = exitOK
	for _, path := range pos {
		data, err := os.ReadFile(path)
		if err == nil {
			var o record.Outcome
			if o, err = record.Verify(path, data, lookup); err == nil {
				outs = append(outs, o)
				continue
			}
		}
		status = fail(stderr, "result", exitError, err)
	}
	if *text {
		writeResultTable(stdout, outs)
		return status
	}
	out := newJSONLines(stdout)
	for _, o := range outs {
		if err := out.write(o); err != nil {
			return fail(stderr, "result", exitError, err)
		}
	}
	return status
}

// writeResultTable prints outcomes as a table, one row a file.
func writeResultTable(w io.Writer, outs []record.Outcome) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tRESULT\tBOUNDS\tTIME\tAP LOST\tGENERALS LOST\tSTRONGHOLD TAKEN\tDIGEST")
	for _, o := range outs {
		res := o.Result
		if o.Winner >= 0 {
			res = "won by " + sideLabel(o.Sides[o.Winner])
		}
		tc := "-"
		if o.TimeCalled {
			tc = fmt.Sprintf("called in %d", o.TimeCalledBound)
		}
		taken := []string{}
		for _, s := range o.Sides {
			if s.StrongholdTaken {
				taken = append(taken, sideLabel(s))
			}
		}
		if len(taken) == 0 {
			taken = append(taken, "-")
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d–%d\t%d–%d\t%s\t%.12s\n", o.File, res, o.Bounds, tc,
			o.Sides[0].APLost, o.Sides[1].APLost, o.Sides[0].GeneralsLost, o.Sides[1].GeneralsLost,
			strings.Join(taken, ", "), o.Digest)
	}
	tw.Flush()
}

// sideLabel names a side by its player, else its name.
func sideLabel(s record.Side) string {
	if s.Player != "" {
		return s.Player + " (" + s.Name + ")"
	}
	return s.Name
}
