package engine

import (
	"slices"

	"pelennor/engine/geom"
)

// The fuzzer's paths of legs (RULES.md §4.1–4.3, R21, R22, D40–D42):
// single moves with waypoints, contact moves that go round to any edge,
// group contacts naming a member, and columns following a leader's path
// with a bend, mostly onto the fuzz table's roads.

// fzRoads are the centre lines of the fuzz table's roads (fuzzScenario),
// in paces, for column paths that bend onto one.
var fzRoads = [][2][2]int{
	{{1200, 1420}, {1200, 2400}},
	{{1500, 1150}, {2380, 1150}}, // across the gap, in front of both columns
}

// fzPaces converts a point to whole paces, as a Pose holds it.
func fzPaces(p geom.Point) (int, int) { return p.X.Paces(), p.Y.Paces() }

// fzPoint is the point (x, y) in paces.
func fzPoint(x, y int) geom.Point { return geom.Point{X: geom.Paces(x), Y: geom.Paces(y)} }

// fzFacing is the facing a waypoint is given: along the leg that reaches
// it (as a player turns a base to go round something), the mover's own
// facing, or a free turn.
func (d *fzDecoder) fzFacing(from, to geom.Point, own geom.Angle) int {
	switch b := d.in.byte(); b % 4 {
	case 0:
		if geom.Len(to.Sub(from)) > 0 {
			return int(geom.Bearing(to.Sub(from)))
		}
	case 1, 2: // turning costs distance (R6): most detours keep facing
		return int(own.Norm())
	default:
		return int(own+geom.Angle(fzTurns[int(b/4)%len(fzTurns)])) & int(geom.Turn-1)
	}
	return int(own.Norm())
}

// detour is a point just outside a corner of element o, on the line from
// its centre through that corner: a waypoint that takes a mover round o.
func (d *fzDecoder) detour(o Element) geom.Point {
	c := o.Base.Corners()[int(d.in.byte())%4]
	out := c.Sub(o.Base.Center())
	gap := geom.Paces(20 + int(d.in.byte()%8)*15)
	return c.Add(geom.Offset(geom.Bearing(out), gap))
}

// waypoints makes 1–3 waypoints for a move of e from its pose towards
// dest (a front-edge centre): detours round elements near it, points off
// the straight line, or free offsets.
func (d *fzDecoder) waypoints(e Element, dest geom.Point) []Pose {
	n := 1 + int(d.in.byte()%3)
	from, facing := e.Base.Front, e.Base.Facing
	var via []Pose
	for range n {
		var p geom.Point
		switch d.in.byte() % 5 {
		case 0, 1: // round an element within reach
			id := d.pick(func(o Element) bool {
				return o.ID != e.ID && o.OnTable() && geom.Dist(e.Base.Poly(), o.Base.Poly()) <= geom.Paces(150)
			})
			o, ok := d.el(id)
			if !ok || !o.OnTable() {
				o = e
			}
			p = d.detour(o)
		case 2: // off the straight line to the destination
			mid := geom.Point{X: (from.X + dest.X) / 2, Y: (from.Y + dest.Y) / 2}
			p = mid.Add(geom.Offset(geom.Bearing(dest.Sub(from))+geom.East, geom.Paces(d.in.int8()*2)))
		case 3: // ahead, then a turn
			p = from.Add(geom.Offset(facing, geom.Paces(int(d.in.byte()%120))))
		default: // anywhere near
			p = from.Add(geom.Point{X: geom.Paces(d.in.int8()), Y: geom.Paces(d.in.int8())})
		}
		x, y := fzPaces(p)
		f := d.fzFacing(from, p, facing)
		via = append(via, Pose{X: x, Y: y, Facing: f})
		from, facing = fzPoint(x, y), geom.Angle(f)
	}
	// Tests of "now and then" look for a byte's high values: past the end
	// of the input every byte is 0.
	if d.in.byte()%32 == 31 { // now and then one too many
		via = append(via, via[len(via)-1], via[0], via[0])
	}
	return via
}

// pathMove is a single move to a pose by 1–3 waypoints.
func (d *fzDecoder) pathMove() Action {
	id := d.pick(d.movable)
	e, ok := d.el(id)
	if !ok || !e.OnTable() || d.in.byte()%2 == 0 {
		a := Action{Kind: ActMove, ID: id, To: d.pose(id), Pay: d.pay()}
		if ok && e.OnTable() {
			a.Via = d.waypoints(e, fzPoint(a.To.X, a.To.Y))
		}
		return a
	}
	// Ahead and a little across, keeping its facing, as a player moves a
	// base past a friend or round a wood.
	p := e.Base.Front.Add(geom.Offset(e.Base.Facing, geom.Paces(int(d.in.byte()%160)))).
		Add(geom.Offset(e.Base.Facing+geom.East, geom.Paces(d.in.int8()/2)))
	x, y := fzPaces(p)
	to := &Pose{X: x, Y: y, Facing: int(e.Base.Facing.Norm())}
	return Action{Kind: ActMove, ID: id, To: to, Via: d.waypoints(e, p), Pay: d.pay()}
}

// pathContact is a contact move with waypoints, to any edge of an enemy
// in reach: round a corner of the target, then to a pose backed off from
// the conformed one (R22).
func (d *fzDecoder) pathContact() Action {
	id := d.pick(d.movable)
	e, ok := d.el(id)
	edge := fzEdges[int(d.in.byte())%len(fzEdges)]
	// Mostly an enemy whose edge has room for the mover, not too far.
	near := func(o Element) bool {
		if !d.enemy(o) || !ok || !e.OnTable() {
			return false
		}
		ed, named := edgeByName[edge]
		if !named {
			return geom.Dist(e.Base.Poly(), o.Base.Poly()) <= geom.Paces(300)
		}
		conf := geom.Against(o.Base, ed, e.Base.Width, e.Base.Depth)
		if geom.Len(conf.Front.Sub(e.Base.Front)) > geom.Paces(350) {
			return false
		}
		for _, x := range d.elements() {
			if x.ID != e.ID && x.OnTable() && geom.Overlap(conf.Poly(), x.Base.Poly()) {
				return false
			}
		}
		return true
	}
	a := Action{Kind: ActMove, ID: id, Contact: &Contact{Target: d.pick(near), Edge: edge}}
	o, tok := d.el(a.Contact.Target)
	if !ok || !e.OnTable() || !tok || !o.OnTable() {
		return a
	}
	ed, named := edgeByName[edge]
	if !named {
		ed = geom.Edge(d.in.byte() % 4)
	}
	conf := geom.Against(o.Base, ed, e.Base.Width, e.Base.Depth)
	switch d.in.byte() % 4 {
	case 0: // anything, as for a plain move
		a.Via = d.waypoints(e, conf.Front)
	default: // round the target, then back off from the edge and charge
		if c := d.in.byte(); c%4 == 0 {
			// Round the nearer end of the edge to reach: one of its corners.
			k := (int(ed) + int(c/2)%2) % 4
			out := o.Base.Corners()[k].Sub(o.Base.Center())
			p := o.Base.Corners()[k].Add(geom.Offset(geom.Bearing(out), geom.Paces(20+int(d.in.byte()%8)*15)))
			x, y := fzPaces(p)
			a.Via = append(a.Via, Pose{X: x, Y: y, Facing: d.fzFacing(e.Base.Front, fzPoint(x, y), e.Base.Facing)})
		}
		// Backed off 0–100 p, and now and then across the edge too, so
		// that the last leg may be only the free slide, or more than it.
		off := conf.Forward(-geom.Paces(int(d.in.byte()%6) * 20))
		if c := d.in.byte(); c >= 160 {
			off = off.Translate(geom.Offset(conf.Facing+geom.East, geom.Paces((int(c)-208)*2)))
		}
		x, y := fzPaces(off.Front)
		a.Via = append(a.Via, Pose{X: x, Y: y, Facing: int(off.Facing)})
	}
	if d.in.byte()%16 == 15 {
		a.Contact.By = d.pick(d.own)
	}
	return a
}

// groupIDs picks a group of the acting side as next's case 6 does: a
// first member that can group, then up to three more, mostly ones that
// join it.
func (d *fzDecoder) groupIDs() []int {
	first := d.pick(func(e Element) bool {
		if !d.movable(e) {
			return false
		}
		for _, x := range d.elements() {
			if x.ID != e.ID && d.movable(x) && d.pairs(e.ID, x.ID) {
				return true
			}
		}
		return false
	})
	ids := []int{first}
	for n := int(d.in.byte() % 3); n >= 0; n-- {
		if d.in.byte()%8 == 7 {
			ids = append(ids, d.pick(d.own))
			continue
		}
		var c []int
		for _, e := range d.elements() {
			if d.own(e) && !slices.Contains(ids, e.ID) && d.g.Groupable(append(slices.Clone(ids), e.ID)) == nil {
				c = append(c, e.ID)
			}
		}
		if len(c) == 0 {
			break
		}
		ids = append(ids, c[int(d.in.byte())%len(c)])
	}
	return ids
}

// groupContact is a group contact naming the member that conforms
// (D42), mostly with an enemy near that member, mostly a real member.
func (d *fzDecoder) groupContact() Action {
	ids := d.groupIDs()
	by := ids[int(d.in.byte())%len(ids)]
	if d.in.byte()%16 == 15 {
		by = d.pick(d.own)
	}
	m, ok := d.el(by)
	edge := fzEdges[int(d.in.byte())%len(fzEdges)]
	// Mostly an enemy the member could reach by a wheel and an advance:
	// its conformed place ahead of the member, not far across.
	near := func(o Element) bool {
		if !d.enemy(o) || !ok || !m.OnTable() {
			return false
		}
		ed, named := edgeByName[edge]
		if !named {
			ed = geom.Front
		}
		conf := geom.Against(o.Base, ed, m.Base.Width, m.Base.Depth)
		if w := geom.AngleDiff(conf.Facing, m.Base.Facing); w < -512 || w > 512 {
			return false // more than an eighth of a turn: seldom reachable
		}
		// Ahead of the member and at most a slide across, measured along
		// the facing it would wheel to.
		v := conf.Front.Sub(m.Base.Front)
		ahead, across := geom.Offset(conf.Facing, geom.One), geom.Offset(conf.Facing+geom.East, geom.One)
		fwd := (int64(v.X)*int64(ahead.X) + int64(v.Y)*int64(ahead.Y)) / geom.One
		side := (int64(v.X)*int64(across.X) + int64(v.Y)*int64(across.Y)) / geom.One
		return fwd >= 0 && fwd <= int64(geom.Paces(400)) && abs(int(side)) <= int(geom.Paces(120))
	}
	c := &Contact{Target: d.pick(near), Edge: edge, By: by}
	a := Action{Kind: ActGroup, IDs: ids, Contact: c}
	if d.in.byte()%16 == 15 { // a contact with a wheel or forward is refused
		a.Forward = int(d.in.byte())
	}
	return a
}

// behind returns the movable element standing directly behind e in a
// file, or false.
func (d *fzDecoder) behind(e Element) (Element, bool) {
	rear := e.Base.Forward(-e.Base.Depth).Front
	for _, o := range d.elements() {
		if o.ID != e.ID && d.movable(o) && o.Base.Facing.Norm() == e.Base.Facing.Norm() && geom.Len(o.Base.Front.Sub(rear)) <= geom.Tol {
			return o, true
		}
	}
	return Element{}, false
}

// columns lists the acting side's files of two or more movable elements,
// each from its leader back.
func (d *fzDecoder) columns() [][]Element {
	led := map[int]bool{}
	for _, e := range d.elements() {
		if d.movable(e) {
			if o, ok := d.behind(e); ok {
				led[o.ID] = true
			}
		}
	}
	var out [][]Element
	for _, e := range d.elements() {
		if !d.movable(e) || led[e.ID] {
			continue
		}
		file := []Element{e}
		for o, ok := d.behind(e); ok && len(file) < 4; o, ok = d.behind(o) {
			file = append(file, o)
		}
		if len(file) > 1 {
			out = append(out, file)
		}
	}
	return out
}

// fzBends are the turns a column's path makes at a waypoint.
var fzBends = []int{1024, -1024, 512, -512, 256, -256, 2048, 128, 0}

// columnPath is a column following its leader's path (D40): ahead, then
// a bend (onto a road when one is in reach), then on; or, when no column
// stands, a group given a path (refused unless it is one).
func (d *fzDecoder) columnPath() Action {
	cols := d.columns()
	b := d.in.byte()
	if len(cols) == 0 || b >= 240 {
		ids := d.groupIDs()
		id := ids[0]
		a := Action{Kind: ActGroup, IDs: ids, To: d.pose(id)}
		if e, ok := d.el(id); ok && e.OnTable() {
			a.Via = d.waypoints(e, fzPoint(a.To.X, a.To.Y))
		}
		return a
	}
	file := cols[int(b)%len(cols)]
	if n := 2 + int(d.in.byte())%3; n < len(file) {
		file = file[:n]
	}
	lead := file[0]
	var ids []int
	for _, e := range file {
		ids = append(ids, e.ID)
	}
	pts := []geom.Point{lead.Base.Front}
	step := func(dir geom.Angle, l int) {
		pts = append(pts, pts[len(pts)-1].Add(geom.Offset(dir, geom.Paces(l))))
	}
	facing := lead.Base.Facing
	switch d.in.byte() % 4 {
	case 3: // a bend, then straight onto an enemy's front: the leader must end conformed
		o, ok := d.el(d.pick(func(o Element) bool {
			return d.enemy(o) && geom.Dist(lead.Base.Poly(), o.Base.Poly()) <= geom.Paces(300)
		}))
		if !ok || !o.OnTable() {
			o = lead
		}
		conf := geom.Against(o.Base, geom.Front, lead.Base.Width, lead.Base.Depth)
		pts = append(pts, conf.Forward(-geom.Paces(20+int(d.in.byte()%6)*20)).Front, conf.Front)
	case 0: // onto a road: where the leader's line meets it, then along it
		// The road nearest the leader, or now and then another.
		r, hit := fzRoads[0], geom.Point{}
		for i, rd := range fzRoads {
			h := fzMeet(pts[0], facing, fzPoint(rd[0][0], rd[0][1]), fzPoint(rd[1][0], rd[1][1]))
			if i == 0 || geom.Len(h.Sub(pts[0])) < geom.Len(hit.Sub(pts[0])) {
				r, hit = rd, h
			}
		}
		if b := d.in.byte(); b >= 224 {
			r = fzRoads[int(b)%len(fzRoads)]
			hit = fzMeet(pts[0], facing, fzPoint(r[0][0], r[0][1]), fzPoint(r[1][0], r[1][1]))
		}
		a, c := fzPoint(r[0][0], r[0][1]), fzPoint(r[1][0], r[1][1])
		pts = append(pts, hit)
		dir := geom.Bearing(c.Sub(a))
		if d.in.byte()%2 == 0 {
			dir += geom.South
		}
		step(dir, 20+int(d.in.byte()%8)*15)
	default: // ahead, a bend, on (and now and then another bend)
		step(facing, int(d.in.byte()%100))
		dir := facing + geom.Angle(fzBends[int(d.in.byte())%len(fzBends)])
		step(dir, 20+int(d.in.byte()%8)*15)
		if d.in.byte()%3 == 0 {
			dir += geom.Angle(fzBends[int(d.in.byte())%len(fzBends)])
			step(dir, 20+int(d.in.byte()%8)*15)
		}
	}
	// Poses facing along the leg that arrives at each, in whole paces;
	// now and then one faces the wrong way (refused, group.leg_facing).
	var poses []Pose
	prev := pts[0]
	for _, p := range pts[1:] {
		x, y := fzPaces(p)
		q := fzPoint(x, y)
		f := int(geom.Bearing(q.Sub(prev)))
		if d.in.byte()%32 == 31 {
			f += 300
		}
		poses = append(poses, Pose{X: x, Y: y, Facing: f & int(geom.Turn-1)})
		prev = q
	}
	a := Action{Kind: ActGroup, IDs: ids, To: &poses[len(poses)-1], Pay: d.pay()}
	if len(poses) > 1 {
		a.Via = poses[:len(poses)-1]
	}
	return a
}

// fzMeet is where the line from p along dir meets the segment a–c, or
// the point of the segment nearest p when it does not.
func fzMeet(p geom.Point, dir geom.Angle, a, c geom.Point) geom.Point {
	u := geom.Offset(dir, geom.One)
	v := c.Sub(a)
	den := int64(u.X)*int64(v.Y) - int64(u.Y)*int64(v.X)
	w := a.Sub(p)
	if den != 0 {
		// p + t·u = a + s·v; s is the fraction of the segment, scaled.
		s := geom.DivRound((int64(u.Y)*int64(w.X)-int64(u.X)*int64(w.Y))*geom.One, den)
		t := geom.DivRound((int64(v.Y)*int64(w.X)-int64(v.X)*int64(w.Y))*geom.One, den)
		if s >= 0 && s <= geom.One && t > 0 {
			return a.Add(geom.Point{X: geom.Sub(geom.DivRound(int64(v.X)*s, geom.One)), Y: geom.Sub(geom.DivRound(int64(v.Y)*s, geom.One))})
		}
	}
	l2 := int64(v.X)*int64(v.X) + int64(v.Y)*int64(v.Y)
	s := min(max((-int64(w.X)*int64(v.X)-int64(w.Y)*int64(v.Y))*geom.One/max(l2, 1), 0), geom.One)
	return a.Add(geom.Point{X: geom.Sub(geom.DivRound(int64(v.X)*s, geom.One)), Y: geom.Sub(geom.DivRound(int64(v.Y)*s, geom.One))})
}
