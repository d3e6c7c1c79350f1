package engine

// FrontPairs lists the pairs of elements whose front edges are in
// contact now, paired as the close-combat phase would pair them (RULES.md
// §6.1, the same pairing), in any phase, so a player can see what is
// already fighting before the combats are listed. Each pair is
// {the moving side's element, the other}. Read-only.
func (g *Game) FrontPairs() [][2]int {
	t := g.begin()
	var out [][2]int
	for _, p := range t.pairings() {
		out = append(out, [2]int{p.A, p.B})
	}
	return out
}
