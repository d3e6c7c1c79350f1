package thirdage

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Attribute indexes the seven attributes.
type Attribute int

const (
	STR Attribute = iota
	CON
	SIZ
	INT
	POW
	DEX
	CHA
	NumAttributes
)

// AttributeNames are the attributes' names, as the sheets spell them.
var AttributeNames = [NumAttributes]string{"STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"}

// Attributes are the seven attributes, in AttributeNames' order.
type Attributes [NumAttributes]int

// Races are the peoples a sheet may be of, with what each adds to the
// 3D6 a hero rolls for each attribute (TA7). Wraiths and Maiar are the
// Nazgûl and the Istari: spirits of great power in a body.
var Races = []struct {
	Name string
	Mod  Attributes // STR CON SIZ INT POW DEX CHA
}{
	{"Men", Attributes{0, 0, 0, 0, 0, 0, 0}},
	{"Dúnedain", Attributes{2, 3, 2, 1, 1, 0, 2}},
	{"Elves", Attributes{0, 2, 0, 3, 4, 4, 3}},
	{"Dwarves", Attributes{4, 6, -4, 0, 0, -1, -1}},
	{"Hobbits", Attributes{-6, 2, -8, 0, 2, 3, 0}},
	{"Orcs/Uruks", Attributes{2, 3, 0, -2, -2, 0, -4}},
	{"Wraiths/Maiar", Attributes{4, 6, 2, 6, 12, 2, 4}},
}

// RaceModifiers is a race's modifiers (false if the race is unknown).
func RaceModifiers(race string) (Attributes, bool) {
	for _, r := range Races {
		if r.Name == race {
			return r.Mod, true
		}
	}
	return Attributes{}, false
}

// Backgrounds are the ten Third Age backgrounds.
var Backgrounds = []string{"Heavy Cavalry", "Light Cavalry", "Heavy Infantry", "Medium Infantry",
	"Light Infantry", "Ranger", "Woodsman", "Miner", "Burglar", "Mage"}

// The Hero Magic a duel uses. Shield, Speed and Blur are known at 1–4
// points and cost their points; Berserkergang costs 2; Sure Blow and
// Powerful Blow cost 1 each time they are used.
const (
	SureBlow      = "Sure Blow"
	PowerfulBlow  = "Powerful Blow"
	ShieldSpell   = "Shield"
	Speed         = "Speed"
	Blur          = "Blur"
	Berserkergang = "Berserkergang"
)

// Spells are the Hero Magic a sheet may know: the most points it may be
// known at, and whether it lasts the duel (cast at its start).
var Spells = []struct {
	Name      string
	MaxPoints int
	Duration  bool
}{
	{SureBlow, 1, false}, {PowerfulBlow, 1, false},
	{ShieldSpell, 4, true}, {Speed, 4, true}, {Blur, 4, true}, {Berserkergang, 2, true},
}

func spellInfo(name string) (maxPoints int, duration, ok bool) {
	for _, s := range Spells {
		if s.Name == name {
			return s.MaxPoints, s.Duration, true
		}
	}
	return 0, false, false
}

// Sheet is a hero's sheet (docs/formats.md "Hero sheets"). Only what is
// chosen is stored; everything else is derived (Derive).
type Sheet struct {
	ID         string      `json:"id"`
	Name       string      `json:"name"`
	Race       string      `json:"race"`
	Background string      `json:"background"`
	Attributes AttrMap     `json:"attributes"` // before race modifiers, 3–18
	Weapons    []WeaponUse `json:"weapons"`
	Armour     []string    `json:"armour,omitempty"` // pieces of the kit
	Shield     string      `json:"shield,omitempty"` // "light shield", "heavy shield" or none
	Magic      []Spell     `json:"magic,omitempty"`
	Mount      *Mount      `json:"mount,omitempty"`
	Tactics    Tactics     `json:"tactics"`
	Note       string      `json:"note"`
}

// AttrMap is the attributes as a sheet writes them: {"STR": 16, ...}.
type AttrMap map[string]int

// WeaponUse is a weapon a hero carries: its kind (of Weapons), its own
// name, and the hero's attack and parry skill with it (D20 scale, 1–30).
type WeaponUse struct {
	Kind   string `json:"kind"`
	Name   string `json:"name,omitempty"`
	Attack int    `json:"attack"`
	Parry  int    `json:"parry"`
}

// Label is the weapon's own name, or its kind.
func (w WeaponUse) Label() string {
	if w.Name != "" {
		return w.Name
	}
	return w.Kind
}

// Spell is Hero Magic known, at points.
type Spell struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
}

// Mount is a beast a hero fights from (the Witch-King's fell beast): the
// blows to the hero's legs strike it while it lives (TA12).
type Mount struct {
	Name      string `json:"name"`
	HitPoints int    `json:"hit_points"`
	Armour    int    `json:"armour"`
}

// Tactics is how the hero fights a duel, with no player to choose: the
// weapon (its label; the first weapon if empty), the duration spells it
// casts at the start, in order, and whether it uses Sure Blow and
// Powerful Blow when they would help.
type Tactics struct {
	Weapon       string   `json:"weapon,omitempty"`
	Cast         []string `json:"cast,omitempty"`
	SureBlow     bool     `json:"sure_blow,omitempty"`
	PowerfulBlow bool     `json:"powerful_blow,omitempty"`
}

// Knows is the points at which the sheet knows a spell (0 if not).
func (s *Sheet) Knows(spell string) int {
	for _, m := range s.Magic {
		if m.Name == spell {
			return m.Points
		}
	}
	return 0
}

// DuelWeapon is the weapon the hero fights a duel with.
func (s *Sheet) DuelWeapon() WeaponUse {
	for _, w := range s.Weapons {
		if w.Label() == s.Tactics.Weapon {
			return w
		}
	}
	if len(s.Weapons) == 0 {
		return WeaponUse{}
	}
	return s.Weapons[0]
}

// Derived is everything a sheet's rules give it.
type Derived struct {
	Attributes  Attributes        `json:"-"`
	Final       AttrMap           `json:"attributes"` // after race modifiers
	HitPoints   int               `json:"hit_points"`
	Locations   [NumLocations]int `json:"-"`
	Armour      [NumLocations]int `json:"-"`
	LocationRow []LocationRow     `json:"locations"`
	DamageBonus string            `json:"damage_bonus"`
	Bonus       Dice              `json:"-"`
	Defence     int               `json:"defence"`
	SIZSR       int               `json:"siz_sr"`
	DEXSR       int               `json:"dex_sr"`
	Weapons     []DerivedWeapon   `json:"weapons"`
	ShieldParry int               `json:"shield_points,omitempty"`
	POW         int               `json:"pow"`
	Magic       map[string]int    `json:"-"`
}

// LocationRow is one line of the location table: armour and hit points.
type LocationRow struct {
	Location  string `json:"location"`
	D20       string `json:"d20"`
	Armour    int    `json:"armour"`
	HitPoints int    `json:"hit_points"`
}

// DerivedWeapon is a weapon with what the rules make of it.
type DerivedWeapon struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Attack   int    `json:"attack"`
	Parry    int    `json:"parry"`
	Damage   string `json:"damage"` // with the damage bonus
	SR       int    `json:"sr"`     // SIZ SR + DEX SR + the weapon's
	TwoHands bool   `json:"two_handed,omitempty"`
}

var locationD20 = [NumLocations]string{"1–4", "5–8", "9–11", "12", "13–15", "16–18", "19–20"}

// Final is the attributes after the race's modifiers.
func (s *Sheet) Final() Attributes {
	mod, _ := RaceModifiers(s.Race)
	var a Attributes
	for i, n := range AttributeNames {
		a[i] = s.Attributes[n] + mod[i]
	}
	return a
}

// derived caches each sheet's derived abilities for the duel, which asks
// for them thousands of times a second when counting odds: sheets are
// never changed once read.
var derived sync.Map // *Sheet → *Derived

// derivedOf is s.Derive(), computed once; the caller must not change it.
func derivedOf(s *Sheet) *Derived {
	if d, ok := derived.Load(s); ok {
		return d.(*Derived)
	}
	d := s.Derive()
	v, _ := derived.LoadOrStore(s, &d)
	return v.(*Derived)
}

// Derive computes the sheet's derived abilities.
func (s *Sheet) Derive() Derived {
	a := s.Final()
	d := Derived{Attributes: a, Final: AttrMap{}, Magic: map[string]int{}}
	for i, n := range AttributeNames {
		d.Final[n] = a[i]
	}
	d.HitPoints = HitPoints(a[CON], a[SIZ])
	d.Locations = LocationPoints(d.HitPoints)
	d.Armour = ArmourByLocation(s.Armour)
	for l := range NumLocations {
		d.LocationRow = append(d.LocationRow, LocationRow{l.String(), locationD20[l], d.Armour[l], d.Locations[l]})
	}
	d.Bonus = DamageBonus(a[STR] + a[SIZ])
	d.DamageBonus = d.Bonus.String()
	d.Defence = DefenceOf(a[DEX], a[INT])
	d.SIZSR, d.DEXSR = SIZSR(a[SIZ]), DEXSR(a[DEX])
	for _, w := range s.Weapons {
		k, _ := WeaponNamed(w.Kind)
		dmg := k.Damage.String()
		if d.Bonus.N > 0 {
			sign := "+"
			if d.Bonus.Neg {
				sign = "−"
			}
			dmg += sign + Dice{d.Bonus.N, d.Bonus.Sides, false}.String()
		}
		d.Weapons = append(d.Weapons, DerivedWeapon{w.Label(), w.Kind, w.Attack, w.Parry, dmg,
			d.SIZSR + d.DEXSR + k.SR(), k.TwoHands})
	}
	d.ShieldParry, _ = ShieldPoints(s.Shield)
	d.POW = a[POW]
	for _, m := range s.Magic {
		d.Magic[m.Name] = m.Points
	}
	return d
}

// problems returns every problem with the sheet, each naming the field. A
// function, not a method: an exported method of a type that reaches an
// interface stays in the browser's module whether called or not.
func problems(s *Sheet) []string {
	var ps []string
	add := func(format string, a ...any) { ps = append(ps, fmt.Sprintf(format, a...)) }
	if err := checkID(s.ID); err != nil {
		add("id: %v", err)
	}
	if strings.TrimSpace(s.Name) == "" {
		add("name: missing")
	}
	if _, ok := RaceModifiers(s.Race); !ok {
		add("race: %q is not one of %s", s.Race, raceNames())
	}
	if !slices.Contains(Backgrounds, s.Background) {
		add("background: %q is not one of %s", s.Background, strings.Join(Backgrounds, ", "))
	}
	for n := range s.Attributes {
		if !slices.Contains(AttributeNames[:], n) {
			add("attributes: unknown attribute %q (the attributes are %s)", n, strings.Join(AttributeNames[:], " "))
		}
	}
	final := s.Final()
	for i, n := range AttributeNames {
		v, ok := s.Attributes[n]
		switch {
		case !ok:
			add("attributes: %s is missing", n)
		case v < 3 || v > 18:
			add("attributes: %s %d is not a 3D6 roll (3–18)", n, v)
		case final[i] < 3 || final[i] > 40:
			add("attributes: %s %d with the %s modifier is %d, not 3–40", n, v, s.Race, final[i])
		}
	}
	if len(s.Weapons) == 0 {
		add("weapons: a hero carries at least one weapon")
	}
	var labels []string
	for i, w := range s.Weapons {
		if _, ok := WeaponNamed(w.Kind); !ok {
			add("weapons[%d]: unknown kind %q (the kinds are %s)", i, w.Kind, weaponNames())
		}
		if w.Attack < 1 || w.Attack > 30 || w.Parry < 1 || w.Parry > 30 {
			add("weapons[%d] %s: attack %d and parry %d must be 1–30", i, w.Label(), w.Attack, w.Parry)
		}
		if slices.Contains(labels, w.Label()) {
			add("weapons[%d]: %q is carried twice (give each its own name)", i, w.Label())
		}
		labels = append(labels, w.Label())
	}
	for i, p := range s.Armour {
		if _, ok := PieceNamed(p); !ok {
			add("armour[%d]: unknown piece %q (a helm, or MATERIAL SHAPE: %s × %s)", i, p, materialNames(), shapeNames())
		} else if slices.Index(s.Armour, p) < i {
			add("armour[%d]: %q is worn twice", i, p)
		}
	}
	if _, ok := ShieldPoints(s.Shield); s.Shield != "" && !ok {
		add("shield: unknown shield %q (light shield, heavy shield, or none)", s.Shield)
	}
	for i, m := range s.Magic {
		maxp, _, ok := spellInfo(m.Name)
		if !ok {
			add("magic[%d]: unknown Hero Magic %q", i, m.Name)
		} else if slices.IndexFunc(s.Magic, func(o Spell) bool { return o.Name == m.Name }) < i {
			add("magic[%d]: %s is known twice", i, m.Name)
		} else if m.Points < 1 || m.Points > maxp {
			add("magic[%d] %s: points %d, not 1–%d", i, m.Name, m.Points, maxp)
		}
	}
	if m := s.Mount; m != nil {
		if strings.TrimSpace(m.Name) == "" || m.HitPoints < 1 || m.Armour < 0 {
			add("mount: needs a name, hit points of at least 1 and armour of 0 or more")
		}
	}
	if t := s.Tactics.Weapon; t != "" && !slices.Contains(labels, t) {
		add("tactics.weapon: %q is not one of the hero's weapons", t)
	} else if dw := s.DuelWeapon(); s.Shield != "" {
		if k, ok := WeaponNamed(dw.Kind); ok && k.TwoHands {
			add("shield: the duel weapon %s takes two hands, so the %s could never parry (drop it, or fight with another weapon)", dw.Label(), s.Shield)
		}
	}
	for i, c := range s.Tactics.Cast {
		if _, dur, ok := spellInfo(c); !ok || !dur {
			add("tactics.cast[%d]: %q is not a duration spell (Shield, Speed, Blur, Berserkergang)", i, c)
		} else if s.Knows(c) == 0 {
			add("tactics.cast[%d]: the hero does not know %s", i, c)
		} else if slices.Index(s.Tactics.Cast, c) < i {
			add("tactics.cast[%d]: %s is cast twice", i, c)
		}
	}
	for _, c := range []struct {
		use   bool
		spell string
	}{{s.Tactics.SureBlow, SureBlow}, {s.Tactics.PowerfulBlow, PowerfulBlow}} {
		if c.use && s.Knows(c.spell) == 0 {
			add("tactics: uses %s, which the hero does not know", c.spell)
		}
	}
	if strings.TrimSpace(s.Note) == "" {
		add("note: missing (say why the values are the hero's)")
	}
	return ps
}

// checkID: lower-case letters, digits and dashes.
func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("missing")
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("%q may hold only lower-case letters, digits and dashes", id)
		}
	}
	return nil
}

func raceNames() string {
	var s []string
	for _, r := range Races {
		s = append(s, r.Name)
	}
	return strings.Join(s, ", ")
}

func weaponNames() string {
	var s []string
	for _, w := range Weapons {
		s = append(s, w.Name)
	}
	return strings.Join(s, ", ")
}

func materialNames() string {
	var s []string
	for _, m := range Materials {
		s = append(s, m.Name)
	}
	return strings.Join(s, ", ")
}

func shapeNames() string {
	var s []string
	for _, m := range Shapes {
		s = append(s, m.Name)
	}
	return strings.Join(s, ", ")
}
