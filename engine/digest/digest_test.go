package digest

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// The FIPS 180-4 examples, and inputs round every padding boundary.
func TestKnownDigests(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	} {
		for name, sum := range map[string]func([]byte) [Size]byte{"Sum256": Sum256, "sum256Go": sum256Go} {
			if got := sum([]byte(c.in)); hex.EncodeToString(got[:]) != c.want {
				t.Errorf("%s(%q) = %x, want %s", name, c.in, got, c.want)
			}
		}
	}
}

// Every length from 0 to 300 bytes, and long random inputs, digest as
// crypto/sha256 does, by the plain-Go function the browser build uses and
// by Sum256.
func TestSameAsCryptoSHA256(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 5000)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	lengths := []int{1000, 4096, 4999, 5000}
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		want := sha256.Sum256(buf[:n])
		if got := sum256Go(buf[:n]); got != want {
			t.Fatalf("%d bytes: sum256Go %x, crypto/sha256 %x", n, got, want)
		}
		if got := Sum256(buf[:n]); got != want {
			t.Fatalf("%d bytes: Sum256 %x, crypto/sha256 %x", n, got, want)
		}
	}
}

func BenchmarkSum256(b *testing.B) {
	data := make([]byte, 8192)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Sum256(data)
	}
}

func BenchmarkSum256Go(b *testing.B) {
	data := make([]byte, 8192)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		sum256Go(data)
	}
}
