package dice

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"pelennor/engine/digest"
)

// Play by e-mail (docs/formats.md §5.2): a keyed game's dice come in
// segments, one for each stretch of actions by one side. Each player has
// a master secret and from it a hash chain v_K … v_1, v_0 with
// v_{k-1} = SHA-256(v_k); v_0, the head, is the player's commitment.
// Segment k's dice need both players' v_k: revealing v_k gives away every
// earlier value (they hash down from it) but no later one.

// ChainLength is K, the number of segments a keyed match may have.
const ChainLength = 4096

// MasterSize is the length of a master secret in bytes.
const MasterSize = 32

// Digest is one value of a hash chain (32 bytes, hex in files).
type Digest [32]byte

func (d Digest) String() string { return hex.EncodeToString(d[:]) }

// ParseDigest reads a digest written as 64 hex digits.
func ParseDigest(s string) (Digest, error) {
	var d Digest
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(d) {
		return d, fmt.Errorf("%q is not 64 hex digits", s)
	}
	copy(d[:], b)
	return d, nil
}

// NewMaster reads a master secret from r (crypto/rand.Reader in play).
func NewMaster(r io.Reader) ([]byte, error) {
	m := make([]byte, MasterSize)
	if _, err := io.ReadFull(r, m); err != nil {
		return nil, fmt.Errorf("making a secret: %w", err)
	}
	return m, nil
}

// chainTop is v_K: a domain-separated hash of the master.
func chainTop(master []byte) Digest {
	return digest.Sum256(append([]byte("pelennor chain v1\x00"), master...))
}

// Down hashes v n times: from v_k it gives v_{k-n}.
func Down(v Digest, n int) Digest {
	for range n {
		v = digest.Sum256(v[:])
	}
	return v
}

// ChainValue returns v_k of the master's chain, 0 <= k <= ChainLength.
func ChainValue(master []byte, k int) Digest {
	return Down(chainTop(master), ChainLength-k)
}

// Head returns the commitment v_0 of the master's chain.
func Head(master []byte) Digest { return ChainValue(master, 0) }

// Verify reports whether v is the value of segment k of the chain whose
// head is head.
func Verify(head Digest, k int, v Digest) bool {
	return k >= 0 && k <= ChainLength && Down(v, k) == head
}

// SegmentSeed is the seed of segment k's dice: SHA-256 of the label
// "pelennor dice v1", the match id (length-prefixed), k and both sides'
// v_k, in side order.
func SegmentSeed(match string, k int, v0, v1 Digest) [32]byte {
	b := []byte("pelennor dice v1")
	b = binary.BigEndian.AppendUint32(b, uint32(len(match)))
	b = append(b, match...)
	b = binary.BigEndian.AppendUint64(b, uint64(k))
	b = append(b, v0[:]...)
	b = append(b, v1[:]...)
	return digest.Sum256(b)
}

// Keys gives a keyed source the chain values known here.
type Keys interface {
	// Value returns side's value for segment k, if it is known.
	Value(side, k int) (Digest, bool)
}

// SealedError is a draw from a segment whose values are not both known.
type SealedError struct {
	Segment int
	Missing []int // the sides whose value is missing
}

func (e *SealedError) Error() string {
	return fmt.Sprintf("the dice of segment %d are sealed until both players have revealed their value for it", e.Segment)
}

// ErrChainEnd is a segment beyond the chains' length.
var ErrChainEnd = fmt.Errorf("the match has used all %d segments of its dice chains", ChainLength)

// Keyed is the source of a keyed (play-by-e-mail) game.
type Keyed struct {
	match    string
	keys     Keys
	seg      int // the segment dice are drawn from
	segDraws int // dice drawn from it
	draws    int
	pcg      rand.PCG
	seeded   bool // pcg holds segment seg's generator
}

// NewKeyed returns a keyed source for a match, in segment 0 (which has
// no dice: the engine enters segment 1 before anything is drawn).
func NewKeyed(match string, keys Keys) *Keyed {
	return &Keyed{match: match, keys: keys}
}

// Enter makes segment k the one dice are drawn from.
func (s *Keyed) Enter(k int) error {
	if k > ChainLength {
		return ErrChainEnd
	}
	if k != s.seg {
		s.seg, s.segDraws, s.seeded = k, 0, false
	}
	return nil
}

// Segment returns the segment dice are drawn from.
func (s *Keyed) Segment() int { return s.seg }

// Open reports whether the current segment's dice can be drawn here.
func (s *Keyed) Open() bool {
	_, a := s.keys.Value(0, s.seg)
	_, b := s.keys.Value(1, s.seg)
	return s.seg > 0 && a && b
}

func (s *Keyed) Roll() (int, error) { return s.Die(6) }

func (s *Keyed) Die(sides int) (int, error) {
	if sides < 2 || sides > MaxSides {
		return 0, sidesErr(sides)
	}
	if !s.seeded {
		var missing []int
		var v [2]Digest
		for side := range v {
			var ok bool
			if v[side], ok = s.keys.Value(side, s.seg); !ok || s.seg == 0 {
				missing = append(missing, side)
			}
		}
		if missing != nil {
			return 0, &SealedError{Segment: s.seg, Missing: missing}
		}
		seed := SegmentSeed(s.match, s.seg, v[0], v[1])
		s.pcg = *rand.NewPCG(binary.BigEndian.Uint64(seed[0:8]), binary.BigEndian.Uint64(seed[8:16]))
		s.seeded = true
	}
	for {
		if f, ok := face(s.pcg.Uint64(), sides); ok {
			s.draws++
			s.segDraws++
			return f, nil
		}
	}
}

func (s *Keyed) Draws() int { return s.draws }

func (s *Keyed) Clone() Source {
	c := *s // keys are shared and read-only; rand.PCG is a plain value
	return &c
}

// AppendState appends 'K', the draw count, the segment and the draws
// from it (8 bytes each, big-endian). Not the generator: a machine that
// cannot open a segment yet must reach the same hash as one that can;
// segment and draws fix the generator's state where it is known.
func (s *Keyed) AppendState(b []byte) []byte {
	b = append(b, tagKeyed)
	b = binary.BigEndian.AppendUint64(b, uint64(s.draws))
	b = binary.BigEndian.AppendUint64(b, uint64(s.seg))
	return binary.BigEndian.AppendUint64(b, uint64(s.segDraws))
}

const tagKeyed = 'K'

// IsSealed reports whether err is a draw from a sealed segment.
func IsSealed(err error) bool {
	var se *SealedError
	return errors.As(err, &se)
}
