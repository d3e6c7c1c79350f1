package engine

import (
	"errors"
	"fmt"

	"pelennor/engine/dice"
)

// Keyed games (play by e-mail, docs/formats.md §5.2): the dice come from
// both players' hash chains, a segment at a time, and no file holds a
// seed. See engine/dice/keyed.go for the chain itself.

// KeyedDice is a keyed game's dice as a save carries them: the match id,
// the two commitments (heads) and the newest value each side has
// revealed. Never a master secret.
type KeyedDice struct {
	Match    string    `json:"match"`
	Heads    [2]string `json:"heads"`    // "" while a side has not committed (an invitation)
	Revealed [2]Reveal `json:"revealed"` // per side; segment 0 is nothing revealed
}

// Reveal is a side's chain value for a segment.
type Reveal struct {
	Segment int    `json:"segment"`
	Value   string `json:"value,omitempty"`
}

// Secret is the local player's master secret of a keyed match. It stays
// in that player's store and never goes into a save.
type Secret struct {
	Match  string
	Side   int
	Master []byte
}

// matchIDLen is the length of a match id: 16 random bytes in hex.
const matchIDLen = 32

func (k *KeyedDice) clone() *KeyedDice {
	if k == nil {
		return nil
	}
	c := *k
	return &c
}

// Committed reports whether both sides have sent their heads.
func (k *KeyedDice) Committed() bool { return k.Heads[0] != "" && k.Heads[1] != "" }

// keyring is what a keyed game's source may use: the values the save
// reveals and, on the machine of one player, that player's own chain.
type keyring struct {
	heads   [2]dice.Digest
	hasHead [2]bool
	known   [2]int // newest revealed segment per side
	value   [2]dice.Digest
	own     int           // the side whose secret is held, -1 for none
	chain   []dice.Digest // own chain, v_0 … v_K
}

func (r *keyring) Value(side, k int) (dice.Digest, bool) {
	if side == r.own && k >= 0 && k < len(r.chain) {
		return r.chain[k], true
	}
	if !r.hasHead[side] || k < 0 || k > r.known[side] {
		return dice.Digest{}, false
	}
	return dice.Down(r.value[side], r.known[side]-k), true
}

// check validates a keyed save's dice and builds its keyring, with the
// local player's secret if one is given.
func (k *KeyedDice) keyring(sec *Secret) (*keyring, error) {
	if len(k.Match) != matchIDLen || !isHex(k.Match) {
		return nil, fmt.Errorf("keyed.match %q is not a match id (%d hex digits)", k.Match, matchIDLen)
	}
	r := &keyring{own: -1}
	for side := range 2 {
		if k.Heads[side] != "" {
			h, err := dice.ParseDigest(k.Heads[side])
			if err != nil {
				return nil, fmt.Errorf("keyed.heads[%d]: %v", side, err)
			}
			r.heads[side], r.hasHead[side] = h, true
		}
		rv := k.Revealed[side]
		switch {
		case rv.Segment == 0 && rv.Value == "":
			r.value[side] = r.heads[side]
			continue
		case rv.Segment < 0 || rv.Segment > dice.ChainLength:
			return nil, fmt.Errorf("keyed.revealed[%d]: segment %d is not 0..%d", side, rv.Segment, dice.ChainLength)
		case !r.hasHead[side]:
			return nil, fmt.Errorf("keyed.revealed[%d]: a value is revealed for a side that has not committed", side)
		}
		v, err := dice.ParseDigest(rv.Value)
		if err != nil {
			return nil, fmt.Errorf("keyed.revealed[%d].value: %v", side, err)
		}
		if !dice.Verify(r.heads[side], rv.Segment, v) {
			return nil, fmt.Errorf("the value side %d reveals for segment %d does not hash down to its commitment: it is not that player's", side, rv.Segment)
		}
		r.known[side], r.value[side] = rv.Segment, v
	}
	if !r.hasHead[0] && !r.hasHead[1] {
		return nil, errors.New("keyed.heads: neither side has committed")
	}
	if sec != nil {
		switch {
		case sec.Match != k.Match:
			return nil, fmt.Errorf("the secret is for match %s, not %s", sec.Match, k.Match)
		case sec.Side != 0 && sec.Side != 1:
			return nil, fmt.Errorf("the secret is for side %d", sec.Side)
		case len(sec.Master) != dice.MasterSize:
			return nil, fmt.Errorf("the secret has %d bytes, not %d", len(sec.Master), dice.MasterSize)
		case !r.hasHead[sec.Side]:
			// Only the invitation lacks the commitment of a player who
			// holds a secret of the match.
			return nil, errors.New("the file has no commitment of your side yet: it is the invitation, older than your game")
		}
		chain := make([]dice.Digest, dice.ChainLength+1)
		chain[dice.ChainLength] = dice.ChainValue(sec.Master, dice.ChainLength)
		for i := dice.ChainLength; i > 0; i-- {
			chain[i-1] = dice.Down(chain[i], 1)
		}
		if chain[0] != r.heads[sec.Side] {
			return nil, errors.New("your secret for this match does not fit your commitment in the file: the commitment was changed")
		}
		r.own, r.chain = sec.Side, chain
	}
	return r, nil
}

func isHex(s string) bool {
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// NewMatch returns the keyed dice of a new match created by side with
// the given secret: its head, nothing revealed.
func NewMatch(match string, sec *Secret) (*KeyedDice, error) {
	k := &KeyedDice{Match: match}
	if sec == nil || (sec.Side != 0 && sec.Side != 1) {
		return nil, errors.New("a new match needs its creator's secret and side")
	}
	k.Heads[sec.Side] = dice.Head(sec.Master).String()
	if _, err := k.keyring(sec); err != nil {
		return nil, err
	}
	return k, nil
}

// ValidMatchID reports whether s can be a match id.
func ValidMatchID(s string) bool { return len(s) == matchIDLen && isHex(s) }

// sealedReason explains a draw from a sealed segment.
func (t *tx) sealedReason(se *dice.SealedError) error {
	var who []string
	for _, s := range se.Missing {
		who = append(who, t.sc.Sides[s].Name)
	}
	name := "nobody"
	if len(who) == 1 {
		name = who[0]
	} else if len(who) == 2 {
		name = who[0] + " and " + who[1]
	}
	return illegal("dice.sealed", "these dice are sealed (segment %d): they need the secret value of %s, which comes with that player's next turn file", se.Segment, name)
}

// acting is the side that submits the next action (Game.ToAct).
func acting(st *state) int {
	if st.Phase == PhaseReply {
		return 1 - st.Side
	}
	return st.Side
}

// nextSegment starts a new dice segment after an action that handed the
// game to the other side or left a bound awaiting its start.
func (t *tx) nextSegment(before int, wasAwaiting bool) error {
	if !t.keyed {
		return nil
	}
	if acting(t.st) == before && (wasAwaiting || !t.st.Awaiting) {
		return nil
	}
	t.st.Segment++
	if err := t.dice.(*dice.Keyed).Enter(t.st.Segment); err != nil {
		return illegal("dice.chain_end", "%v: it cannot go on", err)
	}
	return nil
}

// Keyed reports whether the game is played by e-mail with keyed dice.
func (g *Game) Keyed() bool { return g.keyed }

// Segment returns the dice segment the game is in (0 unless keyed).
func (g *Game) Segment() int { return g.st.Segment }

// Awaiting reports whether the bound waits for a begin action (keyed
// games only): the previous bound has ended, this one's dice are not
// rolled yet.
func (g *Game) Awaiting() bool { return g.st.Awaiting }

// DiceOpen reports whether dice of the current segment can be drawn on
// this machine: always for seeded and scripted games; in keyed games
// when both sides' values for the segment are known here.
func (g *Game) DiceOpen() bool {
	if !g.keyed {
		return true
	}
	return g.dice.(*dice.Keyed).Open()
}
