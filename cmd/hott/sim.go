package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"sync"

	"pelennor/engine"
	"pelennor/engine/bot"
)

// simReport sums up a batch of bot-against-bot games.
type simReport struct {
	Scenario   string
	Games      int
	Seed       uint64
	MaxBounds  int
	Wins       [2]int
	Unfinished int
	Bounds     int                   // total bounds played
	Events     map[int][]int         // event -> bounds in which it happened, one per game it fired in
	Broken     map[string]int        // command -> games in which it broke
	Moments    map[engine.Code][]int // scenario moment -> the bound it first happened, one per game
}

func runSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hott sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scenario := fs.String("scenario", "", "scenario file or embedded name")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	maxBounds := fs.Int("max-bounds", 80, "a game still going after this many bounds counts as unfinished")
	armies := fs.String("armies", "", "standard battles between two armies A,B (instead of --scenario); see hott battle new")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if (*scenario == "") == (*armies == "") || *games < 1 || *maxBounds < 1 {
		fmt.Fprintln(stderr, "hott sim: --scenario or --armies is required (one of them), and --games and --max-bounds must be positive")
		return exitUsage
	}
	play := bot.Play
	sc, err := loadScenario(*scenario)
	if *armies != "" {
		sc, play, err = battleSim(*armies)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hott sim: %v\n", err)
		return exitError
	}
	outs := make([]bot.Outcome, *games)
	errs := make([]error, *games)
	var wg sync.WaitGroup
	next := make(chan int)
	fin := make(chan struct{})
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				outs[i], errs[i] = play(sc, *seed+uint64(i), *maxBounds)
				fin <- struct{}{}
			}
		}()
	}
	go func() {
		for i := range *games {
			next <- i
		}
		close(next)
	}()
	prog := newProgress(stderr, *games)
	for range *games {
		<-fin
		prog.gameDone()
	}
	prog.finish()
	wg.Wait()
	r := simReport{Scenario: sc.ID, Games: *games, Seed: *seed, MaxBounds: *maxBounds, Events: map[int][]int{}, Broken: map[string]int{}, Moments: map[engine.Code][]int{}}
	for i, o := range outs {
		if errs[i] != nil {
			fmt.Fprintf(stderr, "hott sim: game %d (seed %d): %v\n", i, *seed+uint64(i), errs[i])
			return exitError
		}
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
	printSim(stdout, sc, r)
	return exitOK
}

func pct(n, of int) string { return fmt.Sprintf("%d.%d%%", n*1000/of/10, n*1000/of%10) }

func printSim(w io.Writer, sc *engine.Scenario, r simReport) {
	fmt.Fprintf(w, "%s: %d games, seeds %d to %d, at most %d bounds each\n\n", sc.Name, r.Games, r.Seed, r.Seed+uint64(r.Games)-1, r.MaxBounds)
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
