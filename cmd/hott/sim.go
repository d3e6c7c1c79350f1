package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"pelennor/ai/arena"
	"pelennor/engine"
	"pelennor/engine/bot"
)

// simReport sums up a batch of games between two players.
type simReport struct {
	Scenario   string
	Games      int
	Seed       uint64
	Seeds      int // seeds played: Games, or half of it when paired
	Paired     bool
	MaxBounds  int
	Wins       [2]int
	Unfinished int
	Bounds     int                   // total bounds played
	Events     map[int][]int         // event -> bounds in which it happened, one per game it fired in
	Broken     map[string]int        // command -> games in which it broke
	Moments    map[engine.Code][]int // scenario moment -> the bound it first happened, one per game
}

// The players sim pits against each other unless told otherwise, and
// the round robin of --elo.
const (
	defaultPlayer   = arena.KindNearest
	defaultEloField = "random,nearest,ai:easy,ai:normal,ai:hard"
)

// simWorkers is how many games sim plays at once: the two cores of the
// machines it is measured on.
const simWorkers = 2

func runSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hott sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scenario := fs.String("scenario", "", "scenario file or embedded name")
	games := fs.Int("games", 100, "number of games (of seeds, with --paired or --elo: each is played twice)")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	maxBounds := fs.Int("max-bounds", 80, "a game still going after this many bounds counts as unfinished")
	armies := fs.String("armies", "", "standard battles between two armies A,B (instead of --scenario); see hott battle new")
	side1 := fs.String("side1", defaultPlayer, "the player of side 1: random, nearest or ai:LEVEL[:TEMPER]")
	side2 := fs.String("side2", defaultPlayer, "the player of side 2, likewise")
	paired := fs.Bool("paired", false, "play each seed twice, the second time with the players' sides swapped")
	elo := fs.Bool("elo", false, "play a round robin of --players, --games paired games a pairing, and print an Elo table")
	players := fs.String("players", defaultEloField, "with --elo: the players, comma-separated")
	each := fs.Bool("each", false, "list every game after the report: its seed, players, result, bounds and the commands broken")
	duel := heroicDuelFlag(fs)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hott sim: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if (*scenario == "") == (*armies == "") || *games < 1 || *maxBounds < 1 {
		fmt.Fprintln(stderr, "hott sim: --scenario or --armies is required (one of them), and --games and --max-bounds must be positive")
		return exitUsage
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *elo && (set["side1"] || set["side2"] || set["paired"]) {
		fmt.Fprintln(stderr, "hott sim: --elo plays every pair of --players, paired: --side1, --side2 and --paired do not go with it")
		return exitUsage
	}
	if *elo && *each {
		fmt.Fprintln(stderr, "hott sim: --each lists the games of one match; it does not go with --elo")
		return exitUsage
	}
	if set["players"] && !*elo {
		fmt.Fprintln(stderr, "hott sim: --players is for --elo; name a game's two players with --side1 and --side2")
		return exitUsage
	}
	var specs []arena.Spec
	if *elo {
		var err error
		if specs, err = eloPlayers(*players); err != nil {
			fmt.Fprintf(stderr, "hott sim: --players: %v\n", err)
			return exitUsage
		}
	} else {
		for i, s := range []string{*side1, *side2} {
			sp, err := arena.ParseSpec(s)
			if err != nil {
				fmt.Fprintf(stderr, "hott sim: --side%d: %v\n", i+1, err)
				return exitUsage
			}
			specs = append(specs, sp)
		}
	}
	sc, err := loadScenario(*scenario)
	var homes [2]string
	if *armies != "" {
		sc, homes, err = battleSim(*armies, *duel)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hott sim: %v\n", err)
		return exitError
	}
	withHeroicDuel(sc, *duel)
	if *elo {
		return runElo(stdout, stderr, sc, specs, *seed, *games, *maxBounds, homes)
	}
	gs := arena.Games(*seed, *games, specs[0], specs[1], *paired)
	prog := newProgress(stderr, len(gs))
	outs, err := arena.Run(sc, gs, *maxBounds, homes, simWorkers, prog.gameDone)
	prog.finish()
	if err != nil {
		fmt.Fprintf(stderr, "hott sim: %v\n", err)
		return exitError
	}
	r := simReport{Scenario: sc.ID, Games: len(gs), Seeds: *games, Paired: *paired, Seed: *seed, MaxBounds: *maxBounds,
		Events: map[int][]int{}, Broken: map[string]int{}, Moments: map[engine.Code][]int{}}
	for _, o := range outs {
		if o.Winner >= 0 {
			r.Wins[o.Winner]++
		} else {
			r.Unfinished++
		}
		r.Bounds += o.Bounds
		for ev, b := range o.Events {
			r.Events[ev] = append(r.Events[ev], b)
		}
		for m, b := range o.Moments {
			r.Moments[m] = append(r.Moments[m], b)
		}
		seen := map[string]bool{}
		for _, c := range o.Broken {
			if !seen[c] {
				seen[c] = true
				r.Broken[c]++
			}
		}
	}
	printSim(stdout, sc, r, specs)
	// Who won, player by player, unless two nearest-enemy bots played
	// (the report as it has always been).
	if *paired || specs[0].Kind != defaultPlayer || specs[1].Kind != defaultPlayer {
		fmt.Fprintln(stdout)
		printPlayers(stdout, sc, arena.Tally(gs, outs), r.MaxBounds)
	}
	if *each {
		fmt.Fprintln(stdout)
		printEach(stdout, sc, gs, outs)
	}
	return exitOK
}

// printEach lists every game: what a player needs to play one of them
// again (its seed and who played which side) and how it went.
func printEach(w io.Writer, sc *engine.Scenario, gs []arena.Game, outs []arena.Outcome) {
	fmt.Fprintf(w, "| Game | Seed | %s | %s | Result | Bounds | Broken, in order |\n|---:|---:|---|---|---|---:|---|\n", sc.Sides[0].Name, sc.Sides[1].Name)
	for i, o := range outs {
		result := "unfinished"
		if o.Winner >= 0 {
			result = sc.Sides[o.Winner].Name + " win"
		}
		var broken []string
		for _, id := range o.Broken {
			broken = append(broken, commandName(sc, id))
		}
		list := strings.Join(broken, ", ")
		if list == "" {
			list = "none"
		}
		fmt.Fprintf(w, "| %d | %d | %s | %s | %s | %d | %s |\n", i+1, gs[i].Seed, o.Players[0], o.Players[1], result, o.Bounds, list)
	}
}

// commandName is the name of the scenario's command id (the id itself
// if the scenario has no such command).
func commandName(sc *engine.Scenario, id string) string {
	for _, c := range sc.Commands {
		if c.ID == id {
			return c.Name
		}
	}
	return id
}

func pct(n, of int) string { return fmt.Sprintf("%d.%d%%", n*1000/of/10, n*1000/of%10) }

func printSim(w io.Writer, sc *engine.Scenario, r simReport, specs []arena.Spec) {
	if r.Paired {
		fmt.Fprintf(w, "%s: %d games, seeds %d to %d each played twice (the second time with the sides swapped), at most %d bounds each\n\n", sc.Name, r.Games, r.Seed, r.Seed+uint64(r.Seeds)-1, r.MaxBounds)
	} else {
		fmt.Fprintf(w, "%s: %d games, seeds %d to %d, at most %d bounds each\n\n", sc.Name, r.Games, r.Seed, r.Seed+uint64(r.Games)-1, r.MaxBounds)
	}
	if specs[0].Kind != defaultPlayer || specs[1].Kind != defaultPlayer || r.Paired {
		swapped := ""
		if r.Paired {
			swapped = ", and the other way round"
		}
		fmt.Fprintf(w, "Players: %s as %s, %s as %s%s.\n\n", specs[0], sc.Sides[0].Name, specs[1], sc.Sides[1].Name, swapped)
	}
	fmt.Fprintf(w, "| Result | Games | Share |\n|---|---:|---:|\n")
	for side := range 2 {
		fmt.Fprintf(w, "| %s win | %d | %s |\n", sc.Sides[side].Name, r.Wins[side], pct(r.Wins[side], r.Games))
	}
	fmt.Fprintf(w, "| unfinished after %d bounds | %d | %s |\n\n", r.MaxBounds, r.Unfinished, pct(r.Unfinished, r.Games))
	fmt.Fprintf(w, "Average bounds played: %d.%d\n\n", r.Bounds/r.Games, r.Bounds*10/r.Games%10)
	if len(r.Events) > 0 {
		fmt.Fprintf(w, "| Event | Fired in | Share | Average bound |\n|---|---:|---:|---:|\n")
		var evs []int
		for ev := range r.Events {
			evs = append(evs, ev)
		}
		sort.Ints(evs)
		for _, ev := range evs {
			bs := r.Events[ev]
			sum := 0
			for _, b := range bs {
				sum += b
			}
			fmt.Fprintf(w, "| %d | %d | %s | %d.%d |\n", ev, len(bs), pct(len(bs), r.Games), sum/len(bs), sum*10/len(bs)%10)
		}
		fmt.Fprintln(w)
	}
	if len(r.Moments) > 0 {
		fmt.Fprintf(w, "| Moment (event code) | Games | Share | Average bound |\n|---|---:|---:|---:|\n")
		for _, m := range bot.Moments {
			if bs := r.Moments[m]; len(bs) > 0 {
				sum := 0
				for _, b := range bs {
					sum += b
				}
				fmt.Fprintf(w, "| %s | %d | %s | %d.%d |\n", m, len(bs), pct(len(bs), r.Games), sum/len(bs), sum*10/len(bs)%10)
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "| Command | Broken in | Share |\n|---|---:|---:|\n")
	for _, c := range sc.Commands {
		if c.BreakPoint > 0 {
			fmt.Fprintf(w, "| %s | %d | %s |\n", c.Name, r.Broken[c.ID], pct(r.Broken[c.ID], r.Games))
		}
	}
}

// printPlayers is each player's record, in all and on each side, with
// the 95% interval of its share of wins (an unfinished game is no win).
func printPlayers(w io.Writer, sc *engine.Scenario, st [2]arena.Standing, maxBounds int) {
	fmt.Fprintf(w, "| Player | Games | Wins | Losses | Unfinished | Win share (95%% interval) |\n|---|---:|---:|---:|---:|---:|\n")
	row := func(name string, r arena.Record) {
		if r.Games() > 0 {
			fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %s |\n", name, r.Games(), r.Wins, r.Losses, r.Unfinished, arena.WinShare(r))
		}
	}
	for role, s := range st {
		name := s.Player
		if st[0].Player == st[1].Player {
			name = fmt.Sprintf("%s (%s)", s.Player, [2]string{"--side1", "--side2"}[role])
		}
		row(name, s.Total)
		for side := range 2 {
			row(fmt.Sprintf("%s as %s", name, sc.Sides[side].Name), s.Side[side])
		}
	}
	fmt.Fprintf(w, "\nUnfinished: still going after %d bounds.\n", maxBounds)
}

// eloPlayers reads --elo's players: two or more, none twice.
func eloPlayers(list string) ([]arena.Spec, error) {
	specs, err := arena.ParseSpecs(list)
	if err != nil {
		return nil, err
	}
	if len(specs) < 2 {
		return nil, fmt.Errorf("%q: a round robin needs two players or more", list)
	}
	seen := map[string]bool{}
	for _, s := range specs {
		if seen[s.String()] {
			return nil, fmt.Errorf("%q names %s twice", list, s)
		}
		seen[s.String()] = true
	}
	return specs, nil
}

// runElo plays the round robin and prints its Elo table and matches.
func runElo(stdout, stderr io.Writer, sc *engine.Scenario, specs []arena.Spec, seed uint64, n, maxBounds int, homes [2]string) int {
	pairs := len(specs) * (len(specs) - 1) / 2
	prog := newProgress(stderr, pairs*2*n)
	ms, err := arena.RoundRobin(sc, specs, seed, n, maxBounds, homes, simWorkers, prog.gameDone)
	prog.finish()
	if err != nil {
		fmt.Fprintf(stderr, "hott sim: %v\n", err)
		return exitError
	}
	names := make([]string, len(specs))
	anchor := 0
	for i, s := range specs {
		names[i] = s.String()
		if s.Kind == arena.KindNearest {
			anchor = i
		}
	}
	var results []arena.Result
	for _, m := range ms {
		results = append(results, m.Result())
	}
	rs := arena.Elo(names, results, anchor)
	fmt.Fprintf(stdout, "%s: a round robin of %s; %d games a pairing (seeds %d to %d, each played twice, the sides swapped), at most %d bounds each\n\n",
		sc.Name, strings.Join(names, ", "), 2*n, seed, seed+uint64(n)-1, maxBounds)
	fmt.Fprintf(stdout, "| Player | Elo | ± (95%%) | Games | Score |\n|---|---:|---:|---:|---:|\n")
	order := make([]int, len(rs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rs[order[a]].Elo > rs[order[b]].Elo })
	for _, i := range order {
		r := rs[i]
		margin := fmt.Sprintf("%.0f", r.Margin)
		if i == anchor {
			margin = "anchor"
		}
		fmt.Fprintf(stdout, "| %s | %.0f | %s | %d | %.1f%% |\n", r.Player, r.Elo, margin, r.Games, 100*r.Score)
	}
	fmt.Fprintf(stdout, "\nAnchored on %s = %d. Score: a win is 1, an unfinished game (still going after %d bounds) ½; Elo counts an unfinished game as a draw and gives each pairing one virtual draw besides, so a clean sweep stays finite.\n\n",
		names[anchor], arena.EloAnchor, maxBounds)
	fmt.Fprintf(stdout, "| Pairing | Games | Wins | Losses | Unfinished | Win share of the first (95%% interval) |\n|---|---:|---:|---:|---:|---:|\n")
	for _, m := range ms {
		r := m.Result()
		fmt.Fprintf(stdout, "| %s – %s | %d | %d | %d | %d | %s |\n", names[m.A], names[m.B], r.Games(), r.Wins, r.Losses, r.Unfinished, arena.WinShare(r.Record))
	}
	return exitOK
}
