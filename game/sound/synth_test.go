package sound

import (
	"math"
	"testing"
)

func TestSynth(t *testing.T) {
	for k := Kind(0); k < numKinds; k++ {
		s := Synth(k)
		if len(s) < SampleRate/50 {
			t.Errorf("%s: only %d samples", k, len(s))
		}
		peak := 0.0
		for _, v := range s {
			if math.IsNaN(float64(v)) {
				t.Fatalf("%s: NaN sample", k)
			}
			peak = math.Max(peak, math.Abs(float64(v)))
		}
		if peak > 0.86 || peak < 0.1 {
			t.Errorf("%s: peak %.2f, want about 0.85", k, peak)
		}
		again := Synth(k)
		for i := range s {
			if s[i] != again[i] {
				t.Fatalf("%s: not deterministic at sample %d", k, i)
			}
		}
	}
}

func TestMutedTouchesNoDevice(t *testing.T) {
	Init(true)
	Play(Dice)
	if Active() {
		t.Fatal("muted Init created an audio context")
	}
	if !Muted() {
		t.Fatal("Init(true) is not muted")
	}
}
