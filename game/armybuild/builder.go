// Package armybuild is the army builder's model (issue 12): the choices a
// player makes building an army from a list (its counts, each element's
// type among the entry's alternatives, the general, the names), and the
// pick of an army for each player of a standard battle. It never decides
// whether an army is legal: army.Validate does, and the model passes its
// report on, in the player's words. It does not import Ebitengine, so
// its tests run without a display; the scenes of package game draw it.
package armybuild

import (
	"fmt"
	"slices"
	"strings"

	"pelennor/army"
)

// Builder is an army being built from one list.
type Builder struct {
	Cat    *army.Catalog
	Budget int // army.Standard or army.Tournament

	list *army.List
	a    army.Army
	rep  army.Report
}

// New returns a builder over the catalog's lists at the given budget,
// with no list chosen yet.
func New(cat *army.Catalog, budget int) *Builder {
	return &Builder{Cat: cat, Budget: budget}
}

// List is the list chosen, or nil.
func (b *Builder) List() *army.List { return b.list }

// Army returns a copy of the army as it stands.
func (b *Builder) Army() *army.Army {
	cp := b.a
	cp.Elements = slices.Clone(b.a.Elements)
	if b.a.Stronghold != nil {
		s := *b.a.Stronghold
		cp.Stronghold = &s
	}
	return &cp
}

// Report is army.Validate's report on the army as it stands.
func (b *Builder) Report() army.Report { return b.rep }

// SetBudget changes the budget the army is validated against.
func (b *Builder) SetBudget(ap int) {
	b.Budget = ap
	b.check()
}

func (b *Builder) check() {
	if b.list == nil {
		b.rep = army.Report{}
		return
	}
	b.rep = army.Validate(b.list, &b.a, b.Budget)
}

// ChooseList starts a new army of the list: each entry's fewest
// elements, each of the entry's own type, and the general in the first
// entry that may provide one (ruling A12). The army's name is kept if it
// had one.
func (b *Builder) ChooseList(id string) error {
	l, ok := b.Cat.List(id)
	if !ok {
		return fmt.Errorf("no army list %q", id)
	}
	name := b.a.Name
	if name == "" || b.list != nil && name == b.defaultName() {
		name = "My army of " + l.Name
	}
	b.list = l
	b.a = army.Army{Format: army.Format, List: l.ID, Name: name}
	general := false
	for _, e := range l.Entries {
		for n := 0; n < e.MinCount(); n++ {
			el := army.Element{Entry: e.Name}
			if e.General && !general {
				el.General, general = true, true
			}
			b.a.Elements = append(b.a.Elements, el)
		}
	}
	if !general {
		// No entry that may provide the general has a minimum: take one.
		for k, e := range l.Entries {
			if e.General {
				b.Add(k)
				if els := b.Elements(k); len(els) > 0 {
					b.SetGeneral(els[len(els)-1])
				}
				break
			}
		}
	}
	b.check()
	return nil
}

// defaultName is the name ChooseList gives a new army of the list chosen.
func (b *Builder) defaultName() string { return "My army of " + b.list.Name }

// StartReady starts from the list's ready-made army (army/armies).
func (b *Builder) StartReady(id string) error {
	a, ok := b.Cat.Army(id)
	if !ok {
		return fmt.Errorf("list %q has no ready-made army", id)
	}
	return b.Edit(a)
}

// Edit takes an existing army (a stored one, an import) to change it.
// Its list must be in the catalog. Its elements are grouped by entry in
// the list's order, as the builder shows them.
func (b *Builder) Edit(a *army.Army) error {
	l, ok := b.Cat.List(a.List)
	if !ok {
		return fmt.Errorf("the army %q is of list %q, which this game does not have", a.Name, a.List)
	}
	b.list = l
	b.a = *a
	b.a.Elements = slices.Clone(a.Elements)
	if a.Stronghold != nil {
		s := *a.Stronghold
		b.a.Stronghold = &s
	}
	order := func(e army.Element) int {
		if k := l.Entry(e.Entry); k >= 0 {
			return k
		}
		return len(l.Entries) // unknown entries last, where Validate names them
	}
	slices.SortStableFunc(b.a.Elements, func(x, y army.Element) int { return order(x) - order(y) })
	b.check()
	return nil
}

// first is the index in the army's elements where entry k's begin (or
// would).
func (b *Builder) first(k int) int {
	for i, e := range b.a.Elements {
		if j := b.list.Entry(e.Entry); j >= k || j < 0 {
			return i
		}
	}
	return len(b.a.Elements)
}

// Elements returns the indices (in Army().Elements) of entry k's elements.
func (b *Builder) Elements(k int) []int {
	var out []int
	name := b.list.Entries[k].Name
	for i, e := range b.a.Elements {
		if e.Entry == name {
			out = append(out, i)
		}
	}
	return out
}

// Element returns element i of the army.
func (b *Builder) Element(i int) army.Element { return b.a.Elements[i] }

// Len is the number of elements of the army.
func (b *Builder) Len() int { return len(b.a.Elements) }

// CanAdd reports whether the list lets the army take another element of
// entry k (its count is the list's data, not a legality judgement: the
// most an entry offers).
func (b *Builder) CanAdd(k int) bool {
	return b.list != nil && len(b.Elements(k)) < b.list.Entries[k].Count
}

// CanRemove reports whether entry k has an element to take away.
func (b *Builder) CanRemove(k int) bool { return b.list != nil && len(b.Elements(k)) > 0 }

// Add takes one more element of entry k, of the entry's own type.
func (b *Builder) Add(k int) {
	if !b.CanAdd(k) {
		return
	}
	els := b.Elements(k)
	at := b.first(k)
	if len(els) > 0 {
		at = els[len(els)-1] + 1
	}
	b.a.Elements = slices.Insert(b.a.Elements, at, army.Element{Entry: b.list.Entries[k].Name})
	b.check()
}

// Remove takes away entry k's last element.
func (b *Builder) Remove(k int) {
	els := b.Elements(k)
	if len(els) == 0 {
		return
	}
	b.a.Elements = slices.Delete(b.a.Elements, els[len(els)-1], els[len(els)-1]+1)
	b.check()
}

// entryOf returns the list entry of element i, or nil.
func (b *Builder) entryOf(i int) *army.Entry {
	if b.list == nil || i < 0 || i >= len(b.a.Elements) {
		return nil
	}
	k := b.list.Entry(b.a.Elements[i].Entry)
	if k < 0 {
		return nil
	}
	return &b.list.Entries[k]
}

// Options returns the types element i may be: its entry's own and the
// alternatives the list allows.
func (b *Builder) Options(i int) []army.Option {
	if e := b.entryOf(i); e != nil {
		return e.Options()
	}
	return nil
}

// TypeOf is the type chosen for element i.
func (b *Builder) TypeOf(i int) string {
	if t := b.a.Elements[i].Type; t != "" {
		return t
	}
	if e := b.entryOf(i); e != nil {
		return e.Type
	}
	return ""
}

// OptionOf is the option chosen for element i (its name and description
// are the element's unless it has its own).
func (b *Builder) OptionOf(i int) army.Option {
	if e := b.entryOf(i); e != nil {
		if o, ok := e.Option(b.TypeOf(i)); ok {
			return o
		}
	}
	return army.Option{Type: b.TypeOf(i)}
}

// SetType makes element i of one of its entry's types. The entry's own
// type is written as no type, as army files do.
func (b *Builder) SetType(i int, typ string) error {
	e := b.entryOf(i)
	if e == nil {
		return fmt.Errorf("element %d has no entry in the list", i+1)
	}
	if _, ok := e.Option(typ); !ok {
		return fmt.Errorf("%s cannot be %s", e.Name, typ)
	}
	if typ == e.Type {
		typ = ""
	}
	b.a.Elements[i].Type = typ
	b.check()
	return nil
}

// CanBeGeneral reports whether the list lets element i's entry provide
// the general (A3). Whether the type chosen may lead is Validate's to
// say (A4).
func (b *Builder) CanBeGeneral(i int) bool {
	e := b.entryOf(i)
	return e != nil && e.General
}

// SetGeneral makes element i the army's one general (and no other).
func (b *Builder) SetGeneral(i int) {
	if !b.CanBeGeneral(i) {
		return
	}
	for j := range b.a.Elements {
		b.a.Elements[j].General = j == i
	}
	b.check()
}

// Rename names element i; "" gives it its option's name.
func (b *Builder) Rename(i int, name string) {
	b.a.Elements[i].Name = strings.TrimSpace(name)
	b.check()
}

// SetName names the army.
func (b *Builder) SetName(name string) {
	b.a.Name = strings.TrimSpace(name)
	b.check()
}

// SetStronghold renames the army's stronghold; "" gives it the list's.
func (b *Builder) SetStronghold(name string) {
	name = strings.TrimSpace(name)
	if name == "" || b.list != nil && name == b.list.Stronghold.Name {
		b.a.Stronghold = nil
	} else {
		b.a.Stronghold = &army.Stronghold{Name: name}
	}
	b.check()
}

// StrongholdName is the army's own name for its stronghold, "" if it
// keeps the list's.
func (b *Builder) StrongholdName() string {
	if b.a.Stronghold == nil {
		return ""
	}
	return b.a.Stronghold.Name
}
