package tournament

// splitmix is the tournament's own generator (splitmix64): integers only,
// the same sequence on every platform, so that a seed gives the same
// lots and seating everywhere.
type splitmix struct{ state uint64 }

func (s *splitmix) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// lot is a player's drawing of lots: a number fixed by the seed and the
// player's id, the same whenever it is asked for. A higher lot ranks
// higher.
func lot(seed uint64, id int) uint64 {
	s := splitmix{state: seed ^ uint64(id)*0xd1b54a32d192ed03}
	s.next()
	return s.next()
}

// shuffle orders ids by the generator seeded with seed (Fisher–Yates).
func shuffle(seed uint64, ids []int) {
	s := splitmix{state: seed}
	for i := len(ids) - 1; i > 0; i-- {
		j := int(s.next() % uint64(i+1))
		ids[i], ids[j] = ids[j], ids[i]
	}
}
