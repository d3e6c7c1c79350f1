package armybuild

import (
	"slices"
	"strings"
	"testing"

	"pelennor/army"
	"pelennor/engine"
	"pelennor/game/store"
)

func catalog(t *testing.T) *army.Catalog {
	t.Helper()
	cat, err := army.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func rulesOf(r army.Report) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, p.Rule)
	}
	return out
}

// TestBuilderFollowsValidate changes a Gondor army step by step and
// checks after each step that the builder's report is army.Validate's on
// the army as it stands, with the AP and the cap moved by the costs of
// the types chosen and the problems expected.
func TestBuilderFollowsValidate(t *testing.T) {
	cat := catalog(t)
	b := New(cat, army.Standard)
	if err := b.ChooseList("gondor"); err != nil {
		t.Fatal(err)
	}
	l := b.List()
	entry := func(name string) int { return l.Entry(name) }
	captain, knights, spears := entry("Captain of the White Tower"), entry("Knights of Minas Tirith"), entry("Men-at-arms of the city")
	steps := []struct {
		name string
		do   func()
		dAP  int      // the AP's change from the step before
		dHi  int      // the change of the AP on elements of 3 AP or more
		has  []string // rules broken after the step
		not  []string // rules not broken
	}{
		{"the list's minimum", func() {}, 0, 0, []string{"ap"}, []string{"general", "stronghold", "count"}},
		{"a second knight", func() { b.Add(knights) }, 2, 0, []string{"ap"}, []string{"count"}},
		{"the captain as knights", func() { b.SetType(b.Elements(captain)[0], "Knights") }, 2 - 4, -4, []string{"ap"}, []string{"general"}},
		{"a spearman as a levy", func() { b.SetType(b.Elements(spears)[0], "Hordes") }, 1 - 2, 0, []string{"ap"}, nil},
		{"no knights at all", func() { b.Remove(knights); b.Remove(knights) }, -4, 0, []string{"ap", "count"}, nil},
	}
	prevAP, prevHi := -1, -1
	for _, s := range steps {
		s.do()
		rep := b.Report()
		want := army.Validate(l, b.Army(), army.Standard)
		if rep.AP != want.AP || rep.High != want.High || !slices.Equal(rulesOf(rep), rulesOf(want)) {
			t.Fatalf("%s: the builder's report %+v is not Validate's %+v", s.name, rep.Tally, want.Tally)
		}
		if prevAP >= 0 && (rep.AP-prevAP != s.dAP || rep.High-prevHi != s.dHi) {
			t.Errorf("%s: AP %d→%d, high %d→%d; want changes %d and %d", s.name, prevAP, rep.AP, prevHi, rep.High, s.dAP, s.dHi)
		}
		prevAP, prevHi = rep.AP, rep.High
		got := rulesOf(rep)
		for _, r := range s.has {
			if !slices.Contains(got, r) {
				t.Errorf("%s: no %q problem in %v", s.name, r, b.Words())
			}
		}
		for _, r := range s.not {
			if slices.Contains(got, r) {
				t.Errorf("%s: a %q problem: %v", s.name, r, b.Words())
			}
		}
	}
}

// TestBuilderCapAndLegal builds a legal army from the ready-made one,
// then breaks the cap by choosing dearer alternatives, and reads the
// problem in the player's words.
func TestBuilderCapAndLegal(t *testing.T) {
	cat := catalog(t)
	b := New(cat, army.Standard)
	if err := b.StartReady("gondor"); err != nil {
		t.Fatal(err)
	}
	if rep := b.Report(); !rep.OK() {
		t.Fatalf("the ready-made army is not legal: %v", b.Words())
	}
	for _, s := range b.Totals() {
		if !s.OK {
			t.Errorf("total %q is not met on a legal army", s.Text)
		}
	}
	// Choose every dearer option of 3 AP or more and fill every entry:
	// the cap must break.
	// Choose every dearer option of 3 AP or more and fill every entry,
	// list by list, until one breaks the cap.
	var rep army.Report
	for _, id := range cat.IDs() {
		if err := b.StartReady(id); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < b.Len(); i++ {
			for _, o := range b.Options(i) {
				if OptionCost(o) > b.Cost(i) && OptionCost(o) >= army.HighCost {
					b.SetType(i, o.Type)
				}
			}
		}
		for k := range b.List().Entries {
			for b.CanAdd(k) {
				b.Add(k)
			}
		}
		if rep = b.Report(); rep.High > rep.Cap {
			break
		}
	}
	if rep.High <= rep.Cap {
		t.Fatalf("no list can break the cap")
	}
	var capWords string
	for _, w := range b.Words() {
		if strings.Contains(w, "at most 12 may be") {
			capWords = w
		}
	}
	if capWords == "" {
		t.Errorf("no cap problem in the player's words: %v", b.Words())
	}
	if tot := b.Totals(); tot[1].OK {
		t.Errorf("the cap total %q is shown met", tot[1].Text)
	}
}

// TestBuilderGeneral: only entries the list marks may give the general,
// and there is only ever one.
func TestBuilderGeneral(t *testing.T) {
	b := New(catalog(t), army.Standard)
	if err := b.StartReady("gondor"); err != nil {
		t.Fatal(err)
	}
	l := b.List()
	knight := b.Elements(l.Entry("Knights of Minas Tirith"))[0]
	if b.CanBeGeneral(knight) {
		t.Fatal("the knights may lead, the list says not")
	}
	b.SetGeneral(knight)
	if b.Element(knight).General {
		t.Fatal("SetGeneral made a knight the general")
	}
	// Take the general away: Validate says there is none.
	b.Remove(l.Entry("Captain of the White Tower"))
	if !slices.Contains(rulesOf(b.Report()), "general") {
		t.Fatalf("no general problem without the captain: %v", b.Words())
	}
	b.Add(l.Entry("Captain of the White Tower"))
	captain := b.Elements(l.Entry("Captain of the White Tower"))[0]
	b.SetGeneral(captain)
	n := 0
	for i := 0; i < b.Len(); i++ {
		if b.Element(i).General {
			n++
		}
	}
	if rep := b.Report(); n != 1 || !rep.OK() {
		t.Fatalf("%d generals, problems %v", n, b.Words())
	}
}

// TestWordsNameElements: problems name elements by their names, not by
// their place in the file.
func TestWordsNameElements(t *testing.T) {
	b := New(catalog(t), army.Standard)
	if err := b.StartReady("gondor"); err != nil {
		t.Fatal(err)
	}
	l := b.List()
	k := l.Entry("Knights of Minas Tirith")
	for b.CanRemove(k) {
		b.Remove(k)
	}
	b.Rename(0, "Boromir")
	words := strings.Join(b.Words(), "\n")
	if strings.Contains(words, "elements[") || strings.Contains(words, "entries[") {
		t.Errorf("file places in the player's words:\n%s", words)
	}
	if !strings.Contains(words, "Knights of Minas Tirith: the army takes 0") {
		t.Errorf("the count problem does not name the entry:\n%s", words)
	}
	if !strings.Contains(words, "add 4 AP") {
		t.Errorf("the AP problem does not say what is missing:\n%s", words)
	}
}

// TestSaveReloadsEqual: an army saved in the store loads back equal,
// names, types and general included.
func TestSaveReloadsEqual(t *testing.T) {
	cat := catalog(t)
	s := &store.Armies{S: store.NewMemory()}
	b := New(cat, army.Standard)
	if err := b.ChooseList("rohan"); err != nil {
		t.Fatal(err)
	}
	b.SetName("Riders of the Westfold")
	b.Rename(0, "Erkenbrand")
	b.SetStronghold("Helm's Deep")
	for i := 0; i < b.Len(); i++ {
		if opts := b.Options(i); len(opts) > 1 {
			b.SetType(i, opts[1].Type)
			break
		}
	}
	file, err := b.Save(s)
	if err != nil {
		t.Fatal(err)
	}
	b2 := New(cat, army.Standard)
	if err := b2.Load(s, file); err != nil {
		t.Fatal(err)
	}
	got, want := b2.Army(), b.Army()
	gd, _ := got.Marshal()
	wd, _ := want.Marshal()
	if string(gd) != string(wd) {
		t.Fatalf("reloaded:\n%s\nsaved:\n%s", gd, wd)
	}
	if b2.StrongholdName() != "Helm's Deep" || b2.Report().AP != b.Report().AP {
		t.Errorf("reloaded stronghold %q, AP %d", b2.StrongholdName(), b2.Report().AP)
	}
}

// TestImportBadFile: a file that is not an army, or of an unknown list,
// is refused with a message naming the file and the problem, and
// nothing is kept.
func TestImportBadFile(t *testing.T) {
	cat := catalog(t)
	cases := []struct {
		name, data, want string
	}{
		{"broken.json", `{"format": 1, "list": "gondor", "name": "X", "elements": [`, "broken.json"},
		{"typo.json", `{"format": 1, "list": "gondor", "name": "X", "elemnts": []}`, "elemnts"},
		{"elves.json", `{"format": 1, "list": "valinor", "name": "The Host", "elements": [{"entry": "Noldor"}]}`, `list "valinor"`},
	}
	for _, c := range cases {
		s := &store.Armies{S: store.NewMemory()}
		b := New(cat, army.Standard)
		_, err := b.ImportData(s, c.name, []byte(c.data))
		if err == nil {
			t.Errorf("%s: imported", c.name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.name) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: message %q does not name the file and %q", c.name, msg, c.want)
		}
		if list, _ := s.List(); len(list) != 0 {
			t.Errorf("%s: kept %v", c.name, list)
		}
	}
	// A good file comes in and is kept.
	s := &store.Armies{S: store.NewMemory()}
	ready, _ := cat.Army("shire")
	data, _ := ready.Marshal()
	b := New(cat, army.Standard)
	if _, err := b.ImportData(s, "shire.json", data); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.List(); len(list) != 1 || list[0].Name != ready.Name {
		t.Errorf("kept %v", list)
	}
}

// TestPickBattle: the offers list the stored armies before the ready
// ones; two picks make a standard battle's scenario with both armies,
// and an illegal pick is refused with its problems.
func TestPickBattle(t *testing.T) {
	cat := catalog(t)
	s := &store.Armies{S: store.NewMemory()}
	b := New(cat, army.Standard)
	b.ChooseList("moria")
	b.SetName("Half-built")
	if _, err := b.Save(s); err != nil {
		t.Fatal(err)
	}
	stored, _ := s.List()
	offers := Offers(cat, stored)
	if len(offers) != len(cat.IDs())+1 || offers[0].File == "" || offers[1].Ready == "" {
		t.Fatalf("offers %v", offers)
	}
	var picks [2]*Pick
	for i, id := range []string{"gondor", "mordor"} {
		i := i
		for _, o := range offers {
			if o.Ready == id {
				p, err := Take(cat, s, o)
				if err != nil {
					t.Fatal(err)
				}
				picks[i] = p
			}
		}
	}
	sc, err := Battle(picks, army.Standard)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Sides) != 2 || sc.Sides[0].Name != picks[0].Army.Name || sc.Setup == nil {
		t.Errorf("scenario sides %+v", sc.Sides)
	}
	// With the heroic duel: the ruling, and the generals' hero sheets;
	// without, neither.
	duel, err := DuelBattle(picks, army.Standard)
	if err != nil {
		t.Fatal(err)
	}
	named := func(sc *engine.Scenario) int {
		n := 0
		for _, e := range sc.Elements {
			n += len(e.Heroes)
		}
		return n
	}
	if duel.Rulings == nil || !duel.Rulings.HeroicDuel || named(duel) == 0 {
		t.Errorf("the duel's battle: rulings %+v, %d heroes named", duel.Rulings, named(duel))
	}
	if sc.Rulings != nil && sc.Rulings.HeroicDuel || named(sc) != 0 {
		t.Errorf("the battle without the duel: rulings %+v, %d heroes named", sc.Rulings, named(sc))
	}
	half, err := Take(cat, s, offers[0])
	if err != nil {
		t.Fatal(err)
	}
	picks[1] = half
	if _, err := Battle(picks, army.Standard); err == nil || !strings.Contains(err.Error(), "Half-built") {
		t.Errorf("an illegal army went to battle: %v", err)
	}
	if _, err := Battle(picks, army.Tournament); err == nil {
		t.Error("24 AP armies fought at 36 AP")
	}
}
