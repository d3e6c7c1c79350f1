package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"strings"

	"pelennor/ai"
	"pelennor/engine"
)

// aiCommands are the subcommands of `hott ai`.
var aiCommands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"move": runAIMove,
}

const aiMoveSynopsis = "(--scenario FILE|NAME [--seed N | --dice 3,5,1,...] | --save FILE) [--actions FILE]\n" +
	"              [--level easy|normal|hard] [--temper T] [--ai-seed N] [--json]"

func runAI(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if f, ok := aiCommands[args[0]]; ok {
			return f(args[1:], stdout, stderr)
		}
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprintln(stdout, "Usage: hott ai move "+aiMoveSynopsis)
			return exitOK
		}
	}
	fmt.Fprintln(stderr, "Usage: hott ai move "+aiMoveSynopsis)
	return exitUsage
}

// aiPlan is what `hott ai move --json` prints.
type aiPlan struct {
	Bound  int        `json:"bound"`
	Phase  string     `json:"phase"`
	Side   string     `json:"side"` // the side to act, whose plan it is
	PIPs   []aiPIPs   `json:"pips"`
	Player string     `json:"player"` // ai:LEVEL[:TEMPER]
	Seed   uint64     `json:"seed"`   // the computer's own seed
	Hash   string     `json:"hash"`   // the position's
	Plan   []aiAction `json:"plan"`

	sideName string // the side to act's name, for the text
}

type aiPIPs struct {
	Command string `json:"command"`
	PIPs    int    `json:"pips"`
}

// aiAction is one planned action: the ai's Step, in words, with the
// contacts it makes and the close combats they lead to.
type aiAction struct {
	ai.Step
	Text     string      `json:"text"`
	Spent    []string    `json:"spent,omitempty"` // the PIPs it spends, as the battle log says it
	Contacts []aiContact `json:"contacts,omitempty"`
	Combats  []aiCombat  `json:"combats,omitempty"`
}

// aiContact is a front edge against an edge, after the action.
type aiContact struct {
	By   int    `json:"by"`
	On   int    `json:"on"`
	Edge string `json:"edge"` // of On
	Text string `json:"text"`
}

// aiCombat is the exact odds of a close combat the action leads to,
// out of 36.
type aiCombat struct {
	Attacker int    `json:"attacker"`
	Defender int    `json:"defender"`
	Lost     [2]int `json:"lost"`     // in 36: the attacker, the defender destroyed or gone
	Recoiled [2]int `json:"recoiled"` // in 36: recoiled or fled and still on the table
	Text     string `json:"text"`
}

func runAIMove(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("ai move", aiMoveSynopsis, stderr)
	scen := fs.String("scenario", "", "scenario `FILE|NAME` (or the save's, with --save)")
	dice := addDiceFlags(fs)
	savePath := fs.String("save", "", "start from the save `FILE` instead of a new game")
	actionsPath := fs.String("actions", "", "action `FILE` played first (docs/formats.md §2)")
	level := fs.String("level", "normal", "the computer's `LEVEL`: easy, normal or hard")
	temper := fs.String("temper", "balanced", "its `TEMPERAMENT`: cautious, careful, balanced, bold or aggressive")
	aiSeed := fs.Uint64("ai-seed", 0, "the computer's own `SEED` (default: the game's seed)")
	asJSON := fs.Bool("json", false, "print the plan as indented JSON")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	seedGiven, scriptGiven := dice.given()
	switch {
	case len(pos) > 0:
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	case *savePath == "" && *scen == "":
		return usageErr(fs, stderr, "give --scenario (with --actions) or --save")
	case *savePath != "" && (seedGiven || scriptGiven):
		return usageErr(fs, stderr, "a save has its own dice: give no --seed or --dice with --save")
	}
	cfg, err := aiConfig(*level, *temper)
	if err != nil {
		return usageErr(fs, stderr, "%v", err)
	}
	var g *engine.Game
	var gameSeed uint64
	if *savePath != "" {
		g, gameSeed, err = savedPosition(*savePath, *scen)
		if err != nil {
			return fail(stderr, "ai move", exitError, err)
		}
	} else {
		seed, script, err := dice.choice()
		if err != nil {
			return fail(stderr, "ai move", exitError, err)
		}
		if seed != nil {
			gameSeed = *seed
		}
		sc, err := loadScenario(*scen)
		if err != nil {
			return fail(stderr, "ai move", exitError, err)
		}
		if g, _, err = startGame(sc, seed, script); err != nil {
			return fail(stderr, "ai move", exitError, err)
		}
	}
	if *actionsPath != "" {
		if st := playActionLines(g, *actionsPath, stderr); st != 0 {
			return st
		}
	}
	cfg.Seed = gameSeed
	if flagGiven(fs, "ai-seed") {
		cfg.Seed = *aiSeed
	}
	if w := g.Winner(); w >= 0 {
		return fail(stderr, "ai move", exitError, fmt.Errorf("the game is over, won by %s in bound %d: there is nothing to plan", g.Scenario().Sides[w].Name, g.Bound()))
	}
	plan, err := planOf(g, cfg)
	if err != nil {
		if scriptGiven {
			// The engine checks an action that rolls by rolling: a script
			// that has run out refuses it.
			err = fmt.Errorf("%v (with --dice, every die the next action rolls must be in the script: give more dice, or --seed)", err)
		}
		return fail(stderr, "ai move", exitError, err)
	}
	if *asJSON {
		data, err := json.MarshalIndent(plan, "", "  ")
		if err != nil {
			return fail(stderr, "ai move", exitError, err)
		}
		fmt.Fprintf(stdout, "%s\n", data)
		return exitOK
	}
	writePlan(stdout, plan)
	return exitOK
}

func aiConfig(level, temper string) (ai.Config, error) {
	var c ai.Config
	var err error
	if c.Level, err = ai.ParseLevel(level); err != nil {
		return c, fmt.Errorf("--level: %v", err)
	}
	if c.Temper, err = ai.ParseTemper(temper); err != nil {
		return c, fmt.Errorf("--temper: %v", err)
	}
	return c, nil
}

func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// savedPosition replays a save (every checkpoint checked) on its
// scenario, or on scen if given, and returns the game and its seed (0
// for a dice script or keyed dice).
func savedPosition(path, scen string) (*engine.Game, uint64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	s, err := engine.ParseSave(path, data)
	if err != nil {
		return nil, 0, err
	}
	var sc *engine.Scenario
	if scen != "" {
		sc, err = loadScenario(scen)
	} else if sc, err = s.EmbeddedScenario(path); sc == nil && err == nil {
		sc, err = embeddedScenario(s.Scenario)
	}
	if err != nil {
		return nil, 0, err
	}
	g, _, err := engine.Replay(s, sc)
	if err != nil {
		return nil, 0, replayFailure(path, s, err)
	}
	seed := uint64(0)
	if s.Seed != nil {
		seed = *s.Seed
	}
	return g, seed, nil
}

// playActionLines plays an action file on g; an action the engine
// refuses is named by file, line and number. A failure has been
// reported and returns its exit status.
func playActionLines(g *engine.Game, path string, stderr io.Writer) int {
	actions, lines, err := loadActionLines(path)
	if err != nil {
		return fail(stderr, "ai move", exitError, err)
	}
	for i, a := range actions {
		if _, err := g.Apply(a); err != nil {
			var ill *engine.IllegalError
			msg := err.Error()
			if errors.As(err, &ill) {
				msg = fmt.Sprintf("is illegal [%s]: %s", ill.Code, ill.Reason)
			}
			return fail(stderr, "ai move", exitIllegal, fmt.Errorf("%s:%d: action %d (%s) %s", path, lines[i], i, a.Kind, msg))
		}
	}
	return 0
}

// planOf asks the computer for its plan in g and puts it into words.
func planOf(g *engine.Game, cfg ai.Config) (*aiPlan, error) {
	steps, err := ai.New(cfg).Plan(g)
	if err != nil {
		return nil, err
	}
	sc := g.Scenario()
	_, side := g.ToAct()
	out := &aiPlan{Bound: g.Bound(), Phase: g.Phase().String(), Side: sc.Sides[side].ID,
		Player: cfg.String(), Seed: cfg.Seed, Hash: g.Hash(), Plan: []aiAction{}, sideName: sc.Sides[side].Name}
	for i, c := range g.Commands() {
		if sc.Sides[side].ID == sc.Commands[i].Side && c.Active && c.Die > 0 {
			out.PIPs = append(out.PIPs, aiPIPs{Command: sc.Commands[i].ID, PIPs: c.PIPs})
		}
	}
	// Each step is worded in the position it is played in: the plan is
	// played out on a fork, with the computer's own seed for any dice.
	f, _, playErr := ai.PlayOut(g, nil, cfg.Seed)
	for _, s := range steps {
		a := aiAction{Step: s, Text: ai.Describe(f, s.Action)}
		if playErr == nil && s.Action.Kind != engine.ActEndPhase && s.Action.Kind != engine.ActEndBound {
			before := f.Hash()
			var next *engine.Game
			var evs [][]engine.Event
			if next, evs, playErr = ai.PlayOut(f, []ai.Step{s}, cfg.Seed); playErr == nil && next.Hash() != before {
				for _, e := range evs[0] {
					if e.Kind == engine.EvSpent {
						a.Spent = append(a.Spent, e.Describe())
					}
				}
				a.Contacts, a.Combats = madeBy(next, movers(s.Action))
				f = next
			}
		}
		out.Plan = append(out.Plan, a)
	}
	return out, nil
}

// movers are the elements an action moves.
func movers(a engine.Action) []int {
	switch a.Kind {
	case engine.ActMove, engine.ActReplace, engine.ActDesorcel, engine.ActSummon, engine.ActPlace:
		return []int{a.ID}
	case engine.ActGroup:
		return a.IDs
	}
	return nil
}

// madeBy lists, in g, the front-edge contacts each mover is part of and
// the odds of the close combats they are in or bear on (a flank
// attacker's friend fighting the front).
func madeBy(g *engine.Game, ids []int) ([]aiContact, []aiCombat) {
	var cs []aiContact
	var fights []aiCombat
	in := map[int]bool{}
	for _, id := range ids {
		in[id] = true
	}
	for _, x := range g.Elements() {
		if !x.OnTable() {
			continue
		}
		for _, t := range ai.Attackers(g, x.ID) {
			if in[t.By] || in[x.ID] {
				cs = append(cs, aiContact{By: t.By, On: x.ID, Edge: t.Edge,
					Text: fmt.Sprintf("%s: front against the %s of %s", ai.ElementName(g, t.By), edgeName(t.Edge), ai.ElementName(g, x.ID))})
			}
		}
	}
	near := maps.Clone(in)
	for _, c := range cs {
		near[c.By], near[c.On] = true, true
	}
	for _, p := range g.FrontPairs() {
		if !near[p[0]] && !near[p[1]] {
			continue
		}
		r, err := engine.Odds(g, p[0], p[1], "close", nil)
		if err != nil {
			continue
		}
		c := aiCombat{Attacker: p[0], Defender: p[1]}
		for i, s := range []*engine.OddsSide{&r.Attacker, &r.Defender} {
			for _, o := range s.Outcomes {
				switch o.Fate {
				case engine.FateDestroyed, engine.FateFledOff, engine.FateLeft, engine.FateEnsorcelled, engine.FateCaptured:
					c.Lost[i] += in36(o.Count, r.Samples)
				case engine.FateRecoiled, engine.FateFled:
					c.Recoiled[i] += in36(o.Count, r.Samples)
				}
			}
		}
		c.Text = fmt.Sprintf("close combat %s (%+d) against %s (%+d): %s lost %d/36, recoils or flees %d/36; %s lost %d/36, recoils or flees %d/36",
			ai.ElementName(g, p[0]), r.Attacker.Score, ai.ElementName(g, p[1]), r.Defender.Score,
			nameOnly(g, p[0]), c.Lost[0], c.Recoiled[0], nameOnly(g, p[1]), c.Lost[1], c.Recoiled[1])
		fights = append(fights, c)
	}
	return cs, fights
}

// in36 is a count of samples in 36ths, rounded: the dice's own count, or
// a heroic duel's sampled share (TA26).
func in36(n, samples int) int { return (n*36*2 + samples) / (2 * samples) }

func edgeName(e string) string {
	if e == "left" || e == "right" {
		return e + " flank"
	}
	return e
}

// nameOnly is an element's name without its type and id.
func nameOnly(g *engine.Game, id int) string {
	n := ai.ElementName(g, id)
	if i := strings.LastIndex(n, " ("); i > 0 {
		return n[:i]
	}
	return n
}

// writePlan prints the plan for a player to read.
func writePlan(w io.Writer, p *aiPlan) {
	var pips []string
	for _, c := range p.PIPs {
		pips = append(pips, fmt.Sprintf("%s %d", c.Command, c.PIPs))
	}
	fmt.Fprintf(w, "Bound %d, %s phase: %s to act", p.Bound, p.Phase, p.sideName)
	if len(pips) > 0 {
		fmt.Fprintf(w, " (PIPs: %s)", strings.Join(pips, ", "))
	}
	fmt.Fprintf(w, "\n%s (seed %d) plans %d action(s):\n", p.Player, p.Seed, len(p.Plan))
	for i, a := range p.Plan {
		fmt.Fprintf(w, "%2d. %s\n", i+1, a.Text)
		if a.Why != "" || a.Gain != 0 {
			fmt.Fprintf(w, "    why: %s; expected gain %s AP\n", orDash(a.Why), hundredths(a.Gain))
		}
		for _, sp := range a.Spent {
			fmt.Fprintf(w, "    %s\n", sp)
		}
		for _, c := range a.Contacts {
			fmt.Fprintf(w, "    contact: %s\n", c.Text)
		}
		for _, c := range a.Combats {
			fmt.Fprintf(w, "    %s\n", c.Text)
		}
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// hundredths writes hundredths of an AP as a signed decimal: 135 ->
// "+1.35".
func hundredths(n int) string {
	sign := "+"
	if n < 0 {
		sign, n = "-", -n
	}
	return fmt.Sprintf("%s%d.%02d", sign, n/100, n%100)
}
