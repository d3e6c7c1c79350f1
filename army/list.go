// Package army holds HOTT army lists and armies (RULES.md §13): their
// file formats (docs/formats.md §8), strict decoding with errors naming
// the file and the entry, and the validation of an army: its AP, the cap
// on elements of 3 AP or more, exactly one general and one stronghold.
//
// It is pure data and rules: it imports engine/rules for the element
// types and their costs, and nothing of the engine or of graphics.
package army

import (
	"fmt"
	"slices"
	"strings"

	"pelennor/engine/rules"
)

// Format is the version of the list and army file formats.
const Format = 1

// Standard and Tournament are the two army budgets of §13.
const (
	Standard   = 24
	Tournament = 36
)

// MaxCount bounds an entry's count: no 36 AP army can hold more
// elements than this of one entry (36 Hordes at 1 AP each).
const MaxCount = 36

// HomeTerrains are the kinds of country a list may call its home: the
// names of the terrain generator's styles (terrain.Styles), so that a
// set-up can lay out the defender's home country (A9).
var HomeTerrains = []string{"mixed", "forest", "hills", "wetland", "farmland", "open"}

// List is an army list: the troops a people may field (docs/formats.md §8.1).
type List struct {
	Format      int        `json:"format"`
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	Home        string     `json:"home"` // one of HomeTerrains
	Stronghold  Stronghold `json:"stronghold"`
	Allies      []string   `json:"allies,omitempty"`  // ids of lists it fights beside
	Enemies     []string   `json:"enemies,omitempty"` // ids of lists it fights against
	Entries     []Entry    `json:"entries"`
}

// Stronghold names a list's (or an army's) stronghold. It costs nothing
// and every army has exactly one (§13).
type Stronghold struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// Entry is one line of a list: up to Count elements of a type, at least
// Min of them (Min absent: exactly Count). Each element taken may be of
// the entry's own type or of one of its alternatives (A1).
type Entry struct {
	Count        int      `json:"count"`
	Min          *int     `json:"min,omitempty"`
	Type         string   `json:"type"`
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	General      bool     `json:"general,omitempty"` // may be the army's general, as any of its options (A3)
	Heroes       []string `json:"heroes,omitempty"`  // ids of its Third Age hero sheets (thirdage), shared by its options
	Alternatives []Option `json:"alternatives,omitempty"`
}

// Option is a type an element of an entry may be, with its own name and
// description. An entry's first option is its own type.
type Option struct {
	Type        string `json:"type"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// MinCount is the fewest elements of the entry an army must take.
func (e *Entry) MinCount() int {
	if e.Min == nil {
		return e.Count
	}
	return *e.Min
}

// Options returns the entry's own type first, then its alternatives.
func (e *Entry) Options() []Option {
	return append([]Option{{e.Type, e.Name, e.Description}}, e.Alternatives...)
}

// Option returns the option of the given type name.
func (e *Entry) Option(typ string) (Option, bool) {
	for _, o := range e.Options() {
		if o.Type == typ {
			return o, true
		}
	}
	return Option{}, false
}

// Entry returns the index of the entry with the given name, or -1.
func (l *List) Entry(name string) int {
	return slices.IndexFunc(l.Entries, func(e Entry) bool { return e.Name == name })
}

// entryWhere names entry i in messages: entries[2] "Swan Knights".
func entryWhere(i int, name string) string {
	if name == "" {
		return fmt.Sprintf("entries[%d]", i)
	}
	return fmt.Sprintf("entries[%d] %q", i, name)
}

// checkID reports whether id is a list id: lower-case letters, digits
// and dashes, as the file names under army/lists are.
func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("is missing")
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("%q may hold only lower-case letters, digits and dashes", id)
		}
	}
	return nil
}

// parseBuyable finds an element type a list may buy: any type of the
// element table but the Stronghold, which every army has for nothing.
func parseBuyable(name string) (rules.Type, error) {
	t, ok := rules.ParseType(name)
	if !ok {
		return 0, fmt.Errorf("unknown type %q (the types are %s)", name, typeNames())
	}
	if t == rules.Stronghold {
		return 0, fmt.Errorf("a Stronghold is not bought: the list names it under \"stronghold\"")
	}
	return t, nil
}

func typeNames() string {
	var s []string
	for t := rules.Type(0); t < rules.Stronghold; t++ {
		s = append(s, t.String())
	}
	return strings.Join(s, ", ")
}

// validate checks a decoded list, returning every problem.
func (l *List) validate() Problems {
	var ps Problems
	add := func(where, rule, format string, a ...any) {
		ps = append(ps, Problem{Where: where, Rule: rule, Msg: fmt.Sprintf(format, a...)})
	}
	if l.Format != Format {
		add("format", "format", "format %d is not supported (this build reads format %d)", l.Format, Format)
	}
	if err := checkID(l.ID); err != nil {
		add("id", "id", "the list id %v", err)
	}
	if strings.TrimSpace(l.Name) == "" {
		add("name", "name", "the list has no name")
	}
	if !slices.Contains(HomeTerrains, l.Home) {
		add("home", "home", "home terrain %q is not one of %s", l.Home, strings.Join(HomeTerrains, ", "))
	}
	if strings.TrimSpace(l.Stronghold.Name) == "" {
		add("stronghold", "stronghold", "the list names no stronghold (every army has one, §13)")
	}
	for _, f := range []struct {
		field string
		ids   []string
	}{{"allies", l.Allies}, {"enemies", l.Enemies}} {
		for i, id := range f.ids {
			if err := checkID(id); err != nil {
				add(fmt.Sprintf("%s[%d]", f.field, i), f.field, "the list id %v", err)
			}
		}
	}
	if len(l.Entries) == 0 {
		add("entries", "entries", "the list has no entries")
	}
	general := false
	for i := range l.Entries {
		e := &l.Entries[i]
		where := entryWhere(i, e.Name)
		if strings.TrimSpace(e.Name) == "" {
			add(where, "name", "the entry has no name")
		} else if j := l.Entry(e.Name); j < i {
			add(where, "name", "the name is already used by %s", entryWhere(j, e.Name))
		}
		if e.Count < 1 || e.Count > MaxCount {
			add(where, "count", "count %d is not between 1 and %d", e.Count, MaxCount)
		}
		if m := e.MinCount(); m < 0 || m > e.Count {
			add(where, "count", "min %d is not between 0 and the count %d", m, e.Count)
		}
		general = general || e.General
		var seen []string
		for k, o := range e.Options() {
			ow := where
			if k > 0 {
				ow = fmt.Sprintf("%s alternatives[%d]", where, k-1)
				if strings.TrimSpace(o.Name) == "" {
					add(ow, "name", "the alternative has no name")
				}
			}
			if _, err := parseBuyable(o.Type); err != nil {
				add(ow, "type", "%v", err)
			} else if slices.Contains(seen, o.Type) {
				add(ow, "type", "the entry already offers %s", o.Type)
			}
			seen = append(seen, o.Type)
		}
	}
	if len(l.Entries) > 0 && !general {
		add("entries", "general", "no entry may be the general (mark one \"general\": true)")
	}
	return ps
}
