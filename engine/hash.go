package engine

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"pelennor/engine/digest"
	"slices"
	"sync"
)

func sha256Sum(b []byte) [32]byte { return digest.Sum256(b) }

// Checksum returns the SHA-256 of the scenario file as read, in hex.
func (sc *Scenario) Checksum() string { return hex.EncodeToString(sc.sum[:]) }

// Hash returns a stable hash of the game state: the first 16 hex digits
// of the SHA-256 of a canonical encoding, in a fixed field order, so it is
// the same on every platform.
func (g *Game) Hash() string {
	// The encoding is built in a pooled buffer: Hash runs after every
	// action in fuzzing and replays, and a fresh buffer each time was a
	// good share of the garbage. A pool, not a field of Game, because
	// Games are copied for scratch states and may hash on other goroutines.
	bp := encodeBufs.Get().(*[]byte)
	*bp = g.appendEncoding((*bp)[:0])
	sum := digest.Sum256(*bp)
	encodeBufs.Put(bp)
	return hex.EncodeToString(sum[:8])
}

var encodeBufs = sync.Pool{New: func() any { return new([]byte) }}

// appendEncoding appends to b the canonical encoding of the state the
// hash covers.
func (g *Game) appendEncoding(b []byte) []byte {
	st := g.st
	// Grown for what follows (10 numbers and 5 flags an element, 3 and 3
	// a command), so that it is allocated at most once.
	b = slices.Grow(b, 128+85*len(st.Elements)+27*len(st.Commands)+16*len(st.Pending)+8*len(st.Hook))
	n := func(v int) { b = binary.BigEndian.AppendUint64(b, uint64(int64(v))) }
	flag := func(v bool) {
		if v {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	n(st.Bound)
	n(st.Side)
	n(int(st.Phase))
	n(st.Winner)
	flag(st.Captured[0])
	flag(st.Captured[1])
	n(len(st.Elements))
	for i := range st.Elements {
		e := &st.Elements[i]
		n(e.ID)
		n(int(e.Type))
		n(int(e.Status))
		n(int(e.Base.Front.X))
		n(int(e.Base.Front.Y))
		n(int(e.Base.Facing.Norm()))
		n(int(e.Base.Width))
		n(int(e.Base.Depth))
		n(e.Charged)
		n(e.Ones)
		flag(e.Moved)
		flag(e.Shot)
		flag(e.Spelled)
		flag(e.Lost)
		flag(e.General)
	}
	n(len(st.Commands))
	for _, c := range st.Commands {
		n(c.Die)
		n(c.PIPs)
		n(c.ExtraAP)
		flag(c.Active)
		flag(c.Broken)
		flag(c.NoLeader)
	}
	n(len(st.Pending))
	for _, p := range st.Pending {
		n(p.A)
		n(p.B)
	}
	n(len(st.Hook))
	for _, v := range st.Hook {
		n(v)
	}
	if s := st.Setup; s != nil { // games without a set-up keep their hashes
		n(int(s.Step))
		n(s.Dice[0])
		n(s.Dice[1])
		n(s.Defender)
		n(int(s.Edges[0]))
		n(int(s.Edges[1]))
		n(len(s.Terrain))
		for _, f := range s.Terrain {
			b = fmt.Appendf(b, "%q %q %q %d %d %d %d %d %v;", f.Name, f.Kind, f.Shape, f.X, f.Y, f.Facing, f.Width, f.Depth, f.Path)
		}
	}
	if st.TimeCalled {
		flag(true)
	}
	if len(st.Hurt) > 0 { // games without a heroic duel keep their hashes
		b = append(b, 'W')
		n(len(st.Hurt))
		for _, h := range st.Hurt {
			n(h.ID)
			for _, v := range h.W.Loc {
				n(v)
			}
			n(h.W.Total)
			n(h.W.POWSpent)
			n(h.W.MountHP)
		}
	}
	if g.keyed { // seeded and scripted games keep their hashes
		n(st.Segment)
		flag(st.Awaiting)
	}
	return g.dice.AppendState(b)
}
