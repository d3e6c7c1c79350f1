// Package ai is the computer opponent. It plays any scenario over the
// engine's public queries only: it asks what each element may do
// (Contacts, GroupOptions, FireOptions, Returnable), weighs the fights
// that would follow with the engine's exact odds (engine.Odds, 36 dice
// pairs), and plans on forks of the game (engine.Game.Fork) whose dice
// come from its own stream, so it never learns a die before the real
// game rolls it. Its own choices (ties, an easy player's slips) draw on
// a stream seeded from its seed and the position, so the same position
// gets the same answer: a game against the computer replays exactly, and
// a resumed game goes on as it would have.
//
// The unit of work is one candidate weighed. Next thinks to the end;
// Think returns a Thinking to be stepped, so a caller can spread the
// work over frames (the browser) or run it on a goroutine (the desktop).
// The work a level does is counted in candidates, not measured in time,
// so its answer never depends on the machine.
package ai

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"pelennor/engine"
)

// Level is how well the computer plays.
type Level int

// The levels.
const (
	Easy   Level = iota // slips: sometimes takes a worse move, looks at fewer
	Normal              // weighs every candidate one move ahead
	Hard                // also weighs the opponent's best reply
)

var levelNames = []string{"easy", "normal", "hard"}

func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("no level %q (easy, normal or hard)", s)
}

// Temperaments, from cautious to aggressive. A cautious player weighs
// what it may lose above what it may win and keeps its distance; an
// aggressive one closes and accepts even fights.
const (
	Cautious   = -2
	Careful    = -1
	Balanced   = 0
	Bold       = 1
	Aggressive = 2
)

var temperNames = map[int]string{Cautious: "cautious", Careful: "careful", Balanced: "balanced", Bold: "bold", Aggressive: "aggressive"}

// TemperName is a temperament's name.
func TemperName(t int) string {
	if n, ok := temperNames[t]; ok {
		return n
	}
	return fmt.Sprintf("temper(%d)", t)
}

// ParseTemper reads a temperament's name.
func ParseTemper(s string) (int, error) {
	for t, n := range temperNames {
		if strings.EqualFold(s, n) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("no temperament %q (cautious, careful, balanced, bold or aggressive)", s)
}

// Config says how the computer plays.
type Config struct {
	Level  Level
	Temper int    // Cautious … Aggressive
	Seed   uint64 // its own stream's seed
}

// String names the configuration as the command line writes it, e.g.
// "ai:normal" or "ai:hard:cautious".
func (c Config) String() string {
	s := "ai:" + c.Level.String()
	if c.Temper != Balanced {
		s += ":" + TemperName(c.Temper)
	}
	return s
}

// ParseConfig reads "ai:LEVEL[:TEMPER]" (the "ai:" may be left off).
func ParseConfig(s string, seed uint64) (Config, error) {
	parts := strings.Split(strings.TrimPrefix(s, "ai:"), ":")
	c := Config{Seed: seed, Level: Normal}
	if len(parts) > 2 {
		return c, fmt.Errorf("%q: want ai:LEVEL or ai:LEVEL:TEMPER", s)
	}
	var err error
	if c.Level, err = ParseLevel(parts[0]); err != nil {
		return c, err
	}
	if len(parts) == 2 {
		if c.Temper, err = ParseTemper(parts[1]); err != nil {
			return c, err
		}
	}
	return c, nil
}

// Player is the computer playing one side of a game. It keeps the plan
// of its current phase, so most actions of a bound cost nothing to find.
type Player struct {
	cfg  Config
	plan plan
}

// New returns a computer player.
func New(c Config) *Player { return &Player{cfg: c} }

// Config is how p plays.
func (p *Player) Config() Config { return p.cfg }

// Next returns the action p plays next in g, whichever side is to act.
// g is not changed.
func (p *Player) Next(g *engine.Game) (engine.Action, error) {
	t := p.Think(g)
	for !t.Step() {
	}
	return t.Result()
}

// Plan returns what p means to do for the rest of the phase in g: the
// actions in order, each with why. g is not changed.
func (p *Player) Plan(g *engine.Game) ([]Step, error) {
	q := &Player{cfg: p.cfg}
	t := q.Think(g)
	for !t.Step() {
	}
	if _, err := t.Result(); err != nil {
		return nil, err
	}
	// The whole plan: its first step, the action Result gives, has
	// already been taken off q's plan.
	return append([]Step(nil), t.planned...), nil
}

// Step is one planned action and why it was chosen.
type Step struct {
	Action engine.Action `json:"action"`
	Why    string        `json:"why"`
	Gain   int           `json:"gain"` // what the evaluation expects it to gain, in hundredths of an AP
}

// Thinking is p working out its next action in g. Step it until it
// says it is done, then take the Result; a Thinking left unfinished must
// be stopped. It works on its own fork of g from the moment Think made
// it, so it may be stepped on another goroutine while g goes on being
// drawn.
type Thinking struct {
	p      *Player
	next   func() (struct{}, bool)
	stop   func()
	act    engine.Action
	err    error
	done   bool
	worked int
	// planned is the whole plan the search made, its first step
	// included (Plan's answer).
	planned []Step
}

// Think begins working out p's next action in g.
func (p *Player) Think(g *engine.Game) *Thinking {
	t := &Thinking{p: p}
	if a, ok := p.plan.next(g); ok {
		t.act, t.done = a, true
		return t
	}
	s := newSearch(p.cfg, g)
	t.next, t.stop = iter.Pull(func(yield func(struct{}) bool) {
		steps, err := s.run(func() bool {
			t.worked++
			return yield(struct{}{})
		})
		if err != nil {
			t.err = err
			return
		}
		t.planned = steps
		p.plan = plan{steps: slices.Clone(steps), bound: g.Bound(), phase: g.Phase(), at: g.Actions()}
		a, ok := p.plan.next(g)
		if !ok {
			t.err = fmt.Errorf("the computer found no action in bound %d, %s phase", g.Bound(), g.Phase())
		}
		t.act = a
	})
	return t
}

// Step does one unit of work (one candidate weighed) and reports whether
// the answer is ready.
func (t *Thinking) Step() bool {
	if t.done {
		return true
	}
	if _, ok := t.next(); !ok {
		t.done = true
		t.stop()
	}
	return t.done
}

// Worked is how many units of work the thinking has done.
func (t *Thinking) Worked() int { return t.worked }

// Stop abandons an unfinished thinking.
func (t *Thinking) Stop() {
	if !t.done && t.stop != nil {
		t.stop()
		t.done = true
		t.err = fmt.Errorf("stopped")
	}
}

// Result is the action worked out, once Step has said it is done.
func (t *Thinking) Result() (engine.Action, error) {
	if !t.done {
		return engine.Action{}, fmt.Errorf("still thinking")
	}
	return t.act, t.err
}

// plan is the rest of a phase's planned actions, and where in which
// game they begin.
type plan struct {
	steps     []Step
	bound, at int
	phase     engine.Phase
}

// next is the plan's action for g if g is where the plan left off and
// the action is still legal there; it is taken off the plan.
func (pl *plan) next(g *engine.Game) (engine.Action, bool) {
	if len(pl.steps) == 0 || g.Bound() != pl.bound || g.Phase() != pl.phase || g.Actions() != pl.at {
		return engine.Action{}, false
	}
	a := pl.steps[0].Action
	if !g.Allowed(a) {
		pl.steps = nil
		return engine.Action{}, false
	}
	pl.steps = pl.steps[1:]
	pl.at++
	return a, true
}
