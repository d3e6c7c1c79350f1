package thirdage

import (
	"errors"
	"fmt"
	"strings"
)

// fighter is one side of a duel as it goes: its sheet's derived values,
// its wounds so far and the spells it cast.
type fighter struct {
	Fighter
	d        *Derived // shared, read-only (derivedOf)
	use      WeaponUse
	weapon   Weapon
	shield   int // Shield spell points
	speed    int
	blur     int
	berserk  bool
	castCost int // POW spent casting at the start
	cast     []string
	cond     Condition // conditionOf its wounds, kept as they change (wound)
}

func (f *fighter) powLeft() int { return f.d.POW - f.Wounds.POWSpent }

func (f *fighter) condition() Condition { return f.cond }

// disabled reports whether a location has no points left.
func (f *fighter) disabled(l Location) bool { return f.Wounds.Loc[l] >= f.d.Locations[l] }

// oneArmed: the weapon is wielded in one hand only, at half skill — the
// weapon arm is useless (the weapon goes to the other hand, TA11), or a
// two-handed weapon has lost either arm.
func (f *fighter) oneArmed() bool {
	return f.disabled(RightArm) || f.weapon.TwoHands && f.disabled(LeftArm)
}

// canParry: a shield held in a working arm, a one-handed weapon wielded
// in the other, and no Berserkergang (TA10).
func (f *fighter) canParry() bool {
	return f.Sheet.Shield != "" && !f.berserk && !f.weapon.TwoHands && !f.disabled(LeftArm) && !f.disabled(RightArm)
}

// attackSkill is the duel weapon's attack with Berserkergang and the
// half for a single arm.
func (f *fighter) attackSkill() int {
	s := f.use.Attack
	if f.berserk {
		s += 2
	}
	if f.oneArmed() {
		s /= 2
	}
	return s
}

// defence is what the hero's Defence takes from an attack on it: nothing
// without armour (NoArmour), berserk, or fallen (a leg disabled, TA9).
func (f *fighter) defence() int {
	if f.NoArmour || f.berserk || f.disabled(RightLeg) || f.disabled(LeftLeg) {
		return 0
	}
	return f.d.Defence + 2*f.blur
}

// armour on a location (the Shield spell's points on every one).
func (f *fighter) armour(l Location) int {
	if f.NoArmour {
		return 0
	}
	return f.d.Armour[l] + f.shield
}

// mountAlive: the mount has not had its hit points exceeded.
func (f *fighter) mountAlive() bool {
	return f.Sheet.Mount != nil && f.Wounds.MountHP <= f.Sheet.Mount.HitPoints
}

// strikeRank for round r (1-based): SIZ SR + DEX SR + weapon SR, less
// Speed, plus the POW spent casting less one in the first round (TA13).
func (f *fighter) strikeRank(r int) int {
	sr := f.d.SIZSR + f.d.DEXSR + f.weapon.SR() - f.speed
	if r == 1 && f.castCost > 0 {
		sr += f.castCost - 1
	}
	return max(0, sr)
}

// castAtStart casts the tactics' duration spells in order while POW
// lasts: Shield, Speed and Blur at their known points or the POW left if
// less, Berserkergang only with its 2 POW (TA14).
func (f *fighter) castAtStart() {
	for _, name := range f.Sheet.Tactics.Cast {
		pts := f.Sheet.Knows(name)
		left := f.powLeft()
		if pts == 0 || left <= 0 {
			continue
		}
		cost := min(pts, left)
		if name == Berserkergang {
			if left < 2 || f.berserk {
				continue
			}
			cost = 2
			f.berserk = true
		} else {
			switch name {
			case ShieldSpell:
				f.shield += cost
			case Speed:
				f.speed += cost
			case Blur:
				f.blur += cost
			}
		}
		f.Wounds.POWSpent += cost
		f.castCost += cost
		f.cast = append(f.cast, fmt.Sprintf("%s %d", name, cost))
	}
}

// may reports whether the hero uses a re-roll spell now.
func (f *fighter) may(spell string, wants bool) bool {
	return wants && f.Sheet.Knows(spell) > 0 && f.powLeft() >= 1
}

// newFighter sets up one side of a duel: the sheet's derived values, its
// duel weapon, its condition from the wounds it comes with.
func newFighter(f Fighter) (*fighter, error) {
	s := f.Sheet
	if s == nil {
		return nil, ErrNoSheet
	}
	use := s.DuelWeapon()
	k, ok := WeaponNamed(use.Kind)
	if !ok {
		return nil, fmt.Errorf("thirdage: %s: unknown weapon %q", s.ID, use.Kind)
	}
	x := &fighter{Fighter: f, d: derivedOf(s), use: use, weapon: k}
	x.cond = conditionOf(x.d, &x.Wounds)
	return x, nil
}

// ErrNoSheet is returned for a fighter without a sheet.
var ErrNoSheet = errors.New("thirdage: a duel fighter has no sheet")

// Duel fights a duel of at most rounds melee rounds, fighter 0 the
// moving side's, drawing every die from r in the documented order (the
// package doc; docs/formats.md "Hero sheets").
func Duel(f [2]Fighter, rounds int, r Roller) (Outcome, error) {
	if r == nil {
		return Outcome{}, errors.New("thirdage: a duel needs a Roller")
	}
	var fs [2]*fighter
	for i := range f {
		var err error
		if fs[i], err = newFighter(f[i]); err != nil {
			return Outcome{}, err
		}
	}
	var out Outcome
	d := &dueller{r: r, fs: fs, out: &out}
	// A hero already out fights no more; a duel of no rounds casts nothing.
	if rounds > 0 && fs[0].condition() == Fighting && fs[1].condition() == Fighting {
		for _, x := range fs {
			x.castAtStart()
		}
		for rn := 1; rn <= rounds && !d.over(); rn++ {
			if err := d.round(rn); err != nil {
				return Outcome{}, err
			}
		}
	}
	for i, x := range fs {
		out.Wounds[i] = x.Wounds
		out.Condition[i] = x.condition()
		out.Cast[i] = x.cast
		out.MountKilled[i] = x.Sheet.Mount != nil && f[i].Wounds.MountHP <= x.Sheet.Mount.HitPoints && !x.mountAlive()
	}
	return out, nil
}

type dueller struct {
	r       Roller
	fs      [2]*fighter
	out     *Outcome
	striker int // the fighter whose blow is being struck
}

func (d *dueller) over() bool {
	return d.fs[0].condition() != Fighting || d.fs[1].condition() != Fighting
}

// die draws one die and checks it.
func (d *dueller) die(sides int, p Purpose) (int, error) {
	who := d.striker
	if p == PurposeParry {
		who = 1 - who
	}
	v, err := d.r.Die(sides, p, who)
	if err != nil {
		return 0, err
	}
	if v < 1 || v > sides {
		return 0, fmt.Errorf("thirdage: a D%d for %v rolled %d", sides, p, v)
	}
	return v, nil
}

// round fights round rn: strike-rank order, one blow each, fumbles'
// free blows at once.
func (d *dueller) round(rn int) error {
	var rd Round
	for i, x := range d.fs {
		rd.SR[i] = x.strikeRank(rn)
	}
	order := [2]int{0, 1}
	a, b := d.fs[0], d.fs[1]
	if rd.SR[1] < rd.SR[0] || rd.SR[1] == rd.SR[0] && b.d.Attributes[DEX] > a.d.Attributes[DEX] {
		order = [2]int{1, 0}
	}
	for _, at := range order {
		if d.over() {
			break
		}
		bl, err := d.blow(at, false, rd.SR[at])
		if err != nil {
			return err
		}
		rd.Blows = append(rd.Blows, bl)
		if bl.Fumble && !d.over() {
			free, err := d.blow(1-at, true, rd.SR[at])
			if err != nil {
				return err
			}
			rd.Blows = append(rd.Blows, free)
		}
	}
	d.out.Rounds = append(d.out.Rounds, rd)
	return nil
}

// attackRoll reads an attack D20 against skill and target.
func attackRoll(v, skill, target int) (crit, fumble, hit bool) {
	skill = min(skill, 30)
	crit = v <= CriticalOn(skill)
	fumble = !crit && FumbleOn(skill) > 0 && v >= FumbleOn(skill)
	hit = crit || !fumble && v <= target
	return
}

// blow is one strike of fighter at against the other, drawing its dice
// in the documented order.
func (d *dueller) blow(at int, free bool, sr int) (Blow, error) {
	x, y := d.fs[at], d.fs[1-at]
	d.striker = at
	skill := x.attackSkill()
	bl := Blow{Attacker: at, Free: free, SR: sr, Weapon: x.use.Label(), Target: skill - y.defence()}
	v, err := d.die(20, PurposeAttack)
	if err != nil {
		return bl, err
	}
	bl.Attack = v
	bl.Critical, bl.Fumble, bl.Hit = attackRoll(v, skill, bl.Target)
	if !bl.Hit && x.may(SureBlow, x.Sheet.Tactics.SureBlow) {
		x.Wounds.POWSpent++
		bl.MagicUsed = append(bl.MagicUsed, SureBlow)
		bl.FirstAttack = v
		if v, err = d.die(20, PurposeAttack); err != nil {
			return bl, err
		}
		bl.Attack = v
		bl.Critical, bl.Fumble, bl.Hit = attackRoll(v, skill, bl.Target)
	}
	if !bl.Hit {
		bl.Condition = y.condition()
		return bl, nil
	}
	shield := 0
	if !bl.Critical && y.canParry() {
		if bl.Parry, err = d.die(20, PurposeParry); err != nil {
			return bl, err
		}
		if bl.Parry <= y.use.Parry {
			bl.Parried = true
			shield = y.d.ShieldParry
		}
	}
	lv, err := d.die(20, PurposeLocation)
	if err != nil {
		return bl, err
	}
	bl.Location = HitLocation(lv)
	bl.Mount = (bl.Location == RightLeg || bl.Location == LeftLeg) && y.mountAlive()
	if bl.Damage, err = d.damage(x, &bl); err != nil {
		return bl, err
	}
	armour := 0
	switch {
	case bl.Critical:
	case bl.Mount:
		armour = y.Sheet.Mount.Armour
	default:
		armour = y.armour(bl.Location)
	}
	bl.Armour = min(bl.Damage, shield+armour)
	bl.Taken = bl.Damage - bl.Armour
	if bl.Mount {
		bl.Effect = d.woundMount(1-at, bl.Taken)
	} else {
		bl.Taken, bl.Effect = d.wound(1-at, bl.Location, bl.Taken)
	}
	bl.Condition = y.condition()
	return bl, nil
}

// damage rolls the weapon's dice (each followed by its Powerful Blow
// re-roll, the first below half, once a blow) and the damage bonus.
func (d *dueller) damage(x *fighter, bl *Blow) (int, error) {
	total := 0
	powerful := false
	for range x.weapon.Damage.N {
		v, err := d.die(x.weapon.Damage.Sides, PurposeDamage)
		if err != nil {
			return 0, err
		}
		if !powerful && 2*v < x.weapon.Damage.Sides && x.may(PowerfulBlow, x.Sheet.Tactics.PowerfulBlow) {
			powerful = true
			x.Wounds.POWSpent++
			bl.MagicUsed = append(bl.MagicUsed, PowerfulBlow)
			if v, err = d.die(x.weapon.Damage.Sides, PurposeDamage); err != nil {
				return 0, err
			}
		}
		total += v
	}
	b := x.d.Bonus
	for range b.N {
		v, err := d.die(b.Sides, PurposeBonus)
		if err != nil {
			return 0, err
		}
		if b.Neg {
			v = -v
		}
		total += v
	}
	if x.berserk {
		total += 2
	}
	return max(0, total), nil
}

// woundMount puts damage on defender i's mount.
func (d *dueller) woundMount(i, taken int) string {
	y := d.fs[i]
	if taken == 0 {
		return ""
	}
	y.Wounds.MountHP += taken
	if !y.mountAlive() {
		return y.Sheet.Mount.Name + " killed"
	}
	return ""
}

// wound puts damage on defender i's location l: a limb counts at most
// twice its points from one blow (TA15). It returns what counted and the
// wound's effect in words.
func (d *dueller) wound(i int, l Location, taken int) (int, string) {
	y := d.fs[i]
	h := y.d.Locations[l]
	if l.Limb() {
		taken = min(taken, 2*h)
	}
	if taken == 0 {
		return 0, ""
	}
	before := y.Wounds
	y.Wounds.Loc[l] += taken
	y.Wounds.Total += taken
	y.cond = conditionOf(y.d, &y.Wounds)
	d.out.Taken[i] += taken
	return taken, strings.Join(effects(y.d, &before, &y.Wounds, l), "; ")
}

// woundEffect is one row of the wound table: at this much damage on a
// kind of location (its points h, the damage in all), what befalls.
type woundEffect struct {
	where  func(Location) bool
	at     func(h int) int // damage at which it befalls
	effect func(Location) string
	cond   Condition
}

func isLeg(l Location) bool  { return l == RightLeg || l == LeftLeg }
func isArm(l Location) bool  { return l == RightArm || l == LeftArm }
func isBody(l Location) bool { return l == Abdomen || l == Chest }
func isHead(l Location) bool { return l == Head }
func points(h int) int       { return h }
func twice(h int) int        { return 2 * h }
func sixMore(h int) int      { return h + 6 }
func say(s string) func(Location) string {
	return func(Location) string { return s }
}
func armUseless(l Location) string {
	if l == RightArm {
		return "weapon arm useless: the weapon goes to the other hand"
	}
	return "shield arm useless: the shield is dropped"
}

// woundTable is the wound effects of the issue: disabled at 0 points or
// below, a limb twice gone incapacitates, 6 more than its points severs
// a limb or kills through the head, chest or abdomen (TA15, TA16). Rows
// are in rising order of gravity for each kind.
var woundTable = []woundEffect{
	{isLeg, points, say("falls"), Fighting},
	{isArm, points, armUseless, Fighting},
	{Location.Limb, twice, say("limb maimed: incapacitated"), Incapacitated},
	{Location.Limb, sixMore, say("limb severed: incapacitated"), Incapacitated},
	{isBody, points, say("falls and bleeds: incapacitated"), Incapacitated},
	{isHead, points, say("unconscious"), Unconscious},
	{isBody, sixMore, say("killed"), Dead},
	{isHead, sixMore, say("killed"), Dead},
}

// ConditionOf is a hero's condition from its wounds: the worst of every
// location's wound effects, both arms useless (no weapon can be held:
// incapacitated), and total hit points exceeded (dead).
func ConditionOf(d Derived, w Wounds) Condition { return conditionOf(&d, &w) }

func conditionOf(d *Derived, w *Wounds) Condition {
	c := Fighting
	for l := range NumLocations {
		for _, e := range woundTable {
			if e.where(l) && w.Loc[l] >= e.at(d.Locations[l]) {
				c = max(c, e.cond)
			}
		}
	}
	if w.Loc[RightArm] >= d.Locations[RightArm] && w.Loc[LeftArm] >= d.Locations[LeftArm] {
		c = max(c, Incapacitated)
	}
	if w.Total > d.HitPoints {
		c = Dead
	}
	return c
}

// Effects names what a blow to l newly did, from the wounds before it
// to the wounds after.
func Effects(d Derived, before, after Wounds, l Location) []string {
	return effects(&d, &before, &after, l)
}

func effects(d *Derived, before, after *Wounds, l Location) []string {
	var e []string
	h := d.Locations[l]
	for _, row := range woundTable {
		if row.where(l) && after.Loc[l] >= row.at(h) && before.Loc[l] < row.at(h) {
			e = append(e, row.effect(l))
		}
	}
	other := RightArm
	if l == RightArm {
		other = LeftArm
	}
	if isArm(l) && before.Loc[l] < h && after.Loc[l] >= h && after.Loc[other] >= d.Locations[other] {
		e = append(e, "both arms useless: incapacitated")
	}
	if after.Total > d.HitPoints && before.Total <= d.HitPoints {
		e = append(e, "hit points exceeded: dead")
	}
	return e
}

var conditionNames = []string{"fighting", "incapacitated", "unconscious", "dead"}

func (c Condition) String() string {
	if c < 0 || int(c) >= len(conditionNames) {
		return fmt.Sprintf("Condition(%d)", int(c))
	}
	return conditionNames[c]
}

var purposeNames = []string{"", "attack", "parry", "location", "damage", "bonus"}

func (p Purpose) String() string {
	if p < 1 || int(p) >= len(purposeNames) {
		return fmt.Sprintf("Purpose(%d)", int(p))
	}
	return purposeNames[p]
}
