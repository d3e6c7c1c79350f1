package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"pelennor/army"
	"pelennor/thirdage"
)

const heroUsage = `Usage:
  hott hero show [--json] NAME
      Print a Third Age hero sheet as a player reads it: attributes,
      derived abilities, the location table (armour and hit points),
      weapons (skill, damage, strike rank), shield, Hero Magic and POW,
      mount, the duel tactics, the army list entries it is the hero of,
      and the note. NAME is a sheet's id or a
      unique case-insensitive prefix of its name. --json: the sheet and
      its derived values as indented JSON (docs/formats.md "Hero sheets").
  hott hero list
      Print every embedded hero sheet: id, name, race and background.`

func runHero(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "show":
			return runHeroShow(args[1:], stdout, stderr)
		case "list":
			return runHeroList(args[1:], stdout, stderr)
		case "-h", "-help", "--help":
			fmt.Fprintln(stdout, heroUsage)
			return exitOK
		}
	}
	fmt.Fprintln(stderr, heroUsage)
	return exitUsage
}

func runHeroList(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "Usage: hott hero list")
		return exitUsage
	}
	all, err := thirdage.All()
	if err != nil {
		return fail(stderr, "hero list", exitError, err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, s := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s, %s\n", s.ID, s.Name, s.Race, s.Background)
	}
	tw.Flush()
	return exitOK
}

func runHeroShow(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("hero show", "[--json] NAME", stderr)
	asJSON := fs.Bool("json", false, "print the sheet and its derived values as JSON")
	pos, status, ok := parseFlags(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 {
		return usageErr(fs, stderr, "want one hero NAME, got %d arguments", len(pos))
	}
	s, err := thirdage.Find(pos[0])
	if err != nil {
		return fail(stderr, "hero show", exitError, err)
	}
	d := s.Derive()
	if *asJSON {
		data, err := json.MarshalIndent(struct {
			Sheet   *thirdage.Sheet  `json:"sheet"`
			Derived thirdage.Derived `json:"derived"`
		}{s, d}, "", " ")
		if err != nil {
			return fail(stderr, "hero show", exitError, err)
		}
		fmt.Fprintf(stdout, "%s\n", data)
		return exitOK
	}
	writeSheet(stdout, s, d)
	return exitOK
}

// writeSheet prints a sheet as a player reads it.
func writeSheet(w io.Writer, s *thirdage.Sheet, d thirdage.Derived) {
	fmt.Fprintf(w, "%s (%s)\n%s, %s\n\n", s.Name, s.ID, s.Race, s.Background)
	mod, _ := thirdage.RaceModifiers(s.Race)
	var attrs []string
	for i, n := range thirdage.AttributeNames {
		a := fmt.Sprintf("%s %d", n, d.Attributes[i])
		if mod[i] != 0 {
			a += strings.Replace(fmt.Sprintf(" (%d%+d)", s.Attributes[n], mod[i]), "-", "−", 1)
		}
		attrs = append(attrs, a)
	}
	fmt.Fprintf(w, "Attributes:  %s\n", strings.Join(attrs, "  "))
	fmt.Fprintf(w, "Derived:     hit points %d, damage bonus %s, Defence %d, strike rank SIZ %d + DEX %d\n\n",
		d.HitPoints, d.DamageBonus, d.Defence, d.SIZSR, d.DEXSR)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Location\tD20\tArmour\tHit points")
	for _, r := range d.LocationRow {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\n", r.Location, r.D20, r.Armour, r.HitPoints)
	}
	fmt.Fprintf(tw, "total\t\t\t%d\n", d.HitPoints)
	tw.Flush()
	if len(s.Armour) > 0 {
		fmt.Fprintf(w, "Armour:      %s\n", strings.Join(s.Armour, ", "))
	} else {
		fmt.Fprintln(w, "Armour:      none")
	}
	fmt.Fprintln(w)

	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Weapon\tKind\tAttack\tParry\tDamage\tSR")
	for _, wp := range d.Weapons {
		kind := wp.Kind
		if wp.TwoHands {
			kind += " (two hands)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%d\n", wp.Name, kind, wp.Attack, wp.Parry, wp.Damage, wp.SR)
	}
	tw.Flush()
	if s.Shield != "" {
		fmt.Fprintf(w, "Shield:      %s (stops %d when parried)\n", s.Shield, d.ShieldParry)
	} else {
		fmt.Fprintln(w, "Shield:      none (no parry)")
	}
	var magic []string
	for _, m := range s.Magic {
		if m.Name == thirdage.SureBlow || m.Name == thirdage.PowerfulBlow {
			magic = append(magic, m.Name)
		} else {
			magic = append(magic, fmt.Sprintf("%s %d", m.Name, m.Points))
		}
	}
	if len(magic) == 0 {
		magic = []string{"none"}
	}
	fmt.Fprintf(w, "Hero Magic:  %s; POW %d\n", strings.Join(magic, ", "), d.POW)
	if m := s.Mount; m != nil {
		fmt.Fprintf(w, "Mount:       %s, %d hit points, armour %d (takes the blows to the legs while it lives)\n", m.Name, m.HitPoints, m.Armour)
	} else {
		fmt.Fprintln(w, "Mount:       none")
	}
	fmt.Fprintf(w, "In a duel:   %s\n", tactics(s))
	if in := listEntries(s.ID); len(in) > 0 {
		fmt.Fprintf(w, "Army lists:  %s\n", strings.Join(in, "; "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s\n", s.Note)
}

// listEntries names the army list entries whose hero the sheet is:
// "rohan: King of the Mark".
func listEntries(id string) []string {
	cat, err := army.Builtin()
	if err != nil {
		return nil
	}
	var in []string
	for _, lid := range cat.IDs() {
		l, _ := cat.List(lid)
		for _, e := range l.Entries {
			if slices.Contains(e.Heroes, id) {
				in = append(in, lid+": "+e.Name)
			}
		}
	}
	return in
}

// tactics says in words how the hero fights a duel.
func tactics(s *thirdage.Sheet) string {
	parts := []string{"fights with " + s.DuelWeapon().Label()}
	if len(s.Tactics.Cast) > 0 {
		parts = append(parts, "casts "+strings.Join(s.Tactics.Cast, ", ")+" at the start")
	}
	for _, c := range []struct {
		use  bool
		what string
	}{{s.Tactics.SureBlow, "Sure Blow on a miss"}, {s.Tactics.PowerfulBlow, "Powerful Blow on a low damage die"}} {
		if c.use {
			parts = append(parts, "uses "+c.what)
		}
	}
	return strings.Join(parts, "; ")
}
