package engine

import (
	"bytes"
	"errors"
	"fmt"

	"pelennor/engine/dice"
)

// Play by e-mail over keyed dice (docs/formats.md §5.2): a match begins
// with an invitation (the creator's commitment), an acceptance (the
// other's), then turn files. Each file reveals its sender's chain value
// for the segment the game stands in, and the receiver checks it
// (Receive) before the game goes on.

// NewKeyedHistory starts a keyed match created by the holder of sec: a
// new match id (from the caller's randomness), the creator's head, no
// other commitment yet.
func NewKeyedHistory(sc *Scenario, match string, sec *Secret, o Options) (*History, error) {
	if !ValidMatchID(match) {
		return nil, fmt.Errorf("%q is not a match id (%d hex digits)", match, matchIDLen)
	}
	k, err := NewMatch(match, sec)
	if err != nil {
		return nil, err
	}
	h := &History{sc: sc, keyed: k, secret: sec, opts: o}
	src, err := h.source()
	if err != nil {
		return nil, err
	}
	if err := h.begin(src); err != nil {
		return nil, err
	}
	return h, nil
}

// KeyedDice returns a copy of a keyed game's dice (nil for others).
func (h *History) KeyedDice() *KeyedDice { return h.keyed.clone() }

// Own returns the side whose secret this history holds, or -1.
func (h *History) Own() int {
	if h.secret == nil {
		return -1
	}
	return h.secret.Side
}

// RevealOwn records the local player's chain value for the segment the
// game stands in, as a turn file sent now reveals it. Nothing is
// revealed before both sides have committed (so nobody can choose a
// secret knowing the other's values), nor beyond the segment the game
// has reached (so no later die can be computed from the file).
func (h *History) RevealOwn() {
	if h.keyed == nil || h.secret == nil || !h.keyed.Committed() {
		return
	}
	side, seg := h.secret.Side, h.g.Segment()
	if h.keyed.Revealed[side].Segment >= seg {
		return
	}
	h.keyed.Revealed[side] = Reveal{Segment: seg, Value: dice.ChainValue(h.secret.Master, seg).String()}
}

// AcceptInvitation makes the local game of a match from its invitation:
// the other player's commitment is in it; sec (made by the caller for
// the side the invitation leaves free) adds this player's.
func AcceptInvitation(s *Save, sc *Scenario, sec *Secret) (*History, error) {
	switch {
	case s.Keyed == nil:
		return nil, errors.New("it is not a play-by-e-mail invitation (it has no keyed dice)")
	case sec == nil || sec.Side != 0 && sec.Side != 1:
		return nil, errors.New("accepting an invitation needs a secret for one side")
	case s.Keyed.Heads[sec.Side] != "":
		return nil, fmt.Errorf("the invitation is not open for %s: that side has already committed", sc.Sides[sec.Side].Name)
	case s.Keyed.Heads[1-sec.Side] == "":
		return nil, errors.New("the invitation carries no commitment")
	case sec.Match != s.Keyed.Match:
		return nil, errors.New("the secret is for another match")
	}
	c := *s
	c.Keyed = s.Keyed.clone()
	c.Keyed.Heads[sec.Side] = dice.Head(sec.Master).String()
	h, err := ResumeWith(&c, sc, sec)
	if err != nil {
		return nil, err
	}
	return h, nil
}

// Receive checks a turn file of this keyed match against the local game
// and returns the game it brings, with this machine's secret. It refuses
// a file of another match, one whose commitments changed or whose
// reveals do not hash down to them, one older than the local game or
// with other actions than it, one that makes moves for this machine's
// side, and one whose re-simulation does not match its checkpoints (an
// edited die or action). The local history is not changed.
func (h *History) Receive(s *Save) (*History, error) { return h.receive(s, nil) }

// ReceiveResumed is Receive of a turn file already loaded here as nf
// (ResumeWith of s with this machine's secret, every checkpoint
// checked): the same checks, without simulating the file again. It
// returns a copy of nf that holds the values both files reveal; nf is
// not changed. An nf that is not the game of s is not trusted: s is then
// simulated as Receive does.
func (h *History) ReceiveResumed(s *Save, nf *History) (*History, error) { return h.receive(s, nf) }

func (h *History) receive(s *Save, nf *History) (*History, error) {
	if h.keyed == nil || h.secret == nil {
		return nil, errors.New("this game is not a play-by-e-mail match held here")
	}
	nh, err := h.follow(s, nf)
	if err != nil {
		return nil, err
	}
	for i := len(h.actions); i < len(nh.actions); i++ {
		if nh.recs[i].actor == h.secret.Side {
			return nil, fmt.Errorf("it makes a move for your side (%s) that you did not make: action %d (%s)",
				h.sc.Sides[h.secret.Side].Name, i+1, nh.actions[i].Kind)
		}
	}
	return nh, nil
}

// Follows checks, without any secret, that s is a later file of the same
// keyed match as this history (an earlier turn file): the same match
// and commitments, no older values, the same actions and more, and
// checkpoints that its re-simulation reaches (hott replay --after).
func (h *History) Follows(s *Save) error {
	if h.keyed == nil {
		return errors.New("the earlier file is not of a play-by-e-mail match")
	}
	_, err := h.follow(s, nil)
	return err
}

// follow is what Receive and Follows check; it returns the game of s,
// replayed with the values both files reveal and h's secret, if any; or
// nf, when it is that game already (resumed), with those values.
func (h *History) follow(s *Save, nf *History) (*History, error) {
	if s.Keyed == nil {
		return nil, errors.New("the turn file is not of a play-by-e-mail match (it has no keyed dice)")
	}
	if s.Keyed.Match != h.keyed.Match {
		return nil, fmt.Errorf("the turn file is of another match (%s, not %s)", short(s.Keyed.Match), short(h.keyed.Match))
	}
	own := h.Own()
	merged := h.keyed.clone()
	for side := range 2 {
		name := h.sc.Sides[side].Name
		fh, lh := s.Keyed.Heads[side], h.keyed.Heads[side]
		switch {
		case lh != "" && fh == "":
			return nil, fmt.Errorf("the turn file is older than your game: it has no commitment of %s yet (an invitation)", name)
		case lh != "" && fh != lh:
			return nil, fmt.Errorf("the commitment of %s differs from the one this match began with: the turn file was changed", name)
		case lh == "" && side == own:
			return nil, errors.New("this game has no commitment for your own side")
		case lh == "":
			merged.Heads[side] = fh
		}
		fr, lr := s.Keyed.Revealed[side], h.keyed.Revealed[side]
		if fr.Segment < lr.Segment && side != own {
			return nil, fmt.Errorf("the turn file is older than your game: it reveals %s's value up to segment %d, your game already has segment %d", name, fr.Segment, lr.Segment)
		}
		if fr.Segment > lr.Segment {
			merged.Revealed[side] = fr
		}
	}
	if _, err := merged.keyring(h.secret); err != nil {
		return nil, err
	}
	if err := h.Continues(s); err != nil {
		return nil, err
	}
	if nf.isGameOf(s, h.secret) {
		// With this machine's secret, the file's own values and the
		// merged ones open the same dice: nf's are the ones merged needs.
		nh, err := nf.Branch(nf.Len())
		if err != nil {
			return nil, err
		}
		nh.keyed = merged
		return nh, nil
	}
	c := *s
	c.Keyed = merged
	nh, err := ResumeWith(&c, h.sc, h.secret)
	if err != nil {
		var d *Divergence
		if errors.As(err, &d) {
			return nil, fmt.Errorf("its dice or actions were changed: %w", err)
		}
		return nil, err
	}
	return nh, nil
}

func short(match string) string {
	if len(match) > 8 {
		return match[:8]
	}
	return match
}

// isGameOf reports whether h is the game of s loaded with the secret
// sec: the same match and scenario, all of its actions, and its last
// checkpoint reached.
func (h *History) isGameOf(s *Save, sec *Secret) bool {
	if h == nil || sec == nil || h.secret == nil || h.keyed == nil || s.Keyed == nil || len(s.Checkpoints) == 0 {
		return false
	}
	same := h.secret.Match == sec.Match && h.secret.Side == sec.Side && bytes.Equal(h.secret.Master, sec.Master)
	last := s.Checkpoints[len(s.Checkpoints)-1]
	return same && h.keyed.Match == s.Keyed.Match && h.sc.ID == s.Scenario.ID && h.Len() == len(s.Actions) &&
		last.After == h.Len() && h.g.checkpoint() == last && h.Continues(s) == nil
}
