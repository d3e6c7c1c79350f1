package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/game/internal/ebitest"
	"pelennor/game/internal/posed"
	"pelennor/game/ui"
)

// pelennorDuel is the Pelennor with the Witch-King (501) brought down
// front to front with King Théoden (201): both carry hero sheets, so
// with the heroic duel in play their close combat is a duel.
func pelennorDuel(t *testing.T) *engine.Scenario {
	t.Helper()
	sc, err := posed.PelennorDuel()
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// duelBattle opens the posed duel with the ruling on, at the first
// bound's close combat, on the battle screen.
func duelBattle(t *testing.T, a *App, seed uint64) *Battle {
	t.Helper()
	m, err := NewMatchWith(pelennorDuel(t), seed, [2]string{"Éowyn", "Gothmog"}, Choices{HeroicDuel: true})
	if err != nil {
		t.Fatal(err)
	}
	b := NewBattle(a, m)
	a.Reset(b)
	ebitest.Run(t, a, 2)
	for i := 0; i < 4 && m.G.Phase() != engine.PhaseClose; i++ {
		b.submit(a, engine.Action{Kind: engine.ActEndPhase})
	}
	if m.G.Phase() != engine.PhaseClose || !m.G.IsDuel(201, 501) {
		t.Fatalf("phase %v: no duel of Théoden and the Witch-King", m.G.Phase())
	}
	ebitest.Run(t, a, 2)
	return b
}

// duelIndex is the listed combat that is Théoden's duel.
func duelIndex(t *testing.T, b *Battle) int {
	t.Helper()
	for i, lc := range b.ListedCombats() {
		if lc.Odds != nil && lc.Odds.Duel != nil {
			return i
		}
	}
	t.Fatalf("no duel listed: %+v", b.ListedCombats())
	return -1
}

// rowTexts are a document's rows' words.
func rowTexts(rows []docRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.text+strings.Join(r.cells, " "))
	}
	return out
}

// TestDuelPanel fights the posed duel from the panel's Fight button:
// the duel panel opens and shows every round's strike ranks and every
// blow's dice as the report has them, and the HOTT result; it stays
// until closed, the battle log has the engine's line for the duel, and
// a click on that line opens the panel again.
func TestDuelPanel(t *testing.T) {
	a, script := app(t, Options{Seed: 26})
	b := duelBattle(t, a, 26)
	i := duelIndex(t, b)
	clickOn(t, a, script, b.fights[i].Rect)
	if b.doc == nil {
		t.Fatalf("no duel panel after the duel (log %q)", b.log.Entries()[len(b.log.Entries())-1].Text)
	}
	k := slices.IndexFunc(b.M.Log, isDuelReport)
	if k < 0 {
		t.Fatal("the duel left no report in the log")
	}
	rep := b.M.Log[k].Combat
	texts := rowTexts(b.doc.rows)
	has := func(s string) bool { return slices.Contains(texts, s) }
	blows := 0
	for n, rd := range rep.Duel.Rounds {
		if !has(fmt.Sprintf("Round %d", n+1)) {
			t.Errorf("round %d has no heading", n+1)
		}
		sr := fmt.Sprintf("Strike ranks: %s %d, %s %d", rep.Duel.HeroNames[0], rd.SR[0], rep.Duel.HeroNames[1], rd.SR[1])
		if !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(s, sr) }) {
			t.Errorf("round %d: no %q", n+1, sr)
		}
		for _, bl := range rd.Blows {
			blows++
			attack := fmt.Sprintf("attack d20 %d against %d", bl.Attack, bl.Target)
			if bl.FirstAttack > 0 {
				attack = fmt.Sprintf("attack d20 %d, again %d against %d", bl.FirstAttack, bl.Attack, bl.Target)
			}
			if !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(s, attack) }) {
				t.Errorf("round %d: no %q", n+1, attack)
			}
			if bl.Hit {
				stops := "armour"
				if bl.Parried {
					stops = "armour and shield"
				}
				dmg := fmt.Sprintf("damage %d less %s %d: %d through", bl.Damage, stops, bl.Armour, bl.Taken)
				if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, dmg) }) {
					t.Errorf("round %d: no %q", n+1, dmg)
				}
			}
		}
	}
	if blows == 0 {
		t.Fatal("a duel of no blows")
	}
	for _, f := range []engine.Fighter{rep.Attacker, rep.Defender} {
		res := f.Result
		if res == "" || res == "nothing" {
			res = "holds"
		}
		if !has(f.Name + ": " + res) {
			t.Errorf("no HOTT result line for %s (%s)", f.Name, res)
		}
	}
	// The hand-over's summary has the duel's line, not one a blow.
	sum := rowsOfLog(summarise(b.M))
	if !slices.Contains(sum, b.M.Log[k].Describe()) {
		t.Errorf("the hand-over's summary %q lacks the duel", sum)
	}
	for _, e := range b.M.Log {
		if e.Code == engine.CodeDuelBlow && slices.Contains(sum, e.Describe()) {
			t.Errorf("the summary lists a blow: %q", e.Describe())
		}
	}
	// Its tabs are the heroes' sheets, with the wounds the duel left.
	if got := b.doc.tabs.Options; len(got) != 3 || got[1] != rep.Duel.HeroNames[0] || got[2] != rep.Duel.HeroNames[1] {
		t.Fatalf("the duel panel's tabs %q", got)
	}
	for i := range 2 {
		clickOn(t, a, script, b.doc.tabs.Segment(i+1))
		sheet := rowTexts(b.doc.rows)
		w := rep.Duel.Wounds[i]
		hp := b.M.G.Heroes([2]int{rep.Attacker.ID, rep.Defender.ID}[i])[0].Derive().HitPoints
		total := fmt.Sprintf("In all %d hit points: %d taken, %d left", hp, w.Total, hp-w.Total)
		if !slices.Contains(sheet, total) {
			t.Errorf("%s's tab lacks %q", rep.Duel.HeroNames[i], total)
		}
	}
	clickOn(t, a, script, b.doc.tabs.Segment(0))
	if !slices.Equal(rowTexts(b.doc.rows), texts) {
		t.Fatal("the duel's tab does not show the duel again")
	}
	// The panel stays over the next frames, until closed.
	ebitest.Run(t, a, 5)
	if b.doc == nil {
		t.Fatal("the duel panel went by itself")
	}
	clickOn(t, a, script, b.doc.close.Rect)
	if b.doc != nil {
		t.Fatal("Close left the panel open")
	}
	// The log's line is the engine's, and a link back to the panel.
	var line string
	for _, e := range b.log.Entries() {
		if e.Link == logLink(k) {
			line = e.Text
		}
	}
	if line != b.M.Log[k].Describe() || !strings.HasPrefix(line, engine.ContestDuel) {
		t.Fatalf("the duel's log line %q, the engine's %q", line, b.M.Log[k].Describe())
	}
	b.log.Scroll = 0
	ebitest.Run(t, a, 1)
	r, ok := b.log.LinkRect(logLink(k))
	for !ok && b.log.Scroll < 5000 {
		b.log.Scroll += 40 // scrolled back until the line is in view
		ebitest.Run(t, a, 1)
		r, ok = b.log.LinkRect(logLink(k))
	}
	if !ok {
		t.Fatal("the duel's line cannot be brought into view")
	}
	clickOn(t, a, script, r)
	if b.doc == nil || !slices.Equal(rowTexts(b.doc.rows), texts) {
		t.Fatal("a click on the duel's log line did not open its panel again")
	}
	// A replay stepping on to the duel opens its panel; stepping back
	// does not.
	n := len(b.M.Actions)
	v := NewViewer(a, b.M, ViewReplay, n-1)
	if v.b.doc != nil {
		t.Fatal("the replay opened with a panel before the duel")
	}
	if err := v.Seek(n); err != nil {
		t.Fatal(err)
	}
	if v.b.doc == nil || !slices.Equal(rowTexts(v.b.doc.rows), texts) {
		t.Fatal("the replay's step on to the duel opened no duel panel")
	}
	v.b.doc = nil
	if err := v.Seek(n - 1); err != nil {
		t.Fatal(err)
	}
	if v.b.doc != nil {
		t.Fatal("stepping back opened a panel")
	}
}

// rowsOfLog are log entries' words.
func rowsOfLog(es []ui.LogEntry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Text)
	}
	return out
}

// TestDuelScreenshot writes the duel panel after the posed duel into
// $PELENNOR_SHOTS (skipped when unset):
//
//	PELENNOR_SHOTS=docs EBITEST_SIZE=1280x800 xvfb-run -a -s "-screen 0 1280x800x24" go test -run DuelScreenshot ./game/
func TestDuelScreenshot(t *testing.T) {
	save := shotWriter(t)
	a, script := app(t, Options{Seed: 26})
	b := duelBattle(t, a, 26)
	clickOn(t, a, script, b.fights[duelIndex(t, b)].Rect)
	if b.doc == nil {
		t.Fatal("no duel panel")
	}
	save(fmt.Sprintf("screenshot-duel%s.png", shotSuffix()), ebitest.Run(t, a, 3))
}
