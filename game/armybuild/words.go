package armybuild

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pelennor/army"
	"pelennor/engine/rules"
)

// Words are army.Validate's problems as a player reads them: each names
// the element, entry or stronghold by its name rather than by its place
// in the file, and the cap says what it counts.
func (b *Builder) Words() []string {
	var out []string
	for _, p := range b.rep.Problems {
		out = append(out, b.word(p))
	}
	return out
}

// whereRE reads the places army's messages name: elements[3] "Name",
// entries[1] "Name", stronghold "Name".
var whereRE = regexp.MustCompile(`^(elements|entries)\[(\d+)\](?: "(.*)")?$|^stronghold "(.*)"$`)

// place names a problem's place for a player.
func (b *Builder) place(where string) string {
	m := whereRE.FindStringSubmatch(where)
	switch {
	case m == nil:
		return where
	case m[4] != "":
		return "The stronghold " + m[4]
	case m[3] != "":
		return m[3]
	}
	i, _ := strconv.Atoi(m[2])
	if m[1] == "elements" {
		if i < len(b.a.Elements) {
			return b.DisplayName(i)
		}
		return fmt.Sprintf("Element %d", i+1)
	}
	return fmt.Sprintf("Entry %d", i+1)
}

func (b *Builder) word(p army.Problem) string {
	msg := p.Msg
	if p.Rule == "cap" {
		t := b.rep.Tally
		msg = fmt.Sprintf("%d AP are on elements of %d AP or more: at most %d may be (half of %d). Take fewer of them, or cheaper types.",
			t.High, army.HighCost, t.Cap, t.Budget)
	}
	if p.Rule == "ap" && b.rep.AP < b.rep.Budget {
		msg += fmt.Sprintf(": add %d AP", b.rep.Budget-b.rep.AP)
	} else if p.Rule == "ap" && b.rep.AP > b.rep.Budget {
		msg += fmt.Sprintf(": take away %d AP", b.rep.AP-b.rep.Budget)
	}
	if p.Where == "" {
		return upper(msg)
	}
	return b.place(p.Where) + ": " + msg
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// DisplayName is element i's name: its own, else its option's.
func (b *Builder) DisplayName(i int) string {
	if n := b.a.Elements[i].Name; n != "" {
		return n
	}
	return b.OptionOf(i).Name
}

// Cost is the AP of element i, from the element table (A2).
func (b *Builder) Cost(i int) int { return typeCost(b.TypeOf(i)) }

func typeCost(name string) int {
	t, ok := rules.ParseType(name)
	if !ok {
		return 0
	}
	return t.Info().AP
}

// OptionCost is the AP of an option's type.
func OptionCost(o army.Option) int { return typeCost(o.Type) }

// Status is the builder's running totals as the screen shows them: each
// line's text and whether it is met (Validate found no problem of its
// rule).
type Status struct {
	Text string
	OK   bool
}

// Totals are the AP, the cap, the general and the stronghold as they
// stand: §13's four counts, each met or not as Validate's report says.
func (b *Builder) Totals() []Status {
	t := b.rep.Tally
	broken := map[string]bool{}
	for _, p := range b.rep.Problems {
		broken[p.Rule] = true
	}
	general := "No general"
	for i, e := range b.a.Elements {
		if e.General {
			general = "General: " + b.DisplayName(i)
			break
		}
	}
	strong := "No stronghold"
	if b.list != nil {
		strong = "Stronghold: " + b.a.StrongholdOf(b.list).Name
	}
	return []Status{
		{fmt.Sprintf("%d of %d AP", t.AP, t.Budget), !broken["ap"]},
		{fmt.Sprintf("%d of at most %d AP on elements of %d AP or more", t.High, t.Cap, army.HighCost), !broken["cap"]},
		{general, !broken["general"]},
		{strong, !broken["stronghold"]},
	}
}
