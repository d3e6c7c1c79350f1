package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"

	"pelennor/game/sound"
	"pelennor/game/ui"
)

// Units is how distances are shown.
type Units int

// Units.
const (
	Inches Units = iota
	Paces
)

// Settings are the player's preferences, kept between runs in
// settings.json in the configuration directory (docs/formats.md §5).
type Settings struct {
	Volume   float64 // 0 to 1
	Muted    bool
	Units    Units
	TextSize TextSize
	// Contrast draws the bases with a light outline and their symbols
	// larger on a light plate, to read them on dark ground at a small
	// zoom (docs/rulings.md UI rows).
	Contrast bool
	// Speed is the pause between the computer's actions (computer.go).
	Speed ComputerSpeed
}

// TextSize is the size of all the interface's text.
type TextSize int

// Text sizes.
const (
	TextNormal TextSize = iota
	TextLarge
	TextLarger
)

// textSizes names each text size in settings.json and its factor.
var textSizes = []struct {
	name   string
	factor float64
}{{"normal", 1}, {"large", 1.2}, {"larger", 1.4}}

// Factor is how much the text size scales text.
func (t TextSize) Factor() float64 {
	if t < 0 || int(t) >= len(textSizes) {
		return 1
	}
	return textSizes[t].factor
}

// String is the text size's name in settings.json.
func (t TextSize) String() string {
	if t < 0 || int(t) >= len(textSizes) {
		return textSizes[0].name
	}
	return textSizes[t].name
}

// DefaultSettings are the settings of a first start.
func DefaultSettings() Settings { return Settings{Volume: 0.7, Units: Inches} }

// SettingsFormat is the version of settings.json.
const SettingsFormat = 1

// SettingsFile is the settings file's name.
const SettingsFile = "settings.json"

type settingsJSON struct {
	Format   int     `json:"format"`
	Volume   float64 `json:"volume"`
	Muted    bool    `json:"muted"`
	Units    string  `json:"units"`
	TextSize string  `json:"text_size"`
	Contrast bool    `json:"high_contrast"`
	Speed    string  `json:"computer_speed"`
}

// Marshal writes the settings file.
func (s Settings) Marshal() []byte {
	u := "inches"
	if s.Units == Paces {
		u = "paces"
	}
	data, _ := json.MarshalIndent(settingsJSON{Format: SettingsFormat, Volume: math.Round(s.Volume*100) / 100, Muted: s.Muted, Units: u, TextSize: s.TextSize.String(), Contrast: s.Contrast, Speed: s.Speed.String()}, "", " ")
	return append(data, '\n')
}

// ParseSettings reads a settings file. A file of a newer format, or one
// that is not a settings file, is refused; fields it leaves out keep
// their defaults.
func ParseSettings(data []byte) (Settings, error) {
	s := DefaultSettings()
	var f struct {
		Format   *int     `json:"format"`
		Volume   *float64 `json:"volume"`
		Muted    bool     `json:"muted"`
		Units    string   `json:"units"`
		TextSize string   `json:"text_size"`
		Contrast bool     `json:"high_contrast"`
		Speed    string   `json:"computer_speed"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return s, fmt.Errorf("%s: not a settings file: %v", SettingsFile, err)
	}
	switch {
	case f.Format == nil:
		return s, fmt.Errorf("%s: no format", SettingsFile)
	case *f.Format > SettingsFormat:
		return s, fmt.Errorf("%s: format %d is newer than this build reads (%d)", SettingsFile, *f.Format, SettingsFormat)
	case *f.Format < 1:
		return s, fmt.Errorf("%s: format %d is not supported", SettingsFile, *f.Format)
	}
	if f.Volume != nil && !math.IsNaN(*f.Volume) {
		s.Volume = math.Max(0, math.Min(1, *f.Volume))
	}
	s.Muted = f.Muted
	switch strings.ToLower(f.Units) {
	case "", "inches":
	case "paces":
		s.Units = Paces
	default:
		return s, fmt.Errorf("%s: unknown units %q (inches or paces)", SettingsFile, f.Units)
	}
	s.Contrast = f.Contrast
	if f.Speed != "" {
		sp, ok := parseSpeed(f.Speed)
		if !ok {
			return s, fmt.Errorf("%s: unknown computer_speed %q (slow, normal, fast or instant)", SettingsFile, f.Speed)
		}
		s.Speed = sp
	}
	if f.TextSize != "" {
		found := false
		for i, t := range textSizes {
			if strings.EqualFold(f.TextSize, t.name) {
				s.TextSize, found = TextSize(i), true
			}
		}
		if !found {
			return s, fmt.Errorf("%s: unknown text_size %q (normal, large or larger)", SettingsFile, f.TextSize)
		}
	}
	return s, nil
}

// loadSettings reads the settings file, if there is one; a bad one is
// reported and the defaults used. -mute mutes this run whatever the file
// says.
func (a *App) loadSettings() {
	a.Settings = DefaultSettings()
	data, err := a.storage.Config.Get(SettingsFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		a.Toast("Settings not read: "+err.Error(), ui.Bad)
	default:
		s, err := ParseSettings(data)
		if err != nil {
			a.Toast(err.Error()+": the defaults are used", ui.Bad)
		}
		a.Settings = s
	}
	a.savedMuted = a.Settings.Muted
	if a.Opts.Mute {
		a.Settings.Muted = true
	}
	a.Settings.Apply()
	a.Theme.Text = a.Settings.TextSize.Factor()
}

// SaveSettings writes the settings file. A run with -mute does not
// change the muting kept in it.
func (a *App) SaveSettings() {
	s := a.Settings
	if a.Opts.Mute {
		s.Muted = a.savedMuted
	}
	a.savedMuted = s.Muted
	if err := a.storage.Config.Put(SettingsFile, s.Marshal()); err != nil {
		a.Toast("Settings not kept: "+err.Error(), ui.Bad)
	}
}

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
