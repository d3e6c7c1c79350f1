package saves

// The journal: the match in play, kept after every action, so that
// leaving, quitting, a crash or a closed tab never loses an action nor
// lets one be played again with the dice it drew (docs/formats.md §5.1).

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"pelennor/engine/digest"
	"slices"
	"strings"

	"pelennor/engine"
	"pelennor/game/store"
)

// AreaJournal is the area of the configuration directory that holds the
// journals, one per match.
const AreaJournal = "journal"

// JournalFormat is the version of the journal file's envelope.
const JournalFormat = 1

// JournalKeep is how many journals (matches) are kept: the most recently
// played.
const JournalKeep = 20

const (
	journalName = "journal-"
	brokenExt   = ".broken"
)

// journalFile is a journal on disk: a save of the game up to a point
// (rewritten at every bound's start, so that its re-simulation stays the
// only costly part and happens once a bound), the actions played since,
// and the checkpoint after the last of them.
type journalFile struct {
	Format  int               `json:"format"`
	Kind    string            `json:"kind"` // "journal"
	Match   string            `json:"match"`
	Save    json.RawMessage   `json:"save"`
	Actions []engine.Action   `json:"actions"`
	After   engine.Checkpoint `json:"after"`
	Clock   *Clock            `json:"clock,omitempty"` // the battle clock, if the game has one
}

// Clock is a battle clock as the journal keeps it: the game's time
// limit and how much of it has been used, in milliseconds. Time is not a
// rule: saves do not carry it, only the match's journal (formats §5.1).
type Clock struct {
	LimitMS int64 `json:"limitMs"`
	UsedMS  int64 `json:"usedMs"`
}

// MatchKey identifies a match by what fixes its dice: the scenario (id
// and checksum), the seed, dice script or keyed match id, the options, and the state
// hash at the start (the first bound's dice are in it, so matches whose
// dice come from elsewhere than a seed still differ). Two histories of
// the same key draw the same dice in the same order.
func MatchKey(h *engine.History, sc *engine.Scenario) string {
	start := ""
	if g, _, err := h.At(0); err == nil {
		start = g.Hash()
	}
	match := ""
	if k := h.KeyedDice(); k != nil {
		match = k.Match
	}
	return matchKey(sc.ID, sc.Checksum(), h.Seed(), h.Script(), match, h.Options(), start)
}

// SaveKey is MatchKey of a save's game, from the save alone.
func SaveKey(s *engine.Save) string {
	start := ""
	if len(s.Checkpoints) > 0 && s.Checkpoints[0].After == 0 {
		start = s.Checkpoints[0].Hash
	}
	match := ""
	if s.Keyed != nil {
		match = s.Keyed.Match
	}
	return matchKey(s.Scenario.ID, s.Scenario.SHA256, s.Seed, s.Dice, match, engine.Options{Rulings: s.Rulings, Deployment: s.Deployment}, start)
}

func matchKey(scID, sha string, seed *uint64, script []int, match string, o engine.Options, start string) string {
	if len(script) == 0 {
		script = nil // a history's copy of no script is empty, a save's nil
	}
	id := struct {
		Scenario, SHA string
		Seed          *uint64
		Script        []int
		Match         string `json:",omitempty"` // a keyed (play-by-e-mail) match's id
		Options       engine.Options
		Start         string
	}{scID, sha, seed, script, match, o, start}
	data, err := json.Marshal(id)
	if err != nil {
		// Plain data always marshals; fall back to its printed form.
		data = fmt.Appendf(nil, "%+v", id)
	}
	sum := digest.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// JournalName is the file name of a match's journal.
func JournalName(key string) string { return journalName + key + Ext }

// IsJournal reports whether a name is a journal's.
func IsJournal(name string) bool {
	return strings.HasPrefix(name, journalName) && strings.HasSuffix(name, Ext)
}

// Journal keeps one match's journal. Write it after every change of the
// game (an action, an undo, a redo).
type Journal struct {
	lib   *Library
	name  string
	key   string
	base  []byte // the encoded save of the first baseN actions
	baseN int
	bound int // the bound the base save stands in
	// Clock is written with the game (nil: the game has no clock).
	Clock *Clock
}

// Journal returns the journal of the match of h.
func (l *Library) Journal(h *engine.History, sc *engine.Scenario) *Journal {
	key := MatchKey(h, sc)
	return &Journal{lib: l, key: key, name: JournalName(key)}
}

// Encoded returns the journal's save (Encode's bytes) when it stands at
// n actions, else nil: at a bound's start the autosave is those bytes,
// and need not be encoded again.
func (j *Journal) Encoded(n int) []byte {
	if j == nil || j.base == nil || j.baseN != n {
		return nil
	}
	return j.base
}

// Name is the journal's file name.
func (j *Journal) Name() string { return j.name }

// Write keeps the history as it stands. The base save is encoded again
// (from the history's record: nothing is simulated) only when a bound
// has begun since, or an undo went behind it; otherwise the file is the
// base's bytes and the few actions since, which is cheaper still.
func (j *Journal) Write(h *engine.History, names [2]string) error {
	s, err := j.lib.area(AreaJournal)
	if err != nil {
		return err
	}
	acts := h.Actions()
	g := h.Game()
	if j.base == nil || len(acts) < j.baseN || g.Bound() != j.bound {
		if j.base, err = Encode(h, names); err != nil {
			return err
		}
		j.baseN, j.bound = len(acts), g.Bound()
	}
	jf := journalFile{Format: JournalFormat, Kind: "journal", Match: j.key, Save: j.base,
		Actions: acts[j.baseN:], Clock: j.Clock,
		After: engine.Checkpoint{After: len(acts), Bound: g.Bound(), Draws: g.Draws(), Hash: g.Hash()}}
	if jf.Actions == nil {
		jf.Actions = []engine.Action{}
	}
	data, err := json.Marshal(jf)
	if err != nil {
		return err
	}
	if err := s.Put(j.name, data); err != nil {
		return fmt.Errorf("%s: %w", j.name, err)
	}
	return j.lib.pruneJournals(j.name)
}

// pruneJournals removes all but the JournalKeep most recently written
// journals (never the one just written).
func (l *Library) pruneJournals(keep string) error {
	es, err := l.journals()
	if err != nil {
		return err
	}
	others := 0
	for _, e := range es {
		if e.Name == keep {
			continue
		}
		if others++; others < JournalKeep {
			continue
		}
		if err := l.Journals.Remove(e.Name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// journals lists the journals, most recently written first.
func (l *Library) journals() ([]store.Entry, error) {
	out, err := l.entries(AreaJournal, IsJournal)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b store.Entry) int { return b.Modified.Compare(a.Modified) })
	return out, nil
}

// NewestJournal returns the most recently written journal.
func (l *Library) NewestJournal() (store.Entry, bool) {
	es, err := l.journals()
	if err != nil || len(es) == 0 {
		return store.Entry{}, false
	}
	return es[0], true
}

// ReadJournal loads a journal: its save is re-simulated with every
// checkpoint checked, the actions since are applied, and the game must
// then stand at the journal's last checkpoint. Errors name the file and
// say what is wrong; nothing panics.
func (l *Library) ReadJournal(file string, data []byte) (g *Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &PanicError{File: file, Value: r}
		}
	}()
	if len(data) == 0 {
		return nil, fmt.Errorf("%s: the journal is empty", file)
	}
	var jf journalFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jf); err != nil {
		return nil, fmt.Errorf("%s: not a readable journal: %v", file, err)
	}
	switch {
	case jf.Kind != "journal":
		return nil, fmt.Errorf("%s: not a journal (kind %q)", file, jf.Kind)
	case jf.Format > JournalFormat:
		return nil, fmt.Errorf("%s: journal format %d is newer than this build reads (%d)", file, jf.Format, JournalFormat)
	case jf.Format != JournalFormat:
		return nil, fmt.Errorf("%s: journal format %d is not supported (this build reads %d)", file, jf.Format, JournalFormat)
	case len(jf.Save) == 0:
		return nil, fmt.Errorf("%s: the journal has no save", file)
	}
	g, err = l.Read(file, jf.Save)
	if err != nil {
		return nil, err
	}
	base := len(g.H.Actions())
	for i, a := range jf.Actions {
		if _, err := g.H.Apply(a); err != nil {
			return nil, fmt.Errorf("%s: action %d after the save (action %d of the game) is refused: %v", file, i, base+i+1, err)
		}
	}
	gm := g.H.Game()
	got := engine.Checkpoint{After: base + len(jf.Actions), Bound: gm.Bound(), Draws: gm.Draws(), Hash: gm.Hash()}
	if got != jf.After {
		return nil, fmt.Errorf("%s: the game re-simulated does not reach the journal's last checkpoint (after %d actions: bound %d, %d dice, hash %s; the journal says %d actions, bound %d, %d dice, hash %s)",
			file, got.After, got.Bound, got.Draws, got.Hash, jf.After.After, jf.After.Bound, jf.After.Draws, jf.After.Hash)
	}
	if k := MatchKey(g.H, g.Sc); jf.Match != k {
		return nil, fmt.Errorf("%s: the journal says it is match %s, but its game is match %s", file, jf.Match, k)
	}
	if c := jf.Clock; c != nil && (c.LimitMS <= 0 || c.UsedMS < 0 || c.UsedMS > c.LimitMS) {
		return nil, fmt.Errorf("%s: the battle clock has used %d ms of %d ms: not a clock", file, c.UsedMS, c.LimitMS)
	}
	g.Clock = jf.Clock
	return g, nil
}

// OpenJournal reads and loads a journal by name; it reports
// fs.ErrNotExist when there is none. The same journal read again
// unchanged is not simulated again: a copy of the game read is returned.
func (l *Library) OpenJournal(name string) (*Game, []byte, error) {
	s, err := l.area(AreaJournal)
	if err != nil {
		return nil, nil, err
	}
	data, err := s.Get(name)
	if err != nil {
		return nil, nil, err
	}
	if j := l.lastJournal; j.game != nil && j.Name == name && bytes.Equal(j.data, data) {
		g, err := copyOf(j.game)
		return g, data, err
	}
	g, err := l.ReadJournal(name, data)
	if err != nil {
		return nil, data, err
	}
	l.lastJournal = Info{Name: name, game: g, data: data}
	g, err = copyOf(g)
	return g, data, err
}

// SetAside keeps a journal that cannot be read under NAME.broken (not a
// journal, so it is neither read again nor removed) and removes it, so
// that the game goes on from the autosaves. It returns the name kept.
func (l *Library) SetAside(name string, data []byte) (string, error) {
	s, err := l.area(AreaJournal)
	if err != nil {
		return "", err
	}
	kept := name + brokenExt
	if err := s.Put(kept, data); err != nil {
		return "", err
	}
	if err := s.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return kept, err
	}
	return kept, nil
}

// Extends reports whether the actions b begin with all of a's: b is a
// (perhaps equal) continuation of a, not an older or a different line.
func Extends(b, a []engine.Action) bool {
	if len(b) < len(a) {
		return false
	}
	for i := range a {
		ja, errA := json.Marshal(a[i])
		jb, errB := json.Marshal(b[i])
		if errA != nil || errB != nil || !bytes.Equal(ja, jb) {
			return false
		}
	}
	return true
}

// NewestAutosave returns the newest autosave's entry (its name and when
// it was written).
func (l *Library) NewestAutosave() (store.Entry, bool) {
	es, err := l.autosaves()
	if err != nil || len(es) == 0 {
		return store.Entry{}, false
	}
	return es[len(es)-1], true
}

// Key is the file's MatchKey, or "" if it cannot be read.
func (i Info) Key() string {
	if i.save == nil {
		return ""
	}
	return SaveKey(i.save)
}

// JournalClock returns the battle clock a match's journal keeps (by the
// journal's name), or nil when there is no journal, it keeps no clock or
// it cannot be read. Only the envelope is decoded: nothing is simulated.
func (l *Library) JournalClock(name string) *Clock {
	s, err := l.area(AreaJournal)
	if err != nil {
		return nil
	}
	data, err := s.Get(name)
	if err != nil {
		return nil
	}
	var jf struct {
		Kind  string `json:"kind"`
		Clock *Clock `json:"clock"`
	}
	if json.Unmarshal(data, &jf) != nil || jf.Kind != "journal" {
		return nil
	}
	if c := jf.Clock; c == nil || c.LimitMS <= 0 || c.UsedMS < 0 || c.UsedMS > c.LimitMS {
		return nil
	}
	return jf.Clock
}
