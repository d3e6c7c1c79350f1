package engine

import (
	"testing"

	"pelennor/engine/rules"
)

// The odds of a heroic duel (TA26): counting its 4000 sampled duels, and
// asking again once they are counted (the cache the computer relies on).
func BenchmarkDuelOdds(b *testing.B) {
	g := heroesGame(b, rules.Rulings{HeroicDuel: true})
	b.Run("counted", func(b *testing.B) {
		for b.Loop() {
			tallies.Lock()
			clear(tallies.m)
			tallies.Unlock()
			if _, err := Odds(g, 1, 2, "close", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			if _, err := Odds(g, 1, 2, "close", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
