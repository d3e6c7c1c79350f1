package army

import (
	"encoding/json"
	"fmt"
	"strings"

	"pelennor/engine/rules"
)

// MaxName bounds the length of the names a player gives, in bytes.
const MaxName = 80

// Army is a list with its choices made and its elements named
// (docs/formats.md §8.2).
type Army struct {
	Format      int    `json:"format"`
	List        string `json:"list"` // the list's id
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Stronghold renames the list's stronghold; absent: the list's.
	Stronghold *Stronghold `json:"stronghold,omitempty"`
	Elements   []Element   `json:"elements"`
}

// Element is one element of an army: the list entry it comes from (by
// name), which of the entry's types it is, and its own name.
type Element struct {
	Entry       string `json:"entry"`
	Type        string `json:"type,omitempty"` // absent: the entry's own type
	Name        string `json:"name,omitempty"` // absent: the option's name
	Description string `json:"description,omitempty"`
	General     bool   `json:"general,omitempty"`
}

// Resolved is an army element as it goes to the table: its type, names
// filled from the list where the army leaves them out, and whether it
// starts off the table (Gods, Dragons and Lurkers are bought but arrive
// later, §9.4).
type Resolved struct {
	Index       int // in the army's elements
	Entry       int // index in the list's entries
	Type        rules.Type
	Name        string
	Description string
	General     bool
	Reserve     bool
}

// Marshal encodes the army as an indented file, ending in a newline.
func (a *Army) Marshal() ([]byte, error) {
	data, err := json.MarshalIndent(a, "", " ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func elementWhere(i int, name string) string {
	if name == "" {
		return fmt.Sprintf("elements[%d]", i)
	}
	return fmt.Sprintf("elements[%d] %q", i, name)
}

// validate checks the army's own fields (not yet against its list).
func (a *Army) validate() Problems {
	var ps Problems
	add := func(where, rule, format string, args ...any) {
		ps = append(ps, Problem{Where: where, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	if a.Format != Format {
		add("format", "format", "format %d is not supported (this build reads format %d)", a.Format, Format)
	}
	if err := checkID(a.List); err != nil {
		add("list", "list", "the list id %v", err)
	}
	if strings.TrimSpace(a.Name) == "" {
		add("name", "name", "the army has no name")
	}
	names := []struct{ where, name string }{{"name", a.Name}}
	if a.Stronghold != nil {
		names = append(names, struct{ where, name string }{"stronghold", a.Stronghold.Name})
	}
	for i, e := range a.Elements {
		names = append(names, struct{ where, name string }{elementWhere(i, e.Name), e.Name})
		if strings.TrimSpace(e.Entry) == "" {
			add(elementWhere(i, e.Name), "entry", "the element names no list entry")
		}
	}
	for _, n := range names {
		if len(n.name) > MaxName {
			add(n.where, "name", "the name is %d bytes long, over %d", len(n.name), MaxName)
		}
	}
	if len(a.Elements) == 0 {
		add("elements", "elements", "the army has no elements")
	}
	return ps
}

// Resolve checks that the army keeps to its list (every element from an
// entry of the list, of one of its types, and each entry's count) and
// returns its elements as they go to the table. It does not check §13's
// totals: Validate does. l must be the army's list.
func (a *Army) Resolve(l *List) ([]Resolved, Problems) {
	var ps Problems
	add := func(where, rule, format string, args ...any) {
		ps = append(ps, Problem{Where: where, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	if a.List != l.ID {
		add("list", "list", "the army is of list %q, not %q", a.List, l.ID)
		return nil, ps
	}
	taken := make([]int, len(l.Entries))
	var out []Resolved
	for i, e := range a.Elements {
		where := elementWhere(i, e.Name)
		k := l.Entry(e.Entry)
		if k < 0 {
			add(where, "entry", "list %s has no entry %q", l.ID, e.Entry)
			continue
		}
		ent := &l.Entries[k]
		typ := e.Type
		if typ == "" {
			typ = ent.Type
		}
		opt, ok := ent.Option(typ)
		if !ok {
			var offered []string
			for _, o := range ent.Options() {
				offered = append(offered, o.Type)
			}
			add(where, "type", "entry %q offers %s, not %q", ent.Name, strings.Join(offered, " or "), typ)
			continue
		}
		if e.General && !ent.General {
			add(where, "general", "entry %q may not provide the general", ent.Name)
		}
		taken[k]++
		t, _ := rules.ParseType(opt.Type)
		r := Resolved{Index: i, Entry: k, Type: t, Name: e.Name, Description: e.Description, General: e.General, Reserve: t.Arrives()}
		if r.Name == "" {
			r.Name = opt.Name
		}
		if r.Description == "" {
			r.Description = opt.Description
		}
		out = append(out, r)
	}
	for k := range l.Entries {
		ent := &l.Entries[k]
		if n, lo := taken[k], ent.MinCount(); n < lo || n > ent.Count {
			add(entryWhere(k, ent.Name), "count", "the army takes %d, the list allows %s", n, countRange(lo, ent.Count))
		}
	}
	return out, ps
}

func countRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("exactly %d", hi)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// StrongholdOf returns the army's stronghold: its own, else its list's.
func (a *Army) StrongholdOf(l *List) Stronghold {
	if a.Stronghold != nil && strings.TrimSpace(a.Stronghold.Name) != "" {
		return *a.Stronghold
	}
	return l.Stronghold
}
