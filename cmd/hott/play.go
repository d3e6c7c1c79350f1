package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"pelennor/engine"
	"pelennor/internal/atomicfile"
)

const playSynopsis = "--scenario FILE|NAME (--seed N | --dice 3,5,1,...) --actions FILE [--save OUT] [--heroic-duel]"

// resultLine is the last line play and replay print.
type resultLine struct {
	Result  string `json:"result"` // "ongoing", or "won" when the game is over
	Winner  string `json:"winner"` // the winning side's id, or ""
	Bound   int    `json:"bound"`
	Hash    string `json:"hash"`
	Actions int    `json:"actions"`
	// Keyed (play-by-e-mail) saves, on replay: what was verified.
	Keyed *keyedResult `json:"keyed,omitempty"`
}

// keyedResult says what replaying a keyed save checked: every die drawn
// came from the two revealed chain values of its segment, and each
// revealed value hashes down to its player's commitment.
type keyedResult struct {
	Match    string `json:"match"`
	Segment  int    `json:"segment"`  // the segment the game stands in
	Dice     int    `json:"dice"`     // dice verified
	Revealed [2]int `json:"revealed"` // the newest segment each side revealed
	Open     bool   `json:"open"`     // the current segment's dice can be drawn from the file alone
}

func resultOf(g *engine.Game) resultLine {
	r := resultLine{Result: "ongoing", Bound: g.Bound(), Hash: g.Hash(), Actions: g.Actions()}
	if w := g.Winner(); w >= 0 {
		r.Result, r.Winner = "won", g.Scenario().Sides[w].ID
	}
	return r
}

// jsonLines writes values as one JSON document per line.
type jsonLines struct{ enc *json.Encoder }

func newJSONLines(w io.Writer) *jsonLines {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &jsonLines{enc}
}

func (j *jsonLines) write(v any) error { return j.enc.Encode(v) }

func (j *jsonLines) events(evs []engine.Event) error {
	for _, e := range evs {
		if err := j.write(e); err != nil {
			return err
		}
	}
	return nil
}

// actionFailure describes an action the engine refused.
func actionFailure(file string, i int, a engine.Action, err error) error {
	var ill *engine.IllegalError
	if errors.As(err, &ill) {
		return fmt.Errorf("%s: action %d (%s) is illegal [%s]: %s", file, i, a.Kind, ill.Code, ill.Reason)
	}
	return fmt.Errorf("%s: action %d (%s) failed: %v", file, i, a.Kind, err)
}

func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("play", playSynopsis, stderr)
	scen := fs.String("scenario", "", "scenario `FILE|NAME`")
	dice := addDiceFlags(fs)
	actionsPath := fs.String("actions", "", "action `FILE` (JSON, docs/formats.md)")
	savePath := fs.String("save", "", "write the game to `OUT` as a save file")
	duel := heroicDuelFlag(fs)
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	switch seed, script := dice.given(); {
	case len(pos) > 0:
		return usageErr(fs, stderr, "unexpected argument %q", pos[0])
	case *scen == "":
		return usageErr(fs, stderr, "--scenario is required")
	case *actionsPath == "":
		return usageErr(fs, stderr, "--actions is required")
	case !seed && !script:
		return usageErr(fs, stderr, "give --seed N or --dice 3,5,1,...")
	case seed && script:
		return usageErr(fs, stderr, "give --seed or --dice, not both")
	}
	seed, script, err := dice.choice()
	if err != nil {
		return fail(stderr, "play", exitError, err)
	}
	sc, err := loadScenario(*scen)
	if err != nil {
		return fail(stderr, "play", exitError, err)
	}
	withHeroicDuel(sc, *duel)
	actions, err := loadActions(*actionsPath)
	if err != nil {
		return fail(stderr, "play", exitError, err)
	}
	g, evs, err := startGame(sc, seed, script)
	if err != nil {
		return fail(stderr, "play", exitError, err)
	}
	out := newJSONLines(stdout)
	if err := out.events(evs); err != nil {
		return fail(stderr, "play", exitError, err)
	}
	for i, a := range actions {
		evs, err := g.Apply(a)
		if err != nil {
			return fail(stderr, "play", exitIllegal, actionFailure(*actionsPath, i, a, err))
		}
		if err := out.events(evs); err != nil {
			return fail(stderr, "play", exitError, err)
		}
	}
	if *savePath != "" {
		if err := save(*savePath, sc, seed, script, actions, g); err != nil {
			return fail(stderr, "play", exitError, err)
		}
	}
	if err := out.write(resultOf(g)); err != nil {
		return fail(stderr, "play", exitError, err)
	}
	return exitOK
}

// save records the game played and writes it atomically to path.
func save(path string, sc *engine.Scenario, seed *uint64, script []int, actions []engine.Action, played *engine.Game) error {
	s, g, err := engine.Record(sc, seed, script, engine.Options{Rulings: rulingsOf(sc)}, actions)
	if err != nil {
		return fmt.Errorf("recording the save: %v", err)
	}
	if g.Hash() != played.Hash() {
		return fmt.Errorf("recording the save: the re-played game ends with hash %s, not %s", g.Hash(), played.Hash())
	}
	data, err := s.Marshal()
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, append(data, '\n'), nil); err != nil {
		return fmt.Errorf("writing the save: %v", err)
	}
	return nil
}
