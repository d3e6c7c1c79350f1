package engine

import (
	"slices"
	"sync"

	"pelennor/engine/geom"
	"pelennor/engine/rules"
)

// sideNames are the edges of a base as action files name them.
var sideNames = [4]string{"front", "right", "rear", "left"}

// reachRays is how many bearings the reach outline samples.
const reachRays = 32

// reach outlines where e's front-edge centre can get in one straight leg
// keeping its facing: on each of reachRays bearings, evenly spaced from
// straight ahead clockwise, the furthest point (to within 4 p) whose leg
// is within the allowance of the going it crosses and passes nothing it
// may not pass (pathBlock). Both only worsen as the leg grows (its swept
// hull holds every shorter one), so a bisection finds the edge. It is a
// drawing aid: where a move may end is still the engine's to say (it
// must not end on an element or touch an enemy unconformed), and turns
// or legs may reach further round obstacles.
func (t *tx) reach(e *Element, most int) []Pose {
	out := make([]Pose, 0, reachRays)
	for k := range reachRays {
		dir := (e.Base.Facing + geom.Turn*geom.Angle(k)/reachRays).Norm()
		ok := func(d int) bool {
			to := e.Base.Translate(geom.Offset(dir, geom.Paces(d)))
			if code, _, _ := t.pathStop(e, e.Base, to, false, nil); code != "" {
				return false
			}
			a, _, err := t.allowance(e, []geom.Base{e.Base, to})
			return err == nil && d <= a
		}
		lo, hi := 0, most
		if ok(hi) {
			lo = hi
		}
		for hi-lo > 4 {
			if mid := (lo + hi) / 2; ok(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		p := e.Base.Front.Add(geom.Offset(dir, geom.Paces(lo)))
		out = append(out, Pose{X: p.X.Paces(), Y: p.Y.Paces(), Facing: int(e.Base.Facing.Norm())})
	}
	return out
}

// maxDetourTries is how many paths whose first leg is clear detour
// tries for one contact (rulings Q2).
const maxDetourTries = 12

// maxDetourLegs is how many distinct legs detour checks for one contact
// before it gives up (rulings Q2).
const maxDetourLegs = 24

// leg is one straight leg of a detour and whether e may make it (its
// path passes nothing e may not pass).
type leg struct {
	from, to geom.Base
	clear    bool
}

// findLeg returns whether the leg from → to in ls is clear, and whether
// it is there at all.
func findLeg(ls []leg, from, to geom.Base) (clear, found bool) {
	for _, l := range ls {
		if l.from == from && l.to == to {
			return l.clear, true
		}
	}
	return false, false
}

// detourCodes are the refusals of a straight contact move that a path of
// legs round an obstacle may avoid (R21, R22).
var detourCodes = []string{"move.blocked", "move.terrain", "move.off_table"}

// contacts lists every legal contact of e with an enemy this bound: for
// each enemy edge within reach, the straight move if it is legal, else
// the shortest legal path found through waypoints (detours).
func (g *Game) contacts(t *tx, e *Element) []ContactOption {
	out := []ContactOption{}
	pay, err := t.payer(e, "")
	if err != nil {
		return out
	}
	cost := t.costItems(pay, []*Element{e})
	// No path is shorter than the straight line, and the slide (R8) is
	// free: edges further than this are out of reach whatever the path.
	far := geom.Paces(maxAllowance(t.allowances(e))+rules.ConformSlide) + geom.Tol
	// Every detour's buffers, and the legs they check (of e alone: the
	// known legs start empty).
	s := detourScratches.Get().(*detourScratch)
	s.known, s.found = s.known[:0], s.found[:0]
	defer detourScratches.Put(s)
	w, d := t.size(e)
	ep := e.Base.Poly()
	eb := geom.BoxOf(ep)
	var buf [4 * scanBuf]int
	for _, i := range t.bounding(buf[:0], eb.Grow(far)) { // the boxes no more than far apart
		o := &t.st.Elements[i]
		// The gap between the boxes is no more than the distance between
		// the bases: the cheap reject first.
		if o.Side == e.Side || !o.OnTable() || eb.Gap(o.Base.Bounds()) > far || !geom.Within(ep, o.Base.Poly(), far) {
			continue
		}
		for ed := geom.Front; ed <= geom.Left; ed++ {
			to := geom.Against(o.Base, ed, w, d)
			if geom.MoveDist(e.Base, to) > far {
				continue
			}
			c := Contact{Target: o.ID, Edge: sideNames[ed]}
			var m contactMemo // the tests of the pose to, for every path to it
			opt, code := g.tryContact(t, e, c, nil, &m)
			if code != "" && slices.Contains(detourCodes, code) {
				opt, code = g.detour(t, e, o, c, to, s, &m)
			}
			if code == "" {
				opt.Cost = cost
				s.found = append(s.found, opt)
			}
		}
	}
	// Gathered in the scratch, the options are copied out once, at their
	// number, not grown in the answer.
	out = append(out, s.found...)
	clear(s.found) // the pooled scratch keeps nothing of the answer
	return out
}

// tryContact checks the contact move of e along via on t without
// changing anything: the checks moveOne makes of a contact move by an
// element free to move and able to pay (MoveOptions has checked both),
// in the same order, so that it refuses with the same code (it writes no
// message: the contacts offered only ask which are legal). The scenario's
// after-move rules never refuse a move. It reports the conformed pose and
// the distance moved, slide included, as the move's event would. m keeps
// the tests of the contact's pose alone, shared by its tries.
func (g *Game) tryContact(t *tx, e *Element, c Contact, via []Pose, m *contactMemo) (ContactOption, string) {
	if len(via) > maxLegs-1 {
		return ContactOption{}, "move.legs" // checkLegs
	}
	var buf [maxLegs + 2]geom.Base
	route, _ := t.viaRoute(e, via, buf[:0])
	to, target, err := t.contactPose(e, &c)
	if err != nil {
		return ContactOption{}, refusalOf(err).Code
	}
	last, slide := slideLeg(route[len(route)-1], to, target.Base, edgeByName[c.Edge])
	legs := append(route, last)
	going := legs
	if last != to {
		var gbuf [maxLegs + 2]geom.Base
		going = append(append(gbuf[:0], legs...), to)
	}
	allow, _, err := t.allowance(e, going)
	if err != nil {
		return ContactOption{}, refusalOf(err).Code
	}
	if dist := routeDist(legs).Paces(); dist > allow {
		return ContactOption{}, "move.too_far"
	}
	if code := t.contactStop(e, legs, to, slide, m); code != "" {
		return ContactOption{}, code
	}
	if !m.touchDone {
		if _, err := t.touchCheck(e, to, target.ID); err != nil {
			m.touch = refusalOf(err).Code
		}
		m.touchDone = true
	}
	if m.touch != "" {
		return ContactOption{}, m.touch
	}
	a := Action{Kind: ActMove, ID: e.ID, Contact: &Contact{Target: c.Target, Edge: c.Edge}, Via: via}
	dist := (routeDist(route) + geom.MoveDist(route[len(route)-1], to)).Paces()
	return ContactOption{Target: c.Target, Edge: c.Edge, Via: via, Pose: poseValue(to), Dist: dist, Action: a}, ""
}

// detourScratch holds the buffers of one search's detours, reused from
// detour to detour, and every leg they have checked (all of one mover,
// which nothing moves meanwhile).
type detourScratch struct {
	known []leg // every leg checked, and whether it is clear
	seen  []leg // the legs of the detour under way, which its budget counts
	round []Pose
	pairs []Pose // the two-waypoint vias, end to end
	cands []detourCand
	vias  [][]Pose
	found []ContactOption // contacts' answer, gathered
}

// detourScratches keeps detourScratch buffers between searches.
var detourScratches = sync.Pool{New: func() any { return new(detourScratch) }}

// detourCand is a path a detour may try: a lower bound on its length in
// the high 32 bits and its place among the paths, in vias, in the low: in
// order as integers, by the bound, then by the place.
type detourCand int64

func candOf(bound geom.Sub, n int) detourCand { return detourCand(int64(bound)<<32 | int64(n)) }

func (c detourCand) bound() geom.Sub { return geom.Sub(c >> 32) }
func (c detourCand) n() int          { return int(c & (1<<32 - 1)) }

// detour looks for the shortest legal path of legs to contact c, whose
// conformed pose is to. Waypoints are tried alone and in pairs: poses
// standing off the edge (so that the last leg goes straight in), and
// poses beside the corners of the target and of whatever blocks the
// straight leg, pushed out from each base's centre by the mover's
// half-diagonal (R21, R22). It returns the code of the last refusal when
// no path is legal. s holds the search's buffers and the legs its
// detours have checked so far, and m the tests of the pose to.
func (g *Game) detour(t *tx, e, o *Element, c Contact, to geom.Base, s *detourScratch, m *contactMemo) (ContactOption, string) {
	w, d := t.size(e)
	half := geom.Len(geom.Point{X: w, Y: d})/2 + geom.Paces(10)
	var stand [2]Pose
	for i, back := range [2]geom.Sub{d + geom.Paces(20), 2*d + geom.Paces(40)} {
		stand[i] = poseValue(to.Forward(-back))
	}
	// beside appends the poses facing f whose centre stands off b's
	// corners.
	beside := func(dst []Pose, b geom.Base, f geom.Angle) []Pose {
		mid := b.Center()
		for _, k := range b.Corners() {
			centre := k.Add(geom.Offset(geom.Bearing(k.Sub(mid)), half))
			front := centre.Add(geom.Offset(f, d/2))
			dst = append(dst, Pose{X: front.X.Paces(), Y: front.Y.Paces(), Facing: int(f.Norm())})
		}
		return dst
	}
	round := beside(s.round[:0], o.Base, to.Facing)
	sweep := geom.Swept(e.Base, to)
	box := geom.BoxOf(sweep)
	var ib [scanBuf]int
	for _, i := range t.bounding(ib[:0], box) {
		x := &t.st.Elements[i]
		if x != e && x != o && x.OnTable() && overlapsBase(sweep, box, x.Base) {
			round = beside(round, x.Base, e.Base.Facing)
		}
	}
	s.round = round
	// No path is shorter than its legs' straight lines less the free
	// slide: try the paths shortest-first by that bound, skip those that
	// cannot be within the allowance, and stop once the best legal path
	// found is no longer than the next bound. The paths are each stand
	// alone, then for each waypoint k: k, k and each stand; the legs they
	// share are measured once.
	most := geom.Paces(maxAllowance(t.allowances(e)) + rules.ConformSlide)
	slide := geom.Paces(rules.ConformSlide)
	cands, vias := s.cands[:0], s.vias[:0]
	add := func(via []Pose, lb geom.Sub) {
		if lb-slide <= most {
			cands, vias = append(cands, candOf(lb-slide, len(vias))), append(vias, via)
		}
	}
	// Every pose's corners are worked out once: the bounds measure each
	// many times.
	ec, tc := e.Base.Corners(), to.Corners()
	var stc [2][4]geom.Point // the stands' corners
	var sTo [2]geom.Sub      // from each stand to the contact
	for i := range stand {
		stc[i] = t.poseBase(e, &stand[i]).Corners()
		sTo[i] = geom.CornersDist(stc[i], tc)
		add(stand[i:i+1:i+1], geom.CornersDist(ec, stc[i])+sTo[i])
	}
	// The pairs are laid end to end in one buffer grown to its full size
	// first, so that the vias pointing into it stay valid.
	pairs := slices.Grow(s.pairs[:0], 2*len(round)*len(stand))
	for i := range round {
		kc := t.poseBase(e, &round[i]).Corners()
		toK := geom.CornersDist(ec, kc)
		add(round[i:i+1:i+1], toK+geom.CornersDist(kc, tc))
		for j := range stand {
			pairs = append(pairs, round[i], stand[j])
			add(pairs[len(pairs)-2:len(pairs):len(pairs)], toK+geom.CornersDist(kc, stc[j])+sTo[j])
		}
	}
	s.cands, s.vias, s.pairs = cands, vias, pairs
	// By bound, ties in the order listed: a stable sort, done as a sort
	// keyed by both.
	slices.Sort(cands)
	var buf [maxLegs + 2]geom.Base
	var best ContactOption
	last := "move.blocked" // no path round the obstacles
	found := false
	// A leg that passes something the mover may not pass rules out every
	// path that has it: each leg up to the last waypoint is checked once.
	// seen are this detour's legs, which its budget counts; known keeps
	// what every detour of the search has found out.
	seen := s.seen[:0]
	defer func() { s.seen = seen[:0] }()
	legClear := func(from, to geom.Base) bool {
		if ok, found := findLeg(seen, from, to); found {
			return ok
		}
		ok, found := findLeg(s.known, from, to)
		if !found {
			code, _, _ := t.pathStop(e, from, to, false, nil)
			ok = code == ""
			s.known = append(s.known, leg{from, to, ok})
		}
		seen = append(seen, leg{from, to, ok})
		return ok
	}
	tries := 0
	for _, k := range cands {
		if found && geom.Paces(best.Dist) <= k.bound() || tries == maxDetourTries || len(seen) >= maxDetourLegs {
			break
		}
		via := vias[k.n()]
		r, _ := t.viaRoute(e, via, buf[:0])
		ok := true
		for i := 1; i < len(r) && ok; i++ {
			ok = legClear(r[i-1], r[i])
		}
		if !ok {
			continue
		}
		tries++
		opt, code := g.tryContact(t, e, c, via, m)
		if code != "" {
			last = code
			continue
		}
		if !found || opt.Dist < best.Dist {
			best, found = opt, true
		}
	}
	if !found {
		return ContactOption{}, last
	}
	// The waypoints kept are the option's own: the buffers are reused.
	best.Via = slices.Clone(best.Via)
	best.Action.Via = best.Via
	return best, ""
}
