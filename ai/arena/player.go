// Package arena plays computer players against each other, headless: a
// game between two players named by spec strings ("random", "nearest",
// "ai:normal", "ai:hard:cautious"), paired games with the sides swapped,
// tallies of who won on which side, and an Elo table over a round robin.
// It drives the engine through its public API only, as a person's seat
// would, so whatever it measures is what a player would meet.
package arena

import (
	"fmt"
	"strings"

	"pelennor/ai"
	"pelennor/engine"
	"pelennor/engine/bot"
	"pelennor/standard"
)

// Player plays one side of a game (or both, for the shared nearest-enemy
// bot): Next is asked whenever the side it sits on is to act.
type Player interface {
	Name() string
	Next(g *engine.Game) (engine.Action, error)
}

// Kinds of player a spec names.
const (
	KindRandom  = "random"  // uniformly random legal play (Random)
	KindNearest = "nearest" // engine/bot's nearest-enemy bot
	KindAI      = "ai"      // the computer opponent, package ai
)

// Spec names a kind of player; each game makes its own players from it,
// seeded from the game's seed and the side (Players).
type Spec struct {
	Kind string
	AI   ai.Config // for KindAI; its Seed is set per game
}

// badSpec is the message for a spec that names no player.
const badSpec = "want random, nearest or ai:LEVEL[:TEMPER] (levels easy, normal, hard; temperaments cautious, careful, balanced, bold, aggressive)"

// ParseSpec reads a player's spec.
func ParseSpec(s string) (Spec, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch {
	case t == KindRandom || t == KindNearest:
		return Spec{Kind: t}, nil
	case strings.HasPrefix(t, KindAI+":"):
		c, err := ai.ParseConfig(t, 0)
		if err != nil {
			return Spec{}, fmt.Errorf("player %q: %v", s, err)
		}
		return Spec{Kind: KindAI, AI: c}, nil
	}
	return Spec{}, fmt.Errorf("no player %q: %s", s, badSpec)
}

// ParseSpecs reads a comma-separated list of specs.
func ParseSpecs(list string) ([]Spec, error) {
	var out []Spec
	for _, s := range strings.Split(list, ",") {
		sp, err := ParseSpec(s)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	return out, nil
}

// String is the spec as the command line writes it.
func (s Spec) String() string {
	if s.Kind == KindAI {
		return s.AI.String()
	}
	return s.Kind
}

// Players makes the two players of the game seeded with seed: specs[side]
// plays side. homes are the sides' home terrains, in whose style a
// player that lays a standard battle's terrain generates it (as bot.Play
// and bot.Battle do). Each player's own random stream is seeded from the
// game's seed and its side, so a game replays exactly.
//
// Two nearest-enemy bots are one bot playing both sides, seeded as
// bot.Play seeds it: nearest against nearest is then exactly the game
// hott sim has always played (ruling AI41).
func Players(specs [2]Spec, seed uint64, homes [2]string) [2]Player {
	lay := standard.Generated(seed, homes)
	if specs[0].Kind == KindNearest && specs[1].Kind == KindNearest {
		b := bot.New(seed ^ 0x5eed)
		b.SetTerrain(lay)
		n := &Nearest{b: b}
		return [2]Player{n, n}
	}
	var out [2]Player
	for side, sp := range specs {
		own := sideSeed(seed, side)
		switch sp.Kind {
		case KindRandom:
			out[side] = NewRandom(own, lay)
		case KindNearest:
			b := bot.New(own)
			b.SetTerrain(lay)
			out[side] = &Nearest{b: b}
		case KindAI:
			c := sp.AI
			c.Seed = own
			out[side] = &AI{p: ai.New(c)}
		}
	}
	return out
}

// sideSeed is the seed of side's player in the game seeded with seed:
// splitmix64's finaliser over both, so neighbouring seeds and the two
// sides get unrelated streams.
func sideSeed(seed uint64, side int) uint64 {
	z := seed*0x9e3779b97f4a7c15 + uint64(side+1)*0xd1b54a32d192ed03
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Nearest is engine/bot's player: random legal moves toward the nearest
// enemy, every shot it can make, every combat fought.
type Nearest struct{ b *bot.Bot }

// Name is "nearest".
func (n *Nearest) Name() string { return KindNearest }

// Next is the bot's next action.
func (n *Nearest) Next(g *engine.Game) (engine.Action, error) { return n.b.Next(g), nil }

// AI is the computer opponent of package ai.
type AI struct{ p *ai.Player }

// Name is the configuration, "ai:normal" or "ai:hard:cautious".
func (a *AI) Name() string { return a.p.Config().String() }

// Next is the computer's next action.
func (a *AI) Next(g *engine.Game) (engine.Action, error) { return a.p.Next(g) }
