package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"pelennor/engine"
	"pelennor/scenarios"
)

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("replay", "[--scenario FILE|NAME] [--after EARLIER] [--events] FILE", stderr)
	scen := fs.String("scenario", "", "scenario `FILE|NAME` to replay on (default: the embedded one with the save's scenario id)")
	after := fs.String("after", "", "an `EARLIER` turn file of the same play-by-e-mail match that FILE must follow")
	events := fs.Bool("events", false, "print every event of the game as a JSON line before the result line")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return usageErr(fs, stderr, "give one save file")
	}
	path := pos[0]
	data, err := os.ReadFile(path)
	if err != nil {
		return fail(stderr, "replay", exitError, err)
	}
	s, err := engine.ParseSave(path, data)
	if err != nil {
		return fail(stderr, "replay", exitError, err)
	}
	var sc *engine.Scenario
	if *scen != "" {
		sc, err = loadScenario(*scen)
	} else if sc, err = s.EmbeddedScenario(path); sc == nil && err == nil {
		sc, err = embeddedScenario(s.Scenario)
	}
	if err != nil {
		return fail(stderr, "replay", exitError, err)
	}
	g, evs, err := engine.Replay(s, sc)
	if err != nil {
		return fail(stderr, "replay", exitError, replayFailure(path, s, err))
	}
	if *after != "" {
		if err := follows(*after, path, s, sc); err != nil {
			return fail(stderr, "replay", exitError, err)
		}
	}
	r := resultOf(g)
	if k := s.Keyed; k != nil {
		r.Keyed = &keyedResult{Match: k.Match, Segment: g.Segment(), Dice: g.Draws(),
			Revealed: [2]int{k.Revealed[0].Segment, k.Revealed[1].Segment}, Open: g.DiceOpen()}
	}
	out := newJSONLines(stdout)
	if *events {
		if err := out.events(evs); err != nil {
			return fail(stderr, "replay", exitError, err)
		}
	}
	if err := out.write(r); err != nil {
		return fail(stderr, "replay", exitError, err)
	}
	return exitOK
}

// follows checks that the save s (read from path) is a later file of
// the play-by-e-mail match of the file earlier.
func follows(earlier, path string, s *engine.Save, sc *engine.Scenario) error {
	data, err := os.ReadFile(earlier)
	if err != nil {
		return err
	}
	prev, err := engine.ParseSave(earlier, data)
	if err != nil {
		return err
	}
	h, err := engine.Resume(prev, sc)
	if err != nil {
		return replayFailure(earlier, prev, err)
	}
	if err := h.Follows(s); err != nil {
		return fmt.Errorf("%s does not follow %s: %v", path, earlier, err)
	}
	return nil
}

// embeddedScenario finds the embedded scenario a save was played on, by
// id (preferring the same version; Replay then checks version and
// checksum).
func embeddedScenario(ref engine.ScenarioRef) (*engine.Scenario, error) {
	var found *engine.Scenario
	for _, name := range scenarios.Names() {
		data, err := scenarios.Load(name)
		if err != nil {
			continue
		}
		sc, err := engine.ParseScenario("scenarios/"+name+".json", data)
		if err != nil || sc.ID != ref.ID {
			continue
		}
		if sc.Version == ref.Version || found == nil {
			found = sc
		}
	}
	if found == nil {
		return nil, fmt.Errorf("the save is for scenario %q, which is not embedded (embedded: %s); give it with --scenario FILE", ref.ID, embeddedList())
	}
	return found, nil
}

// replayFailure names the first diverging or refused action of a replay.
func replayFailure(path string, s *engine.Save, err error) error {
	var ae *engine.ActionError
	var div *engine.Divergence
	switch {
	case errors.As(err, &ae):
		var ill *engine.IllegalError
		if errors.As(ae.Err, &ill) {
			return fmt.Errorf("%s: diverges: %s is illegal on replay [%s]: %s", path, actionName(s, ae.Index), ill.Code, ill.Reason)
		}
		return fmt.Errorf("%s: diverges: %s failed on replay: %v", path, actionName(s, ae.Index), ae.Err)
	case errors.As(err, &div):
		if div.After == 0 {
			return fmt.Errorf("%s: %v", path, div)
		}
		// Checkpoints are taken at bound ends, so the action that went
		// wrong lies after the last checkpoint that matched.
		from := 0
		for _, cp := range s.Checkpoints {
			if cp.After < div.After {
				from = max(from, cp.After)
			}
		}
		to := div.After - 1
		if from == to {
			return fmt.Errorf("%s: %v; the first diverging action is %s", path, div, actionName(s, to))
		}
		return fmt.Errorf("%s: %v; the first diverging action is one of actions %s to %s, after the last matching checkpoint",
			path, div, strings.TrimPrefix(actionName(s, from), "action "), strings.TrimPrefix(actionName(s, to), "action "))
	}
	return fmt.Errorf("%s: %v", path, err)
}

// actionName names action i (from 0) of a save with its kind.
func actionName(s *engine.Save, i int) string {
	if i >= 0 && i < len(s.Actions) {
		return fmt.Sprintf("action %d (%s)", i, s.Actions[i].Kind)
	}
	return fmt.Sprintf("action %d", i)
}
