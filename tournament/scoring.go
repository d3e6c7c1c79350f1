package tournament

import (
	"fmt"
	"slices"
	"strings"
)

// Scoring presets (docs/tournament.md).
const (
	Preset310      = "3-1-0"    // win 3, draw 1, loss 0
	Preset510      = "5-1-0"    // win 5, draw 1, loss 0
	Preset5210     = "5-2-1-0"  // win 5; a draw 2 to the side that killed more AP, 1 to the other; loss 0
	PresetBerkeley = "berkeley" // enemy AP lost + AP − own AP lost, a loser counting all lost: 48 a game
	PresetNASAMW   = "nasamw"   // winner 20 + kills − losses, + 2 a general, + 2 a stronghold (N4)
	PresetWLAP     = "wl-ap"    // wins 2, draws 1, then AP killed + 2 a general + 2 a stronghold (N5)
	PresetCustom   = "custom"   // the organiser's win, draw and loss points
)

// Presets are the scoring presets, in the order the documents list them.
var Presets = []string{Preset310, Preset510, Preset5210, PresetBerkeley, PresetNASAMW, PresetWLAP, PresetCustom}

// Scoring is the preset, with the points of a custom one.
type Scoring struct {
	Preset string `json:"preset"`
	Win    int    `json:"win,omitempty"`  // custom only
	Draw   int    `json:"draw,omitempty"` // custom only
	Loss   int    `json:"loss,omitempty"` // custom only
}

func (s Scoring) check() error {
	if !slices.Contains(Presets, s.Preset) {
		return fmt.Errorf("unknown preset %q (known: %s)", s.Preset, strings.Join(Presets, ", "))
	}
	if s.Preset != PresetCustom && (s.Win != 0 || s.Draw != 0 || s.Loss != 0) {
		return fmt.Errorf("win, draw and loss points are for the %q preset only", PresetCustom)
	}
	if s.Preset == PresetCustom && !(s.Win > s.Draw && s.Draw >= s.Loss) {
		return fmt.Errorf("custom points win %d, draw %d, loss %d: a win must score more than a draw, a draw at least a loss", s.Win, s.Draw, s.Loss)
	}
	return nil
}

// side is one side's view of a game: its outcome and what it did.
type side struct {
	outcome    int // +1 won, 0 drew, −1 lost
	kills      int // AP the enemy lost
	losses     int // AP it lost
	generals   int // enemy generals killed
	stronghold int // 1 if it took the enemy's stronghold
}

// sideOf is side s's view of result r.
func sideOf(r *Result, s int) side {
	o := 1 - s
	v := side{kills: r.APLost[o], losses: r.APLost[s], generals: r.GeneralsLost[o]}
	if r.StrongholdTaken[s] {
		v.stronghold = 1
	}
	switch r.Winner {
	case s:
		v.outcome = 1
	case o:
		v.outcome = -1
	}
	return v
}

// byeSide is the nominal game a bye is scored as (N2): a bare win, the
// enemy losing half its AP and the player nothing.
func byeSide(ap int) side { return side{outcome: 1, kills: ap / 2} }

// points returns a side's score for a game under the preset, and its
// second score (used by wl-ap only, ranking before the tie-breaks).
func (s Scoring) points(v side, ap int) (score, second int) {
	bonus := 2*v.generals + 2*v.stronghold
	switch s.Preset {
	case Preset310:
		return pick(v.outcome, 3, 1, 0), 0
	case Preset510:
		return pick(v.outcome, 5, 1, 0), 0
	case Preset5210:
		draw := 1 // N3: a level draw scores 1 each
		if v.kills > v.losses {
			draw = 2
		}
		return pick(v.outcome, 5, draw, 0), 0
	case PresetBerkeley:
		kills, losses := min(v.kills, ap), min(v.losses, ap)
		switch v.outcome {
		case 1:
			kills = ap
		case -1:
			losses = ap
		}
		return kills + ap - losses, 0
	case PresetNASAMW:
		switch v.outcome {
		case 1:
			return max(0, 20+v.kills-v.losses+bonus), 0
		case 0:
			return max(0, 10+v.kills-v.losses+bonus), 0
		}
		return v.kills + bonus, 0
	case PresetWLAP:
		return pick(v.outcome, 2, 1, 0), v.kills + bonus
	}
	return pick(v.outcome, s.Win, s.Draw, s.Loss), 0
}

func pick(outcome, win, draw, loss int) int {
	switch outcome {
	case 1:
		return win
	case 0:
		return draw
	}
	return loss
}
