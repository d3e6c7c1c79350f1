package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pelennor/engine"
	"pelennor/tournament"
)

// hott tournament serve on the loopback address: it prints each table's
// upload address, serves the standings, counts a game uploaded at its
// table's address into the file, keeps its key for the next start, and
// stops cleanly.
func TestTournamentServe(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "club.json")
	mustHott(t, "tournament", "new", ev, "--name", "Club night", "--seed", "3", "--rounds", "2")
	for _, name := range []string{"Ann", "Bob", "Cy", "Di"} {
		mustHott(t, "tournament", "add", ev, "--name", name)
	}
	mustHott(t, "tournament", "pair", ev)

	start := func() (string, string, func() (int, string)) {
		var out, errOut bytes.Buffer
		addr := make(chan string, 1)
		stop := make(chan struct{})
		done := make(chan int, 1)
		go func() {
			done <- serveTournament([]string{ev, "--addr", "127.0.0.1:0"}, &out, &errOut, func(a string) { addr <- a }, stop)
		}()
		var a string
		select {
		case a = <-addr:
		case code := <-done:
			t.Fatalf("serve ended at once: status %d: %s", code, errOut.String())
		}
		printed := out.String()
		return a, printed, func() (int, string) {
			close(stop)
			code := <-done
			return code, out.String() + errOut.String()
		}
	}
	addr, printed, stop := start()
	if !strings.Contains(printed, "made the table-code key "+ev+".key") || !strings.Contains(printed, "standings: http://"+addr+"/") {
		t.Errorf("the start does not say where:\n%s", printed)
	}
	tableAt := regexp.MustCompile(`table (\d+): (\S+) v (\S+)  (http://\S+/table/[0-9a-f]{12})`)
	tables := tableAt.FindAllStringSubmatch(printed, -1)
	if len(tables) != 2 {
		t.Fatalf("printed %d table addresses, want 2:\n%s", len(tables), printed)
	}
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "Club night: standings") || !strings.Contains(string(page), `http-equiv="refresh"`) {
		t.Fatalf("the standings page:\n%s", page)
	}

	// The golden standard battle, played by table 1's players.
	data, err := os.ReadFile("../../engine/testdata/golden/standard.json")
	if err != nil {
		t.Fatal(err)
	}
	var s engine.Save
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	s.Players = []string{tables[0][2], tables[0][3]}
	data, _ = s.Marshal()
	resp, err = http.Post(tables[0][4]+"?name=standard.json", "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"reason":"counted"`) {
		t.Fatalf("the upload: %d %s", resp.StatusCode, answer)
	}
	if code, out := stop(); code != exitOK || !strings.Contains(out, "stopped") {
		t.Fatalf("stop: status %d: %s", code, out)
	}
	tr, err := tournament.Load(ev)
	if err != nil {
		t.Fatal(err)
	}
	if res := tr.Schedule[0].Pairings[0].Results[0]; res == nil || res.Source != tournament.FromReplay || res.File != "standard.json" {
		t.Fatalf("table 1's result in the file: %+v", res)
	}

	// Started again, the key is the one kept: the same addresses.
	_, again, stop := start()
	if code := tables[1][4][strings.Index(tables[1][4], "/table/"):]; strings.Contains(again, "made the table-code key") || !strings.Contains(again, code) {
		t.Errorf("the second start does not keep the addresses:\n%s", again)
	}
	stop()
}

func TestTournamentServeErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{"), 0o644)
	good := filepath.Join(dir, "good.json")
	mustHott(t, "tournament", "new", good, "--name", "Club night", "--rounds", "2")
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{}, exitUsage, "give the tournament file"},
		{[]string{filepath.Join(dir, "none.json"), "--addr", "127.0.0.1:0"}, exitError, "none.json"},
		{[]string{bad, "--addr", "127.0.0.1:0"}, exitError, bad + ":"},
		{[]string{bad, "--refresh", "0"}, exitUsage, "--refresh 0"},
		{[]string{good, "--addr", "256.1.1.1:0"}, exitError, "--addr 256.1.1.1:0"},
	} {
		var out, errOut bytes.Buffer
		stop := make(chan struct{})
		close(stop)
		code := serveTournament(tc.args, &out, &errOut, nil, stop)
		if code != tc.code || !strings.Contains(errOut.String(), tc.says) {
			t.Errorf("%v: status %d, %q; want %d and %q", tc.args, code, errOut.String(), tc.code, tc.says)
		}
	}
	for _, f := range []string{bad, filepath.Join(dir, "none.json")} {
		if _, err := os.Stat(f + ".key"); err == nil {
			t.Errorf("a key was made beside %s, which is no tournament", f)
		}
	}
}

// The slips' address printed is one this machine reaches the server at:
// the loopback only when the server listens on it.
func TestOwnURL(t *testing.T) {
	for _, tc := range []struct{ listen, want string }{
		{"0.0.0.0:8080", "http://127.0.0.1:8080"},
		{"[::]:8080", "http://127.0.0.1:8080"},
		{"127.0.0.1:9000", "http://127.0.0.1:9000"},
		{"192.168.1.20:8080", "http://192.168.1.20:8080"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tc.listen)
		if err != nil {
			t.Fatal(err)
		}
		if got := ownURL(a, baseURL(a)); got != tc.want {
			t.Errorf("listening on %s: the slips at %s, want %s", tc.listen, got, tc.want)
		}
	}
}
