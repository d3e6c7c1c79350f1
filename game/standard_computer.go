package game

import "pelennor/ai"

// whoOptions are a standard battle's player's seat: a person, or the
// computer ("AI": the words fit the block's row) at a level (its temperament balanced; "Play the Computer"
// chooses one).
var whoOptions = []string{"Person", "Easy AI", "Normal AI", "Hard AI"}

// whoOf is the option of a seat (a computer's level; a preset
// temperament is kept by seatSpecs).
func whoOf(s SeatSpec) int {
	if s.Computer == nil {
		return 0
	}
	return 1 + int(s.Computer.Level)
}

// seatSpecs are the seats chosen in the players' blocks; a computer
// keeps the temperament the preset gave it.
func (sn *StandardNew) seatSpecs() [2]SeatSpec {
	var out [2]SeatSpec
	for i, w := range sn.who {
		if w.Selected == 0 {
			continue
		}
		temper := ai.Balanced
		if c := sn.preset.Seats[i].Computer; c != nil {
			temper = c.Temper
		}
		out[i] = ComputerAt(levels[w.Selected-1], temper)
	}
	return out
}

// namePlaceholders show what a player left unnamed will be called: a
// computer after its level (AI8), a person "Player 1" or "Player 2".
func (sn *StandardNew) namePlaceholders() {
	for i, s := range sn.seatSpecs() {
		sn.names[i].Placeholder = defaultNames[i]
		if s.Computer != nil {
			sn.names[i].Placeholder = computerName(*s.Computer)
		}
	}
}
