package store

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"pelennor/tournament"
)

// TournamentsArea is the area of the store the organiser's tournaments
// are kept in: on the desktop the directory tournaments/ of the
// configuration directory, in the browser the localStorage keys
// "pelennor/tournaments/NAME".
const TournamentsArea = "tournaments"

// tournamentExt ends the file name of every stored tournament.
const tournamentExt = ".json"

// maxTournamentName bounds a tournament's file name.
const maxTournamentName = 60

// Tournaments keeps the organiser's tournaments in a Store, one
// tournament file (docs/formats.md §9) each, named after the tournament.
type Tournaments struct {
	S Store
}

// OpenTournaments returns the organiser's tournaments on this platform.
func OpenTournaments() (*Tournaments, error) {
	s, err := Open(TournamentsArea)
	if err != nil {
		return nil, err
	}
	return &Tournaments{S: s}, nil
}

// StoredTournament describes a tournament file of the store. Err is set,
// and the other fields but File and Modified empty, when the file cannot
// be read as a tournament (damaged, or from a newer program).
type StoredTournament struct {
	File     string
	Name     string
	Players  int
	Paired   int // rounds paired
	Rounds   int // rounds planned (a Swiss's; 0 for a round robin)
	Modified time.Time
	Err      error
}

// TournamentFile is the store's file name for a tournament called name,
// or "" if nothing of the name is left once made safe.
func TournamentFile(name string) string {
	base := SafeName(name, maxTournamentName)
	if base == "" {
		return ""
	}
	return base + tournamentExt
}

// Save writes the tournament to its file (atomically: Store.Put), the
// tournament checked first (Marshal validates it).
func (s *Tournaments) Save(file string, t *tournament.Tournament) error {
	if !strings.HasSuffix(file, tournamentExt) {
		return fmt.Errorf("%s: not a tournament file name", file)
	}
	data, err := t.Marshal()
	if err != nil {
		return fmt.Errorf("%s: %v", Where(s.S, file), err)
	}
	return s.S.Put(file, data)
}

// Create stores a new tournament under its name and returns the file's
// name; a tournament of that file name already stored is not replaced.
func (s *Tournaments) Create(t *tournament.Tournament) (string, error) {
	file := TournamentFile(t.Name)
	if file == "" {
		return "", fmt.Errorf("the name %q leaves no file name", t.Name)
	}
	if _, err := s.S.Get(file); err == nil {
		return "", fmt.Errorf("a tournament is already kept as %s: choose another name", file)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	return file, s.Save(file, t)
}

// Load reads a stored tournament by its file name. A damaged file or one
// of a newer format is refused by tournament.Parse, naming the file (its
// place in the store), line and column or the problem.
func (s *Tournaments) Load(file string) (*tournament.Tournament, error) {
	data, err := s.S.Get(file)
	if err != nil {
		return nil, err
	}
	return tournament.Parse(Where(s.S, file), data)
}

// List returns the stored tournaments, sorted by file name; files that
// cannot be read are listed with their error, so they can be deleted.
func (s *Tournaments) List() ([]StoredTournament, error) {
	entries, err := filesOf(s.S, tournamentExt)
	if err != nil {
		return nil, err
	}
	var out []StoredTournament
	for _, e := range entries {
		st := StoredTournament{File: e.Name, Modified: e.Modified}
		if t, err := s.Load(e.Name); err != nil {
			st.Err = err
		} else {
			st.Name, st.Players, st.Paired, st.Rounds = t.Name, len(t.Players), len(t.Schedule), t.Rounds
			if t.Pairing == tournament.RoundRobin {
				st.Rounds = 0
			}
		}
		out = append(out, st)
	}
	return out, nil
}

// Delete removes a stored tournament; a missing one is an error wrapping
// fs.ErrNotExist.
func (s *Tournaments) Delete(file string) error {
	return removeOf(s.S, file, tournamentExt, "a tournament")
}

// ImportData stores a tournament file given as bytes (name is the file's
// own name, for messages) under the tournament's name, replacing one of
// that name, and returns the tournament and its file name in the store.
// A file that does not parse is refused with tournament.Parse's error.
func (s *Tournaments) ImportData(name string, data []byte) (*tournament.Tournament, string, error) {
	t, err := tournament.Parse(name, data)
	if err != nil {
		return nil, "", err
	}
	file := TournamentFile(t.Name)
	if file == "" {
		return nil, "", fmt.Errorf("%s: the name %q leaves no file name", name, t.Name)
	}
	return t, file, s.Save(file, t)
}

// Import reads a tournament file (on the desktop any path, "~/" the home
// directory; in the browser a file of the exports area, where an upload
// puts it) and stores it as ImportData does.
func (s *Tournaments) Import(p string) (*tournament.Tournament, string, error) {
	data, err := ReadFile(p)
	if err != nil {
		return nil, "", err
	}
	return s.ImportData(p, data)
}

// Export writes a stored tournament to a file at p, atomically (in the
// browser into the exports area, for download). A p naming a directory
// gets the tournament's file name in it. It returns where it wrote.
func (s *Tournaments) Export(file, p string) (string, error) {
	t, err := s.Load(file)
	if err != nil {
		return "", err
	}
	data, err := t.Marshal()
	if err != nil {
		return "", err
	}
	return exportTo(p, file, data)
}
