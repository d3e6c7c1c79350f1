package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"pelennor/engine"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/scenarios"
)

// ActionFormat is the version of the action file format (docs/formats.md).
const ActionFormat = 1

// actionKinds are the kinds an action file may use.
var actionKinds = engine.ActionKinds

func embeddedList() string {
	names := scenarios.Names()
	if len(names) == 0 {
		return "none embedded"
	}
	return strings.Join(names, ", ")
}

// loadScenario reads and validates a scenario: the file arg if it names
// an existing file or ends in .json, else the embedded scenario of that
// name.
func loadScenario(arg string) (*engine.Scenario, error) {
	if arg == "" {
		return nil, errors.New("no scenario given")
	}
	if st, err := os.Stat(arg); err == nil && !st.IsDir() || strings.HasSuffix(arg, ".json") {
		data, err := os.ReadFile(arg)
		if err != nil {
			return nil, err
		}
		return engine.ParseScenario(arg, data)
	}
	data, err := scenarios.Load(arg)
	if err != nil {
		return nil, fmt.Errorf("%q is neither a file nor an embedded scenario (embedded: %s)", arg, embeddedList())
	}
	return engine.ParseScenario("scenarios/"+arg+".json", data)
}

// heroicDuelFlag adds --heroic-duel, the optional ruling of issue 15.
func heroicDuelFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("heroic-duel", false, "fight the close combats of two hero elements as Third Age duels (docs/rulings.md TA20)")
}

// withHeroicDuel puts the heroic duel in play in sc's games, if on.
func withHeroicDuel(sc *engine.Scenario, on bool) {
	if on {
		r := rulingsOf(sc)
		r.HeroicDuel = true
		sc.Rulings = &r
	}
}

// rulingsOf returns the rulings a scenario asks for, or the standard ones.
func rulingsOf(sc *engine.Scenario) rules.Rulings {
	if sc.Rulings != nil {
		return *sc.Rulings
	}
	return rules.Rulings{}
}

// diceFlags are the --seed and --dice flags of a subcommand.
type diceFlags struct {
	fs     *flag.FlagSet
	seed   uint64
	script string
}

func addDiceFlags(fs *flag.FlagSet) *diceFlags {
	d := &diceFlags{fs: fs}
	fs.Uint64Var(&d.seed, "seed", 0, "seed of the dice generator")
	fs.StringVar(&d.script, "dice", "", "comma-separated dice script `3,5,1,...` instead of a seed")
	return d
}

// given reports whether --seed or --dice was on the command line.
func (d *diceFlags) given() (seed, script bool) {
	d.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "seed":
			seed = true
		case "dice":
			script = true
		}
	})
	return seed, script
}

// choice returns the seed or the dice script chosen. A subcommand that
// needs one of them checks given first; with neither, seed 0 is used.
func (d *diceFlags) choice() (*uint64, []int, error) {
	seed, script := d.given()
	switch {
	case seed && script:
		return nil, nil, errors.New("give --seed or --dice, not both")
	case script:
		values, err := dice.ParseScript(d.script)
		if err != nil {
			return nil, nil, fmt.Errorf("--dice: %v", err)
		}
		return nil, values, nil
	}
	s := d.seed
	return &s, nil, nil
}

// position plays an action file (if any) on a new game of a scenario:
// the position odds and options ask about. A failure has been reported
// on stderr and returns its exit status.
func position(cmd string, d *diceFlags, scen, actionsPath string, stderr io.Writer) (*engine.Game, int) {
	seed, script, err := d.choice()
	if err != nil {
		return nil, fail(stderr, cmd, exitError, err)
	}
	sc, err := loadScenario(scen)
	if err != nil {
		return nil, fail(stderr, cmd, exitError, err)
	}
	return positionOn(cmd, sc, seed, script, actionsPath, stderr)
}

// positionOn is position on a scenario already read (and perhaps given
// other rulings: hott duel).
func positionOn(cmd string, sc *engine.Scenario, seed *uint64, script []int, actionsPath string, stderr io.Writer) (*engine.Game, int) {
	var actions []engine.Action
	var err error
	if actionsPath != "" {
		if actions, err = loadActions(actionsPath); err != nil {
			return nil, fail(stderr, cmd, exitError, err)
		}
	}
	g, _, err := startGame(sc, seed, script)
	if err != nil {
		return nil, fail(stderr, cmd, exitError, err)
	}
	for i, a := range actions {
		if _, err := g.Apply(a); err != nil {
			return nil, fail(stderr, cmd, exitIllegal, actionFailure(actionsPath, i, a, err))
		}
	}
	return g, 0
}

// startGame starts a game on sc with the seed or the dice script.
func startGame(sc *engine.Scenario, seed *uint64, script []int) (*engine.Game, []engine.Event, error) {
	var src dice.Source
	if seed != nil {
		src = dice.NewPCG(*seed)
	} else {
		var err error
		if src, err = dice.NewScripted(script); err != nil {
			return nil, nil, fmt.Errorf("--dice: %v", err)
		}
	}
	g, evs, err := engine.New(sc, src, rulingsOf(sc))
	if err != nil {
		return nil, nil, fmt.Errorf("the game cannot start: %v", err)
	}
	return g, evs, nil
}

// skipSpace returns the offset of the next byte of data at or after off
// that is neither JSON white space nor a comma.
func skipSpace(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n,", data[off]) >= 0 {
		off++
	}
	return off
}

// jsonProblem describes a decoding error of a value that starts at byte
// base of data, with the line it points at.
func jsonProblem(data []byte, base int64, err error) (int, string) {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return engine.LineAt(data, base+syn.Offset), "malformed JSON: " + syn.Error()
	case errors.As(err, &typ):
		what := typ.Field
		if what == "" {
			what = "a value"
		}
		return engine.LineAt(data, base+typ.Offset), fmt.Sprintf("%s: expected %s, found a JSON %s", what, typ.Type, typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return engine.LineAt(data, int64(len(data))), "the file ends too soon"
	}
	return engine.LineAt(data, base), strings.TrimPrefix(err.Error(), "json: ")
}

// loadActions reads an action file: {"format": 1, "actions": [...]}.
// Unknown fields and kinds are refused; errors name the file and line.
func loadActions(path string) ([]engine.Action, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseActions(path, data)
}

func parseActions(name string, data []byte) ([]engine.Action, error) {
	actions, _, err := parseActionLines(name, data)
	return actions, err
}

// loadActionLines is loadActions that also gives the line each action
// starts on, for messages about an action the engine refuses.
func loadActionLines(path string) ([]engine.Action, []int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return parseActionLines(path, data)
}

func parseActionLines(name string, data []byte) ([]engine.Action, []int, error) {
	bad := func(off int64, field, format string, a ...any) error {
		return &engine.FileError{File: name, Line: engine.LineAt(data, off), Field: field, Msg: fmt.Sprintf(format, a...)}
	}
	decErr := func(base int64, field string, err error) error {
		line, msg := jsonProblem(data, base, err)
		return &engine.FileError{File: name, Line: line, Field: field, Msg: msg}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, decErr(0, "", err)
	}
	if tok != json.Delim('{') {
		return nil, nil, bad(dec.InputOffset(), "", "an action file is a JSON object {\"format\": %d, \"actions\": [...]}", ActionFormat)
	}
	format := 0
	var actions []engine.Action
	var lines []int
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, decErr(0, "", err)
		}
		key, _ := tok.(string)
		keyOff := dec.InputOffset()
		if seen[key] {
			return nil, nil, bad(keyOff, key, "given twice")
		}
		seen[key] = true
		switch key {
		case "format":
			start := skipSpace(data, dec.InputOffset())
			if err := dec.Decode(&format); err != nil {
				return nil, nil, decErr(start, "format", err)
			}
			if format != ActionFormat {
				return nil, nil, bad(start, "format", "format %d is not supported (this build reads format %d)", format, ActionFormat)
			}
		case "actions":
			if actions, lines, err = decodeActionList(dec, data, bad, decErr); err != nil {
				return nil, nil, err
			}
		default:
			return nil, nil, bad(keyOff, "", "unknown field %q (an action file has format and actions)", key)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, nil, decErr(0, "", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, bad(dec.InputOffset(), "", "extra data after the action file's object")
	}
	if !seen["format"] {
		return nil, nil, bad(0, "format", "missing (an action file starts {\"format\": %d, ...)", ActionFormat)
	}
	if !seen["actions"] {
		return nil, nil, bad(0, "actions", "missing")
	}
	return actions, lines, nil
}

// decodeActionList decodes the array of actions, each strictly, with
// the line each starts on.
func decodeActionList(dec *json.Decoder, data []byte,
	bad func(off int64, field, format string, a ...any) error,
	decErr func(base int64, field string, err error) error) ([]engine.Action, []int, error) {
	start := skipSpace(data, dec.InputOffset())
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, decErr(start, "actions", err)
	}
	if tok != json.Delim('[') {
		return nil, nil, bad(start, "actions", "expected an array of actions")
	}
	actions := []engine.Action{}
	var lines []int
	for i := 0; dec.More(); i++ {
		field := fmt.Sprintf("actions[%d]", i)
		start := skipSpace(data, dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, nil, decErr(0, field, err)
		}
		var a engine.Action
		one := json.NewDecoder(bytes.NewReader(raw))
		one.DisallowUnknownFields()
		if err := one.Decode(&a); err != nil {
			return nil, nil, decErr(start, field, err)
		}
		if a.Kind == "" {
			return nil, nil, bad(start, field+".kind", "missing")
		}
		if !slices.Contains(actionKinds, a.Kind) {
			return nil, nil, bad(start, field+".kind", "unknown action kind %q (known: %s)", a.Kind, strings.Join(actionKinds, ", "))
		}
		actions = append(actions, a)
		lines = append(lines, engine.LineAt(data, start))
	}
	if _, err := dec.Token(); err != nil { // the closing bracket
		return nil, nil, decErr(0, "actions", err)
	}
	return actions, lines, nil
}
