package tournament

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// Changes made at once by several writers, each reading and writing the
// whole file, all land: Update holds the file's lock from the read to
// the write.
func TestUpdateUnderLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.json")
	tour, err := New(Config{Name: "Club", Seed: 1, Pairing: Swiss, Rounds: 3, Scoring: Scoring{Preset: Preset310}})
	if err != nil {
		t.Fatal(err)
	}
	if err := tour.Save(path); err != nil {
		t.Fatal(err)
	}
	const writers = 24
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- Update(path, func(t *Tournament) error {
				_, err := t.AddPlayer(fmt.Sprintf("Player %d", i), "", "")
				return err
			})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Players) != writers {
		t.Fatalf("%d of %d players added at once are in the file", len(got.Players), writers)
	}
	// A change that fails writes nothing.
	if err := Update(path, func(t *Tournament) error { t.Players = nil; return fmt.Errorf("no") }); err == nil {
		t.Fatal("a failed change was reported done")
	}
	if again, _ := Load(path); len(again.Players) != writers {
		t.Fatal("a failed change was written")
	}
}
