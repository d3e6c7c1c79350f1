package tournament

// Edmonds' blossom algorithm for a maximum-weight matching of largest
// cardinality in a general graph, in integers, O(n³). The pairing asks
// for a perfect matching of least cost: it gives each edge the weight
// big − cost, so that among the perfect matchings (all of n/2 edges) the
// heaviest is the cheapest.
//
// The method is the primal-dual one of Galil ("Efficient algorithms for
// finding maximum matching in graphs", 1986): vertices and blossoms carry
// dual variables, edges of zero slack are "tight", and each stage grows
// alternating trees of tight edges from the single vertices until it
// finds an augmenting path, shrinking odd cycles into blossoms and
// expanding them again as their duals reach zero. Weights are doubled so
// that every dual stays an integer.

// edge is an edge of the matching graph: its two vertices and weight.
type edge struct {
	i, j int
	w    int64
}

// matcher holds the state of one run. An edge k has two endpoints, 2k
// (vertex i) and 2k+1 (vertex j); p^1 is the other end of endpoint p.
type matcher struct {
	n        int
	edges    []edge
	endpoint []int
	neighb   [][]int // the remote endpoints of each vertex's edges
	mate     []int   // the remote endpoint of a vertex's matched edge, or -1
	label    []int   // 0 free, 1 S (outer), 2 T (inner), 5 scanning; of vertices and blossoms
	labelEnd []int   // the endpoint through which a vertex or blossom got its label
	inBl     []int   // the top-level blossom of each vertex
	parent   []int   // the blossom a blossom is inside, or -1
	childs   [][]int // a blossom's sub-blossoms, around the cycle from its base
	base     []int   // a blossom's base vertex, -1 if unused
	endps    [][]int // the endpoints joining consecutive childs
	best     []int   // the least-slack edge to an S-blossom, or -1
	bestOf   [][]int // a blossom's least-slack edges to each S-blossom
	unused   []int
	dual     []int64
	allowed  []bool
	queue    []int
}

// maxWeightMatching returns, for each of the n vertices, the vertex it is
// matched to or -1: a matching of largest cardinality, and of largest
// weight among those.
func maxWeightMatching(n int, edges []edge) []int {
	if n == 0 {
		return nil
	}
	m := &matcher{n: n, edges: make([]edge, len(edges))}
	var maxW int64
	for k, e := range edges {
		e.w *= 2
		m.edges[k] = e
		maxW = max(maxW, e.w)
	}
	m.endpoint = make([]int, 2*len(edges))
	m.neighb = make([][]int, n)
	for k, e := range m.edges {
		m.endpoint[2*k], m.endpoint[2*k+1] = e.i, e.j
		m.neighb[e.i] = append(m.neighb[e.i], 2*k+1)
		m.neighb[e.j] = append(m.neighb[e.j], 2*k)
	}
	m.mate = fill(n, -1)
	m.label = make([]int, 2*n)
	m.labelEnd = fill(2*n, -1)
	m.inBl = make([]int, n)
	for v := range n {
		m.inBl[v] = v
	}
	m.parent = fill(2*n, -1)
	m.childs = make([][]int, 2*n)
	m.base = fill(2*n, -1)
	for v := range n {
		m.base[v] = v
	}
	m.endps = make([][]int, 2*n)
	m.best = fill(2*n, -1)
	m.bestOf = make([][]int, 2*n)
	for b := 2*n - 1; b >= n; b-- {
		m.unused = append(m.unused, b)
	}
	m.dual = make([]int64, 2*n)
	for v := range n {
		m.dual[v] = maxW
	}
	m.allowed = make([]bool, len(edges))
	for range n {
		if !m.stage() {
			break
		}
	}
	out := fill(n, -1)
	for v := range n {
		if m.mate[v] >= 0 {
			out[v] = m.endpoint[m.mate[v]]
		}
	}
	return out
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dual[e.i] + m.dual[e.j] - 2*e.w
}

// leaves calls f on every vertex inside blossom b.
func (m *matcher) leaves(b int, f func(v int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, c := range m.childs[b] {
		m.leaves(c, f)
	}
}

func (m *matcher) assignLabel(w, t, p int) {
	b := m.inBl[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.best[w], m.best[b] = -1, -1
	if t == 1 {
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
		return
	}
	// A T-blossom's base is matched: its mate becomes an S-vertex.
	base := m.base[b]
	m.assignLabel(m.endpoint[m.mate[base]], 1, m.mate[base]^1)
}

// scanBlossom traces back from v and w to find the base of a new blossom,
// or -1 if the two trees differ (an augmenting path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inBl[v]
		if m.label[b]&4 != 0 {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelEnd[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelEnd[b]]
			b = m.inBl[v]
			v = m.endpoint[m.labelEnd[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

// augmentMatching flips the augmenting path through edge k.
func (m *matcher) augmentMatching(k int) {
	ends := [2][2]int{{m.edges[k].i, 2*k + 1}, {m.edges[k].j, 2 * k}}
	for _, sp := range ends {
		s, p := sp[0], sp[1]
		for {
			bs := m.inBl[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelEnd[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelEnd[bs]]
			bt := m.inBl[t]
			s = m.endpoint[m.labelEnd[bt]]
			j := m.endpoint[m.labelEnd[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelEnd[bt]
			p = m.labelEnd[bt] ^ 1
		}
	}
}

// stage looks for one augmenting path, changing duals as needed; it
// reports false when there is none (the matching is then optimal).
func (m *matcher) stage() bool {
	n := m.n
	for i := range m.label {
		m.label[i] = 0
		m.best[i] = -1
	}
	for b := n; b < 2*n; b++ {
		m.bestOf[b] = nil
	}
	for k := range m.allowed {
		m.allowed[k] = false
	}
	m.queue = m.queue[:0]
	for v := range n {
		if m.mate[v] == -1 && m.label[m.inBl[v]] == 0 {
			m.assignLabel(v, 1, -1)
		}
	}
	augmented := false
	for {
		for len(m.queue) > 0 && !augmented {
			v := m.queue[len(m.queue)-1]
			m.queue = m.queue[:len(m.queue)-1]
			for _, p := range m.neighb[v] {
				k := p / 2
				w := m.endpoint[p]
				if m.inBl[v] == m.inBl[w] {
					continue
				}
				var ks int64
				if !m.allowed[k] {
					ks = m.slack(k)
					if ks <= 0 {
						m.allowed[k] = true
					}
				}
				switch {
				case m.allowed[k] && m.label[m.inBl[w]] == 0:
					m.assignLabel(w, 2, p^1)
				case m.allowed[k] && m.label[m.inBl[w]] == 1:
					if base := m.scanBlossom(v, w); base >= 0 {
						m.addBlossom(base, k)
					} else {
						m.augmentMatching(k)
						augmented = true
					}
				case m.allowed[k] && m.label[w] == 0:
					m.label[w] = 2
					m.labelEnd[w] = p ^ 1
				case m.allowed[k]:
				case m.label[m.inBl[w]] == 1:
					b := m.inBl[v]
					if m.best[b] == -1 || ks < m.slack(m.best[b]) {
						m.best[b] = k
					}
				case m.label[w] == 0:
					if m.best[w] == -1 || ks < m.slack(m.best[w]) {
						m.best[w] = k
					}
				}
				if augmented {
					break
				}
			}
		}
		if augmented {
			break
		}
		// No tight edge left to follow: change the duals by the least
		// delta that makes one, or stop if there is none.
		dtype, edgeK, blossom := -1, -1, -1
		var delta int64
		for v := range n {
			if m.label[m.inBl[v]] == 0 && m.best[v] != -1 {
				if d := m.slack(m.best[v]); dtype == -1 || d < delta {
					delta, dtype, edgeK = d, 2, m.best[v]
				}
			}
		}
		for b := range 2 * n {
			if m.parent[b] == -1 && m.label[b] == 1 && m.best[b] != -1 {
				if d := m.slack(m.best[b]) / 2; dtype == -1 || d < delta {
					delta, dtype, edgeK = d, 3, m.best[b]
				}
			}
		}
		for b := n; b < 2*n; b++ {
			if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == 2 && (dtype == -1 || m.dual[b] < delta) {
				delta, dtype, blossom = m.dual[b], 4, b
			}
		}
		if dtype == -1 {
			// Largest cardinality reached: a last change of duals
			// for optimality, then stop.
			dtype = 1
			delta = m.dual[0]
			for v := 1; v < n; v++ {
				delta = min(delta, m.dual[v])
			}
			delta = max(delta, 0)
		}
		for v := range n {
			switch m.label[m.inBl[v]] {
			case 1:
				m.dual[v] -= delta
			case 2:
				m.dual[v] += delta
			}
		}
		for b := n; b < 2*n; b++ {
			if m.base[b] >= 0 && m.parent[b] == -1 {
				switch m.label[b] {
				case 1:
					m.dual[b] += delta
				case 2:
					m.dual[b] -= delta
				}
			}
		}
		switch dtype {
		case 1:
			return false
		case 2:
			m.allowed[edgeK] = true
			i, j := m.edges[edgeK].i, m.edges[edgeK].j
			if m.label[m.inBl[i]] == 0 {
				i = j
			}
			m.queue = append(m.queue, i)
		case 3:
			m.allowed[edgeK] = true
			m.queue = append(m.queue, m.edges[edgeK].i)
		case 4:
			m.expandBlossom(blossom, false)
		}
	}
	// End of stage: expand the S-blossoms whose dual reached zero.
	for b := n; b < 2*n; b++ {
		if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && m.dual[b] == 0 {
			m.expandBlossom(b, true)
		}
	}
	return true
}
