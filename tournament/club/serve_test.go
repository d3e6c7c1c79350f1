package club_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"pelennor/tournament/club"
)

// serveOn serves srv on a fresh loopback listener, as hott tournament
// serve does; stop closes the listener and every connection at once.
func serveOn(t *testing.T, srv *club.Server) (base string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() {
		hs.Close() // abrupt: the listener and the connections closed, no grace
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	}
}

// The server killed mid-round and started again on the same file loses
// nothing: what it answered "counted" is in the file, and the rest of
// the round is counted after the restart, each game once.
func TestRestartMidRound(t *testing.T) {
	path, srv, key := event(t, "Club night", 16)
	tr := load(t, path)
	pairings := tr.Schedule[0].Pairings
	uploads := make([][]byte, len(pairings))
	for i, pr := range pairings {
		a, b := names(tr, pr)
		uploads[i] = saveOf(t, uint64(200+i), a, b)
	}
	upload := func(base string, i int, want string) {
		t.Helper()
		st, ans := post(t, base, club.Code(key, 1, pairings[i].Table), "g.json", uploads[i])
		if ans.Reason != want {
			t.Fatalf("table %d: %d %+v, want %s", pairings[i].Table, st, ans, want)
		}
		if want == club.Counted {
			// In the file before the answer came.
			for _, pr := range load(t, path).Schedule[0].Pairings {
				if pr.Table == pairings[i].Table && pr.Results[0] == nil {
					t.Fatalf("table %d: answered counted, not in the file", pr.Table)
				}
			}
		}
	}
	base, stop := serveOn(t, srv)
	for i := range 5 {
		upload(base, i, club.Counted)
	}
	stop()
	if _, err := http.Get(base + "/"); err == nil {
		t.Fatal("the stopped server still answers")
	}

	srv2, err := club.New(club.Config{Path: path, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	base, stop = serveOn(t, srv2)
	defer stop()
	upload(base, 2, club.Duplicate) // counted before the restart
	for i := 5; i < len(pairings); i++ {
		upload(base, i, club.Counted)
	}
	checkAllCounted(t, load(t, path), uploads)
}

func TestPages(t *testing.T) {
	path, _, key := event(t, "Club night", 8)
	srv, err := club.New(club.Config{Path: path, Key: key, Refresh: 20, Base: "http://192.168.1.20:8080/"})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	unplayed := regexp.MustCompile(`<td>0-0-0</td>`)
	page := get(t, hs.URL+"/", http.StatusOK)
	for _, s := range []string{`<meta http-equiv="refresh" content="20">`, `name="viewport"`, "Club night: standings", "Player 08", `href="/pairings"`} {
		if !strings.Contains(page, s) {
			t.Errorf("the standings page does not show %q:\n%s", s, page)
		}
	}
	if n := len(unplayed.FindAllString(page, -1)); n != 8 {
		t.Fatalf("%d players without a game before any result, want 8", n)
	}
	tr := load(t, path)
	a, b := names(tr, pairingOf(t, tr, 1))
	if st, ans := post(t, hs.URL, club.Code(key, 1, 1), "g.json", saveOf(t, 1, a, b)); st != http.StatusOK {
		t.Fatalf("%d %+v", st, ans)
	}
	if n := len(unplayed.FindAllString(get(t, hs.URL+"/", http.StatusOK), -1)); n != 6 {
		t.Fatalf("%d players without a game after table 1's result, want 6", n)
	}
	page = get(t, hs.URL+"/pairings", http.StatusOK)
	for _, s := range []string{"round 1 pairings", a, b, `http-equiv="refresh"`} {
		if !strings.Contains(page, s) {
			t.Errorf("the pairings page does not show %q", s)
		}
	}
	if strings.Contains(page, club.Code(key, 1, 1)) {
		t.Error("the public pairings page shows a table's code")
	}

	// The slips, on the organiser's machine only.
	page = get(t, hs.URL+"/slips", http.StatusOK)
	for table := 1; table <= 4; table++ {
		if u := "http://192.168.1.20:8080/table/" + club.Code(key, 1, table); !strings.Contains(page, u) {
			t.Errorf("the slips lack table %d's %s", table, u)
		}
	}
	// By the connection's addresses: the server listening on its network
	// address only is asked by the organiser's own browser at it.
	for _, tc := range []struct {
		remote, local string // "" local: not known
		status        int
	}{
		{"192.168.1.31:50000", "", http.StatusForbidden},
		{"192.168.1.31:50000", "192.168.1.20:8080", http.StatusForbidden},
		{"192.168.1.20:50000", "192.168.1.20:8080", http.StatusOK},
		{"[::1]:50000", "", http.StatusOK},
		{"[fe80::1]:50000", "[fe80::2]:8080", http.StatusForbidden},
		{"not an address", "192.168.1.20:8080", http.StatusForbidden},
	} {
		req := httptest.NewRequest("GET", "/slips", nil)
		req.RemoteAddr = tc.remote
		if tc.local != "" {
			local, err := net.ResolveTCPAddr("tcp", tc.local)
			if err != nil {
				t.Fatal(err)
			}
			req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, net.Addr(local)))
		}
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		shows := strings.Contains(rec.Body.String(), club.Code(key, 1, 1))
		if rec.Code != tc.status || shows != (tc.status == http.StatusOK) {
			t.Errorf("the slips from %s to %q: %d (codes shown %v), want %d", tc.remote, tc.local, rec.Code, shows, tc.status)
		}
	}
}

func TestCodes(t *testing.T) {
	key := bytes.Repeat([]byte{1}, 32)
	hex12 := regexp.MustCompile(`^[0-9a-f]{12}$`)
	seen := map[string]string{}
	for r := 1; r <= 10; r++ {
		for tb := 1; tb <= 64; tb++ {
			c := club.Code(key, r, tb)
			if !hex12.MatchString(c) {
				t.Fatalf("round %d table %d: code %q", r, tb, c)
			}
			if c != club.Code(key, r, tb) {
				t.Fatal("a code is not the same twice")
			}
			at := fmt.Sprintf("round %d table %d", r, tb)
			if prev, ok := seen[c]; ok {
				t.Fatalf("code %s for %s and %s", c, prev, at)
			}
			seen[c] = at
		}
	}
	if club.Code(key, 1, 1) == club.Code(bytes.Repeat([]byte{2}, 32), 1, 1) {
		t.Fatal("two keys give one code")
	}

	dir := t.TempDir()
	kp := club.KeyPath(filepath.Join(dir, "event.json"))
	k1, created, err := club.LoadKey(kp)
	if err != nil || !created || len(k1) != 32 {
		t.Fatalf("a new key: %x %v %v", k1, created, err)
	}
	k2, created, err := club.LoadKey(kp)
	if err != nil || created || !bytes.Equal(k1, k2) {
		t.Fatalf("the key read again: %x %v %v", k2, created, err)
	}
	if fi, err := os.Stat(kp); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Fatalf("the key file is readable by others: %v %v", fi.Mode(), err)
	}
	// A key left readable by others (a crash between writing it and
	// closing its mode, or a copy) is closed again when it is read.
	if runtime.GOOS != "windows" {
		os.Chmod(kp, 0o644)
		if k3, _, err := club.LoadKey(kp); err != nil || !bytes.Equal(k1, k3) {
			t.Fatalf("the key read again: %x %v", k3, err)
		}
		if fi, err := os.Stat(kp); err != nil || fi.Mode().Perm()&0o077 != 0 {
			t.Fatalf("a key file readable by others is left so: %v %v", fi.Mode(), err)
		}
	}
	os.WriteFile(kp, []byte("not a key\n"), 0o600)
	if _, _, err := club.LoadKey(kp); err == nil || !strings.HasPrefix(err.Error(), kp+": not a table-code key") {
		t.Fatalf("a damaged key file: %v", err)
	}
}

func TestNewRefuses(t *testing.T) {
	path, _, key := event(t, "Club night", 2)
	if _, err := club.New(club.Config{Path: path, Key: key[:8]}); err == nil {
		t.Fatal("a short key was taken")
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"format": 1, "name": "x",`), 0o644)
	if _, err := club.New(club.Config{Path: bad, Key: key}); err == nil || !strings.HasPrefix(err.Error(), bad+":") {
		t.Fatalf("a damaged tournament file: %v", err)
	}
}
