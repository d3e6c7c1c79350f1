// Package tourney is the controller of the game's tournament screens: a
// new tournament's form, and an event kept in the store whose every
// change (players, pairing, results) is saved at once or undone. It
// imports no graphics, so its tests run without a display; the screens
// (game/tournament*.go) only draw it and pass it the organiser's input.
package tourney

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"pelennor/tournament"
)

// Formats a new tournament can take.
const (
	FormatSwiss = iota
	FormatRoundRobin
	FormatDuel // a scenario played twice a pairing, sides swapped (Swiss pairing)
)

// FormatNames are the formats' names on the form, by Format.
var FormatNames = []string{"Swiss", "Round robin", "Scenario duel"}

// Defaults of a new tournament (ruling N40): a club evening's Swiss.
const (
	DefaultRounds = 4
	DefaultClock  = 60 // minutes (issue 13 §2)
	MaxRounds     = 30 // tournament.Validate's bound on a Swiss
	ClockStep     = 5
)

// Form is the new tournament's settings as the organiser sets them.
type Form struct {
	Name      string
	Format    int
	Scenario  string // a duel's scenario (a catalog name)
	Preset    string
	Win       int // a custom preset's points
	Draw      int
	Loss      int
	TieBreaks []string // in order
	Rounds    int
	AP        int
	Clock     int // minutes, 0: none
	AvoidClub bool
}

// NewForm is the form as it opens.
func NewForm() Form {
	return Form{Format: FormatSwiss, Scenario: "pelennor", Preset: tournament.Preset5210, Win: 3, Draw: 1, Loss: 0,
		TieBreaks: slices.Clone(tournament.DefaultTieBreaks), Rounds: DefaultRounds, AP: 24, Clock: DefaultClock}
}

// Unused are the tie-breaks not yet chosen, in the documents' order.
func (f *Form) Unused() []string {
	var out []string
	for _, tb := range tournament.TieBreaks {
		if !slices.Contains(f.TieBreaks, tb) {
			out = append(out, tb)
		}
	}
	return out
}

// AddBreak puts a tie-break at the end of the order.
func (f *Form) AddBreak(tb string) {
	if slices.Contains(tournament.TieBreaks, tb) && !slices.Contains(f.TieBreaks, tb) {
		f.TieBreaks = append(f.TieBreaks, tb)
	}
}

// RemoveBreak takes the i-th tie-break out of the order.
func (f *Form) RemoveBreak(i int) {
	if i >= 0 && i < len(f.TieBreaks) {
		f.TieBreaks = slices.Delete(f.TieBreaks, i, i+1)
	}
}

// UpBreak moves the i-th tie-break one place earlier.
func (f *Form) UpBreak(i int) {
	if i > 0 && i < len(f.TieBreaks) {
		f.TieBreaks[i-1], f.TieBreaks[i] = f.TieBreaks[i], f.TieBreaks[i-1]
	}
}

// SetRounds sets the rounds within a Swiss's bounds.
func (f *Form) SetRounds(n int) { f.Rounds = min(max(n, 1), MaxRounds) }

// SetClock sets the clock's minutes within 0 and tournament.MaxClock.
func (f *Form) SetClock(n int) { f.Clock = min(max(n, 0), tournament.MaxClock) }

// Config is the tournament the form describes, with its seed; an
// incomplete form is refused with what is missing.
func (f *Form) Config(seed uint64) (tournament.Config, error) {
	name := strings.TrimSpace(f.Name)
	if name == "" {
		return tournament.Config{}, errors.New("give the tournament a name")
	}
	c := tournament.Config{Name: name, Seed: seed, Pairing: tournament.Swiss, Games: 1, Rounds: f.Rounds,
		AP: f.AP, Clock: f.Clock, Scoring: tournament.Scoring{Preset: f.Preset},
		TieBreaks: slices.Clone(f.TieBreaks), Club1: f.AvoidClub}
	if c.TieBreaks == nil {
		c.TieBreaks = []string{} // none chosen: players level share a rank (not the defaults)
	}
	if f.Preset == tournament.PresetCustom {
		c.Scoring.Win, c.Scoring.Draw, c.Scoring.Loss = f.Win, f.Draw, f.Loss
	}
	switch f.Format {
	case FormatRoundRobin:
		c.Pairing, c.Rounds = tournament.RoundRobin, 0
	case FormatDuel:
		if f.Scenario == "" {
			return tournament.Config{}, errors.New("a scenario duel needs its scenario")
		}
		c.Games, c.Scenario = 2, f.Scenario
	case FormatSwiss:
	default:
		return tournament.Config{}, fmt.Errorf("format %d: unknown", f.Format)
	}
	return c, nil
}
