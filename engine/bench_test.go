package engine

import (
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// benchPairs are the types of the pairs in benchLine, side a then side b,
// used in turn.
var benchPairs = [][2]rules.Type{
	{rules.Blades, rules.Warband},
	{rules.Spears, rules.Knights},
	{rules.Hordes, rules.Blades},
	{rules.Behemoths, rules.Spears},
	{rules.Knights, rules.Shooters},
	{rules.Warband, rules.Hordes},
	{rules.Riders, rules.Beasts},
	{rules.Heroes, rules.Paladins},
}

// benchLine is a 9600 × 4800 p table with n pairs of elements; if gap is
// 0 each pair stands front to front in close combat, else the lines stand
// gap paces apart.
func benchLine(b testing.TB, n, gap int) *Scenario {
	b.Helper()
	tb := newTable()
	tb.sc.Table = TableSpec{Width: 9600, Height: 4800}
	for i := range n {
		x := 600 + i*220
		p := benchPairs[i%len(benchPairs)]
		tb.add(1+i, "ca", p[0], x, 2400+gap/2, 0)
	}
	for i := range n {
		x := 600 + i*220
		p := benchPairs[i%len(benchPairs)]
		tb.add(101+i, "cb", p[1], x, 2400-gap/2, 2048)
	}
	return tb.scenario(b)
}

// BenchmarkCloseCombats times the close combat phase of a bound with 40
// pairings: from the move phase (a fork made, the phase ended) through
// every combat to the start of the next bound. "apply" is Apply, its events handed to the
// caller, as a person's game keeps them; "applyto" is ApplyTo into a
// reused buffer, as simulations and the computer's planning use it.
func BenchmarkCloseCombats(b *testing.B) {
	// Each bound is fought on a fork of one new game, with the same dice,
	// made in the last bound's fork (ForkInto): as in a game under way,
	// the state is copied into the spare and the events written in the
	// room of the last bound's. The fork and the end of the move phase
	// (which fights nothing) are timed too, under a microsecond: stopping
	// the timer reads the memory statistics, which stops the world, and
	// on two cores that cost more than it left out.
	src := dice.NewPCG(1)
	g0, _, err := New(benchLine(b, 40, 0), src, rules.Rulings{})
	if err != nil {
		b.Fatal(err)
	}
	var last *Game
	start := func() *Game { last = g0.ForkInto(last, src.Clone()); return last }
	g := start()
	toClose(b, g)
	if n := len(g.Combats()); n != 40 {
		b.Fatalf("%d close combats, want 40", n)
	}
	var buf []Event
	for _, bc := range []struct {
		name  string
		apply func(*Game, Action) error
	}{
		{"apply", func(g *Game, a Action) error { _, err := g.Apply(a); return err }},
		{"applyto", func(g *Game, a Action) (err error) { buf, err = g.ApplyTo(buf[:0], a); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				g := start()
				if err := bc.apply(g, Action{Kind: ActEndPhase}); err != nil || g.Phase() != PhaseDistant {
					b.Fatalf("ending the move phase: %v, now %v", err, g.Phase())
				}
				for g.Phase() != PhaseClose {
					if err := bc.apply(g, Action{Kind: ActEndPhase}); err != nil {
						b.Fatal(err)
					}
				}
				if err := bc.apply(g, Action{Kind: ActEndBound}); err != nil {
					b.Fatal(err)
				}
				if g.Bound() != 2 {
					b.Fatalf("bound %d", g.Bound())
				}
			}
		})
	}
}

func BenchmarkCheckMove(b *testing.B) {
	sc := benchLine(b, 40, 800)
	g, _, err := New(sc, dice.NewPCG(1), rules.Rulings{})
	if err != nil {
		b.Fatal(err)
	}
	if n := len(g.Elements()); n < 80 {
		b.Fatalf("%d elements, want at least 80", n)
	}
	// Element 20 (Spears at x=4780) forward 150 p and a little aside.
	a := Action{Kind: ActMove, ID: 20, To: &Pose{X: 4800, Y: 2800 - 150, Facing: 0}}
	if err := g.Check(a); err != nil {
		b.Fatalf("the benchmark move is illegal: %v", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := g.Check(a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds times the exact odds of one close combat, on the table of
// BenchmarkCloseCombats.
func BenchmarkOdds(b *testing.B) {
	sc := benchLine(b, 40, 0)
	g, _, err := New(sc, dice.NewPCG(1), rules.Rulings{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Odds(g, 2, 102, "close", nil); err != nil {
		b.Fatalf("odds: %v", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Odds(g, 2, 102, "close", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsInClosePhase times the same odds asked in the close combat
// phase, as the game's combat list asks them.
func BenchmarkOddsInClosePhase(b *testing.B) {
	sc := benchLine(b, 40, 0)
	g, _, err := New(sc, dice.NewPCG(1), rules.Rulings{})
	if err != nil {
		b.Fatal(err)
	}
	toClose(b, g)
	if _, err := Odds(g, 2, 102, "close", nil); err != nil {
		b.Fatalf("odds: %v", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Odds(g, 2, 102, "close", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOddsNewPosition times BenchmarkOdds's odds asked of a position
// for the first time: the close combat phase it foresees is not yet known
// (Odds keeps it for the next pair asked of the same position).
func BenchmarkOddsNewPosition(b *testing.B) {
	sc := benchLine(b, 40, 0)
	g, _, err := New(sc, dice.NewPCG(1), rules.Rulings{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		fresh := g.clone()
		fresh.st.serial = serials.Add(1) // a new position to the forecast, the same game
		b.StartTimer()
		if _, err := Odds(fresh, 2, 102, "close", nil); err != nil {
			b.Fatal(err)
		}
	}
}
