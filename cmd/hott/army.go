package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"pelennor/army"
	"pelennor/engine/rules"
)

const armyUsage = `Usage:
  hott army check [--ap 24|36] [--list LISTFILE] FILE|NAME
      Validate an army list or an army file (told apart by their
      "entries" or "elements"), or the embedded list NAME and its
      ready-made army. An army is checked against its list: the embedded
      one its "list" names, or LISTFILE. Prints the AP, the cap on
      elements of 3 AP or more, the general and the stronghold, and every
      problem with its file and entry.
  hott army list
      Print the embedded army lists.`

func runArmy(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "check":
			return runArmyCheck(args[1:], stdout, stderr)
		case "list":
			return runArmyList(args[1:], stdout, stderr)
		case "-h", "-help", "--help":
			fmt.Fprintln(stdout, armyUsage)
			return exitOK
		}
	}
	fmt.Fprintln(stderr, armyUsage)
	return exitUsage
}

func runArmyList(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "Usage: hott army list")
		return exitUsage
	}
	cat, err := army.Builtin()
	if err != nil {
		return fail(stderr, "army list", exitError, err)
	}
	for _, id := range cat.IDs() {
		l, _ := cat.List(id)
		ready := "no ready-made army"
		if a, ok := cat.Army(id); ok {
			ready = fmt.Sprintf("ready-made army %q", a.Name)
		}
		fmt.Fprintf(stdout, "%-15s %s (%s; %d entries): %s\n", id, l.Name, l.Home, len(l.Entries), ready)
	}
	return exitOK
}

func runArmyCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("army check", "[--ap 24|36] [--list LISTFILE] FILE|NAME", stderr)
	budget := fs.Int("ap", army.Standard, "the AP the army must be worth: 24, or a tournament's 36")
	listFile := fs.String("list", "", "the list of an army `file` (instead of the embedded list it names)")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return usageErr(fs, stderr, "give one list or army file, or the name of an embedded list")
	}
	if *budget != army.Standard && *budget != army.Tournament {
		return usageErr(fs, stderr, "--ap %d: an army is worth %d AP, or %d in a tournament", *budget, army.Standard, army.Tournament)
	}
	arg := pos[0]
	if st, err := os.Stat(arg); err == nil && !st.IsDir() || strings.HasSuffix(arg, ".json") {
		data, err := os.ReadFile(arg)
		if err != nil {
			return fail(stderr, "army check", exitError, err)
		}
		kind, err := fileKind(arg, data)
		if err != nil {
			return fail(stderr, "army check", exitError, err)
		}
		if kind == "list" {
			l, err := army.ParseList(arg, data)
			if err != nil {
				return failLines(stderr, err)
			}
			describeList(stdout, l)
			return exitOK
		}
		a, err := army.ParseArmy(arg, data)
		if err != nil {
			return failLines(stderr, err)
		}
		l, err := listOf(a, *listFile)
		if err != nil {
			return fail(stderr, "army check", exitError, fmt.Errorf("%s: %w", arg, err))
		}
		return checkArmy(stdout, stderr, arg, l, a, *budget)
	}
	cat, err := army.Builtin()
	if err != nil {
		return fail(stderr, "army check", exitError, err)
	}
	l, ok := cat.List(arg)
	if !ok {
		return fail(stderr, "army check", exitError, fmt.Errorf("%q is neither a file nor an embedded list (embedded: %s)", arg, strings.Join(cat.IDs(), ", ")))
	}
	describeList(stdout, l)
	a, ok := cat.Army(arg)
	if !ok {
		return fail(stderr, "army check", exitError, fmt.Errorf("embedded list %s has no ready-made army", arg))
	}
	fmt.Fprintln(stdout)
	return checkArmy(stdout, stderr, "army/armies/"+arg+".json", l, a, *budget)
}

// fileKind tells a list file ("entries") from an army file ("elements").
func fileKind(name string, data []byte) (string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		// Let the strict decoder say where: either will do.
		_, err := army.ParseArmy(name, data)
		return "", err
	}
	_, list := top["entries"]
	_, arm := top["elements"]
	switch {
	case list && !arm:
		return "list", nil
	case arm && !list:
		return "army", nil
	}
	return "", fmt.Errorf("%s: is neither an army list (with \"entries\") nor an army (with \"elements\")", name)
}

// listOf finds an army's list: the file given, else the embedded one.
func listOf(a *army.Army, file string) (*army.List, error) {
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		return army.ParseList(file, data)
	}
	cat, err := army.Builtin()
	if err != nil {
		return nil, err
	}
	l, ok := cat.List(a.List)
	if !ok {
		return nil, fmt.Errorf("list: no embedded list %q (give its file with --list; embedded: %s)", a.List, strings.Join(cat.IDs(), ", "))
	}
	return l, nil
}

// failLines prints every line of a file error after the command's name.
func failLines(stderr io.Writer, err error) int {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "hott army check: %s\n", line)
	}
	return exitError
}

func describeList(w io.Writer, l *army.List) {
	fmt.Fprintf(w, "list %s: %s: OK\n", l.ID, l.Name)
	fmt.Fprintf(w, "home terrain: %s; stronghold: %s\n", l.Home, l.Stronghold.Name)
	var generals []string
	for _, e := range l.Entries {
		if e.General {
			generals = append(generals, e.Name)
		}
		var types []string
		for _, o := range e.Options() {
			t, _ := rules.ParseType(o.Type)
			types = append(types, fmt.Sprintf("%s %d AP", o.Type, t.Info().AP))
		}
		n := fmt.Sprint(e.Count)
		if lo := e.MinCount(); lo != e.Count {
			n = fmt.Sprintf("%d-%d", lo, e.Count)
		}
		fmt.Fprintf(w, "  %s x %s (%s)\n", n, e.Name, strings.Join(types, " or "))
	}
	fmt.Fprintf(w, "may be the general: %s\n", strings.Join(generals, ", "))
	yes := map[bool]string{true: "possible", false: "impossible"}
	fmt.Fprintf(w, "legal armies: %d AP %s, %d AP %s\n", army.Standard, yes[army.Feasible(l, army.Standard)],
		army.Tournament, yes[army.Feasible(l, army.Tournament)])
}

// checkArmy prints an army's tally and its problems, one a line naming
// the file, and returns the exit status.
func checkArmy(stdout, stderr io.Writer, file string, l *army.List, a *army.Army, budget int) int {
	r := army.Validate(l, a, budget)
	verdict := "OK"
	switch n := len(r.Problems); {
	case n == 1:
		verdict = "1 problem"
	case n > 1:
		verdict = fmt.Sprintf("%d problems", n)
	}
	fmt.Fprintf(stdout, "army %q (list %s: %s): %s\n", a.Name, l.ID, l.Name, verdict)
	if a.List != l.ID {
		// Of another list: nothing of it can be counted.
		return failLines(stderr, &army.FileError{File: file, Problems: r.Problems})
	}
	fmt.Fprintf(stdout, "AP: %d of %d; on elements of %d AP or more: %d, cap %d\n", r.AP, r.Budget, army.HighCost, r.High, r.Cap)
	general := "none"
	var reserve []string
	counts := map[rules.Type]int{}
	for _, e := range r.Elements {
		counts[e.Type]++
		if e.General && general == "none" {
			general = fmt.Sprintf("%s (%s)", e.Name, e.Type)
		}
		if e.Reserve {
			reserve = append(reserve, e.Name)
		}
	}
	fmt.Fprintf(stdout, "general: %s\n", general)
	fmt.Fprintf(stdout, "stronghold: %s\n", r.Stronghold.Name)
	var parts []string
	for t := rules.Type(0); t < rules.NumTypes; t++ {
		if counts[t] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, counts[t]))
		}
	}
	fmt.Fprintf(stdout, "elements: %d: %s\n", len(r.Elements), strings.Join(parts, ", "))
	if len(reserve) > 0 {
		fmt.Fprintf(stdout, "off the table at the start (§9.4): %s\n", strings.Join(reserve, ", "))
	}
	if r.OK() {
		return exitOK
	}
	return failLines(stderr, &army.FileError{File: file, Problems: r.Problems})
}
