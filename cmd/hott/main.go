// Command hott is the headless Hordes of the Things tool: it checks
// scenario files, plays lists of actions, prints combat odds and verifies
// saved games, all through the rules engine and without graphics.
//
// Exit status: 0 success, 1 bad input or a failed check, 2 a usage error,
// 3 an illegal action.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses.
const (
	exitOK      = 0
	exitError   = 1
	exitUsage   = 2
	exitIllegal = 3
)

const usage = `hott: the headless Hordes of the Things tool

Usage:
  hott scenario check FILE|NAME
      Validate a scenario (a file, or the name of an embedded scenario),
      start a game on it and print a summary.
  hott army check [--ap 24|36] [--list LISTFILE] FILE|NAME
      Validate an army list or an army file, or an embedded list and its
      ready-made army (RULES.md §13): print the AP, the cap on elements of
      3 AP or more, the general and the stronghold, and every problem.
  hott army list
      Print the embedded army lists.
  hott hero show [--json] NAME
      Print a Third Age hero sheet (an id or a unique name prefix): its
      attributes, derived abilities, locations, weapons, magic and note.
  hott hero list
      Print the embedded hero sheets.
  hott play --scenario FILE|NAME (--seed N | --dice 3,5,1,...) --actions FILE [--save OUT] [--heroic-duel]
      Apply the actions of FILE and print every event as a JSON line,
      then a final result line. --save writes the game as a save file.
  hott odds --scenario FILE|NAME [--seed N | --dice ...] [--actions FILE]
            --attacker ID --defender ID [--kind close|shoot|bespell] [--aiders 3,4]
      Apply the actions, if any, then print the exact odds of a contest
      as indented JSON.
  hott duel --scenario FILE|NAME [--seed N] [--actions FILE] --a ID --b ID
            [--dice 14,3,... | --duel-seed N] [--json]
      With the heroic duel in play (docs/rulings.md TA20 onwards), apply
      the actions, then show the duel the close combat of two hero
      elements would be: its odds, then every round and blow of it fought
      with the dice given (or a seed of its own). The game is not changed.
  hott options --scenario FILE|NAME [--seed N | --dice ...] [--actions FILE]
               [--element ID | --group 3,4,5]
      Apply the actions, if any, then print as indented JSON what may be
      done now: how the element (or group) may move, its legal contacts
      with their paths and PIP costs, what it may shoot or bespell and why
      not the rest, what the side to act may bring on and where, and the
      command range of each of its generals.
  hott replay [--scenario FILE|NAME] [--after EARLIER] [--events] FILE
      Re-simulate a save, check every checkpoint and print the result line;
      --events: first every event of the game as a JSON line, as play does.
      A play-by-e-mail (keyed) save is verified too: each revealed value
      against its player's commitment, and every die against the values;
      --after: FILE must follow the earlier turn file of the same match.
  hott result [--text] [--scenario FILE|NAME] FILE...
      Verify each save or turn file by replaying it (every checkpoint
      checked) and print its outcome as a JSON line (--text: a table): the
      winner or a draw or unfinished, AP and generals lost by each side,
      strongholds taken, bounds, whether time was called, and the game's
      digest. A file that does not verify is named with the problem
      (status 1); the others are still printed.
  hott sim --scenario FILE|NAME [--games N] [--seed S] [--max-bounds M]
           [--side1 PLAYER] [--side2 PLAYER] [--paired] [--each] [--heroic-duel]
      Play N games between two automatic players and print win rates,
      bounds played, how often each scenario event fires and each command
      breaks. A PLAYER is nearest (the default: random legal moves biased
      toward the nearest enemy), random (uniformly random legal play) or
      ai:LEVEL[:TEMPER], the computer opponent (levels easy, normal, hard;
      temperaments cautious, careful, balanced, bold, aggressive).
      --paired plays each seed twice, the second time with the sides
      swapped, and adds each player's wins, losses and unfinished games
      in all and on each side, with a 95%% interval of its win share.
      --each lists every game after the report: its seed, who played
      which side, the result, the bounds and the commands broken. On
      a set-up scenario (written by battle new) the players play the
      set-up too, the terrain generated from each game's seed.
      --heroic-duel (also on play) puts the optional heroic duel in play.
  hott sim --scenario FILE|NAME --elo [--players P1,P2,...] [--games N] [--seed S] [--max-bounds M]
      Play a round robin, N paired games (2N games) each pairing, between
      the players (default random,nearest,ai:easy,ai:normal,ai:hard) and
      print an Elo table (nearest = 1000; an unfinished game is a draw)
      and every pairing's record (docs/ai.md).
  hott terrain (--seed N [--style S] | --file LAYOUT) [--svg FILE] [--out LAYOUT]
      Lay out a standard battle's terrain with the seeded generator (or
      read a layout file), print the features and the check of RULES.md
      §13 step 2, and write a picture (SVG) or the layout file.
  hott battle new --armies A,B --seed N --save FILE [--terrain generated|LAYOUT] [--heroic-duel]
      Set up a standard battle (RULES.md §13) between two armies (embedded
      list names or army files) as the engine's set-up actions: the dice for
      who defends, the terrain (generated from N, or a layout file), the base
      edges, the stronghold and both deployments. Write the save, stopped at
      the defender's first bound, and the battle's scenario beside it.
  hott sim --armies A,B [--games N] [--seed S] [--max-bounds M] [--side1 ...] [--elo ...]
      As sim, over standard battles between the two armies, each game set
      up from its own seed.
  hott tournament new FILE --name NAME [--seed N] [--pairing swiss|round-robin]
                  [--rounds N] [--games 1|2] [--scoring PRESET] [--tie-breaks A,B,...]
  hott tournament add FILE --name NAME [--club CLUB] [--army ARMY] [--bonus N]
  hott tournament drop FILE --player ID|NAME
  hott tournament bonus FILE --player ID|NAME --points N
  hott tournament pair FILE [--again]
  hott tournament result FILE --round R --table T [--game G] --winner a|b|draw
                  --ap-lost A,B [--generals-lost A,B] [--stronghold a|b|both|none]
  hott tournament standings FILE [--after R]
  hott tournament export FILE --what standings-csv|round-csv|pairings-html|standings-html|event
  hott tournament serve FILE [--addr HOST:PORT] [--refresh SECONDS]
      Run a tournament (docs/tournament.md): the file is created by new and
      rewritten atomically by every change; pair pairs the next round
      (Swiss: no avoidable rematch, the bye to the lowest-ranked player who
      has had none); result enters or corrects a game by hand; standings
      are always derived from the results; serve serves the live standings
      on the club's network and takes the tables' finished games, each
      verified by replaying it.
  hott ai move (--scenario FILE|NAME [--seed N | --dice ...] | --save FILE)
              [--actions FILE] [--level L] [--temper T] [--ai-seed N] [--json]
      Pose a position to the computer opponent: start the scenario (or
      replay the save), play the actions, if any, and print what the
      computer plans for the side to act, each action in words with why,
      its expected gain, the contacts it makes and the odds of the close
      combats that follow (--json: the plan as indented JSON). Its own
      seed is the game's unless --ai-seed is given (docs/formats.md §11).
  hott help
      Print this text.

A scenario argument is read as a file if it names an existing file or ends
in .json, else as an embedded scenario name (%s).
File formats: docs/formats.md.

Exit status: 0 success, 1 bad input or failed check, 2 usage error,
3 illegal action.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program, with its arguments (without the program name)
// and outputs; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help", "-h", "-help", "--help":
		printUsage(stdout)
		return exitOK
	case "scenario":
		return runScenario(rest, stdout, stderr)
	case "army":
		return runArmy(rest, stdout, stderr)
	case "hero":
		return runHero(rest, stdout, stderr)
	case "play":
		return runPlay(rest, stdout, stderr)
	case "odds":
		return runOdds(rest, stdout, stderr)
	case "duel":
		return runDuel(rest, stdout, stderr)
	case "options":
		return runOptions(rest, stdout, stderr)
	case "replay":
		return runReplay(rest, stdout, stderr)
	case "result":
		return runResult(rest, stdout, stderr)
	case "sim":
		return runSim(rest, stdout, stderr)
	case "terrain":
		return runTerrain(rest, stdout, stderr)
	case "battle":
		return runBattle(rest, stdout, stderr)
	case "tournament":
		return runTournament(rest, stdout, stderr)
	case "ai":
		return runAI(rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "hott: unknown command %q\n\n", cmd)
	printUsage(stderr)
	return exitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, usage, embeddedList())
}

// newFlags makes the flag set of a subcommand, writing its errors and
// help to stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("hott "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: hott %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after positional
// arguments (hott replay save.json --scenario x). It returns the
// positional arguments, and the exit status to return at once if ok is
// false (0 for -h, 2 for a usage error).
func parseFlags(fs *flag.FlagSet, args []string) (pos []string, status int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, false
			}
			return nil, exitUsage, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// usageErr reports a usage error of a subcommand.
func usageErr(fs *flag.FlagSet, stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return exitUsage
}

// fail reports an error of a subcommand and returns the status.
func fail(stderr io.Writer, cmd string, status int, err error) int {
	msg := strings.TrimSpace(err.Error())
	fmt.Fprintf(stderr, "hott %s: %s\n", cmd, msg)
	return status
}
