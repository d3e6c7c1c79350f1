package game

import (
	"fmt"
	"strings"

	"pelennor/game/sound"
)

// Units is how distances are shown.
type Units int

// Units.
const (
	Inches Units = iota
	Paces
)

// Settings are the player's preferences.
type Settings struct {
	Volume float64 // 0 to 1
	Muted  bool
	Units  Units
}

// DefaultSettings are the settings of a first start.
func DefaultSettings() Settings { return Settings{Volume: 0.7, Units: Inches} }

// Apply passes the sound settings to the sound package.
func (s Settings) Apply() {
	sound.SetVolume(s.Volume)
	if sound.Muted() != s.Muted {
		sound.SetMuted(s.Muted)
	}
}

// Dist formats a distance in paces in the chosen units.
func (s Settings) Dist(p float64) string {
	if s.Units == Paces {
		return fmt.Sprintf("%.0f p", p)
	}
	return Inch(p)
}

// Inch formats paces as inches as the engine does, to at most two
// decimals: 340 -> 3.4", 305 -> 3.05".
func Inch(p float64) string {
	s := fmt.Sprintf("%.2f", p/100)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s + `"`
}
