package tournament

// The blossoms of Edmonds' algorithm (blossom.go): shrinking an odd
// cycle of tight edges into one, expanding one again, and moving a
// blossom's base along an augmenting path.

// addBlossom shrinks the cycle closed by edge k, whose lowest common
// ancestor is base, into a new S-blossom.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].i, m.edges[k].j
	bb, bv, bw := m.inBl[base], m.inBl[v], m.inBl[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b] = base
	m.parent[b] = -1
	m.parent[bb] = b
	var path, endps []int
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelEnd[bv])
		v = m.endpoint[m.labelEnd[bv]]
		bv = m.inBl[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelEnd[bw]^1)
		w = m.endpoint[m.labelEnd[bw]]
		bw = m.inBl[w]
	}
	m.childs[b], m.endps[b] = path, endps
	m.label[b] = 1
	m.labelEnd[b] = m.labelEnd[bb]
	m.dual[b] = 0
	m.leaves(b, func(v int) {
		if m.label[m.inBl[v]] == 2 {
			m.queue = append(m.queue, v)
		}
		m.inBl[v] = b
	})
	// The new blossom's least-slack edges to each other S-blossom.
	bestTo := fill(2*m.n, -1)
	consider := func(k int) {
		j := m.edges[k].j // the end outside the new blossom
		if m.inBl[j] == b {
			j = m.edges[k].i
		}
		bj := m.inBl[j]
		if bj != b && m.label[bj] == 1 && (bestTo[bj] == -1 || m.slack(k) < m.slack(bestTo[bj])) {
			bestTo[bj] = k
		}
	}
	for _, c := range path {
		if m.bestOf[c] == nil {
			m.leaves(c, func(v int) {
				for _, p := range m.neighb[v] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range m.bestOf[c] {
				consider(k)
			}
		}
		m.bestOf[c] = nil
		m.best[c] = -1
	}
	var list []int
	for _, k := range bestTo {
		if k != -1 {
			list = append(list, k)
		}
	}
	m.bestOf[b] = list
	m.best[b] = -1
	for _, k := range list {
		if m.best[b] == -1 || m.slack(k) < m.slack(m.best[b]) {
			m.best[b] = k
		}
	}
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// at indexes a blossom's cycle, j possibly negative (counting from the end).
func at(s []int, j int) int {
	if j < 0 {
		j += len(s)
	}
	return s[j]
}

func index(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	panic("tournament: blossom child not found")
}

// expandBlossom undoes blossom b; endStage expands its zero-dual
// sub-blossoms too, and relabels nothing.
func (m *matcher) expandBlossom(b int, endStage bool) {
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		switch {
		case s < m.n:
			m.inBl[s] = s
		case endStage && m.dual[s] == 0:
			m.expandBlossom(s, endStage)
		default:
			m.leaves(s, func(v int) { m.inBl[v] = s })
		}
	}
	if !endStage && m.label[b] == 2 {
		// Relabel the sub-blossoms on the even path from the entry
		// child to the base as T and S in turn.
		childs, endps := m.childs[b], m.endps[b]
		entry := m.inBl[m.endpoint[m.labelEnd[b]^1]]
		j := index(childs, entry)
		jstep, trick := -1, 1
		if j&1 != 0 {
			j -= len(childs)
			jstep, trick = 1, 0
		}
		p := m.labelEnd[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[at(endps, j-trick)^trick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allowed[at(endps, j-trick)/2] = true
			j += jstep
			p = at(endps, j-trick) ^ trick
			m.allowed[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelEnd[m.endpoint[p^1]], m.labelEnd[bv] = p, p
		m.best[bv] = -1
		j += jstep
		for at(childs, j) != entry {
			bv := at(childs, j)
			j += jstep
			if m.label[bv] == 1 {
				continue
			}
			v := -1
			m.leaves(bv, func(x int) {
				if v == -1 && m.label[x] != 0 {
					v = x
				}
			})
			if v != -1 {
				m.label[v] = 0
				m.label[m.endpoint[m.mate[m.base[bv]]]] = 0
				m.assignLabel(v, 2, m.labelEnd[v])
			}
		}
	}
	m.label[b], m.labelEnd[b] = -1, -1
	m.childs[b], m.endps[b] = nil, nil
	m.base[b] = -1
	m.bestOf[b] = nil
	m.best[b] = -1
	m.unused = append(m.unused, b)
}

// augmentBlossom swaps the matched and unmatched edges inside blossom b
// along the path from vertex v to its base, making v the new base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	childs, endps := m.childs[b], m.endps[b]
	i := index(childs, t)
	j := i
	jstep, trick := -1, 1
	if i&1 != 0 {
		j -= len(childs)
		jstep, trick = 1, 0
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-trick) ^ trick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.childs[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	m.endps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	m.base[b] = m.base[m.childs[b][0]]
}
