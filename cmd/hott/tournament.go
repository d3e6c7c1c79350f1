package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"pelennor/tournament"
)

// The tournament subcommands, each run on the tournament file, which
// every change rewrites atomically.
var tournamentCmds = map[string]func(args []string, stdout, stderr io.Writer) int{
	"new":       tournamentNew,
	"add":       tournamentAdd,
	"drop":      tournamentDrop,
	"bonus":     tournamentBonus,
	"pair":      tournamentPair,
	"result":    tournamentResult,
	"standings": tournamentStandings,
	"export":    tournamentExport,
	"serve":     tournamentServe,
}

const tournamentUsage = `Usage: hott tournament new|add|drop|bonus|pair|result|standings|export|serve FILE [flags]
  (hott tournament COMMAND -h lists a command's flags; docs/tournament.md is the organiser's guide)
`

func runTournament(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || tournamentCmds[args[0]] == nil {
		fmt.Fprint(stderr, tournamentUsage)
		return exitUsage
	}
	return tournamentCmds[args[0]](args[1:], stdout, stderr)
}

// fileArg takes the one positional argument, the tournament file.
func fileArg(fs *flag.FlagSet, stderr io.Writer, args []string) (string, int, bool) {
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return "", status, false
	}
	if len(pos) != 1 {
		return "", usageErr(fs, stderr, "give the tournament file (and only it) as the argument"), false
	}
	return pos[0], 0, true
}

// change loads the tournament, applies f and saves it, under the
// file's lock (tournament.Update). What f reports is printed only once
// the file is saved: a change not written must not be told as made.
func change(cmd, path string, stdout, stderr io.Writer, f func(t *tournament.Tournament, out io.Writer) error) int {
	var report bytes.Buffer
	err := tournament.Update(path, func(t *tournament.Tournament) error { return f(t, &report) })
	if err != nil {
		return fail(stderr, cmd, exitError, err)
	}
	stdout.Write(report.Bytes())
	return exitOK
}

func tournamentNew(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tournament new", "FILE --name NAME [--seed N] [--pairing swiss|round-robin] [--rounds N] [--scoring PRESET] ...", stderr)
	name := fs.String("name", "", "the tournament's `name`")
	seed := fs.Uint64("seed", 0, "the seed of its lots and seating")
	pairing := fs.String("pairing", tournament.Swiss, "swiss or round-robin")
	rounds := fs.Int("rounds", 0, "the rounds of a Swiss (a round robin has its own)")
	games := fs.Int("games", 1, "games a pairing plays: 1, or 2 for a scenario duel (sides swapped)")
	scenario := fs.String("scenario", "", "the scenario every game is played on, if one (a duel's)")
	ap := fs.Int("ap", 24, "the armies' AP: 24 or 36")
	scoring := fs.String("scoring", tournament.Preset310, "the scoring preset: "+strings.Join(tournament.Presets[:len(tournament.Presets)-1], ", ")+", or custom:WIN,DRAW,LOSS")
	breaks := fs.String("tie-breaks", strings.Join(tournament.DefaultTieBreaks, ","), "the tie-breaks in order, comma-separated, from "+strings.Join(tournament.TieBreaks, ", ")+" (\"none\" for none)")
	club := fs.Bool("avoid-same-club", false, "keep players of one club apart in round 1")
	path, status, ok := fileArg(fs, stderr, args)
	if !ok {
		return status
	}
	if exists(path) {
		return fail(stderr, "tournament new", exitError, fmt.Errorf("%s already exists: choose another file", path))
	}
	sc, err := parseScoring(*scoring)
	if err != nil {
		return usageErr(fs, stderr, "--scoring: %v", err)
	}
	tbs := []string{}
	if *breaks != "none" && *breaks != "" {
		for _, tb := range strings.Split(*breaks, ",") {
			tbs = append(tbs, strings.TrimSpace(tb)) // "buchholz, lots" as typed
		}
	}
	t, err := tournament.New(tournament.Config{Name: *name, Seed: *seed, Pairing: *pairing, Rounds: *rounds,
		Games: *games, Scenario: *scenario, AP: *ap, Scoring: sc, TieBreaks: tbs, Club1: *club})
	if err != nil {
		return fail(stderr, "tournament new", exitError, err)
	}
	if err := t.Save(path); err != nil {
		return fail(stderr, "tournament new", exitError, err)
	}
	fmt.Fprintf(stdout, "%s: %s, %s, scoring %s, tie-breaks %s\n", path, t.Name, t.Pairing, t.Scoring.Preset, strings.Join(t.TieBreaks, ", "))
	return exitOK
}

// parseScoring reads a preset name, or custom:WIN,DRAW,LOSS.
func parseScoring(s string) (tournament.Scoring, error) {
	rest, custom := strings.CutPrefix(s, tournament.PresetCustom+":")
	if !custom {
		return tournament.Scoring{Preset: s}, nil
	}
	parts := strings.Split(rest, ",")
	if len(parts) != 3 {
		return tournament.Scoring{}, fmt.Errorf("%q: give custom:WIN,DRAW,LOSS, e.g. custom:3,1,0", s)
	}
	var v [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return tournament.Scoring{}, fmt.Errorf("%q: %q is not a whole number", s, p)
		}
		v[i] = n
	}
	return tournament.Scoring{Preset: tournament.PresetCustom, Win: v[0], Draw: v[1], Loss: v[2]}, nil
}

func tournamentAdd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tournament add", "FILE --name NAME [--club CLUB] [--army ARMY] [--bonus N]", stderr)
	name := fs.String("name", "", "the player's `name`")
	club := fs.String("club", "", "the player's club")
	army := fs.String("army", "", "the army, list or side the player brings")
	bonus := fs.Int("bonus", 0, "bonus points (painting, theme): shown, never used in pairing or ranking")
	path, status, ok := fileArg(fs, stderr, args)
	if !ok {
		return status
	}
	return change("tournament add", path, stdout, stderr, func(t *tournament.Tournament, stdout io.Writer) error {
		id, err := t.AddPlayer(*name, *club, *army)
		if err != nil {
			return err
		}
		t.SetBonus(id, *bonus)
		p := t.Player(id)
		fmt.Fprintf(stdout, "player %d: %s, from round %d\n", id, p.Name, p.Entered)
		if p.Entered <= len(t.Schedule) {
			fmt.Fprintf(stdout, "round %d is paired and not started: pair --again takes %s in\n", p.Entered, p.Name)
		}
		return nil
	})
}

// playerFlag finds the player a --player value names: an id or a name.
func playerFlag(t *tournament.Tournament, v string) (int, error) {
	if id, err := strconv.Atoi(v); err == nil && t.Player(id) != nil {
		return id, nil
	}
	for _, p := range t.Players {
		if strings.EqualFold(p.Name, v) {
			return p.ID, nil
		}
	}
	return 0, fmt.Errorf("--player %q: no player of that id or name", v)
}

func tournamentDrop(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tournament drop", "FILE --player ID|NAME", stderr)
	who := fs.String("player", "", "the player's id or name")
	path, status, ok := fileArg(fs, stderr, args)
	if !ok {
		return status
	}
	return change("tournament drop", path, stdout, stderr, func(t *tournament.Tournament, stdout io.Writer) error {
		id, err := playerFlag(t, *who)
		if err != nil {
			return err
		}
		undone, err := t.Drop(id)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s leaves before round %d\n", t.Player(id).Name, t.Player(id).Left)
		if undone {
			fmt.Fprintf(stdout, "round %d had not started and is unpaired: pair it again\n", len(t.Schedule)+1)
		}
		return nil
	})
}

func tournamentBonus(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tournament bonus", "FILE --player ID|NAME --points N", stderr)
	who := fs.String("player", "", "the player's id or name")
	points := fs.Int("points", 0, "the bonus points (painting, theme)")
	path, status, ok := fileArg(fs, stderr, args)
	if !ok {
		return status
	}
	return change("tournament bonus", path, stdout, stderr, func(t *tournament.Tournament, stdout io.Writer) error {
		id, err := playerFlag(t, *who)
		if err != nil {
			return err
		}
		return t.SetBonus(id, *points)
	})
}

func tournamentPair(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tournament pair", "FILE [--again]", stderr)
	again := fs.Bool("again", false, "pair the last round again (before any of its results is in)")
	path, status, ok := fileArg(fs, stderr, args)
	if !ok {
		return status
	}
	return change("tournament pair", path, stdout, stderr, func(t *tournament.Tournament, stdout io.Writer) error {
		pair := t.Pair
		if *again {
			pair = t.Repair
		}
		rd, err := pair()
		if err != nil {
			return err
		}
		printPairings(stdout, t, rd)
		return nil
	})
}

func printPairings(w io.Writer, t *tournament.Tournament, rd *tournament.Round) {
	fmt.Fprintf(w, "round %d\n", rd.Number)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, pr := range rd.Pairings {
		fmt.Fprintf(tw, "table %d\t%s\tv\t%s\n", pr.Table, t.Player(pr.A).Name, t.Player(pr.B).Name)
	}
	for _, id := range rd.Byes {
		fmt.Fprintf(tw, "bye\t%s\t\t\n", t.Player(id).Name)
	}
	tw.Flush()
}

// exists reports whether path is there (or cannot be told not to be).
func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}
