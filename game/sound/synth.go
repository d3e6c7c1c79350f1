package sound

import (
	"math"
	"math/rand/v2"
)

// Synth returns sound k as mono samples in [-1, 1] at SampleRate. It is
// deterministic: the noise comes from a fixed seed.
func Synth(k Kind) []float32 {
	rng := rand.New(rand.NewPCG(uint64(k)+1, 0x5eed))
	var s []float64
	switch k {
	case Dice:
		s = dice(rng)
	case Clash:
		s = clash(rng)
	case Horn:
		s = horn()
	case Fanfare:
		s = fanfare()
	case Click:
		s = knock(rng, 0.03, 1800, 0.5)
	}
	return normalise(s, 0.85)
}

func samples(sec float64) []float64 { return make([]float64, int(sec*SampleRate)) }

// mixAt adds src into dst starting at time t (seconds).
func mixAt(dst, src []float64, t, gain float64) {
	o := int(t * SampleRate)
	for i, v := range src {
		if o+i < len(dst) {
			dst[o+i] += v * gain
		}
	}
}

// knock is one die striking wood: a short noise burst through a resonance.
func knock(rng *rand.Rand, dur, freq, bright float64) []float64 {
	s := samples(dur + 0.02)
	// Two-pole resonator driven by decaying noise.
	r := math.Exp(-math.Pi * 300 / SampleRate)
	c := 2 * r * math.Cos(2*math.Pi*freq/SampleRate)
	var y1, y2 float64
	for i := range s {
		t := float64(i) / SampleRate
		x := (rng.Float64()*2 - 1) * math.Exp(-t/0.004)
		y := x*bright + c*y1 - r*r*y2
		y2, y1 = y1, y
		s[i] = y*math.Exp(-t/(dur/3)) + x*0.3
	}
	return s
}

func dice(rng *rand.Rand) []float64 {
	out := samples(0.75)
	t := 0.0
	amp := 1.0
	for i := 0; i < 7; i++ {
		for d := 0; d < 2; d++ { // two dice
			f := 900 + rng.Float64()*1100
			mixAt(out, knock(rng, 0.05, f, 0.6), t+float64(d)*0.013+rng.Float64()*0.01, amp)
		}
		t += 0.05 + rng.Float64()*0.07*(1+float64(i)*0.3)
		amp *= 0.72
	}
	return out
}

func clash(rng *rand.Rand) []float64 {
	out := samples(1.3)
	ring := func(start, gain float64) {
		partials := []float64{523, 1187, 1893, 2741, 3571, 4423}
		s := samples(1.1)
		for i := range s {
			t := float64(i) / SampleRate
			v := 0.0
			for j, p := range partials {
				v += math.Sin(2*math.Pi*p*t+float64(j)) * math.Exp(-t*(3+float64(j)*2.5)) / float64(j+1)
			}
			v += (rng.Float64()*2 - 1) * math.Exp(-t/0.03) * 1.2
			s[i] = v
		}
		mixAt(out, s, start, gain)
	}
	ring(0, 1)
	ring(0.14, 0.7)
	// The thud of shields beneath the ring.
	thud := samples(0.3)
	for i := range thud {
		t := float64(i) / SampleRate
		thud[i] = math.Sin(2*math.Pi*(90-60*t)*t) * math.Exp(-t/0.07)
	}
	mixAt(out, thud, 0, 1.2)
	return out
}

var harmonicGain = func() (g [13]float64) {
	for n := 1; n < len(g); n++ {
		g[n] = math.Pow(float64(n), -1.1)
	}
	return g
}()

// brass is a brass-like note: harmonics that brighten as it swells.
func brass(freq, dur, attack, release float64) []float64 {
	s := samples(dur)
	for i := range s {
		t := float64(i) / SampleRate
		env := math.Min(1, t/attack) * math.Min(1, (dur-t)/release)
		if env < 0 {
			env = 0
		}
		vib := 1 + 0.004*math.Sin(2*math.Pi*5.2*t)*math.Min(1, t/0.4)
		// Harmonic n has amplitude n^-1.1 · env^(0.5 + n/4): the upper
		// ones come in as the note swells.
		q := math.Sqrt(math.Sqrt(env))
		a := math.Sqrt(env)
		v := 0.0
		for n := 1; n <= 12; n++ {
			a *= q
			v += a * harmonicGain[n] * math.Sin(2*math.Pi*freq*float64(n)*vib*t)
		}
		s[i] = v * env
	}
	return s
}

func horn() []float64 {
	out := samples(2.4)
	mixAt(out, brass(110, 0.55, 0.12, 0.12), 0, 0.8)    // A2
	mixAt(out, brass(146.83, 1.75, 0.2, 0.7), 0.5, 1.0) // D3, long
	mixAt(out, brass(73.42, 1.75, 0.3, 0.7), 0.5, 0.35) // D2 beneath
	return out
}

func fanfare() []float64 {
	out := samples(2.2)
	notes := []struct{ f, at, dur float64 }{
		{261.63, 0, 0.2}, {329.63, 0.2, 0.2}, {392.0, 0.4, 0.2}, {523.25, 0.6, 1.4},
	}
	for _, n := range notes {
		mixAt(out, brass(n.f, n.dur, 0.03, 0.08), n.at, 1)
	}
	mixAt(out, brass(261.63, 1.4, 0.08, 0.5), 0.6, 0.5)
	mixAt(out, brass(392.0, 1.4, 0.08, 0.5), 0.6, 0.45)
	return out
}

// normalise scales s so its peak is peak, with a short fade at both ends.
func normalise(s []float64, peak float64) []float32 {
	m := 0.0
	for _, v := range s {
		m = math.Max(m, math.Abs(v))
	}
	out := make([]float32, len(s))
	if m == 0 {
		return out
	}
	fade := SampleRate / 200
	for i, v := range s {
		g := peak / m
		if i < fade {
			g *= float64(i) / float64(fade)
		}
		if j := len(s) - 1 - i; j < fade {
			g *= float64(j) / float64(fade)
		}
		out[i] = float32(v * g)
	}
	return out
}
