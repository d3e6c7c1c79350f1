package arena

import (
	"fmt"
	"sync"
	"time"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// Outcome is how one game went: bot.Outcome's account (winner, bounds,
// scenario events and moments, commands broken, actions), who played
// which side, and how long each side's player thought in each bound.
type Outcome struct {
	bot.Outcome
	Players [2]string
	Hash    string // the final position's (engine.Game.Hash)
	Think   []BoundThink
}

// BoundThink is the time each side's player spent choosing its actions
// in one bound, measured around Player.Next (wall-clock: for reports and
// benchmarks only, never for a result). Mover is the side whose bound it
// is; the other side's time is its replies (shots in PhaseReply).
type BoundThink struct {
	Bound, Mover int
	Time         [2]time.Duration
}

// MaxActionsPerBound is how many actions a bound may take before Play
// gives up on a player as stalled. A bound of the Pelennor's 60-odd
// elements takes a few hundred at most.
const MaxActionsPerBound = 5000

// Play plays one game of sc, the engine's dice seeded by seed, between
// players[0] on side 1 and players[1] on side 2, until it ends or bound
// maxBounds has been played (then unfinished: Winner -1). It plays the
// Pelennor and set-up scenarios alike (a standard battle's set-up and
// deployments are the players' actions too). An action a player chooses
// that the engine refuses ends the game with an error naming it.
func Play(sc *engine.Scenario, seed uint64, maxBounds int, players [2]Player) (Outcome, error) {
	out := Outcome{Outcome: bot.Outcome{Winner: -1, Events: map[int]int{}, Moments: map[engine.Code]int{}}}
	for side, p := range players {
		if p == nil {
			return out, fmt.Errorf("side %d has no player (a spec not made by ParseSpec?)", side+1)
		}
		out.Players[side] = p.Name()
	}
	rs := sc.Rulings
	if rs == nil {
		rs = &rules.Rulings{}
	}
	g, evs, err := engine.New(sc, dice.NewPCG(seed), *rs)
	if err != nil {
		return out, err
	}
	out.Note(evs)
	inBound := 0
	for g.Phase() != engine.PhaseOver && g.Bound() <= maxBounds {
		bound := g.Bound()
		mover, side := g.ToAct() // whose bound, who acts (the other side in PhaseReply)
		if n := len(out.Think); n == 0 || out.Think[n-1].Bound != bound || out.Think[n-1].Mover != mover {
			out.Think = append(out.Think, BoundThink{Bound: bound, Mover: mover})
			inBound = 0
		}
		start := time.Now()
		a, err := players[side].Next(g)
		out.Think[len(out.Think)-1].Time[side] += time.Since(start)
		if err != nil {
			return out, fmt.Errorf("bound %d, %s phase: %s (side %d) found no action: %v", bound, g.Phase(), out.Players[side], side+1, err)
		}
		evs, err := g.Apply(a)
		if err != nil {
			return out, fmt.Errorf("bound %d, %s phase: %s (side %d) chose an illegal %s: %v", bound, g.Phase(), out.Players[side], side+1, a.Kind, err)
		}
		out.Actions++
		out.Note(evs)
		if inBound++; inBound > MaxActionsPerBound {
			return out, fmt.Errorf("bound %d: %s (side %d) stalled: more than %d actions in the bound", bound, out.Players[side], side+1, MaxActionsPerBound)
		}
	}
	out.Winner, out.Bounds, out.Hash = g.Winner(), g.Bound(), g.Hash()
	return out, nil
}

// Game is one game to play: its seed and who plays each side. Swapped
// marks the second game of a pair, the specs' first player on side 2.
type Game struct {
	Seed    uint64
	Specs   [2]Spec
	Swapped bool
}

// Games are n games from seed first on (game i seeded first+i), a on
// side 1 and b on side 2; paired, each seed is played twice, the second
// time with the sides swapped.
func Games(first uint64, n int, a, b Spec, paired bool) []Game {
	var out []Game
	for i := range n {
		s := first + uint64(i)
		out = append(out, Game{Seed: s, Specs: [2]Spec{a, b}})
		if paired {
			out = append(out, Game{Seed: s, Specs: [2]Spec{b, a}, Swapped: true})
		}
	}
	return out
}

// Paired plays each of n seeds from first on twice, a against b and then
// b against a, on workers goroutines.
func Paired(sc *engine.Scenario, first uint64, n, maxBounds int, a, b Spec, homes [2]string, workers int) ([]Outcome, error) {
	return Run(sc, Games(first, n, a, b, true), maxBounds, homes, workers, nil)
}

// Run plays games on workers goroutines (each game alone is sequential
// and seeded, so the outcomes do not depend on the number of workers)
// and returns their outcomes in order; done, if not nil, is called once
// a game is over, from Run's goroutine. The first error, by game order,
// is returned naming its seed and players.
func Run(sc *engine.Scenario, games []Game, maxBounds int, homes [2]string, workers int, done func()) ([]Outcome, error) {
	outs := make([]Outcome, len(games))
	errs := make([]error, len(games))
	next := make(chan int)
	fin := make(chan struct{})
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				gm := games[i]
				outs[i], errs[i] = Play(sc, gm.Seed, maxBounds, Players(gm.Specs, gm.Seed, homes))
				fin <- struct{}{}
			}
		}()
	}
	go func() {
		for i := range games {
			next <- i
		}
		close(next)
	}()
	for range games {
		<-fin
		if done != nil {
			done()
		}
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			gm := games[i]
			return outs, fmt.Errorf("game %d (seed %d, %s against %s): %w", i+1, gm.Seed, gm.Specs[0], gm.Specs[1], err)
		}
	}
	return outs, nil
}
