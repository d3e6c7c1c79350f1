package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"pelennor/internal/atomicfile"
	"pelennor/record"
	"pelennor/tournament"
)

const tournamentResultSynopsis = "FILE --round R --table T [--game G] (--save GAME | --winner a|b|draw --ap-lost A,B [--generals-lost A,B] [--stronghold a|b|both|none] [--bounds N] [--time-called])"

// tournamentResult enters or corrects a game's result: from the game's
// save, verified by replaying it (--save), or by hand (a tabletop game),
// each pair of values then for the pairing's player A, then B, whatever
// sides they played.
func tournamentResult(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("tournament result", tournamentResultSynopsis, stderr)
	round := fl.Int("round", 0, "the round (from 1)")
	table := fl.Int("table", 0, "the table")
	game := fl.Int("game", 1, "the game of the pairing: 1, or 2 in a duel")
	winner := fl.String("winner", "", "a (the pairing's first player), b, draw, or the winner's name")
	apLost := fl.String("ap-lost", "", "AP lost by A and by B: `A,B`")
	genLost := fl.String("generals-lost", "0,0", "generals lost by A and by B: `A,B`")
	taken := fl.String("stronghold", "none", "whose enemy stronghold was taken: a, b, both or none")
	bounds := fl.Int("bounds", 0, "bounds played")
	timeCalled := fl.Bool("time-called", false, "the game ended because time was called")
	save := fl.String("save", "", "the game's save or turn `file`: its result verified by replaying it")
	path, status, ok := fileArg(fl, stderr, args)
	if !ok {
		return status
	}
	// The game picks the sides (its parity) and indexes the results:
	// refuse one below 1 here; one beyond the pairing's is SetResult's.
	if *game < 1 {
		return usageErr(fl, stderr, "--game %d: games count from 1 (2 in a duel)", *game)
	}
	if *save != "" {
		if *winner != "" || *apLost != "" {
			return usageErr(fl, stderr, "--save takes the result from the game: give no --winner or --ap-lost")
		}
		return resultFromSave(path, *save, *round, *table, *game, stdout, stderr)
	}
	ap, err := pairOf(*apLost)
	if err != nil {
		return usageErr(fl, stderr, "--ap-lost: %v", err)
	}
	gen, err := pairOf(*genLost)
	if err != nil {
		return usageErr(fl, stderr, "--generals-lost: %v", err)
	}
	return change("tournament result", path, stdout, stderr, func(t *tournament.Tournament, stdout io.Writer) error {
		pr, err := pairingAt(t, *round, *table)
		if err != nil {
			return err
		}
		a, b := t.Player(pr.A).Name, t.Player(pr.B).Name
		sa := (*game - 1) % 2 // the side A plays in this game
		res := tournament.Result{Bounds: *bounds, TimeCalled: *timeCalled, Source: tournament.ByHand}
		switch w := strings.ToLower(*winner); {
		case w == "draw":
			res.Winner = tournament.Draw
		case w == "a" || strings.EqualFold(*winner, a):
			res.Winner = sa
		case w == "b" || strings.EqualFold(*winner, b):
			res.Winner = 1 - sa
		default:
			return fmt.Errorf("--winner %q: give a (%s), b (%s) or draw", *winner, a, b)
		}
		res.APLost[sa], res.APLost[1-sa] = ap[0], ap[1]
		res.GeneralsLost[sa], res.GeneralsLost[1-sa] = gen[0], gen[1]
		switch *taken {
		case "a":
			res.StrongholdTaken[sa] = true
		case "b":
			res.StrongholdTaken[1-sa] = true
		case "both":
			res.StrongholdTaken = [2]bool{true, true}
		case "none":
		default:
			return fmt.Errorf("--stronghold %q: give a, b, both or none", *taken)
		}
		corrected := pr.Results != nil && *game >= 1 && *game <= len(pr.Results) && pr.Results[*game-1] != nil
		if err := t.SetResult(*round, *table, *game, res); err != nil {
			return err
		}
		verb := "entered"
		if corrected {
			verb = "corrected"
		}
		fmt.Fprintf(stdout, "round %d, table %d, game %d: %s v %s %s (by hand)\n", *round, *table, *game, a, b, verb)
		return nil
	})
}

// resultFromSave enters the result of the game saved in file, verified
// by replaying it (record.Verify). The save's sides are the result's;
// when the save names its players they must be the pairing's, A on the
// side the game gives it (ruling N29).
func resultFromSave(path, file string, round, table, game int, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(file)
	if err != nil {
		return fail(stderr, "tournament result", exitError, err)
	}
	o, err := record.Verify(file, data, record.Builtin)
	if err != nil {
		return fail(stderr, "tournament result", exitIllegal, err)
	}
	if !o.Over {
		return fail(stderr, "tournament result", exitIllegal, fmt.Errorf("%s: the game is not over (bound %d): it has no result yet", file, o.Bounds))
	}
	return change("tournament result", path, stdout, stderr, func(t *tournament.Tournament, stdout io.Writer) error {
		pr, err := pairingAt(t, round, table)
		if err != nil {
			return err
		}
		if t.Scenario != "" && o.Scenario.ID != t.Scenario { // N34, as the club server
			return fmt.Errorf("%s is a game of %s (%s), but every game of %s is played on %s", file, o.Scenario.Name, o.Scenario.ID, t.Name, t.Scenario)
		}
		a, b := t.Player(pr.A).Name, t.Player(pr.B).Name
		sa := (game - 1) % 2
		want := [2]string{}
		want[sa], want[1-sa] = a, b
		for s, side := range o.Sides {
			if side.Player != "" && !strings.EqualFold(side.Player, want[s]) {
				return fmt.Errorf("%s: side %d (%s) was played by %s, but in round %d at table %d it is %s's", file, s+1, side.Name, side.Player, round, table, want[s])
			}
		}
		res := tournament.Replayed(o, filepath.Base(file))
		if err := t.SetResult(round, table, game, res); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "round %d, table %d, game %d: %s v %s: %s, verified by replaying %s (%d actions)\n", round, table, game, a, b, o.Result, filepath.Base(file), o.Actions)
		return nil
	})
}

// pairingAt is the pairing at a table of a round.
func pairingAt(t *tournament.Tournament, round, table int) (*tournament.Pairing, error) {
	if round < 1 || round > len(t.Schedule) {
		return nil, fmt.Errorf("--round %d: %d rounds are paired", round, len(t.Schedule))
	}
	for i := range t.Schedule[round-1].Pairings {
		if p := &t.Schedule[round-1].Pairings[i]; p.Table == table {
			return p, nil
		}
	}
	return nil, fmt.Errorf("--table %d: round %d has no such table", table, round)
}

// roundsPaired refuses a round flag beyond the rounds paired, or below 0
// (0: the default), rather than quietly taking every round for it.
func roundsPaired(t *tournament.Tournament, r int) error {
	if r < 0 || r > len(t.Schedule) {
		return fmt.Errorf("%d: %d rounds are paired", r, len(t.Schedule))
	}
	return nil
}

// pairOf reads "X,Y".
func pairOf(s string) ([2]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return [2]int{}, fmt.Errorf("%q: give two whole numbers, A's then B's, e.g. 4,12", s)
	}
	var v [2]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return [2]int{}, fmt.Errorf("%q: %q is not a whole number", s, p)
		}
		v[i] = n
	}
	return v, nil
}

func tournamentStandings(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("tournament standings", "FILE [--after R]", stderr)
	after := fl.Int("after", 0, "the standings after round R (default: every round)")
	path, status, ok := fileArg(fl, stderr, args)
	if !ok {
		return status
	}
	t, err := tournament.Load(path)
	if err != nil {
		return fail(stderr, "tournament standings", exitError, err)
	}
	if err := roundsPaired(t, *after); err != nil {
		return fail(stderr, "tournament standings", exitError, fmt.Errorf("--after %v", err))
	}
	// The standings CSV's columns, aligned for a terminal.
	header, rows := t.StandingsRows(*after)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	return exitOK
}

// exports are what hott tournament export writes.
var exports = []string{"standings-csv", "round-csv", "pairings-html", "standings-html", "event"}

func tournamentExport(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("tournament export", "FILE --what "+strings.Join(exports, "|")+" [--round R] [--out OUT]", stderr)
	what := fl.String("what", "", "what to write: "+strings.Join(exports, ", "))
	round := fl.Int("round", 0, "the round (round-csv, pairings-html: default the last; standings: after it)")
	out := fl.String("out", "", "the file to write (atomically); default standard output")
	path, status, ok := fileArg(fl, stderr, args)
	if !ok {
		return status
	}
	t, err := tournament.Load(path)
	if err != nil {
		return fail(stderr, "tournament export", exitError, err)
	}
	if err := roundsPaired(t, *round); err != nil {
		return fail(stderr, "tournament export", exitError, fmt.Errorf("--round %v", err))
	}
	r := *round
	if r == 0 && (*what == "round-csv" || *what == "pairings-html") {
		r = len(t.Schedule)
	}
	var buf bytes.Buffer
	switch *what {
	case "standings-csv":
		err = t.StandingsCSV(&buf, r)
	case "round-csv":
		err = t.RoundCSV(&buf, r)
	case "pairings-html":
		err = t.PairingsHTML(&buf, r)
	case "standings-html":
		err = t.StandingsHTML(&buf, r)
	case "event":
		var data []byte
		data, err = t.Marshal()
		buf.Write(data)
	default:
		return usageErr(fl, stderr, "--what %q: give one of %s", *what, strings.Join(exports, ", "))
	}
	if err != nil {
		return fail(stderr, "tournament export", exitError, err)
	}
	if *out == "" {
		stdout.Write(buf.Bytes())
		return exitOK
	}
	if err := atomicfile.Write(*out, buf.Bytes(), nil); err != nil {
		return fail(stderr, "tournament export", exitError, err)
	}
	return exitOK
}
