package armybuild

import (
	"errors"
	"fmt"
	"strings"

	"pelennor/army"
	"pelennor/game/store"
)

// Save keeps the army in the player's store under its name (replacing
// one of the same name, A11) and returns the file's name.
func (b *Builder) Save(s *store.Armies) (string, error) {
	if b.list == nil {
		return "", errors.New("choose a list first")
	}
	if strings.TrimSpace(b.a.Name) == "" {
		return "", errors.New("give the army a name to save it")
	}
	return s.Save(&b.a)
}

// Load takes a stored army to change it.
func (b *Builder) Load(s *store.Armies, file string) error {
	a, err := s.Load(file)
	if err != nil {
		return err
	}
	return b.Edit(a)
}

// ImportData reads an army file given as bytes (name: the file's, for
// messages), keeps it in the store and takes it to change. A file that
// is not an army, or an army of a list this game does not have, is
// refused with a message naming the file and the problem; nothing is
// kept then.
func (b *Builder) ImportData(s *store.Armies, name string, data []byte) (string, error) {
	a, err := army.ParseArmy(name, data)
	if err != nil {
		return "", err
	}
	if _, ok := b.Cat.List(a.List); !ok {
		return "", fmt.Errorf("%s: list: the army is of list %q, which this game does not have", name, a.List)
	}
	file, err := s.Save(a)
	if err != nil {
		return "", err
	}
	return file, b.Edit(a)
}

// Import reads an army file from a path (desktop; "~/" the home
// directory) as ImportData does.
func (b *Builder) Import(s *store.Armies, path string) (string, error) {
	path = strings.TrimSpace(path)
	if path == "" {
		return "", errors.New("say which file to import")
	}
	data, err := store.ReadFile(path)
	if err != nil {
		return "", err
	}
	return b.ImportData(s, path, data)
}

// Export saves the army and writes it to an army file at path (a
// directory, ending in a slash, gets the army's file name). It returns
// where the file went.
func (b *Builder) Export(s *store.Armies, path string) (string, error) {
	file, err := b.Save(s)
	if err != nil {
		return "", err
	}
	path = strings.TrimSpace(path)
	if path == "" {
		return "", errors.New("say where to write the army file")
	}
	if !strings.HasSuffix(path, ".json") && !strings.HasSuffix(path, "/") {
		path += ".json"
	}
	return s.Export(file, path)
}

// Data is the army's file, as Export writes it (the browser downloads it).
func (b *Builder) Data() ([]byte, error) { return b.a.Marshal() }
