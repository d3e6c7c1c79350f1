package dice

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

func roll(t *testing.T, s Source, n int) []int {
	t.Helper()
	out := make([]int, n)
	for i := range out {
		v, err := s.Roll()
		if err != nil {
			t.Fatalf("roll %d: %v", i+1, err)
		}
		out[i] = v
	}
	return out
}

// The first dice of a seed are pinned: any change to the generator, its
// stream constant or the reduction to 1..6 changes every game and must fail
// here. (Checked against an independent implementation of PCG-DXSM.)
func TestPCGGolden(t *testing.T) {
	golden := map[uint64][]int{
		1:  {6, 2, 6, 1, 2, 5, 5, 3, 2, 5, 3, 3, 1, 1, 3, 2, 3, 5, 5, 4},
		42: {6, 4, 3, 3, 1, 4, 3, 3, 2, 3, 2, 2, 6, 5, 2, 4, 3, 4, 4, 3},
	}
	for _, seed := range []uint64{1, 42} {
		s := NewPCG(seed)
		if got := roll(t, s, 20); !slices.Equal(got, golden[seed]) {
			t.Errorf("seed %d: first 20 dice\n got %v\nwant %v", seed, got, golden[seed])
		}
		if s.Draws() != 20 {
			t.Errorf("seed %d: Draws() = %d, want 20", seed, s.Draws())
		}
	}
}

func TestFace(t *testing.T) {
	const limit6 = 18446744073709551612  // 2^64 - 4, the largest multiple of 6
	const limit20 = 18446744073709551600 // 2^64 - 16, the largest multiple of 20
	cases := []struct {
		v     uint64
		sides int
		face  int
		ok    bool
	}{
		{0, 6, 1, true},
		{5, 6, 6, true},
		{6, 6, 1, true},
		{limit6 - 1, 6, 6, true},
		{limit6, 6, 0, false},
		{^uint64(0), 6, 0, false},
		{19, 20, 20, true},
		{20, 20, 1, true},
		{limit20 - 1, 20, 20, true},
		{limit20, 20, 0, false},
		{7, 8, 8, true},
		{^uint64(0), 2, 0, false}, // 2^64-1 is odd: 2^64-2 is the limit
		{^uint64(0) - 1, 2, 0, false},
		{^uint64(0) - 2, 2, 2, true},
	}
	for _, c := range cases {
		f, ok := face(c.v, c.sides)
		if f != c.face || ok != c.ok {
			t.Errorf("face(%d, %d) = %d, %v; want %d, %v", c.v, c.sides, f, ok, c.face, c.ok)
		}
	}
}

// Every die the duel draws comes from the same sequence as the d6: a D20
// after two d6 is the third draw, and its faces are uniform.
func TestDieSides(t *testing.T) {
	for _, sides := range []int{4, 6, 8, 10, 12, 20} {
		s := NewPCG(7)
		count := make([]int, sides+1)
		const per = 3000
		for range per * sides {
			v, err := s.Die(sides)
			if err != nil {
				t.Fatal(err)
			}
			if v < 1 || v > sides {
				t.Fatalf("d%d gave %d", sides, v)
			}
			count[v]++
		}
		for f := 1; f <= sides; f++ {
			if count[f] < per*9/10 || count[f] > per*11/10 {
				t.Errorf("d%d face %d came %d times of %d, want within 10%% of %d", sides, f, count[f], per*sides, per)
			}
		}
	}
	a, b := NewPCG(1), NewPCG(1)
	if x, y := roll(t, a, 1)[0], roll(t, b, 1)[0]; x != y {
		t.Fatal("same seed, different first die")
	}
	if a.Draws() != 1 {
		t.Fatalf("Draws after one d6 = %d", a.Draws())
	}
	if _, err := a.Die(20); err != nil || a.Draws() != 2 {
		t.Fatalf("a D20 is a draw like any other: %v, draws %d", err, a.Draws())
	}
	for _, bad := range []int{0, 1, 21} {
		if _, err := a.Die(bad); err == nil {
			t.Errorf("a die of %d sides was rolled", bad)
		}
	}
}

// A scripted value is refused when it is drawn for a die it cannot be.
func TestScriptedDie(t *testing.T) {
	s, err := NewScripted([]int{14, 3, 14})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.Die(20); v != 14 || err != nil {
		t.Fatalf("D20 = %d, %v", v, err)
	}
	if v, err := s.Roll(); v != 3 || err != nil {
		t.Fatalf("d6 = %d, %v", v, err)
	}
	if _, err := s.Roll(); err == nil || !strings.Contains(err.Error(), "dice value 14 at position 3 is not 1..6, a d6") {
		t.Fatalf("14 drawn as a d6: %v", err)
	}
	if s.Draws() != 2 {
		t.Fatalf("a refused value was drawn: Draws = %d", s.Draws())
	}
}

func TestPCGDistribution(t *testing.T) {
	const n, want, tol = 60000, 10000, 500 // each face within ±5%
	var count [7]int
	s := NewPCG(2024)
	for _, v := range roll(t, s, n) {
		if v < 1 || v > 6 {
			t.Fatalf("die value %d out of range", v)
		}
		count[v]++
	}
	for f := 1; f <= 6; f++ {
		if count[f] < want-tol || count[f] > want+tol {
			t.Errorf("face %d came up %d times in %d, want %d±%d", f, count[f], n, want, tol)
		}
	}
}

func TestPCGCloneIndependent(t *testing.T) {
	a := NewPCG(7)
	roll(t, a, 5)
	b := a.Clone()
	if b.Draws() != 5 || !bytes.Equal(a.AppendState(nil), b.AppendState(nil)) {
		t.Fatal("clone is not in the same state")
	}
	fromB := roll(t, b, 10) // advancing the clone must not move the original
	if a.Draws() != 5 {
		t.Fatalf("original Draws() = %d after rolling the clone, want 5", a.Draws())
	}
	fromA := roll(t, a, 10)
	if !slices.Equal(fromA, fromB) {
		t.Fatalf("original and clone diverged: %v vs %v", fromA, fromB)
	}
	if !bytes.Equal(a.AppendState(nil), b.AppendState(nil)) {
		t.Fatal("same draws but different state bytes")
	}
	roll(t, a, 1)
	if bytes.Equal(a.AppendState(nil), b.AppendState(nil)) {
		t.Fatal("different draws but same state bytes")
	}
}

func TestAppendState(t *testing.T) {
	prefix := []byte("xy")
	st := NewPCG(1).AppendState(prefix)
	if !bytes.HasPrefix(st, prefix) || st[2] != 'P' {
		t.Fatalf("PCG state %x does not append after the prefix with tag P", st)
	}
	if bytes.Equal(NewPCG(1).AppendState(nil), NewPCG(2).AppendState(nil)) {
		t.Fatal("seeds 1 and 2 have the same state bytes")
	}
	s1, _ := NewScripted([]int{1, 2})
	s2, _ := NewScripted([]int{1, 3})
	if bytes.Equal(s1.AppendState(nil), s2.AppendState(nil)) {
		t.Fatal("different scripts have the same state bytes")
	}
	want := []byte{'S', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2}
	if got := s1.AppendState(nil); !bytes.Equal(got, want) {
		t.Fatalf("scripted state = %v, want %v", got, want)
	}
}

func TestScripted(t *testing.T) {
	vals := []int{3, 5, 1}
	s, err := NewScripted(vals)
	if err != nil {
		t.Fatal(err)
	}
	vals[0] = 6 // the source keeps its own copy
	c := s.Clone()
	if got := roll(t, s, 3); !slices.Equal(got, []int{3, 5, 1}) {
		t.Fatalf("got %v, want [3 5 1]", got)
	}
	if s.Draws() != 3 {
		t.Fatalf("Draws() = %d, want 3", s.Draws())
	}
	_, err = s.Roll()
	if err == nil || err.Error() != "dice script exhausted after 3 dice" {
		t.Fatalf("roll past the end: err = %v", err)
	}
	if s.Draws() != 3 {
		t.Fatalf("Draws() = %d after a failed roll, want 3", s.Draws())
	}
	if c.Draws() != 0 {
		t.Fatalf("clone Draws() = %d, want 0", c.Draws())
	}
	if got := roll(t, c, 3); !slices.Equal(got, []int{3, 5, 1}) {
		t.Fatalf("clone got %v, want [3 5 1]", got)
	}

	empty, err := NewScripted(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := empty.Roll(); err == nil || err.Error() != "dice script exhausted after 0 dice" {
		t.Fatalf("empty script: err = %v", err)
	}
}

func TestNewScriptedErrors(t *testing.T) {
	for _, c := range []struct {
		vals []int
		want string
	}{
		{[]int{1, 2, 21}, "dice value 21 at index 2 is not 1..20"},
		{[]int{0}, "dice value 0 at index 0 is not 1..20"},
		{[]int{6, -1}, "dice value -1 at index 1 is not 1..20"},
	} {
		s, err := NewScripted(c.vals)
		if err == nil || err.Error() != c.want || s != nil {
			t.Errorf("NewScripted(%v) = %v, %v; want error %q", c.vals, s, err, c.want)
		}
	}
}

func TestParseScript(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
	}{
		{"3,5,1", []int{3, 5, 1}},
		{"6", []int{6}},
		{" 1, 2 ,3 ", []int{1, 2, 3}},
	} {
		got, err := ParseScript(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseScript(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"3,5,21", "dice value 21 at position 3 is not 1..20"},
		{"0", "dice value 0 at position 1 is not 1..20"},
		{"1,-2", "dice value -2 at position 2 is not 1..20"},
		{"1,x,3", `dice value "x" at position 2 is not a number`},
		{"1,2.5", `dice value "2.5" at position 2 is not a number`},
		{"1,,3", "dice script has an empty value at position 2"},
		{"1,2,", "dice script has an empty value at position 3"},
		{"1,99999999999999999999", "dice value 99999999999999999999 at position 2 is not 1..20"},
		{"", "dice script is empty"},
		{"  ", "dice script is empty"},
	} {
		got, err := ParseScript(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseScript(%q) = %v, %v; want error %q", c.in, got, err, c.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "dice ") {
			t.Errorf("error %q does not say it is about dice", err)
		}
	}
}

// The hash chain: v_{k-1} = SHA-256(v_k), the head is v_0, a value
// verifies against the head only at its own segment.
func TestChain(t *testing.T) {
	m := bytes.Repeat([]byte{3}, MasterSize)
	head := Head(m)
	for _, k := range []int{0, 1, 2, 100, ChainLength} {
		v := ChainValue(m, k)
		if !Verify(head, k, v) {
			t.Errorf("v_%d does not verify", k)
		}
		if k > 0 && Verify(head, k-1, v) || Verify(head, k+1, v) {
			t.Errorf("v_%d verifies at another segment", k)
		}
		if k > 0 && Down(v, 1) != ChainValue(m, k-1) {
			t.Errorf("SHA-256(v_%d) is not v_%d", k, k-1)
		}
	}
	if Verify(head, ChainLength+1, ChainValue(m, 0)) || Verify(head, -1, head) {
		t.Error("a segment outside 0..K verifies")
	}
	if d, err := ParseDigest(head.String()); err != nil || d != head {
		t.Errorf("ParseDigest(String) = %v, %v", d, err)
	}
	for _, bad := range []string{"", "zz", head.String()[2:], head.String() + "00"} {
		if _, err := ParseDigest(bad); err == nil {
			t.Errorf("ParseDigest(%q) accepted", bad)
		}
	}
}

type keys map[[2]int]Digest

func (k keys) Value(side, seg int) (Digest, bool) { v, ok := k[[2]int{side, seg}]; return v, ok }

// A keyed source's first dice are pinned (as TestPCGGolden pins PCG's):
// the segment seed, the PCG seeding and the reduction to a face must not
// change. A segment without both values is sealed, and draws nothing.
func TestKeyedSource(t *testing.T) {
	a, b := bytes.Repeat([]byte{1}, MasterSize), bytes.Repeat([]byte{2}, MasterSize)
	k := keys{}
	for seg := 1; seg <= 2; seg++ {
		k[[2]int{0, seg}], k[[2]int{1, seg}] = ChainValue(a, seg), ChainValue(b, seg)
	}
	s := NewKeyed("0123456789abcdef0123456789abcdef", k)
	if _, err := s.Roll(); !IsSealed(err) {
		t.Fatalf("segment 0 rolled: %v", err)
	}
	golden := map[int][]int{1: {4, 5, 4, 2, 1, 6, 4, 6}, 2: {}}
	for seg := 1; seg <= 2; seg++ {
		if err := s.Enter(seg); err != nil {
			t.Fatal(err)
		}
		if !s.Open() {
			t.Fatalf("segment %d is not open", seg)
		}
		got := roll(t, s, 8)
		if seg == 1 && !slices.Equal(got, golden[1]) {
			t.Errorf("segment 1: %v, want %v", got, golden[1])
		}
		golden[seg] = got
	}
	if slices.Equal(golden[1], golden[2]) {
		t.Error("two segments give the same dice")
	}
	if s.Draws() != 16 {
		t.Errorf("Draws() = %d", s.Draws())
	}
	// Entering a segment again restarts it: its dice do not depend on
	// where another stretch of play left the generator.
	c := s.Clone().(*Keyed)
	c.Enter(1)
	if got := roll(t, c, 8); !slices.Equal(got, golden[1]) {
		t.Errorf("segment 1 again: %v", got)
	}
	if err := s.Enter(3); err != nil {
		t.Fatal(err)
	}
	delete(k, [2]int{1, 3})
	k[[2]int{0, 3}] = ChainValue(a, 3)
	var se *SealedError
	if _, err := s.Roll(); !errors.As(err, &se) || se.Segment != 3 || !slices.Equal(se.Missing, []int{1}) {
		t.Errorf("segment 3 without side 1's value: %v", err)
	}
	if s.Draws() != 16 {
		t.Errorf("a sealed roll counted: %d", s.Draws())
	}
	if err := s.Enter(ChainLength + 1); !errors.Is(err, ErrChainEnd) {
		t.Errorf("beyond the chain: %v", err)
	}
}
