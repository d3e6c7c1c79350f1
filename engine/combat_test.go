package engine

import (
	"fmt"
	"slices"
	"testing"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// Helpers shared by the combat, shooting, magic, outcome and odds tests.
//
// Most positions are a duel at the middle of the table: side a's element
// 1 with its front edge centred at (1200, 1200) facing north, side b's
// element 2 facing south, front edges flush. Element 1 then covers x
// 1120..1280, y 1200..1200+depth; element 2 x 1120..1280, y
// 1200−depth..1200. Facing north, element 1's right is east.

const (
	north = 0
	east  = 1024
	south = 2048
	west  = 3072
)

// duel is the standard close combat: a's element 1 against b's element 2.
func duel(ta, tb rules.Type) *table {
	return newTable().add(1, "ca", ta, 1200, 1200, north).add(2, "cb", tb, 1200, 1200, south)
}

// square is a convex polygon from (x0, y0) to (x1, y1).
func square(x0, y0, x1, y1 int) [][2]int {
	return [][2]int{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// area adds a terrain feature covering a rectangle.
func (tb *table) area(kind string, x0, y0, x1, y1 int) *table {
	return tb.terrain(kind, square(x0, y0, x1, y1)...)
}

// stronghold adds a stronghold of the given size.
func (tb *table) stronghold(id int, cmd string, x, y, facing, w, d int) *table {
	tb.sc.Elements = append(tb.sc.Elements, ElementSpec{ID: id, Command: cmd, Type: rules.Stronghold.String(),
		Name: "Stronghold " + itoa(id), X: x, Y: y, Facing: facing, Width: w, Depth: d})
	return tb
}

// arrive puts a reserve element (a God, Dragon or Lurker, which the
// scenario may not deploy) straight onto the table, as if it had arrived
// in an earlier bound.
func arrive(t testing.TB, g *Game, id, x, y, facing int) {
	t.Helper()
	i, ok := g.sc.byID[id]
	if !ok {
		t.Fatalf("no element %d", id)
	}
	e := &g.st.Elements[i]
	w, d := geom.Paces(rules.BaseWidth), geom.Paces(e.Type.Info().Depth)
	e.Status = OnTable
	e.Base = geom.Base{Front: geom.Point{X: geom.Paces(x), Y: geom.Paces(y)}, Facing: geom.Angle(facing), Width: w, Depth: d}
}

// factorList shows factors as "+3 Knights against foot".
func factorList(fs []Factor) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%+d %s", f.Value, f.Describe()))
	}
	return out
}

// fates summarises what happened to each element in the events: the
// kinds of event that concern it, in order ("recoiled", "fled",
// "destroyed", "captured", "ensorcelled", "left", "unaffected", "pushed",
// "followed", "turned"), joined by commas; "" if nothing.
func fates(g *Game, evs []Event) map[int]string {
	out := map[int]string{}
	add := func(id int, s string) {
		if out[id] != "" {
			out[id] += ","
		}
		out[id] += s
	}
	for _, e := range evs {
		switch e.Kind {
		case EvFollowed:
			// results.go's followUp may creep forward less than a pace
			// (less than geom.Tol) where it cannot follow up at all:
			// reported, not counted as a follow-up here.
			if e.Value > 0 {
				add(e.ID, e.Kind.String())
			}
		case EvRecoiled, EvFled, EvPushed, EvTurned, EvLeft:
			add(e.ID, e.Kind.String())
		case EvSorcery:
			add(e.ID, "ensorcelled")
		case EvDestroyed:
			if e.Code == CodeCaptured {
				add(e.ID, "captured")
			} else {
				add(e.ID, "destroyed")
			}
		case EvCombat:
			if e.Code == CodeUnaffected {
				add(e.ID, "unaffected")
			}
		}
	}
	return out
}

// front returns an element's front-edge centre in paces and its facing.
func front(t testing.TB, g *Game, id int) (x, y, facing int) {
	t.Helper()
	e := el(t, g, id)
	return e.Base.Front.X.Paces(), e.Base.Front.Y.Paces(), int(e.Base.Facing.Norm())
}

// contest applies a close combat, shot or bespell with the dice already
// scripted and returns its report and events.
func contest(t testing.TB, g *Game, kind string, a, b int, aiders ...int) (*Report, []Event) {
	t.Helper()
	var evs []Event
	switch kind {
	case "close":
		toClose(t, g)
		evs = must(t, g, Action{Kind: ActCombat, ID: a, Target: b})
	case "shoot":
		for g.Phase() == PhaseMove {
			must(t, g, endPhase)
		}
		evs = must(t, g, Action{Kind: ActShoot, ID: a, Target: b, Aiders: aiders})
	case "bespell":
		for g.Phase() == PhaseMove {
			must(t, g, endPhase)
		}
		evs = must(t, g, Action{Kind: ActBespell, ID: a, Target: b, Aiders: aiders})
	default:
		t.Fatalf("unknown contest %q", kind)
	}
	return combatEvent(t, evs), evs
}

// ---------------------------------------------------------------------
// RULES.md §6.2: every combat factor, where it counts and where it does
// not. Each case is a real position; the factors are read from the
// combat event's report of the real resolution and from engine.Odds
// before it, which must agree.

type factorCase struct {
	name   string
	tb     *table
	moves  []Action // made by side a before the contest
	kind   string   // close, shoot or bespell
	a, b   int      // the contest: a acts (moves, shoots, bespells)
	aiders []int
	wantA  []string // a's factors, as factorList shows them
	wantB  []string
}

func TestFactors(t *testing.T) {
	wood := func(tb *table) *table { return tb.area("wood", 900, 700, 1500, 1700) }
	cases := []factorCase{
		// Base factor (§2): vs foot against foot and strongholds, vs mounted against mounted and aerials.
		{name: "§6.2 base: Blades vs foot, Knights vs foot", tb: duel(rules.Blades, rules.Knights),
			wantA: []string{"+3 Blades against mounted"}, wantB: []string{"+3 Knights against foot"}},
		{name: "§6.2 base: Blades vs Blades", tb: duel(rules.Blades, rules.Blades),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 base: Airboats vs Spears, Spears vs aerial", tb: duel(rules.Airboats, rules.Spears),
			wantA: []string{"+5 Airboats against foot"}, wantB: []string{"+4 Spears against aerial"}},
		{name: "§2 base: a stronghold fights as foot", tb: newTable().add(1, "ca", rules.Knights, 1200, 1200, north).
			stronghold(2, "cb", 1200, 1200, south, 160, 160),
			wantA: []string{"+3 Knights against stronghold"}, wantB: []string{"+6 Stronghold against mounted"}},
		{name: "§2 base: a stronghold uses vs foot against Airboats", tb: newTable().add(1, "ca", rules.Airboats, 1200, 1200, north).
			stronghold(2, "cb", 1200, 1200, south, 160, 160),
			wantA: []string{"+5 Airboats against stronghold"}, wantB: []string{"+6 Stronghold against aerial"}},

		// +1 general: fought, shot at, bespelled; not when it shoots or bespells.
		{name: "§6.2 general: fought", tb: duel(rules.Blades, rules.Blades).general(2),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot", "+1 general"}},
		{name: "§6.2 general: shot at", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).general(2), kind: "shoot",
			wantA: []string{"+3 Shooters shooting at foot"}, wantB: []string{"+5 Blades against foot", "+1 general"}},
		{name: "§6.2 general: not when it shoots", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).general(1), kind: "shoot",
			wantA: []string{"+3 Shooters shooting at foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 general: bespelled", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).general(2), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+5 Blades against magic", "+1 general"}},
		{name: "§6.2 general: not when it bespells", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).general(1), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+5 Blades against magic"}},

		// +1 uphill of the whole enemy, against ground troops only.
		{name: "§6.2 uphill", tb: duel(rules.Blades, rules.Blades).area("hill", 900, 1200, 1500, 1600),
			wantA: []string{"+5 Blades against foot", "+1 uphill"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 uphill: both on the hill, level about its crest", tb: duel(rules.Blades, rules.Blades).area("hill", 900, 800, 1500, 1600),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 uphill: not against aerials", tb: duel(rules.Blades, rules.Flyers).area("hill", 900, 1200, 1500, 1600),
			wantA: []string{"+3 Blades against aerial"}, wantB: []string{"+2 Flyers against foot"}},

		// +1 defending a river bank, against ground troops.
		{name: "§6.2 river bank", tb: duel(rules.Blades, rules.Blades).area("river", 900, 1000, 1500, 1200),
			wantA: []string{"+5 Blades against foot", "+1 defending the river bank"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 river bank: both in the river", tb: duel(rules.Blades, rules.Blades).area("river", 900, 1100, 1500, 1300),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},

		// +1 rear support: Spears behind Spears, Warband behind Warband, in good going.
		{name: "§6.2 rear support: Spears", tb: duel(rules.Spears, rules.Blades).add(3, "ca", rules.Spears, 1200, 1260, north),
			wantA: []string{"+4 Spears against foot", "+1 rear support"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 rear support: Warband", tb: duel(rules.Blades, rules.Warband).add(3, "cb", rules.Warband, 1200, 1120, south),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+3 Warband against foot", "+1 rear support"}},
		{name: "§6.2 rear support: not Blades behind Spears", tb: duel(rules.Spears, rules.Blades).add(3, "ca", rules.Blades, 1200, 1260, north),
			wantA: []string{"+4 Spears against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 rear support: not for Blades", tb: duel(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 1200, 1260, north),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 rear support: not in bad going", tb: duel(rules.Spears, rules.Blades).add(3, "ca", rules.Spears, 1200, 1260, north).
			area("marsh", 900, 1262, 1500, 1500),
			wantA: []string{"+4 Spears against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 rear support: Warband in a wood", tb: wood(duel(rules.Blades, rules.Warband).add(3, "cb", rules.Warband, 1200, 1120, south)),
			wantA: []string{"+5 Blades against foot", "-2 in bad going"}, wantB: []string{"+3 Warband against foot"}},

		// −1 each side overlapped (R11).
		{name: "§6.2 overlapped on the right", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1360, 1200, south),
			wantA: []string{"+5 Blades against foot", "-1 overlapped on the right"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 overlapped on both sides", tb: newTable().add(1, "ca", rules.Blades, 1200, 1200, north).
			add(2, "cb", rules.Blades, 1040, 1200, south).add(3, "cb", rules.Blades, 1200, 1200, south).add(4, "cb", rules.Blades, 1360, 1200, south), b: 3,
			wantA: []string{"+5 Blades against foot", "-1 overlapped on the left", "-1 overlapped on the right"}, wantB: []string{"+5 Blades against foot"}},
		{name: "D18 no overlap by an enemy whose front edge meets the side edge past the corner", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1360, 1230, south),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "R11 no overlap by an enemy with an enemy against its front", tb: duel(rules.Blades, rules.Blades).
			add(3, "ca", rules.Blades, 1360, 1200, north).add(4, "cb", rules.Blades, 1360, 1200, south),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "R11 no overlap by an enemy whose front is against an enemy's flank", tb: duel(rules.Blades, rules.Blades).
			add(3, "ca", rules.Blades, 1360, 1280, east).add(4, "cb", rules.Blades, 1360, 1200, south).add(5, "cb", rules.Blades, 1360, 1280, west),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 no overlap by an enemy facing another way", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1360, 1200, north),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot"}},

		// −1 each enemy against its side or rear.
		{name: "§6.2 enemy against its flank", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1280, 1280, west),
			wantA: []string{"+5 Blades against foot", "-1 Blades 3 against its right flank"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.2 enemies against its flank and rear", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1280, 1280, west).
			add(4, "cb", rules.Blades, 1200, 1260, north),
			wantA: []string{"+5 Blades against foot", "-1 Blades 3 against its right flank", "-1 Blades 4 against its rear"}, wantB: []string{"+5 Blades against foot"}},
		{name: "§6.1 a second enemy against its front counts as a side contact", tb: newTable().add(1, "ca", rules.Blades, 1200, 1200, north).
			add(2, "cb", rules.Blades, 1240, 1200, south).add(3, "cb", rules.Blades, 1080, 1200, south),
			wantA: []string{"+5 Blades against foot", "-1 Blades 3 also against its front"}, wantB: []string{"+5 Blades against foot"}},

		{name: "§6.3 a second element against a stronghold's front helps: -1", tb: newTable().add(1, "ca", rules.Blades, 1120, 1200, north).
			stronghold(2, "cb", 1200, 1200, south, 320, 160).add(3, "ca", rules.Blades, 1280, 1200, north),
			wantA: []string{"+5 Blades against stronghold"}, wantB: []string{"+6 Stronghold against foot", "-1 Blades 3 also against its front"}},

		// −2 in bad going, not Shooters, Warband, Lurkers, Beasts.
		{name: "§6.2 bad going: Blades in a wood", tb: wood(duel(rules.Blades, rules.Blades)),
			wantA: []string{"+5 Blades against foot", "-2 in bad going"}, wantB: []string{"+5 Blades against foot", "-2 in bad going"}},
		{name: "§6.2 bad going: not Shooters, Warband", tb: wood(duel(rules.Shooters, rules.Warband)),
			wantA: []string{"+3 Shooters against foot"}, wantB: []string{"+3 Warband against foot"}},
		{name: "§6.2 bad going: not Beasts; Beasts not hindered", tb: duel(rules.Beasts, rules.Blades).area("rough", 900, 700, 1500, 1700),
			wantA: []string{"+3 Beasts against foot"}, wantB: []string{"+3 Blades against mounted", "-2 in bad going"}},
		{name: "§6.2 bad going: only part of the base", tb: duel(rules.Hordes, rules.Hordes).area("marsh", 1270, 1100, 1500, 1300),
			wantA: []string{"+2 Hordes against foot", "-2 in bad going"}, wantB: []string{"+2 Hordes against foot", "-2 in bad going"}},
		{name: "§6.2 bad going: a marsh is not bad going for aerials, but their opponent in it is", tb: duel(rules.Blades, rules.Flyers).area("marsh", 900, 700, 1500, 1700),
			wantA: []string{"+3 Blades against aerial", "-2 in bad going"}, wantB: []string{"+2 Flyers against foot", "-2 opponent in bad going"}},

		// −2 mounted (not Beasts) or aerial whose opponent is in bad going, not added to its own.
		{name: "§6.2 opponent in bad going: Knights", tb: duel(rules.Knights, rules.Blades).area("wood", 900, 700, 1500, 1200),
			wantA: []string{"+3 Knights against foot", "-2 opponent in bad going"}, wantB: []string{"+3 Blades against mounted", "-2 in bad going"}},
		{name: "§6.2 opponent in bad going: not for foot", tb: duel(rules.Blades, rules.Blades).area("wood", 900, 700, 1500, 1200),
			wantA: []string{"+5 Blades against foot"}, wantB: []string{"+5 Blades against foot", "-2 in bad going"}},
		{name: "§6.2 opponent in bad going: not added to its own", tb: wood(duel(rules.Knights, rules.Blades)),
			wantA: []string{"+3 Knights against foot", "-2 in bad going"}, wantB: []string{"+3 Blades against mounted", "-2 in bad going"}},

		// +2 when shot at or bespelled in a wood or built-up area (not in close combat).
		{name: "§6.2 cover: shot at in a wood", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).area("wood", 900, 700, 1500, 1000), kind: "shoot",
			wantA: []string{"+3 Shooters shooting at foot"}, wantB: []string{"+5 Blades against foot", "+2 in a wood or built-up area"}},
		{name: "§6.2 cover: bespelled in a built-up area", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).area("built-up", 900, 700, 1500, 1000), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+5 Blades against magic", "+2 in a wood or built-up area"}},
		{name: "§6.2 cover: shot at in a marsh", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).area("marsh", 900, 700, 1500, 1000), kind: "shoot",
			wantA: []string{"+3 Shooters shooting at foot"}, wantB: []string{"+5 Blades against foot"}},

		// §8: the bespell's own factors.
		{name: "§8 target across water +2", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).area("river", 900, 1200, 1500, 1300), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+5 Blades against magic", "+2 across water"}},
		{name: "§8 target near a friendly Cleric +2", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "cb", rules.Clerics, 1700, 1000, south), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+5 Blades against magic", "+2 near Clerics 3"}},
		{name: "§8 a Cleric target does not help itself", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Clerics, 1200, 1000, south), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+4 Clerics against magic"}},
		{name: "§8 an enemy Magician near its stronghold: -2 to the bespeller", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Magicians, 1200, 1000, south).stronghold(3, "cb", 1200, 700, south, 160, 160), kind: "bespell",
			wantA: []string{"+4 Magician", "-2 target near its stronghold"}, wantB: []string{"+4 Magicians against magic"}},
		{name: "§8 a Magician far from its stronghold", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Magicians, 1200, 1000, south).stronghold(3, "cb", 2000, 300, south, 160, 160), kind: "bespell",
			wantA: []string{"+4 Magician"}, wantB: []string{"+4 Magicians against magic"}},

		// Aiding shooters and Magicians: −1 each, at most −2.
		{name: "§7 one aiding shooter", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "ca", rules.Shooters, 1050, 1180, north), kind: "shoot", aiders: []int{3},
			wantA: []string{"+3 Shooters shooting at foot"}, wantB: []string{"+5 Blades against foot", "-1 1 aiding"}},
		{name: "§7 two aiding shooters", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "ca", rules.Shooters, 1050, 1180, north).
			add(4, "ca", rules.Shooters, 1350, 1180, north), kind: "shoot", aiders: []int{3, 4},
			wantA: []string{"+3 Shooters shooting at foot"}, wantB: []string{"+5 Blades against foot", "-2 2 aiding"}},
		{name: "§8 three aiding Magicians count -2", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south).add(3, "ca", rules.Magicians, 800, 1500, north).
			add(4, "ca", rules.Magicians, 1600, 1500, north).add(5, "ca", rules.Magicians, 1200, 1300, north),
			kind: "bespell", aiders: []int{3, 4, 5},
			wantA: []string{"+4 Magician"}, wantB: []string{"+5 Blades against magic", "-2 3 aiding"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.kind == "" {
				c.kind = "close"
			}
			if c.a == 0 {
				c.a = 1
			}
			if c.b == 0 {
				c.b = 2
			}
			g := c.tb.game(t, 6, 3, 3)
			must(t, g, c.moves...)
			if c.kind != "close" {
				for g.Phase() == PhaseMove {
					must(t, g, endPhase)
				}
			} else {
				toClose(t, g)
			}
			odds, err := Odds(g, c.a, c.b, c.kind, c.aiders)
			if err != nil {
				t.Fatalf("odds: %v", err)
			}
			rep, _ := contest(t, g, c.kind, c.a, c.b, c.aiders...)
			check := func(who string, f Fighter, o OddsSide, want []string) {
				t.Helper()
				got := factorList(f.Factors)
				if !slices.Equal(got, want) {
					t.Errorf("%s factors %q, want %q", who, got, want)
				}
				sum := 0
				for _, x := range f.Factors {
					sum += x.Value
				}
				if f.Score != sum || f.Total != sum+f.Die {
					t.Errorf("%s score %d total %d, factors sum to %d, die %d", who, f.Score, f.Total, sum, f.Die)
				}
				if og := factorList(o.Factors); !slices.Equal(og, got) || o.Score != f.Score {
					t.Errorf("%s: odds show %q (%d), the combat %q (%d)", who, og, o.Score, got, f.Score)
				}
			}
			check("attacker", rep.Attacker, odds.Attacker, c.wantA)
			check("defender", rep.Defender, odds.Defender, c.wantB)
		})
	}
}

// ---------------------------------------------------------------------
// RULES.md §6.3 (and §7, §8): every row of the outcome table, and who
// ignores a bad result, through the real resolution with scripted dice.

type resultCase struct {
	name   string
	tb     *table
	moves  []Action                    // side a's moves before the contest
	setup  func(t *testing.T, g *Game) // e.g. Gods arriving
	kind   string                      // close (default), shoot or bespell
	a, b   int                         // default 1 and 2
	aiders []int                       //
	dice   [2]int                      // a's die, b's die
	totals [2]int                      // expected totals, to pin the arithmetic
	want   map[int]string              // fates (see fates); every other element: nothing
	check  func(t *testing.T, g *Game) // further checks
	status map[int]Status              // expected statuses
}

func runResult(t *testing.T, c resultCase) (*Game, *Report) {
	t.Helper()
	if c.kind == "" {
		c.kind = "close"
	}
	if c.a == 0 {
		c.a = 1
	}
	if c.b == 0 {
		c.b = 2
	}
	g := c.tb.game(t, 6, c.dice[0], c.dice[1])
	if c.setup != nil {
		c.setup(t, g)
	}
	must(t, g, c.moves...)
	rep, evs := contest(t, g, c.kind, c.a, c.b, c.aiders...)
	if c.totals != [2]int{} && (rep.Attacker.Total != c.totals[0] || rep.Defender.Total != c.totals[1]) {
		t.Errorf("totals %d, %d; want %d, %d\n%q\n%q", rep.Attacker.Total, rep.Defender.Total, c.totals[0], c.totals[1],
			factorList(rep.Attacker.Factors), factorList(rep.Defender.Factors))
	}
	got := fates(g, evs)
	for _, e := range g.Elements() {
		if got[e.ID] != c.want[e.ID] {
			t.Errorf("element %d: %q, want %q", e.ID, got[e.ID], c.want[e.ID])
		}
	}
	for id, s := range c.status {
		if e := el(t, g, id); e.Status != s {
			t.Errorf("element %d is %v, want %v", id, e.Status, s)
		}
	}
	if c.check != nil {
		c.check(t, g)
	}
	if t.Failed() {
		for _, e := range evs {
			t.Log(e.Describe())
		}
	}
	return g, rep
}

// atPose checks an element's front-edge position and facing.
func atPose(id, x, y, facing int) func(t *testing.T, g *Game) {
	return func(t *testing.T, g *Game) {
		t.Helper()
		if gx, gy, gf := front(t, g, id); gx != x || gy != y || gf != facing {
			t.Errorf("element %d at (%d, %d) facing %d, want (%d, %d) facing %d", id, gx, gy, gf, x, y, facing)
		}
	}
}

func TestOutcomes(t *testing.T) {
	wood := func(tb *table) *table { return tb.area("wood", 900, 700, 1500, 1700) }
	shooterAt := func(ty rules.Type) *table { // a's Shooters 100 p south of b's target
		return newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).add(2, "cb", ty, 1200, 1000, south)
	}
	artilleryAt := func(ty rules.Type) *table { // a's Artillery 400 p south of b's target
		return newTable().add(1, "ca", rules.Artillery, 1200, 1500, north).add(2, "cb", ty, 1200, 1100, south)
	}
	magicianAt := func(ty rules.Type) *table { // a's Magician 500 p south of b's target
		return newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).add(2, "cb", ty, 1200, 1000, south)
	}
	stronghold := func(ty rules.Type) *table {
		return newTable().add(1, "ca", ty, 1200, 1200, north).stronghold(2, "cb", 1200, 1200, south, 160, 160)
	}
	reserve := func(ty rules.Type, against rules.Type) *table { // b's God, Dragon or Lurker placed by arrive
		return newTable().add(1, "ca", against, 1200, 1200, north).reserve(2, "cb", ty)
	}
	arrived := func(t *testing.T, g *Game) { arrive(t, g, 2, 1200, 1200, south) }
	charge := []Action{{Kind: ActMove, ID: 1, Contact: contact(2, "front")}}
	cases := []resultCase{
		{name: "§6.3 Blades destroyed by Warband", tb: duel(rules.Warband, rules.Blades), dice: [2]int{6, 1}, totals: [2]int{9, 6},
			want: map[int]string{2: "destroyed", 1: "followed"}, status: map[int]Status{2: Destroyed}, check: atPose(1, 1200, 1120, north)},
		{name: "§6.3 Blades beaten by Blades recoil", tb: duel(rules.Blades, rules.Blades), dice: [2]int{6, 3}, totals: [2]int{11, 8},
			want: map[int]string{2: "recoiled"}, check: atPose(2, 1200, 1140, south)},
		{name: "§6.3 Spears destroyed by Knights in good going", tb: duel(rules.Knights, rules.Spears), dice: [2]int{6, 1}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Spears recoil from Knights in bad going, no follow-up into it", tb: duel(rules.Knights, rules.Spears).area("wood", 900, 700, 1500, 1200),
			dice: [2]int{6, 2}, totals: [2]int{7, 4}, want: map[int]string{2: "recoiled"}, check: atPose(1, 1200, 1200, north)},
		{name: "§6.3 Spears destroyed by Warband", tb: duel(rules.Warband, rules.Spears), dice: [2]int{6, 1}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Warband destroyed by Behemoths", tb: duel(rules.Behemoths, rules.Warband), dice: [2]int{6, 3}, totals: [2]int{10, 6},
			want: map[int]string{2: "destroyed", 1: "followed"}, check: atPose(1, 1200, 1040, north)},
		{name: "§6.3 Warband destroyed by Knights in good going", tb: duel(rules.Knights, rules.Warband), dice: [2]int{6, 2}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Warband recoil from Knights in bad going", tb: duel(rules.Knights, rules.Warband).area("marsh", 900, 700, 1500, 1200),
			dice: [2]int{6, 1}, totals: [2]int{7, 4}, want: map[int]string{2: "recoiled"}},
		{name: "§6.3 Hordes destroyed by Warband", tb: duel(rules.Warband, rules.Hordes), dice: [2]int{6, 3}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Hordes destroyed by Knights in good going", tb: duel(rules.Knights, rules.Hordes), dice: [2]int{4, 3}, totals: [2]int{7, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Clerics destroyed by Knights in good going", tb: duel(rules.Knights, rules.Clerics), dice: [2]int{6, 1}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Clerics destroyed by Warband", tb: duel(rules.Warband, rules.Clerics), dice: [2]int{6, 1}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Clerics recoil from Knights in bad going", tb: wood(duel(rules.Knights, rules.Clerics)), dice: [2]int{6, 3}, totals: [2]int{7, 5},
			want: map[int]string{2: "recoiled", 1: "followed"}},
		{name: "§6.3 Shooters destroyed by mounted in close combat", tb: duel(rules.Riders, rules.Shooters), dice: [2]int{6, 1}, totals: [2]int{9, 5},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 Shooters recoil from foot in close combat", tb: duel(rules.Blades, rules.Shooters), dice: [2]int{6, 3}, totals: [2]int{11, 6},
			want: map[int]string{2: "recoiled"}},
		{name: "§6.3 Shooters recoil when shot", tb: shooterAt(rules.Shooters), kind: "shoot", dice: [2]int{6, 2}, totals: [2]int{9, 5},
			want: map[int]string{2: "recoiled"}, check: atPose(2, 1200, 940, south)},
		{name: "§6.3 Artillery destroyed in close combat", tb: duel(rules.Blades, rules.Artillery), dice: [2]int{6, 3}, totals: [2]int{11, 7},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 Artillery no effect when shot", tb: shooterAt(rules.Artillery), kind: "shoot", dice: [2]int{6, 1}, totals: [2]int{9, 5},
			want: map[int]string{2: "unaffected"}, status: map[int]Status{2: OnTable}},
		{name: "§8 Artillery no effect when bespelled", tb: magicianAt(rules.Artillery), kind: "bespell", dice: [2]int{6, 2}, totals: [2]int{10, 6},
			want: map[int]string{2: "unaffected"}},
		{name: "§6.3 Knights destroyed by Behemoths", tb: duel(rules.Behemoths, rules.Knights), dice: [2]int{6, 3}, totals: [2]int{11, 7},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Knights destroyed by Shooters they charged this bound", tb: newTable().add(1, "ca", rules.Knights, 1200, 1400, north).
			add(2, "cb", rules.Shooters, 1200, 1200, south), moves: charge, dice: [2]int{1, 3}, totals: [2]int{4, 7},
			want: map[int]string{1: "destroyed"}},
		{name: "§6.3 Knights recoil from Shooters they did not charge", tb: duel(rules.Knights, rules.Shooters), dice: [2]int{1, 3}, totals: [2]int{4, 7},
			want: map[int]string{1: "recoiled"}},
		{name: "§6.3 Knights destroyed by a Magician they charged", tb: newTable().add(1, "ca", rules.Knights, 1200, 1400, north).
			add(2, "cb", rules.Magicians, 1200, 1200, south), moves: charge, dice: [2]int{1, 2}, totals: [2]int{4, 6},
			want: map[int]string{1: "destroyed"}},
		{name: "§6.3 Knights destroyed by Artillery they charged", tb: newTable().add(1, "ca", rules.Knights, 1200, 1400, north).
			add(2, "cb", rules.Artillery, 1200, 1200, south), moves: charge, dice: [2]int{1, 2}, totals: [2]int{4, 6},
			want: map[int]string{1: "destroyed"}},
		{name: "§6.3 Knights in bad going destroyed by anything", tb: duel(rules.Knights, rules.Blades).area("marsh", 900, 1200, 1500, 1600),
			dice: [2]int{6, 5}, totals: [2]int{7, 8}, want: map[int]string{1: "destroyed"}},
		{name: "§6.3 Riders in bad going destroyed", tb: duel(rules.Riders, rules.Blades).area("rough", 900, 1200, 1500, 1600),
			dice: [2]int{6, 5}, totals: [2]int{7, 8}, want: map[int]string{1: "destroyed"}},
		{name: "§6.3 Riders in good going recoil", tb: duel(rules.Riders, rules.Blades), dice: [2]int{1, 3}, totals: [2]int{4, 6},
			want: map[int]string{1: "recoiled"}},
		{name: "§6.3 Beasts destroyed by mounted in close combat", tb: duel(rules.Knights, rules.Beasts), dice: [2]int{6, 3}, totals: [2]int{10, 7},
			want: map[int]string{2: "destroyed", 1: "followed"}},
		{name: "§6.3 Beasts recoil from foot", tb: duel(rules.Blades, rules.Beasts), dice: [2]int{6, 3}, totals: [2]int{9, 6},
			want: map[int]string{2: "recoiled"}},
		{name: "§6.3 Behemoth flees from Artillery", tb: artilleryAt(rules.Behemoths), kind: "shoot", dice: [2]int{6, 2}, totals: [2]int{10, 6},
			want: map[int]string{2: "recoiled,fled"}, check: atPose(2, 1200, 180, north)},
		{name: "§8 Behemoth flees from a Magician's spell", tb: magicianAt(rules.Behemoths), kind: "bespell", dice: [2]int{6, 2}, totals: [2]int{10, 6},
			want: map[int]string{2: "recoiled,fled"}},
		{name: "§6.3 Behemoth recoils from Shooters", tb: shooterAt(rules.Behemoths), kind: "shoot", dice: [2]int{6, 2}, totals: [2]int{10, 6},
			want: map[int]string{2: "recoiled"}},
		{name: "§6.3 Heroes destroyed by Paladins", tb: duel(rules.Paladins, rules.Heroes), dice: [2]int{6, 2}, totals: [2]int{12, 7},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 Aerial Heroes destroyed by Artillery", tb: artilleryAt(rules.AerialHeroes), kind: "shoot", dice: [2]int{6, 1}, totals: [2]int{10, 6},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 Heroes flee from a stronghold", tb: stronghold(rules.Heroes), dice: [2]int{1, 3}, totals: [2]int{6, 9},
			want: map[int]string{1: "recoiled,fled"}, check: atPose(1, 1200, 2120, south)},
		{name: "§6.3 Heroes ensorcelled by a Magician in close combat", tb: duel(rules.Magicians, rules.Heroes), dice: [2]int{6, 1}, totals: [2]int{10, 6},
			want: map[int]string{2: "ensorcelled"}, status: map[int]Status{2: Ensorcelled}},
		{name: "§6.3 Heroes recoil from Blades", tb: duel(rules.Blades, rules.Heroes), dice: [2]int{6, 1}, totals: [2]int{9, 6},
			want: map[int]string{2: "recoiled"}},
		{name: "§8 Magician ensorcelled by a Magician", tb: magicianAt(rules.Magicians), kind: "bespell", dice: [2]int{6, 2}, totals: [2]int{10, 6},
			want: map[int]string{2: "ensorcelled"}, status: map[int]Status{2: Ensorcelled}},
		{name: "§6.3 Magician destroyed by Heroes", tb: duel(rules.Heroes, rules.Magicians), dice: [2]int{6, 3}, totals: [2]int{11, 7},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 Magician recoils from Blades", tb: duel(rules.Blades, rules.Magicians), dice: [2]int{6, 3}, totals: [2]int{11, 7},
			want: map[int]string{2: "recoiled"}},
		{name: "§6.3 Paladins destroyed by anything in close combat", tb: duel(rules.Blades, rules.Paladins), dice: [2]int{6, 1}, totals: [2]int{9, 7},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 Paladins unaffected by shooting", tb: shooterAt(rules.Paladins), kind: "shoot", dice: [2]int{6, 1}, totals: [2]int{10, 7},
			want: map[int]string{2: "unaffected"}},
		{name: "§8 Paladins unaffected by magic", tb: magicianAt(rules.Paladins), kind: "bespell", dice: [2]int{6, 1}, totals: [2]int{10, 7},
			want: map[int]string{2: "unaffected"}},
		{name: "§8 Flyers flee from a Magician", tb: magicianAt(rules.Flyers), kind: "bespell", dice: [2]int{6, 4}, totals: [2]int{10, 6},
			want: map[int]string{2: "recoiled,fled"}, check: atPose(2, 1200, 160, north)},
		{name: "§6.3 Airboats flee from a Magician in close combat", tb: duel(rules.Magicians, rules.Airboats), dice: [2]int{6, 1}, totals: [2]int{10, 6},
			want: map[int]string{2: "recoiled,fled"}},
		{name: "§6.3 Airboats recoil from Blades", tb: duel(rules.Blades, rules.Airboats), dice: [2]int{6, 2}, totals: [2]int{9, 7},
			want: map[int]string{2: "recoiled"}},
		{name: "§6.3 Sneakers flee", tb: duel(rules.Blades, rules.Sneakers), dice: [2]int{6, 4}, totals: [2]int{11, 9},
			want: map[int]string{2: "recoiled,fled"}, check: atPose(2, 1200, 440, north)},
		{name: "§6.3 Lurkers leave the table", tb: reserve(rules.Lurkers, rules.Blades), setup: arrived, dice: [2]int{6, 5}, totals: [2]int{11, 7},
			want: map[int]string{2: "left"}, status: map[int]Status{2: Left}},
		{name: "§6.3 Dragons destroyed by Paladins", tb: reserve(rules.Dragons, rules.Paladins), setup: arrived, dice: [2]int{6, 2}, totals: [2]int{12, 8},
			want: map[int]string{2: "destroyed"}, status: map[int]Status{2: Destroyed}},
		{name: "§6.3 Dragons leave the table, beaten by anything else", tb: reserve(rules.Dragons, rules.Blades), setup: arrived, dice: [2]int{6, 1}, totals: [2]int{9, 7},
			want: map[int]string{2: "left"}, status: map[int]Status{2: Left}},
		{name: "§6.3 Gods leave the table, beaten by Clerics", tb: reserve(rules.Gods, rules.Clerics), setup: arrived, dice: [2]int{6, 1}, totals: [2]int{10, 7},
			want: map[int]string{2: "left"}, status: map[int]Status{2: Left}},
		{name: "§8 Gods leave the table, bespelled", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).reserve(2, "cb", rules.Gods),
			setup: func(t *testing.T, g *Game) { arrive(t, g, 2, 1200, 1000, south) }, kind: "bespell", dice: [2]int{6, 1}, totals: [2]int{10, 7},
			want: map[int]string{2: "left"}},
		{name: "§6.3 Gods no effect, beaten by Blades", tb: reserve(rules.Gods, rules.Blades), setup: arrived, dice: [2]int{6, 1}, totals: [2]int{9, 7},
			want: map[int]string{2: "unaffected"}, status: map[int]Status{2: OnTable}},
		{name: "§6.3 stronghold captured by a ground element", tb: stronghold(rules.Blades), dice: [2]int{6, 3}, totals: [2]int{11, 9},
			want: map[int]string{2: "captured"}, check: func(t *testing.T, g *Game) {
				if !g.st.Captured[1] {
					t.Error("side b's stronghold is not marked captured")
				}
			}},
		{name: "§6.3 stronghold unaffected by aerials", tb: stronghold(rules.Airboats), dice: [2]int{6, 3}, totals: [2]int{11, 9},
			want: map[int]string{2: "unaffected"}, check: func(t *testing.T, g *Game) {
				if g.st.Captured[1] {
					t.Error("side b's stronghold is captured by an aerial")
				}
			}},
		{name: "§6.3 doubled: destroyed", tb: duel(rules.Blades, rules.Hordes), dice: [2]int{6, 3}, totals: [2]int{11, 5},
			want: map[int]string{2: "destroyed"}},
		{name: "§6.3 doubled by shooting: destroyed", tb: shooterAt(rules.Hordes), kind: "shoot", dice: [2]int{6, 2}, totals: [2]int{9, 4},
			want: map[int]string{2: "destroyed"}},
		{name: "§8 doubled by magic: destroyed", tb: magicianAt(rules.Hordes), kind: "bespell", dice: [2]int{6, 2}, totals: [2]int{10, 4},
			want: map[int]string{2: "destroyed"}},
		{name: "§8 doubled by magic: Artillery still unaffected (D1)", tb: magicianAt(rules.Artillery), kind: "bespell", dice: [2]int{6, 1}, totals: [2]int{10, 5},
			want: map[int]string{2: "unaffected"}},
		{name: "§6.3 equal: nothing happens", tb: duel(rules.Blades, rules.Blades), dice: [2]int{3, 3}, totals: [2]int{8, 8},
			want: map[int]string{}},
		{name: "§6.3 Heroes both odd: both destroyed", tb: duel(rules.Heroes, rules.Heroes), dice: [2]int{4, 4}, totals: [2]int{9, 9},
			want: map[int]string{1: "destroyed", 2: "destroyed"}},
		{name: "§6.3 Heroes both even: nothing", tb: duel(rules.Heroes, rules.Heroes), dice: [2]int{3, 3}, totals: [2]int{8, 8},
			want: map[int]string{}},
		{name: "§6.3 Paladin and Magician both odd: both destroyed", tb: duel(rules.Paladins, rules.Magicians), dice: [2]int{3, 5}, totals: [2]int{9, 9},
			want: map[int]string{1: "destroyed", 2: "destroyed"}},
		{name: "§6.3 Blades both odd: nothing", tb: duel(rules.Blades, rules.Blades), dice: [2]int{4, 4}, totals: [2]int{9, 9},
			want: map[int]string{}},
		{name: "§6.3 Heroes equal odd when bespelled: nothing", tb: magicianAt(rules.Heroes), kind: "bespell", dice: [2]int{5, 4}, totals: [2]int{9, 9},
			want: map[int]string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runResult(t, c) })
	}
}

// RULES.md §6.3, "who ignores a bad result", and what follows a result.
func TestIgnoredResults(t *testing.T) {
	cases := []resultCase{
		{name: "§7 a shooter not shot back ignores a loss", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Shooters, 1200, 1000, north), kind: "shoot", dice: [2]int{1, 6}, totals: [2]int{4, 9},
			want: map[int]string{}},
		{name: "§7 a shooter shot back recoils", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Shooters, 1200, 1000, south), kind: "shoot", dice: [2]int{3, 6}, totals: [2]int{6, 9},
			want: map[int]string{1: "recoiled"}},
		{name: "§7 aiding shooters never suffer", tb: newTable().add(1, "ca", rules.Shooters, 1200, 1100, north).
			add(2, "cb", rules.Shooters, 1200, 1000, south).add(3, "ca", rules.Shooters, 1050, 1040, north),
			kind: "shoot", aiders: []int{3}, dice: [2]int{3, 6}, totals: [2]int{6, 8},
			want: map[int]string{1: "recoiled"}},
		{name: "§8 a Magician bespelling a non-Magician ignores a loss", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Blades, 1200, 1000, south), kind: "bespell", dice: [2]int{2, 6}, totals: [2]int{6, 11},
			want: map[int]string{}},
		{name: "§8 a Magician bespelling a Magician is ensorcelled if it loses", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Magicians, 1200, 1000, south), kind: "bespell", dice: [2]int{2, 6}, totals: [2]int{6, 10},
			want: map[int]string{1: "ensorcelled"}},
		{name: "§8 a Magician bespelling a God is destroyed if it loses", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).reserve(2, "cb", rules.Gods),
			setup: func(t *testing.T, g *Game) { arrive(t, g, 2, 1200, 1000, south) }, kind: "bespell", dice: [2]int{2, 6}, totals: [2]int{6, 12},
			want: map[int]string{1: "destroyed"}},
		{name: "§8 aiding Magicians never suffer", tb: newTable().add(1, "ca", rules.Magicians, 1200, 1500, north).
			add(2, "cb", rules.Magicians, 1200, 1000, south).add(3, "ca", rules.Magicians, 800, 1500, north),
			kind: "bespell", aiders: []int{3}, dice: [2]int{2, 6}, totals: [2]int{6, 9},
			want: map[int]string{1: "ensorcelled"}},
		{name: "§6.3 Blades beaten by Sneakers ignore it", tb: duel(rules.Blades, rules.Sneakers), dice: [2]int{1, 6}, totals: [2]int{6, 11},
			want: map[int]string{}},
		{name: "§6.3 a general beaten by Sneakers recoils", tb: duel(rules.Blades, rules.Sneakers).general(1), dice: [2]int{1, 6}, totals: [2]int{7, 11},
			want: map[int]string{1: "recoiled"}},
		{name: "§6.3 Sneakers beaten by Sneakers flee", tb: duel(rules.Sneakers, rules.Sneakers), dice: [2]int{1, 6}, totals: [2]int{6, 11},
			want: map[int]string{1: "recoiled,fled"}},
		{name: "§6.3 a stronghold beaten by Sneakers is captured", tb: newTable().add(1, "ca", rules.Sneakers, 1200, 1200, north).
			stronghold(2, "cb", 1200, 1200, south, 160, 160), dice: [2]int{6, 3}, totals: [2]int{11, 9},
			want: map[int]string{2: "captured"}},
		{name: "§6.3 an overlapping element ignores its friend's loss", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1360, 1200, south),
			dice: [2]int{6, 1}, totals: [2]int{10, 6}, want: map[int]string{2: "recoiled"}},
		{name: "§6.3 a flank attacker recoils when its friend in front recoils", tb: duel(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 1120, 1120, east),
			dice: [2]int{1, 5}, totals: [2]int{6, 9}, want: map[int]string{1: "recoiled", 3: "recoiled"}, check: atPose(3, 1060, 1120, east)},
		{name: "§6.3 a flank attacker recoils when its friend in front is destroyed", tb: duel(rules.Blades, rules.Warband).add(3, "ca", rules.Blades, 1120, 1120, east),
			dice: [2]int{1, 6}, totals: [2]int{6, 8}, want: map[int]string{1: "destroyed", 3: "recoiled", 2: "followed"}},
		{name: "§6.3 a flank attacker stays when its friend in front wins", tb: duel(rules.Blades, rules.Blades).add(3, "ca", rules.Blades, 1120, 1120, east),
			dice: [2]int{6, 1}, totals: [2]int{11, 5}, want: map[int]string{2: "destroyed"}},
		{name: "§6.4 beaten with an enemy on its flank: destroyed; the flank attacker stays", tb: duel(rules.Blades, rules.Blades).add(3, "cb", rules.Blades, 1280, 1280, west),
			dice: [2]int{1, 3}, totals: [2]int{5, 8}, want: map[int]string{1: "destroyed"}},
		{name: "§6.3 a supported Spear destroyed takes its supporter with it", tb: duel(rules.Spears, rules.Warband).add(3, "ca", rules.Spears, 1200, 1260, north),
			dice: [2]int{1, 6}, totals: [2]int{6, 9}, want: map[int]string{1: "destroyed", 3: "destroyed", 2: "followed"},
			status: map[int]Status{3: Destroyed}},
		{name: "§6.3 a supported Warband destroyed takes its supporter with it", tb: duel(rules.Knights, rules.Warband).add(3, "cb", rules.Warband, 1200, 1120, south),
			dice: [2]int{6, 1}, totals: [2]int{9, 5}, want: map[int]string{2: "destroyed", 3: "destroyed", 1: "followed"}},
		{name: "§6.3 a supported Spear destroyed because it cannot recoil takes its supporter with it", tb: duel(rules.Spears, rules.Blades).
			add(3, "ca", rules.Spears, 1200, 1260, north).add(4, "cb", rules.Blades, 1280, 1280, west),
			dice: [2]int{1, 3}, totals: [2]int{5, 8}, want: map[int]string{1: "destroyed", 3: "destroyed"}},
		{name: "§6.3 an element helping against a stronghold recoils with its friend", tb: newTable().add(1, "ca", rules.Blades, 1120, 1200, north).
			stronghold(2, "cb", 1200, 1200, south, 320, 160).add(3, "ca", rules.Blades, 1280, 1200, north),
			dice: [2]int{1, 3}, totals: [2]int{6, 8}, want: map[int]string{1: "recoiled", 3: "recoiled"}},
		{name: "§6.3 a stronghold beaten with a helper against it is captured", tb: newTable().add(1, "ca", rules.Blades, 1120, 1200, north).
			stronghold(2, "cb", 1200, 1200, south, 320, 160).add(3, "ca", rules.Blades, 1280, 1200, north),
			dice: [2]int{6, 3}, totals: [2]int{11, 8}, want: map[int]string{2: "captured"}},
		{name: "§6.4 a supported Spear recoiling pushes its supporter back", tb: duel(rules.Spears, rules.Blades).add(3, "ca", rules.Spears, 1200, 1260, north),
			dice: [2]int{1, 6}, totals: [2]int{6, 11}, want: map[int]string{1: "recoiled", 3: "pushed"}, check: atPose(3, 1200, 1320, north)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runResult(t, c) })
	}
}
