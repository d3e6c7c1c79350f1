package engine

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Element ids of scenarios/pelennor.json used below.
const (
	pGate      = 100
	pImrahil   = 101
	pTheoden   = 201
	pEored     = 204 // Knights in the Rohirrim line
	pDernhelm  = 214 // Riders
	pWitchKing = 501
	pFlyer     = 502
	pGrond     = 504
	pHordes    = 516 // Hordes in the siege line, x 1500, y 2760
	pChieftain = 601
	pMumak1    = 602
	pMumak2    = 603
	pGothmog   = 701
	pAragorn   = 301
)

// pelennor loads the real scenario, lets a test move elements about,
// and starts it with scripted dice.
func pelennor(t testing.TB, edit func(sc *Scenario), ds ...int) *Game {
	t.Helper()
	data, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	var sc Scenario
	if err := json.Unmarshal(data, &sc); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(&sc)
	}
	if data, err = json.Marshal(sc); err != nil {
		t.Fatal(err)
	}
	parsed, err := ParseScenario("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	src, err := dice.NewScripted(ds)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := New(parsed, src, rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// put moves element id of a scenario being edited to a pose, taking it
// out of reserve.
func put(sc *Scenario, id, x, y, facing int) {
	for i := range sc.Elements {
		if sc.Elements[i].ID == id {
			sc.Elements[i].X, sc.Elements[i].Y, sc.Elements[i].Facing = x, y, facing
			sc.Elements[i].Reserve = false
		}
	}
}

// cmdIndex returns a command's index by id.
func cmdIndex(g *Game, id string) int { return g.sc.cmdIndex[id] }

func texts(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Describe())
		b.WriteByte('\n')
	}
	return b.String()
}

// has reports whether some event satisfies ok.
func has(evs []Event, ok func(Event) bool) bool { return slices.ContainsFunc(evs, ok) }

// eventRolled and eventHappened ask whether scenario event n was rolled
// for, or happened.
func eventRolled(n int) func(Event) bool {
	return func(e Event) bool { return e.Purpose == DieEvent && e.N == n }
}

func eventHappened(n int) func(Event) bool {
	return func(e Event) bool { return e.Code == CodeEvent && e.N == n }
}

// spentWith asks whether PIPs were spent, pips in all, with an item of
// the cost code.
func spentWith(pips int, code CostCode) func(Event) bool {
	return func(e Event) bool {
		return e.Kind == EvSpent && e.Value == pips && slices.ContainsFunc(e.Cost, func(c CostItem) bool { return c.Code == code })
	}
}

var endBound = Action{Kind: ActEndBound}

// PELENNOR.md §4, P1: event 2 is not rolled in a Mordor bound before
// event 1 has happened; once it has (in an earlier bound), it is.
func TestPelennorEventChain(t *testing.T) {
	// Bound 1 Gondor: event 1 fails (1), Rohirrim PIPs 3.
	// Bound 2 Mordor: no event die; PIPs 4, 4.
	// Bound 3 Gondor: event 1 succeeds (5); Imrahil PIPs 2, Rohirrim 2.
	// Bound 4 Mordor: event 2 rolled (6): the Witch-King arrives.
	g := pelennor(t, nil, 1, 3, 4, 4, 5, 2, 2, 6, 3, 3)
	evs := must(t, g, endBound)
	if has(evs, eventRolled(2)) {
		t.Fatalf("event 2 rolled before event 1 happened:\n%s", texts(evs))
	}
	evs = must(t, g, endBound)
	if !g.st.Commands[cmdIndex(g, "imrahil")].Active || !has(evs, eventHappened(1)) {
		t.Fatalf("event 1 did not activate Imrahil:\n%s", texts(evs))
	}
	evs = must(t, g, endBound)
	// The die's line, in today's words.
	if !strings.Contains(texts(evs), "event 2: The Witch-King appears: rolled 6") || !has(evs, eventHappened(2)) {
		t.Fatalf("event 2 not rolled in the Mordor bound after event 1:\n%s", texts(evs))
	}
	if wk := el(t, g, pWitchKing); !wk.OnTable() {
		t.Fatal("the Witch-King was not placed on event 2")
	}
	// He stands touching an element of his command.
	wk := el(t, g, pWitchKing)
	touching := false
	for _, o := range g.Elements() {
		if o.Cmd == wk.Cmd && o.ID != wk.ID && o.OnTable() && geomTouch(wk, o) {
			touching = true
		}
	}
	if !touching {
		t.Error("the Witch-King does not touch an element of his command")
	}
}

// P1: an event is not rolled in the bound in which the one before it
// happened, even when the same side rolls both (event 3 after event 2).
func TestPelennorOneEventPerBound(t *testing.T) {
	// Event 1 happened in bound 1. Bound 2 (Mordor): event 2 succeeds (6),
	// PIPs 4, 4; event 3 must wait. Bound 3 (Gondor): PIPs 2 (Imrahil), 2.
	// Bound 4 (Mordor): event 3 succeeds (6); PIPs 4, 4, 4.
	g2 := pelennor(t, nil, 1, 3, 6, 4, 4, 2, 2, 6, 4, 4, 4)
	g2.st.Hook[hookEvents] = 1
	g2.st.Commands[cmdIndex(g2, "imrahil")].Active = true
	evs := must(t, g2, endBound)
	if !has(evs, eventHappened(2)) || has(evs, eventRolled(3)) {
		t.Fatalf("bound 2 should roll event 2 only:\n%s", texts(evs))
	}
	must(t, g2, endBound) // bound 3, Gondor: event 4 is not due
	evs = must(t, g2, endBound)
	if s := texts(evs); !strings.Contains(s, "event 3: Gothmog's command appears from Osgiliath: rolled 6") {
		t.Fatalf("bound 4 should roll event 3:\n%s", s)
	}
	// Gothmog's command entered at the east edge, facing west, and rolls its PIPs.
	gm := el(t, g2, pGothmog)
	if !gm.OnTable() || gm.Base.Facing != 3072 {
		t.Fatalf("Gothmog not placed facing west: %+v", gm)
	}
	if g2.st.Commands[cmdIndex(g2, "gothmog")].Die == 0 {
		t.Error("Gothmog's command did not roll PIPs in the bound it arrived")
	}
	// It enters as one block (P7): its deepest file, Gothmog's, stands
	// with its rear edge on the east edge.
	if e := el(t, g2, 715); g2.sc.edgeDist(e.Base.Poly(), "east") != 0 {
		t.Errorf("element 715 is not on the east edge: %+v", poseOf(e.Base))
	}
}

// §5.1: a Mordor element ending 310 p from Imrahil's nearest element does
// not activate his command; at 300 p it does.
func TestPelennorImrahilEnemyTrigger(t *testing.T) {
	for _, c := range []struct {
		x      int
		active bool
	}{{1210, false}, {1200, true}} {
		// Bound 1 Gondor: event 1 fails; Rohirrim 1. Bound 2 Mordor: PIPs 6, 6.
		g := pelennor(t, nil, 1, 1, 6, 6)
		must(t, g, endBound)
		// The Nazgûl fly to face Imrahil (front edge x = 900, y 2480-2640).
		must(t, g, Action{Kind: ActMove, ID: pFlyer, To: to(c.x, 2560, 3072)})
		if got := g.st.Commands[cmdIndex(g, "imrahil")].Active; got != c.active {
			t.Errorf("flyer at %d p: Imrahil active %v, want %v", c.x-900, got, c.active)
		}
		if c.active && g.st.Hook[hookEvents] != 2 {
			t.Errorf("event 1 should count as happened in bound 2 (P2), got %d", g.st.Hook[hookEvents])
		}
	}
}

// §5.1: a Rohirrim element moving into contact with Imrahil's command
// activates it; until then it cannot move.
func TestPelennorImrahilAllyTrigger(t *testing.T) {
	// Dernhelm's Riders in the trench gap facing west, 250 p from Imrahil's knights (103).
	dernhelm := func(sc *Scenario) { put(sc, pDernhelm, 1150, 2720, 3072) }
	g := pelennor(t, dernhelm, 1, 6)
	if err := g.Check(Action{Kind: ActMove, ID: pImrahil, To: to(950, 2560, 1024)}); err == nil || err.(*IllegalError).Code != "move.inactive" {
		t.Fatalf("an inactive command moved: %v", err)
	}
	must(t, g, Action{Kind: ActMove, ID: pDernhelm, To: to(1000, 2720, 3072)})
	if g.st.Commands[cmdIndex(g, "imrahil")].Active {
		t.Fatal("activated without contact")
	}
	g = pelennor(t, dernhelm, 1, 6)
	must(t, g, Action{Kind: ActMove, ID: pDernhelm, Contact: contact(103, "front")})
	if !g.st.Commands[cmdIndex(g, "imrahil")].Active {
		t.Fatal("Rohirrim contact did not activate Imrahil")
	}
}

// §5.2: Gandalf appears only when a Mordor element contacts the
// stronghold, touching it; he rolls from the next Gondor bound, and his
// PIPs move any Gondor element.
func TestPelennorGandalf(t *testing.T) {
	// Hordes facing the Gate 180 p off: a move to 100 p is not contact.
	g := pelennor(t, func(sc *Scenario) { put(sc, pHordes, 780, 3000, 3072) }, 1, 1, 6, 6, 1, 1, 3, 3, 4)
	must(t, g, endBound)
	must(t, g, Action{Kind: ActMove, ID: pHordes, To: to(700, 3000, 3072)})
	if el(t, g, 401).OnTable() {
		t.Fatal("Gandalf appeared before contact with the stronghold")
	}
	g = pelennor(t, func(sc *Scenario) { put(sc, pHordes, 780, 3000, 3072) }, 1, 1, 6, 6, 1, 1, 3, 3, 4)
	must(t, g, endBound)
	evs := must(t, g, Action{Kind: ActMove, ID: pHordes, Contact: contact(pGate, "front")})
	gd := el(t, g, 401)
	if !gd.OnTable() {
		t.Fatalf("Gandalf did not appear on contact:\n%s", texts(evs))
	}
	gate := el(t, g, pGate)
	if !geomTouch(gd, gate) {
		t.Error("Gandalf does not touch the Gate")
	}
	// Not in this Mordor bound, nor does he roll until the next Gondor bound.
	evs = must(t, g, endBound)
	if g.st.Commands[cmdIndex(g, "gandalf")].Die == 0 {
		t.Fatalf("Gandalf rolled no PIP die in the next Gondor bound:\n%s", texts(evs))
	}
	// Gandalf's PIPs move a Rohirrim element; range is measured from Gandalf (P4).
	pips := g.st.Commands[cmdIndex(g, "gandalf")].PIPs
	if pips != 4 {
		t.Fatalf("Gandalf has %d PIPs, want the script's 4", pips)
	}
	must(t, g, Action{Kind: ActMove, ID: pEored, Pay: "gandalf", To: to(1400, 700, 2048)})
	if got := g.st.Commands[cmdIndex(g, "gandalf")].PIPs; got >= pips {
		t.Error("Gandalf's PIPs were not spent")
	}
}

// §5.3: Merry and Éowyn: only with a Rohirrim element in contact with the
// Witch-King, once per game, for −2 in that combat.
func TestPelennorMerryEowyn(t *testing.T) {
	wkFacing := func(sc *Scenario) { put(sc, pWitchKing, 1400, 600, 0) } // front to front with Éored 204
	g := pelennor(t, wkFacing, 1, 6, 6, 3)
	toClose(t, g)
	if got := g.Declarations(); len(got) != 1 {
		t.Fatalf("declarations %v, want Merry and Éowyn offered", got)
	}
	must(t, g, Action{Kind: ActDeclare, Choice: MerryEowyn})
	if err := g.Check(Action{Kind: ActDeclare, Choice: MerryEowyn}); err == nil || err.(*IllegalError).Code != "declare.used" {
		t.Fatalf("declared twice: %v", err)
	}
	evs := must(t, g, Action{Kind: ActCombat, ID: pEored})
	rep := combatEvent(t, evs)
	found := false
	for _, f := range rep.Defender.Factors {
		found = found || f.Code == FactorMerryEowyn && f.Value == -2
	}
	if !found {
		t.Errorf("no −2 for Merry and Éowyn in %+v", rep.Defender.Factors)
	}
	// Without a Rohirrim element in contact: not offered.
	g = pelennor(t, func(sc *Scenario) { put(sc, pWitchKing, 1100, 2560, 3072) }, 1, 6) // facing Imrahil, 40 p off
	toClose(t, g)
	if got := g.Declarations(); len(got) != 0 {
		t.Errorf("offered without Rohirrim contact: %v", got)
	}
}

// §5.5: the Witch-King who recoils with an odd total becomes Heroes and
// his command's lost AP rise by 2; with an even total he stays.
func TestPelennorWitchKingFellBeast(t *testing.T) {
	for _, c := range []struct {
		wkDie     int
		becomes   rules.Type
		extraAP   int
		announced bool
	}{{3, rules.Heroes, 2, true}, {4, rules.AerialHeroes, 0, false}} {
		// Éored 204 (Knights, +4 vs aerial) against the Witch-King (+5, general +1, overlapped twice −2).
		g := pelennor(t, func(sc *Scenario) { put(sc, pWitchKing, 1400, 600, 0) }, 1, 6, 6, c.wkDie)
		toClose(t, g)
		evs := must(t, g, Action{Kind: ActCombat, ID: pEored})
		rep := combatEvent(t, evs)
		if rep.Defender.Result != "recoils" {
			t.Fatalf("the Witch-King %s, want recoils (%+v)", rep.Defender.Result, rep)
		}
		if rep.Defender.Total%2 != c.wkDie%2 {
			t.Fatalf("test setup: Witch-King total %d", rep.Defender.Total)
		}
		wk := el(t, g, pWitchKing)
		if wk.Type != c.becomes || g.st.Commands[wk.Cmd].ExtraAP != c.extraAP {
			t.Errorf("total %d: Witch-King is %v with %d extra AP lost, want %v and %d", rep.Defender.Total, wk.Type, g.st.Commands[wk.Cmd].ExtraAP, c.becomes, c.extraAP)
		}
		slain := has(evs, func(e Event) bool { return e.Code == CodeFellBeast && e.ID == pWitchKing && e.Value == c.extraAP })
		if slain != c.announced {
			t.Errorf("fell beast slain announced %v, want %v:\n%s", slain, c.announced, texts(evs))
		}
	}
}

// §5.5: until he is placed, the Witch-King's whole command is within his
// command range; once placed, the normal range applies.
func TestPelennorWitchKingRange(t *testing.T) {
	g := pelennor(t, nil, 1, 1, 6, 6)
	must(t, g, endBound)
	evs := must(t, g, Action{Kind: ActMove, ID: pHordes, To: to(1400, 2760, 3072)})
	if !has(evs, spentWith(1, CostMove)) || has(evs, spentWith(2, CostOutOfRange)) {
		t.Errorf("a move of the Witch-King's command before he appears should cost 1:\n%s", texts(evs))
	}
}

// §5.5: a desorcelled Witch-King returns at the centre of the east edge.
func TestPelennorWitchKingReturn(t *testing.T) {
	g := pelennor(t, nil, 1, 1, 6, 6)
	must(t, g, endBound)
	i := g.sc.byID[pWitchKing]
	g.st.Elements[i].Status, g.st.Elements[i].Lost = Ensorcelled, true
	must(t, g, Action{Kind: ActDesorcel, ID: pWitchKing})
	got := el(t, g, pWitchKing)
	if got.Base.Front.X.Paces() != 7200-160 || got.Base.Front.Y.Paces() != 2400 || got.Base.Facing != 3072 {
		t.Errorf("returned at %+v, want front (7040, 2400) facing west", poseOf(got.Base))
	}
}

// §5.7: a command whose general died breaks on a next PIP roll of 5 with
// 10 AP lost, and not on 6 (then it fights on, every move beyond range, P5).
func TestPelennorCommanderKilled(t *testing.T) {
	for _, c := range []struct {
		die    int
		broken bool
	}{{5, true}, {6, false}} {
		g := pelennor(t, nil, 1, 1, 3, c.die)
		for _, id := range []int{pChieftain, pMumak1, pMumak2} { // 2 + 4 + 4 = 10 AP
			i := g.sc.byID[id]
			g.st.Elements[i].Status, g.st.Elements[i].Lost = Destroyed, true
		}
		must(t, g, endBound)
		cs := g.st.Commands[cmdIndex(g, "haradrim")]
		if cs.Broken != c.broken || cs.NoLeader == c.broken {
			t.Errorf("PIP roll %d with 10 AP lost: broken %v, fights on %v", c.die, cs.Broken, cs.NoLeader)
		}
	}
}

// §5.7: the three penalties of a broken command: +1 PIP a move, −1 in
// combat, recoil becomes flee.
func TestPelennorBrokenPenalties(t *testing.T) {
	g := pelennor(t, func(sc *Scenario) { put(sc, pWitchKing, 1400, 600, 0) }, 1, 6, 6, 3)
	g.st.Commands[cmdIndex(g, "rohirrim")].Broken = true
	evs := must(t, g, Action{Kind: ActMove, ID: 210, To: to(2680, 700, 2048)})
	if !has(evs, spentWith(2, CostBroken)) {
		t.Errorf("a broken command's move should cost 2:\n%s", texts(evs))
	}
	g = pelennor(t, func(sc *Scenario) { put(sc, pWitchKing, 1400, 600, 0) }, 1, 6, 1, 6)
	g.st.Commands[cmdIndex(g, "rohirrim")].Broken = true
	toClose(t, g)
	evs = must(t, g, Action{Kind: ActCombat, ID: pEored})
	rep := combatEvent(t, evs)
	hasBroken := false
	for _, f := range rep.Attacker.Factors {
		hasBroken = hasBroken || f.Code == FactorBroken && f.Value == -1
	}
	if !hasBroken {
		t.Errorf("no −1 for the broken command: %+v", rep.Attacker.Factors)
	}
	if rep.Attacker.Result != "flees" && rep.Attacker.Result != "destroyed" {
		t.Errorf("a broken command's beaten Knights %s, want flees", rep.Attacker.Result)
	}
}

// §5.8: capturing the stronghold lets Mordor win with one Gondor command
// unbroken; without it, Mordor does not win.
func TestPelennorStrongholdVictory(t *testing.T) {
	for _, captured := range []bool{true, false} {
		g := pelennor(t, nil, 1, 1, 3, 3)
		g.st.Commands[cmdIndex(g, "imrahil")].Broken = true
		g.st.Captured[0] = captured
		must(t, g, endBound)
		want := -1
		if captured {
			want = 1
		}
		if g.Winner() != want {
			t.Errorf("captured %v: winner %d, want %d", captured, g.Winner(), want)
		}
	}
}

// §5.8: Gondor wins when every on-table Mordor command is broken (Gothmog
// not yet arrived does not count).
func TestPelennorGondorVictory(t *testing.T) {
	g := pelennor(t, nil, 1, 1)
	g.st.Commands[cmdIndex(g, "witchking")].Broken = true
	g.st.Commands[cmdIndex(g, "haradrim")].Broken = true
	must(t, g, endBound)
	if g.Winner() != 0 {
		t.Errorf("winner %d, want Gondor (0)", g.Winner())
	}
}

// §5.4: in the Mordor bound after event 4, every Mordor PIP die scores 2
// less, never below 0; Aragorn's command enters at the Harlond and may move.
func TestPelennorAragornsArrival(t *testing.T) {
	// Events 1-3 happened before; bound 1 (Gondor) rolls event 4: 6;
	// PIPs Imrahil 3, Rohirrim 2, Aragorn 4.
	g := pelennorAt(t, []int{1, 2, 4}, 6, 3, 2, 4, 1, 5, 2)
	ar := el(t, g, pAragorn)
	if !ar.OnTable() || ar.Base.Facing != 0 {
		t.Fatalf("Aragorn did not enter facing north: %+v", ar)
	}
	must(t, g, Action{Kind: ActMove, ID: pAragorn, To: to(ar.Base.Front.X.Paces(), ar.Base.Front.Y.Paces()-200, 0)})
	must(t, g, endBound)
	// Mordor dice 1, 5, 2 (Witch-King, Haradrim, Gothmog) score 0, 3, 0.
	for id, want := range map[string]int{"witchking": 0, "haradrim": 3, "gothmog": 0} {
		if got := g.st.Commands[cmdIndex(g, id)].PIPs; got != want {
			t.Errorf("%s has %d PIPs, want %d", id, got, want)
		}
	}
}

// pelennorAt starts the scenario with events already happened in bound 0
// (hooks set directly), re-rolling the first bound's start.
func pelennorAt(t *testing.T, happened []int, ds ...int) *Game {
	t.Helper()
	data, err := os.ReadFile("../scenarios/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario("pelennor.json", data)
	if err != nil {
		t.Fatal(err)
	}
	src, err := dice.NewScripted(ds)
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{sc: sc, dice: src, hooks: scenarioRules[sc.Rules]}
	st := &state{Side: 1, Winner: -1}
	g.startAP = make([]int, len(sc.Commands))
	for i, es := range sc.Elements {
		ty, _ := rules.ParseType(es.Type)
		ci := sc.cmdIndex[es.Command]
		e := Element{ID: es.ID, Cmd: ci, Side: sc.sideOf(ci), Type: ty, General: sc.Commands[ci].General == es.ID}
		if es.Reserve {
			e.Status = Reserve
		} else {
			e.Base = sc.startBase(i)
		}
		st.Elements = append(st.Elements, e)
		g.startAP[ci] += ty.Info().AP
	}
	for _, c := range sc.Commands {
		st.Commands = append(st.Commands, Command{Active: !c.Inactive})
	}
	g.st = st
	tx := g.begin()
	tx.hooks.Setup(tx)
	for i, b := range happened {
		tx.st.Hook[hookEvents+i] = b
	}
	tx.st.Bound = 4 // the game goes on from bound 5, a Gondor bound
	tx.st.Commands[sc.cmdIndex["imrahil"]].Active = true
	if len(happened) >= 3 {
		tx.enter(sc.cmdIndex["gothmog"])
	}
	if err := tx.startBound(); err != nil {
		t.Fatal(err)
	}
	g.commit(tx)
	return g
}

func geomTouch(a, b Element) bool { return geom.Touching(a.Base.Poly(), b.Base.Poly()) }

// P3: Imrahil's command rolls no PIP die while inactive.
func TestPelennorInactiveRollsNoDie(t *testing.T) {
	g := pelennor(t, nil, 1, 4) // event 1 fails; only the Rohirrim roll
	if c := g.st.Commands[cmdIndex(g, "imrahil")]; c.Die != 0 || c.PIPs != 0 {
		t.Errorf("inactive Imrahil rolled %d (%d PIPs)", c.Die, c.PIPs)
	}
	if c := g.st.Commands[cmdIndex(g, "rohirrim")]; c.Die != 4 {
		t.Errorf("the Rohirrim rolled %d, want the script's 4", c.Die)
	}
}

// §5.6: Mordor's lost Hordes come back on the east edge, not elsewhere.
func TestPelennorHordesReturnEast(t *testing.T) {
	g := pelennor(t, nil, 1, 1, 6, 6)
	must(t, g, endBound)
	i := g.sc.byID[pHordes]
	g.st.Elements[i].Status, g.st.Elements[i].Lost = Destroyed, true
	if err := g.Check(Action{Kind: ActReplace, ID: pHordes, To: to(1500, 4300, 0)}); err == nil {
		t.Error("Hordes returned away from the east edge")
	}
	must(t, g, Action{Kind: ActReplace, ID: pHordes, To: to(7120, 600, 3072)})
	if e := el(t, g, pHordes); !e.OnTable() || e.Lost {
		t.Errorf("returned Hordes: %+v", e)
	}
}
