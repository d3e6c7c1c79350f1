package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"pelennor/engine/geom"
)

// verdictCandidates are moves an element might be asked to make from
// where it stands: contacts with every edge of each enemy within reach,
// lines up with friends, straight and turned moves of several lengths,
// moves by a waypoint, and malformed ones.
func verdictCandidates(g *Game, e Element) []Action {
	var out []Action
	for _, o := range g.st.Elements {
		if !o.OnTable() || o.ID == e.ID || geom.Dist(e.Base.Poly(), o.Base.Poly()) > geom.Paces(700) {
			continue
		}
		for _, edge := range []string{"front", "left", "right", "rear"} {
			out = append(out, Action{Kind: ActMove, ID: e.ID, Contact: &Contact{Target: o.ID, Edge: edge}})
		}
		// By a waypoint beside the straight line, and with the wrong member.
		mid := e.Base.Front.Add(o.Base.Front).Sub(e.Base.Front)
		out = append(out,
			Action{Kind: ActMove, ID: e.ID, Contact: &Contact{Target: o.ID, Edge: "front"},
				Via: []Pose{{X: (e.Base.Front.X.Paces() + mid.X.Paces()) / 2, Y: (e.Base.Front.Y.Paces()+mid.Y.Paces())/2 + 60, Facing: int(e.Base.Facing.Norm())}}},
			Action{Kind: ActMove, ID: e.ID, Contact: &Contact{Target: o.ID, Edge: "front", By: o.ID}})
	}
	for _, d := range []int{40, 120, 200, 300, 420} {
		for _, turn := range []geom.Angle{0, 512, -1024, 2048} {
			f := e.Base.Facing + turn
			p := e.Base.Front.Add(geom.Offset(f, geom.Paces(d)))
			to := &Pose{X: p.X.Paces(), Y: p.Y.Paces(), Facing: int(f.Norm())}
			out = append(out, Action{Kind: ActMove, ID: e.ID, To: to})
			side := e.Base.Front.Add(geom.Offset(f+geom.East, geom.Paces(d/2)))
			out = append(out, Action{Kind: ActMove, ID: e.ID, To: to,
				Via: []Pose{{X: side.X.Paces(), Y: side.Y.Paces(), Facing: int(f.Norm())}}})
		}
	}
	back := e.Base.Forward(-geom.Paces(240)).Front // a break-off, if engaged
	out = append(out,
		Action{Kind: ActMove, ID: e.ID, To: &Pose{X: back.X.Paces(), Y: back.Y.Paces(), Facing: int(e.Base.Facing.Norm())}},
		Action{Kind: ActMove, ID: e.ID},
		Action{Kind: ActMove, ID: e.ID, To: &Pose{}, Contact: &Contact{Target: e.ID, Edge: "front"}},
		Action{Kind: ActMove, ID: e.ID, Pay: "nobody", To: &Pose{X: 1, Y: 1}})
	return out
}

// Allowed agrees with Check on every candidate move of every element, in
// positions of the golden Pelennor game and of fuzz games: it only refuses
// sooner, never differently. And no element MayMove refuses has a legal
// move paid by its own command.
func TestAllowedAgreesWithCheck(t *testing.T) {
	var legal, illegal, mayMove int
	agree := func(where string, g *Game) {
		t.Helper()
		if g.Phase() != PhaseMove {
			return
		}
		hash := g.Hash()
		for _, e := range g.st.Elements {
			if !e.OnTable() {
				continue
			}
			may := g.MayMove(e.ID)
			if may {
				mayMove++
			}
			for _, a := range verdictCandidates(g, e) {
				err := g.Check(a)
				if got := g.Allowed(a); got != (err == nil) {
					t.Fatalf("%s: Allowed(%+v) = %v, but Check says %v", where, a, got, err)
				}
				if err == nil && a.Pay == "" && !may {
					t.Fatalf("%s: MayMove(%d) is false, but Check allows %+v", where, e.ID, a)
				}
				if err == nil {
					legal++
				} else {
					illegal++
				}
			}
		}
		if g.Hash() != hash {
			t.Fatalf("%s: asking Allowed changed the game", where)
		}
	}
	s, sc := goldenPelennor(t)
	g, _, err := s.start(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every position of the golden game would take long: one in 60.
	for i, a := range s.Actions {
		if i%60 == 0 {
			agree(fmt.Sprintf("golden pelennor before action %d", i), g)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(20261201, 11))
	for range 4 {
		fzWalk(t, fzRandomInput(rng), func(where string, g *Game) { agree("fuzz input "+where, g) })
	}
	if legal < 2000 || illegal < 20000 || mayMove < 100 {
		t.Fatalf("only %d legal and %d illegal moves were compared: the test no longer reaches real positions", legal, illegal)
	}
	t.Logf("%d legal and %d illegal moves agree; %d elements might move", legal, illegal, mayMove)
}

// fzWalk plays the actions a fuzz input decodes to, as FuzzApply sets
// the game up, calling f before each.
func fzWalk(t *testing.T, data []byte, f func(where string, g *Game)) {
	g, d, _, _ := fzStart(t, data)
	for n := 0; d.in.more() && n < fuzzMaxActions; n++ {
		f(fmt.Sprintf("%x, action %d", data[:min(len(data), 4)], n), g)
		g.Apply(d.next())
	}
}

// A move Allowed kept is committed by Apply only if it is the same move in
// the same position: another move, the same one changed through its
// pointers, or one asked after the position changed is made afresh, with
// the events and the position of a game that never asked.
func TestAllowedKeepsOnlyItsMove(t *testing.T) {
	s, sc := goldenPelennor(t)
	g, _, err := s.start(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := 0
	for i, next := range s.Actions {
		if g.Phase() == PhaseMove && next.Kind == ActMove && i%3 == 0 {
			var other Action // a legal move of another element, if any
			for _, e := range g.st.Elements {
				if e.Side == g.st.Side && e.OnTable() && e.ID != next.ID {
					for _, a := range verdictCandidates(g, e) {
						if g.Check(a) == nil {
							other = a
							break
						}
					}
				}
				if other.Kind != "" {
					break
				}
			}
			ask := func(a Action) { g.Allowed(a) }
			if other.Kind != "" {
				ask = func(Action) { g.Allowed(other) } // another move kept
			}
			if next.To != nil && i%2 == 0 {
				changed := copyAction(next)
				ask = func(Action) { // kept, then changed back through its pointer
					changed.To.X++
					g.Allowed(changed)
					changed.To.X--
				}
				next = changed
			}
			fresh := g.clone()
			wantEvs, wantErr := fresh.Apply(next)
			ask(next)
			evs, err := g.Apply(next)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) || !reflect.DeepEqual(evs, wantEvs) || g.Hash() != fresh.Hash() {
				t.Fatalf("action %d: after Allowed, Apply gave %v %v (hash %s); a game that never asked %v %v (hash %s)",
					i, evs, err, g.Hash(), wantEvs, wantErr, fresh.Hash())
			}
			cases++
			continue
		}
		g.Allowed(next) // kept, then the position changes when it is not a move
		if _, err := g.Apply(next); err != nil {
			t.Fatal(err)
		}
	}
	if cases < 50 {
		t.Fatalf("only %d moves compared", cases)
	}
}

// Whether two elements form a group does not depend on which is named
// first (the fuzz decoder asks each pair once).
func TestGroupableTwoInEitherOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261201, 12))
	pairs, groups := 0, 0
	for range 4 {
		fzWalk(t, fzRandomInput(rng), func(where string, g *Game) {
			els := g.Elements()
			for i, a := range els {
				for _, b := range els[i+1:] {
					ab, ba := g.Groupable([]int{a.ID, b.ID}), g.Groupable([]int{b.ID, a.ID})
					if (ab == nil) != (ba == nil) {
						t.Fatalf("%s: Groupable(%d, %d) = %v, but Groupable(%d, %d) = %v", where, a.ID, b.ID, ab, b.ID, a.ID, ba)
					}
					pairs++
					if ab == nil {
						groups++
					}
				}
			}
		})
	}
	if groups < 100 {
		t.Fatalf("only %d of %d pairs formed groups", groups, pairs)
	}
}

// clone knows every field of Game: one added must be copied there too (or
// left empty on purpose, as the spare, the kept move, the views and the
// marker are).
func TestGameCloneCoversFields(t *testing.T) {
	if n := reflect.TypeFor[Game]().NumField(); n != gameFields {
		t.Fatalf("Game has %d fields; clone knows %d: copy the new ones in clone", n, gameFields)
	}
}

// copyAction copies a, and what its fields point to.
func copyAction(a Action) Action {
	c := a
	if a.To != nil {
		to := *a.To
		c.To = &to
	}
	if a.Contact != nil {
		ct := *a.Contact
		c.Contact = &ct
	}
	c.IDs, c.Via, c.Aiders, c.Place = slices.Clone(a.IDs), slices.Clone(a.Via), slices.Clone(a.Aiders), slices.Clone(a.Place)
	return c
}
