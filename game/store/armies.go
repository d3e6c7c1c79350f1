package store

import (
	"fmt"
	"time"

	"pelennor/army"
)

// ArmiesArea is the area of the store the player's armies are kept in:
// on the desktop the directory armies/ of the configuration directory,
// in the browser the localStorage keys "pelennor/armies/NAME".
const ArmiesArea = "armies"

// armyExt ends the file name of every stored army.
const armyExt = ".json"

// Armies keeps the player's armies in a Store, one army file
// (docs/formats.md §8.2) each, named after the army.
type Armies struct {
	S Store
}

// OpenArmies returns the player's armies on this platform.
func OpenArmies() (*Armies, error) {
	s, err := Open(ArmiesArea)
	if err != nil {
		return nil, err
	}
	return &Armies{S: s}, nil
}

// StoredArmy describes an army file of the store. Err is set, and the
// army fields empty, when the file cannot be read as an army.
type StoredArmy struct {
	File     string // the file's name in the store
	Name     string // the army's name
	List     string // its list's id
	Modified time.Time
	Err      error
}

// ArmyFile is the store's file name for an army called name: the name
// made safe (SafeName) and ".json". It is "" if nothing of the name is left.
func ArmyFile(name string) string {
	base := SafeName(name, army.MaxName)
	if base == "" {
		return ""
	}
	return base + armyExt
}

// Save writes the army under its name, replacing an army of the same
// name, and returns the file name. The army must be well formed
// (army.ParseArmy accepts it); it need not be legal yet, so that an army
// being built can be kept.
func (s *Armies) Save(a *army.Army) (string, error) {
	file := ArmyFile(a.Name)
	if file == "" {
		return "", fmt.Errorf("the army's name %q leaves no file name", a.Name)
	}
	data, err := a.Marshal()
	if err != nil {
		return "", err
	}
	if _, err := army.ParseArmy(file, data); err != nil {
		return "", err
	}
	return file, s.S.Put(file, data)
}

// List returns the stored armies, sorted by file name. Files that are
// not armies are listed with their error, so the player can delete them.
func (s *Armies) List() ([]StoredArmy, error) {
	entries, err := filesOf(s.S, armyExt)
	if err != nil {
		return nil, err
	}
	var out []StoredArmy
	for _, e := range entries {
		sa := StoredArmy{File: e.Name, Modified: e.Modified}
		if a, err := s.Load(e.Name); err != nil {
			sa.Err = err
		} else {
			sa.Name, sa.List = a.Name, a.List
		}
		out = append(out, sa)
	}
	return out, nil
}

// Load reads a stored army by its file name.
func (s *Armies) Load(file string) (*army.Army, error) {
	data, err := s.S.Get(file)
	if err != nil {
		return nil, err
	}
	return army.ParseArmy(Where(s.S, file), data)
}

// Delete removes a stored army; a missing one is an error wrapping
// fs.ErrNotExist.
func (s *Armies) Delete(file string) error {
	return removeOf(s.S, file, armyExt, "an army")
}

// ImportData stores an army file given as bytes (name is the file's own
// name, for messages), under the army's name, and returns the army and
// its file name in the store. A file that is not a well-formed army is
// refused with the decoder's errors; whether the army keeps to its list
// is the caller's question (army.Validate).
func (s *Armies) ImportData(name string, data []byte) (*army.Army, string, error) {
	a, err := army.ParseArmy(name, data)
	if err != nil {
		return nil, "", err
	}
	file, err := s.Save(a)
	if err != nil {
		return nil, "", err
	}
	return a, file, nil
}

// Import reads an army file (on the desktop any path, "~/" the home
// directory; in the browser a file of the exports area) and stores it
// as ImportData does.
func (s *Armies) Import(p string) (*army.Army, string, error) {
	data, err := ReadFile(p)
	if err != nil {
		return nil, "", err
	}
	return s.ImportData(p, data)
}

// Export writes a stored army to an army file at p, atomically (in the
// browser, into the exports area for download). A p naming a directory
// gets the army's file name in it.
func (s *Armies) Export(file, p string) (string, error) {
	data, err := s.S.Get(file)
	if err != nil {
		return "", err
	}
	if _, err := army.ParseArmy(file, data); err != nil {
		return "", err
	}
	return exportTo(p, file, data)
}
