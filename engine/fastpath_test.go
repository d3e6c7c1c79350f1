package engine

// Tests that the engine's fast paths give exactly what the plain code
// they replace gives.

import (
	"fmt"
	"testing"
)

// inches and paces, written without fmt, read as the plain format.
func TestInchesAsFormatted(t *testing.T) {
	for p := -1234; p <= 20000; p++ {
		if got, want := inches(p), inchesFmt(p); got != want {
			t.Fatalf("inches(%d) = %q, want %q", p, got, want)
		}
		if got, want := paces(p), fmt.Sprintf("%d p (%s)", p, inchesFmt(p)); got != want {
			t.Fatalf("paces(%d) = %q, want %q", p, got, want)
		}
	}
}
