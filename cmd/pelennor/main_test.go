package main

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// binary builds the game once for the tests.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the game")
	}
	// Saves and settings go to a temporary directory, never the user's.
	t.Setenv("PELENNOR_CONFIG_DIR", t.TempDir())
	exe := filepath.Join(t.TempDir(), "pelennor")
	out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

func shoot(t *testing.T, exe string, args ...string) (string, []byte) {
	t.Helper()
	png := filepath.Join(t.TempDir(), "out.png")
	cmd := exec.Command(exe, append(args, "-frames", "60", "-screenshot", png)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return png, out
}

type rgb struct{ r, g, b uint8 }

func pixel(t *testing.T, file string, fx, fy float64) (rgb, int, int) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	r, g, bl, a := img.At(b.Min.X+int(fx*float64(b.Dx())), b.Min.Y+int(fy*float64(b.Dy()))).RGBA()
	if a>>8 != 255 {
		t.Errorf("pixel at %.2f,%.2f not opaque: alpha %d", fx, fy, a>>8)
	}
	return rgb{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}, b.Dx(), b.Dy()
}

func TestScreenshots(t *testing.T) {
	exe := binary(t)

	battle, _ := shoot(t, exe, "-mute")
	p, w, h := pixel(t, battle, 0.35, 0.5)
	if w < 800 || h < 500 {
		t.Errorf("screenshot %d×%d", w, h)
	}
	// The middle of the table is green fields; the status bar along the
	// top is dark steel.
	if !(p.g > p.b && p.g > 70) {
		t.Errorf("table pixel %v is not green", p)
	}
	if top, _, _ := pixel(t, battle, 0.5, 0.01); top.r > 60 || top.g > 60 || top.b > 70 {
		t.Errorf("status bar pixel %v is not dark", top)
	}

	title, _ := shoot(t, exe, "-mute", "-show", "title")
	if sky, _, _ := pixel(t, title, 0.5, 0.02); sky.r > 60 || sky.b < sky.r {
		t.Errorf("title sky pixel %v is not a dark blue", sky)
	}
}

// -load opens a save: the hand-over to the player whose bound it is,
// over the table; -show replay shows it in the replay viewer; a broken
// file is refused with its name while the game starts anyway.
func TestLoad(t *testing.T) {
	exe := binary(t)
	golden, err := filepath.Abs("../../engine/testdata/golden/pelennor.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(golden); err != nil {
		t.Skip(err)
	}
	// The golden game is over: the results over the field.
	shot, out := shoot(t, exe, "-mute", "-load", golden)
	if strings.Contains(string(out), "pelennor:") {
		t.Errorf("output %q", out)
	}
	if p, _, _ := pixel(t, shot, 0.5, 0.5); p.r > 90 || p.g > 90 {
		t.Errorf("the results panel pixel %v is not dark", p)
	}
	replay, _ := shoot(t, exe, "-mute", "-show", "replay", "-load", golden)
	// The replay's bar along the bottom is dark, the table green.
	if p, _, _ := pixel(t, replay, 0.35, 0.5); !(p.g > p.b && p.g > 70) {
		t.Errorf("replay table pixel %v is not green", p)
	}
	data, _ := os.ReadFile(golden)
	broken := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(broken, data[:len(data)/3], 0o644)
	_, out = shoot(t, exe, "-mute", "-load", broken)
	if !strings.Contains(string(out), "broken.json") || !strings.Contains(string(out), "JSON") {
		t.Errorf("broken file: output %q", out)
	}
}

func TestWithAudioOnTheNullDevice(t *testing.T) {
	if os.Getenv("ALSA_CONFIG_PATH") == "" {
		t.Skip("ALSA_CONFIG_PATH is not set to the null device (make test sets it)")
	}
	exe := binary(t)
	shoot(t, exe, "-seed", "7")
}

func TestFlags(t *testing.T) {
	exe := binary(t)
	// A file that is not there: the game starts anyway and says why.
	_, out := shoot(t, exe, "-mute", "-load", "nowhere.json")
	if !strings.Contains(string(out), "nowhere.json") {
		t.Errorf("-load of a missing file: output %q", out)
	}
	out, err := exec.Command(exe, "-mute", "-scenario", "nowhere", "-frames", "1").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "nowhere") {
		t.Errorf("unknown scenario: err %v, output %q", err, out)
	}
	// A scenario file by path.
	file, err := filepath.Abs("../../scenarios/skirmish.json")
	if err != nil {
		t.Fatal(err)
	}
	shoot(t, exe, "-mute", "-scenario", file)
}
