// Package dice is the engine's only source of randomness: a seeded PCG
// generator for real games and a scripted list of values for tests and
// rules debugging (CLI --dice 3,5,1).
//
// The sequence of a seed depends only on math/rand/v2's PCG and the
// reduction to 1..6 in this file, so it is the same on every platform.
// Changing either changes every game: bump rules.Version if you do.
package dice

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Source is the engine's one die generator.
type Source interface {
	// Roll returns the next d6 value, 1..6: Die(6). A scripted source
	// returns an error once its values run out.
	Roll() (int, error)
	// Die returns the next value of a die of the given sides (2 to
	// MaxSides), 1..sides, from the same sequence of draws: the heroic
	// duel's D20s and damage dice.
	Die(sides int) (int, error)
	// Draws is the number of dice drawn so far.
	Draws() int
	// Clone returns an independent copy in the same state.
	Clone() Source
	// AppendState appends canonical bytes of the generator state (kind,
	// draw count and position) to b, for the state hash.
	AppendState(b []byte) []byte
}

// pcgStream is the fixed second word of the PCG seed ("pelennor" in ASCII).
const pcgStream uint64 = 0x70656c656e6e6f72

// MaxSides is the most sides a die may have: the D20 of the heroic duel.
const MaxSides = 20

// face reduces one 64-bit value to a face of an n-sided die; ok is false
// if v must be rejected and redrawn. Values below the largest multiple of
// n not above 2^64-1 map evenly onto the n faces (for a d6 that limit is
// 2^64-4).
func face(v uint64, n int) (f int, ok bool) {
	if v >= ^uint64(0)-^uint64(0)%uint64(n) {
		return 0, false
	}
	return int(v%uint64(n)) + 1, true
}

// sidesErr refuses a die the generator does not make.
func sidesErr(sides int) error {
	return fmt.Errorf("a die of %d sides is not one of 2..%d", sides, MaxSides)
}

// State tags in AppendState.
const (
	tagPCG      = 'P'
	tagScripted = 'S'
)

type pcgSource struct {
	pcg   rand.PCG
	draws int
}

// NewPCG returns the seeded source used by real games.
func NewPCG(seed uint64) Source {
	return &pcgSource{pcg: *rand.NewPCG(seed, pcgStream)}
}

func (s *pcgSource) Roll() (int, error) { return s.Die(6) }

func (s *pcgSource) Die(sides int) (int, error) {
	if sides < 2 || sides > MaxSides {
		return 0, sidesErr(sides)
	}
	for {
		if f, ok := face(s.pcg.Uint64(), sides); ok {
			s.draws++
			return f, nil
		}
	}
}

func (s *pcgSource) Draws() int { return s.draws }

func (s *pcgSource) Clone() Source {
	c := *s // rand.PCG is a plain value (two uint64 words)
	return &c
}

// AppendState appends 'P', the draw count (8 bytes, big-endian) and the
// PCG state as encoded by rand.PCG.AppendBinary.
func (s *pcgSource) AppendState(b []byte) []byte {
	b = append(b, tagPCG)
	b = binary.BigEndian.AppendUint64(b, uint64(s.draws))
	b, err := s.pcg.AppendBinary(b)
	if err != nil { // rand.PCG never fails to encode
		panic("dice: " + err.Error())
	}
	return b
}

type scriptedSource struct {
	values []int // never modified after NewScripted
	next   int
}

// NewScripted returns a source that yields values in order, then errors.
// Each value must be 1..20 (MaxSides); a value is refused when it is
// drawn for a die with fewer sides.
func NewScripted(values []int) (Source, error) {
	for i, v := range values {
		if v < 1 || v > MaxSides {
			return nil, fmt.Errorf("dice value %d at index %d is not 1..%d", v, i, MaxSides)
		}
	}
	return &scriptedSource{values: append([]int(nil), values...)}, nil
}

func (s *scriptedSource) Roll() (int, error) { return s.Die(6) }

func (s *scriptedSource) Die(sides int) (int, error) {
	if sides < 2 || sides > MaxSides {
		return 0, sidesErr(sides)
	}
	if s.next >= len(s.values) {
		return 0, fmt.Errorf("dice script exhausted after %d dice", len(s.values))
	}
	v := s.values[s.next]
	if v > sides {
		return 0, fmt.Errorf("dice value %d at position %d is not 1..%d, a d%d", v, s.next+1, sides, sides)
	}
	s.next++
	return v, nil
}

func (s *scriptedSource) Draws() int { return s.next }

func (s *scriptedSource) Clone() Source {
	c := *s // values is shared but read-only
	return &c
}

// AppendState appends 'S', the draw count (8 bytes, big-endian), the
// script length (8 bytes, big-endian) and one byte per script value.
func (s *scriptedSource) AppendState(b []byte) []byte {
	b = append(b, tagScripted)
	b = binary.BigEndian.AppendUint64(b, uint64(s.next))
	b = binary.BigEndian.AppendUint64(b, uint64(len(s.values)))
	for _, v := range s.values {
		b = append(b, byte(v))
	}
	return b
}

// ParseScript parses a comma-separated dice script such as "3,5,1".
// Spaces around values are allowed; positions in errors count from 1.
func ParseScript(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("dice script is empty")
	}
	parts := strings.Split(s, ",")
	values := make([]int, 0, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		pos := i + 1
		if p == "" {
			return nil, fmt.Errorf("dice script has an empty value at position %d", pos)
		}
		v, err := strconv.Atoi(p)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return nil, fmt.Errorf("dice value %s at position %d is not 1..%d", p, pos, MaxSides)
			}
			return nil, fmt.Errorf("dice value %q at position %d is not a number", p, pos)
		}
		if v < 1 || v > MaxSides {
			return nil, fmt.Errorf("dice value %d at position %d is not 1..%d", v, pos, MaxSides)
		}
		values = append(values, v)
	}
	return values, nil
}
