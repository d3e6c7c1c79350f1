package engine

import (
	"testing"

	"pelennor/engine/dice"
	"pelennor/engine/rules"
)

// benchCheck times Check of one legal action.
func benchCheck(b *testing.B, sc *Scenario, a Action) {
	g, _, err := New(sc, dice.NewPCG(1), rules.Rulings{})
	if err != nil {
		b.Fatal(err)
	}
	if err := g.Check(a); err != nil {
		b.Fatalf("the benchmark action is illegal: %v", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := g.Check(a); err != nil {
			b.Fatal(err)
		}
	}
}

// benchLines is a 9600 × 4800 p table with two lines of n elements side
// by side, 400 p apart, side b's shifted 40 p east, so that every contact
// needs a slide.
func benchLines(b *testing.B, n int) *Scenario {
	b.Helper()
	tb := newTable()
	tb.sc.Table = TableSpec{Width: 9600, Height: 4800}
	for i := range n {
		tb.add(1+i, "ca", benchPairs[i%len(benchPairs)][0], 600+i*160, 2600, 0)
	}
	for i := range n {
		tb.add(101+i, "cb", benchPairs[i%len(benchPairs)][1], 640+i*160, 2200, 2048)
	}
	return tb.scenario(b)
}

// BenchmarkCheckPath: on BenchmarkCheckMove's table, element 20 moves by
// three legs (R21).
func BenchmarkCheckPath(b *testing.B) {
	benchCheck(b, benchLine(b, 40, 800), Action{Kind: ActMove, ID: 20,
		Via: []Pose{{X: 4780, Y: 2700}, {X: 4800, Y: 2700}}, To: &Pose{X: 4800, Y: 2650}})
}

// BenchmarkCheckContact: Riders 7 charge the front of Beasts 107, 400 p
// ahead and 40 p aside: the slide is searched (R8).
func BenchmarkCheckContact(b *testing.B) {
	benchCheck(b, benchLines(b, 40), Action{Kind: ActMove, ID: 7, Contact: &Contact{Target: 107, Edge: "front"}})
}

// BenchmarkCheckGroupContact: Riders 7 and Heroes 8 charge as a group,
// both conforming (§4.2).
func BenchmarkCheckGroupContact(b *testing.B) {
	benchCheck(b, benchLines(b, 40), Action{Kind: ActGroup, IDs: []int{7, 8}, Contact: &Contact{Target: 107, Edge: "front", By: 7}})
}
