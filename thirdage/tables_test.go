package thirdage

import "testing"

// edge is one input of a table and what the table must give for it.
type edge struct{ in, want int }

// Every band edge of every strike-rank table (the values).
func TestStrikeRankTables(t *testing.T) {
	for _, c := range []struct {
		name  string
		f     func(int) int
		edges []edge
	}{
		{"SIZ", SIZSR, []edge{{1, 3}, {6, 3}, {7, 2}, {14, 2}, {15, 1}, {21, 1}, {22, 0}, {40, 0}}},
		{"DEX", DEXSR, []edge{{1, 5}, {5, 5}, {6, 4}, {8, 4}, {9, 3}, {12, 3}, {13, 2}, {15, 2}, {16, 1}, {18, 1}, {19, 0}, {40, 0}}},
		{"length", LengthSR, []edge{{1, 4}, {11, 4}, {12, 3}, {24, 3}, {25, 2}, {36, 2}, {37, 1}, {60, 1}, {61, 0}, {120, 0}}},
	} {
		for _, e := range c.edges {
			if got := c.f(e.in); got != e.want {
				t.Errorf("%s SR(%d) = %d, want %d", c.name, e.in, got, e.want)
			}
		}
	}
}

func TestCriticalAndFumbleTables(t *testing.T) {
	crit := []edge{{1, 0}, {5, 0}, {6, 1}, {10, 1}, {11, 2}, {15, 2}, {16, 3}, {20, 3}, {21, 4}, {25, 4}, {26, 5}, {30, 5}}
	for _, e := range crit {
		if got := CriticalOn(e.in); got != e.want {
			t.Errorf("CriticalOn(%d) = %d, want %d", e.in, got, e.want)
		}
	}
	fumble := []edge{{1, 18}, {2, 18}, {5, 18}, {6, 19}, {10, 19}, {11, 20}, {15, 20}, {16, 0}, {30, 0}}
	for _, e := range fumble {
		if got := FumbleOn(e.in); got != e.want {
			t.Errorf("FumbleOn(%d) = %d, want %d", e.in, got, e.want)
		}
	}
}

// attackRoll reads the tables: a critical hits whatever the target, a
// fumble misses, a roll over the target misses.
func TestAttackRoll(t *testing.T) {
	for _, c := range []struct {
		roll, skill, target int
		crit, fumble, hit   bool
	}{
		{1, 20, -3, true, false, true},   // a critical hits even under Defence
		{3, 20, 17, true, false, true},   // 16–20: 1–3
		{4, 20, 17, false, false, true},  // an ordinary hit
		{17, 20, 17, false, false, true}, // at the target
		{18, 20, 17, false, false, false},
		{20, 16, 16, false, false, false}, // 16+ never fumbles
		{20, 15, 15, false, true, false},
		{19, 10, 10, false, true, false},
		{18, 10, 10, false, false, false},
		{18, 4, 4, false, true, false},
		{5, 5, 5, false, false, true},  // skill 5: no critical
		{1, 40, 36, true, false, true}, // over 30 reads as 30
		{5, 40, 36, true, false, true},
	} {
		crit, fumble, hit := attackRoll(c.roll, c.skill, c.target)
		if crit != c.crit || fumble != c.fumble || hit != c.hit {
			t.Errorf("roll %d skill %d target %d: critical %v fumble %v hit %v, want %v %v %v",
				c.roll, c.skill, c.target, crit, fumble, hit, c.crit, c.fumble, c.hit)
		}
	}
}

func TestHitLocationTable(t *testing.T) {
	want := map[int]Location{1: RightLeg, 4: RightLeg, 5: LeftLeg, 8: LeftLeg, 9: Abdomen, 11: Abdomen,
		12: Chest, 13: RightArm, 15: RightArm, 16: LeftArm, 18: LeftArm, 19: Head, 20: Head}
	for d, l := range want {
		if got := HitLocation(d); got != l {
			t.Errorf("HitLocation(%d) = %v, want %v", d, got, l)
		}
	}
	var count [NumLocations]int
	for d := 1; d <= 20; d++ {
		count[HitLocation(d)]++
	}
	if count != [NumLocations]int{4, 4, 3, 1, 3, 3, 2} {
		t.Errorf("faces per location %v", count)
	}
}

func TestLocationPoints(t *testing.T) {
	// The leg by total: 2/3/4/5/6/7 for 1–6/7–9/10–12/13–15/16–18/19–21,
	// one more each further 3.
	legs := []edge{{1, 2}, {6, 2}, {7, 3}, {9, 3}, {10, 4}, {12, 4}, {13, 5}, {15, 5}, {16, 6}, {18, 6},
		{19, 7}, {21, 7}, {22, 8}, {24, 8}, {25, 9}, {30, 10}}
	for _, e := range legs {
		p := LocationPoints(e.in)
		want := [NumLocations]int{e.want, e.want, e.want, e.want + 1, e.want - 1, e.want - 1, e.want}
		if p != want {
			t.Errorf("LocationPoints(%d) = %v, want %v", e.in, p, want)
		}
	}
}

func TestHitPoints(t *testing.T) {
	for _, c := range []struct{ con, siz, want int }{{10, 10, 10}, {10, 11, 11}, {3, 3, 3}, {18, 17, 18}, {21, 17, 19}} {
		if got := HitPoints(c.con, c.siz); got != c.want {
			t.Errorf("HitPoints(%d, %d) = %d, want %d", c.con, c.siz, got, c.want)
		}
	}
}

func TestDamageBonusTable(t *testing.T) {
	for _, c := range []struct {
		strSiz int
		want   string
	}{
		{1, "−1D4"}, {12, "−1D4"}, {13, "none"}, {24, "none"}, {25, "1D4"}, {32, "1D4"}, {33, "1D6"}, {40, "1D6"},
		{41, "2D6"}, {56, "2D6"}, {57, "3D6"}, {72, "3D6"}, {73, "4D6"},
	} {
		if got := DamageBonus(c.strSiz).String(); got != c.want {
			t.Errorf("DamageBonus(%d) = %s, want %s", c.strSiz, got, c.want)
		}
	}
}

func TestDefence(t *testing.T) {
	for _, c := range []struct{ dex, intel, want int }{{10, 10, 0}, {3, 3, 0}, {12, 11, 0}, {12, 12, 1}, {15, 14, 2}, {16, 17, 3}, {21, 18, 4}, {16, 24, 5}} {
		if got := DefenceOf(c.dex, c.intel); got != c.want {
			t.Errorf("DefenceOf(%d, %d) = %d, want %d", c.dex, c.intel, got, c.want)
		}
	}
}

// The document's weapon table: damage and strike rank.
func TestWeaponTable(t *testing.T) {
	want := map[string]struct {
		damage string
		sr     int
	}{
		"one-handed sword": {"1D8", 2}, "great sword": {"2D6", 1}, "one-handed axe": {"1D8", 2}, "great axe": {"1D12", 1},
		"mace": {"1D8", 2}, "maul": {"1D10", 1}, "spear": {"1D8", 0}, "warhammer": {"1D8", 3}, "dagger": {"1D4", 4},
		"staff": {"1D6", 1}, "flail": {"2D4", 2},
	}
	if len(Weapons) != len(want) {
		t.Errorf("%d weapons, want %d", len(Weapons), len(want))
	}
	for name, w := range want {
		k, ok := WeaponNamed(name)
		if !ok {
			t.Errorf("no weapon %q", name)
			continue
		}
		if k.Damage.String() != w.damage || k.SR() != w.sr {
			t.Errorf("%s: %s SR %d, want %s SR %d", name, k.Damage, k.SR(), w.damage, w.sr)
		}
	}
}

func TestArmourPieces(t *testing.T) {
	for _, c := range []struct {
		name   string
		points int
	}{{"chainmail byrnie", 5}, {"plate greaves", 6}, {"heavy scale hauberk", 4}, {"light scale byrnie", 3},
		{"cuirboilli greaves", 2}, {"leather pants", 1}, {"closed helm", 5}, {"open helm", 3}} {
		p, ok := PieceNamed(c.name)
		if !ok || p.Points != c.points {
			t.Errorf("%s: %v %d, want %d", c.name, ok, p.Points, c.points)
		}
	}
	if _, ok := PieceNamed("mithril shirt"); ok {
		t.Error("an unknown piece was found")
	}
	for _, c := range []struct {
		name   string
		points int
	}{{"light shield", 8}, {"heavy shield", 12}} {
		if p, ok := ShieldPoints(c.name); !ok || p != c.points {
			t.Errorf("%s: %d, want %d", c.name, p, c.points)
		}
	}
}

// The document's worked example: chainmail byrnie and coif, cuirboilli
// greaves, over leather byrnie, pants and hood.
func TestWorkedArmourExample(t *testing.T) {
	kit := []string{"chainmail byrnie", "chainmail coif", "cuirboilli greaves", "leather byrnie", "leather pants", "leather hood"}
	got := ArmourByLocation(kit)
	want := [NumLocations]int{RightLeg: 3, LeftLeg: 3, Abdomen: 7, Chest: 6, RightArm: 6, LeftArm: 6, Head: 6}
	if got != want {
		t.Errorf("armour %v, want %v", got, want)
	}
	// Two metal layers do not add: the better counts; leather alone counts.
	if a := ArmourByLocation([]string{"plate vambraces", "chainmail byrnie"}); a[RightArm] != 6 || a[Chest] != 5 {
		t.Errorf("plate over mail: %v", a)
	}
	if a := ArmourByLocation([]string{"leather byrnie"}); a[Chest] != 1 || a[Head] != 0 {
		t.Errorf("leather alone: %v", a)
	}
}
