package club

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// docs/formats.md §9.2 lists every reason with the status it is sent
// with, and no other.
func TestReasonsDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| (\\d{3}) \\|")
	rows := row.FindAllStringSubmatch(string(data), -1)
	seen := map[string]bool{}
	for _, m := range rows {
		status, ok := statusOf[m[1]]
		if !ok {
			t.Errorf("formats.md documents a reason %q the server never gives", m[1])
			continue
		}
		if strconv.Itoa(status) != m[2] {
			t.Errorf("formats.md: %s is sent with %d, documented as %s", m[1], status, m[2])
		}
		seen[m[1]] = true
	}
	for r := range statusOf {
		if !seen[r] {
			t.Errorf("reason %q is not in formats.md §9.2", r)
		}
	}
}
