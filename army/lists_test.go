package army

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pelennor/engine/rules"
	"pelennor/thirdage"
)

// The peoples issue 12 asks for, by list id.
var thirdAge = []string{"gondor", "rohan", "dol-amroth", "mordor", "minas-morgul", "isengard", "harad", "umbar",
	"easterlings", "dunland", "angmar", "moria", "erebor", "iron-hills", "dale", "lothlorien", "woodland-realm",
	"rivendell", "dunedain", "shire"}

func builtinT(t *testing.T) *Catalog {
	t.Helper()
	c, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestBuiltinLists(t *testing.T) {
	c := builtinT(t)
	ids := c.IDs()
	if len(ids) < 20 {
		t.Errorf("%d lists, want at least 20", len(ids))
	}
	for _, id := range thirdAge {
		if _, ok := c.List(id); !ok {
			t.Errorf("no list %q", id)
		}
	}
	if extra := len(ids) - len(thirdAge); extra < 2 {
		t.Errorf("%d general-fantasy lists, want 2 or 3", extra)
	}
	for _, id := range ids {
		l, _ := c.List(id)
		if strings.TrimSpace(l.Description) == "" {
			t.Errorf("%s: no description", id)
		}
		for i, e := range l.Entries {
			for _, o := range e.Options() {
				if strings.TrimSpace(o.Description) == "" {
					t.Errorf("%s: %s: option %s has no description", id, entryWhere(i, e.Name), o.Type)
				}
			}
		}
		for _, ref := range slices.Concat(l.Allies, l.Enemies) {
			if _, ok := c.List(ref); !ok || ref == id {
				t.Errorf("%s: ally or enemy %q is not another embedded list", id, ref)
			}
		}
	}
}

// Every element type is in some list, and every list makes a legal 24 AP
// army (its ready-made one proves it) and a legal 36 AP one.
// heroTypes are the element types whose entries are heroes (issue 15):
// every such entry, and every general's, names its hero sheets.
var heroTypes = []string{"Heroes", "Aerial Heroes", "Magicians", "Paladins", "Clerics"}

// Every general entry and every hero entry of the embedded lists names a
// hero sheet that exists (ParseList checks the ids; this, that none is
// missing).
func TestBuiltinListHeroes(t *testing.T) {
	c := builtinT(t)
	n := 0
	for _, id := range c.IDs() {
		l, _ := c.List(id)
		for i, e := range l.Entries {
			hero := e.General
			for _, o := range e.Options() {
				hero = hero || slices.Contains(heroTypes, o.Type)
			}
			if !hero {
				if len(e.Heroes) > 0 {
					t.Errorf("%s: %s is no hero entry but names %v", id, entryWhere(i, e.Name), e.Heroes)
				}
				continue
			}
			n++
			if len(e.Heroes) == 0 {
				t.Errorf("%s: %s names no hero sheet", id, entryWhere(i, e.Name))
			}
			for _, h := range e.Heroes {
				if _, ok := thirdage.Lookup(h); !ok {
					t.Errorf("%s: %s: no sheet %q", id, entryWhere(i, e.Name), h)
				}
			}
		}
	}
	if n < 30 {
		t.Errorf("%d hero entries, want about 30", n)
	}
}

func TestBuiltinCoverageAndArmies(t *testing.T) {
	c := builtinT(t)
	var covered [rules.NumTypes]bool
	covered[rules.Stronghold] = true // every list has one, not bought
	for _, id := range c.IDs() {
		l, _ := c.List(id)
		for _, e := range l.Entries {
			for _, o := range e.Options() {
				typ, _ := rules.ParseType(o.Type)
				covered[typ] = true
			}
		}
		a, ok := c.Army(id)
		if !ok {
			t.Errorf("%s: no ready-made army", id)
			continue
		}
		r := Validate(l, a, Standard)
		if !r.OK() {
			t.Errorf("%s: the ready-made army is illegal:\n%v", id, r.Problems)
		}
		if r.AP != Standard || r.High > r.Cap || r.General == "" {
			t.Errorf("%s: tally %+v", id, r.Tally)
		}
		if !Feasible(l, Standard) {
			t.Errorf("%s: Feasible(24) is false, but its army is legal", id)
		}
		if !Feasible(l, Tournament) {
			t.Errorf("%s: no legal 36 AP tournament army", id)
		}
	}
	for typ, ok := range covered {
		if !ok {
			t.Errorf("no list offers %s", rules.Type(typ))
		}
	}
}

func TestLoadCatalogErrors(t *testing.T) {
	good := []byte(testList)
	army, _ := baseArmy().Marshal()
	for _, c := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"id is not the file name", fstest.MapFS{"lists/other.json": {Data: good}}, `lists/other.json: id: the list id "test" is not the file's name "other"`},
		{"army of another list", fstest.MapFS{"lists/test.json": {Data: good}, "armies/x.json": {Data: army}}, `armies/x.json: list: the ready-made army of list "x" is of list "test"`},
		{"broken list", fstest.MapFS{"lists/test.json": {Data: []byte(`{"format": 1,`)}}, `lists/test.json`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadCatalog(c.fs)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	cat, err := LoadCatalog(fstest.MapFS{"lists/test.json": {Data: good}, "armies/test.json": {Data: army}})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := cat.Army("test")
	a.Elements[0].Name = "changed"
	if b, _ := cat.Army("test"); b.Elements[0].Name != "Aldo" {
		t.Error("Army returns the catalog's own copy")
	}
}
