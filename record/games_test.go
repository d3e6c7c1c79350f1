package record_test

import (
	"testing"

	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/engine/dice"
	"pelennor/engine/rules"
	"pelennor/standard"
)

// The games the tests verify: real bot games of standard battles, played
// here and recorded as the game's own Save would be.

// battle is one bot game of a standard battle between two built-in
// armies: the automatic set-up, then the bots. callTime, if > 0, calls
// time as soon as that bound has begun. It stops after maxBounds bounds
// or at the game's end and returns the save's bytes.
type battle struct {
	a, b      string
	seed      uint64
	maxBounds int
	callTime  int
}

func (p battle) play(t *testing.T) (*engine.Scenario, *engine.Save, []byte) {
	t.Helper()
	_, sc, err := standard.Builtin(p.a, p.b)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := engine.New(sc, dice.NewPCG(p.seed), rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	acts, err := standard.AutoSetup(g, standard.Generated(p.seed, [2]string{}))
	if err != nil {
		t.Fatal(err)
	}
	b := bot.New(p.seed ^ 0x5eed)
	for g.Phase() != engine.PhaseOver && g.Bound() <= p.maxBounds {
		a := b.Next(g)
		if p.callTime > 0 && g.Bound() == p.callTime && !g.TimeCalled() && g.Phase() == engine.PhaseMove {
			a = engine.Action{Kind: engine.ActTimeCalled}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("bound %d: %s refused: %v", g.Bound(), a.Kind, err)
		}
		acts = append(acts, a)
	}
	seed := p.seed
	s, _, err := engine.Record(sc, &seed, nil, engine.Options{}, acts)
	if err != nil {
		t.Fatal(err)
	}
	s.Players = []string{"Ann", "Bob"}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return sc, s, data
}

// lossCode is the losing condition the game's events name for side, or "".
func lossCode(evs []engine.Event, sideID string) engine.Code {
	var c engine.Code
	for _, e := range evs {
		for _, l := range e.Lost {
			if l.Side == sideID {
				c = l.Code
			}
		}
	}
	return c
}

// apFromEvents adds up, from the typed events alone, the AP of side's
// elements removed (destroyed, fled off, ensorcelled, gone) less those
// that came back (replaced Hordes, desorcelled): §9.1 as the log tells it.
func apFromEvents(sc *engine.Scenario, evs []engine.Event, side int) int {
	sideOf := map[string]int{}
	for _, c := range sc.Commands {
		for i, s := range sc.Sides {
			if s.ID == c.Side {
				sideOf[c.ID] = i
			}
		}
	}
	typeOf := func(id int) (rules.Type, bool) {
		sp, ok := sc.Spec(id)
		if !ok || sideOf[sp.Command] != side {
			return 0, false
		}
		return rules.ParseType(sp.Type)
	}
	ap := 0
	for _, e := range evs {
		ty, ok := typeOf(e.ID)
		if !ok {
			continue
		}
		switch {
		case e.Kind == engine.EvDestroyed && e.Code != engine.CodeCaptured, e.Kind == engine.EvSorcery, e.Kind == engine.EvLeft:
			ap += ty.Info().AP
		case e.Code == engine.CodeReplaced, e.Code == engine.CodeDesorcelled:
			ap -= ty.Info().AP
		}
	}
	return ap
}
