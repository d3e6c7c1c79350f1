package club_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"pelennor/record"
	"pelennor/tournament"
	"pelennor/tournament/club"
)

// post uploads data at a table's address as a program does (the body is
// the save) and returns the status and the answer.
func post(t *testing.T, base, code, name string, data []byte) (int, club.Answer) {
	t.Helper()
	st, a, err := tryPost(base, code, name, data)
	if err != nil {
		t.Fatal(err)
	}
	return st, a
}

// tryPost is post for other goroutines than the test's, which may not
// stop the test.
func tryPost(base, code, name string, data []byte) (int, club.Answer, error) {
	var a club.Answer
	resp, err := http.Post(base+"/table/"+code+"?name="+url.QueryEscape(name), "application/json", bytes.NewReader(data))
	if err != nil {
		return 0, a, err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		return 0, a, fmt.Errorf("the answer is not JSON: %v", err)
	}
	return resp.StatusCode, a, nil
}

// pairingOf is the pairing at table of the tournament's last round.
func pairingOf(t *testing.T, tr *tournament.Tournament, table int) tournament.Pairing {
	t.Helper()
	for _, pr := range tr.Schedule[len(tr.Schedule)-1].Pairings {
		if pr.Table == table {
			return pr
		}
	}
	t.Fatalf("no table %d", table)
	return tournament.Pairing{}
}

// names are the players of a table's pairing, A then B.
func names(tr *tournament.Tournament, pr tournament.Pairing) (string, string) {
	return tr.Player(pr.A).Name, tr.Player(pr.B).Name
}

func TestUploadCountedAndRefused(t *testing.T) {
	path, srv, key := event(t, "Club night", 8)
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tr := load(t, path)
	code := func(table int) string { return club.Code(key, 1, table) }
	a1, b1 := names(tr, pairingOf(t, tr, 1))
	a2, b2 := names(tr, pairingOf(t, tr, 2))
	a3, b3 := names(tr, pairingOf(t, tr, 3))

	st, ans := post(t, hs.URL, code(1), "table1.json", saveOf(t, 1, a1, b1))
	if st != http.StatusOK || ans.Reason != club.Counted || ans.Round != 1 || ans.Table != 1 || ans.Game != 1 ||
		!strings.HasPrefix(ans.Message, "counted: round 1, table 1, game 1") {
		t.Fatalf("the first upload: %d %+v", st, ans)
	}
	res := pairingOf(t, load(t, path), 1).Results[0]
	if res == nil || res.Source != tournament.FromReplay || res.File != "table1.json" || len(res.Digest) != 64 {
		t.Fatalf("the file's result: %+v", res)
	}
	// The organiser enters table 3's game by hand: a table upload may
	// not replace it.
	tr = load(t, path)
	if err := tr.SetResult(1, 3, 1, tournament.Result{Winner: 0, APLost: [2]int{2, 12}, Source: tournament.ByHand}); err != nil {
		t.Fatal(err)
	}
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}

	tampered := saveOf(t, 2, a2, b2)
	tampered = bytes.Replace(tampered, []byte(`"kind": "end_phase"`), []byte(`"kind": "end_bound"`), 1)
	for _, tc := range []struct {
		name, code string
		data       []byte
		status     int
		reason     string
		says       []string
	}{
		{"the same game again", code(1), saveOf(t, 1, a1, b1), http.StatusConflict, club.Duplicate, []string{"already counted", "round 1, table 1, game 1"}},
		{"the same game at another table", code(2), saveOf(t, 1, a2, b2), http.StatusConflict, club.Duplicate, []string{"round 1, table 1, game 1"}},
		{"not a save", code(2), []byte("hello"), http.StatusBadRequest, club.BadUpload, []string{"up.json"}},
		{"tampered", code(2), tampered, http.StatusBadRequest, club.BadUpload, []string{"tampered or broken record", "action"}},
		{"not over", code(2), func() []byte {
			s := *game(t, 2, false)
			s.Players = []string{a2, b2}
			d, _ := s.Marshal()
			return d
		}(), http.StatusUnprocessableEntity, club.NotOver, []string{"not over"}},
		{"another tournament's game", code(2), saveOf(t, 2, "Aragorn", "Sauron"), http.StatusUnprocessableEntity, club.WrongPlayers, []string{"Aragorn v Sauron", a2 + " v " + b2}},
		{"another table's game", code(2), saveOf(t, 2, a1, b1), http.StatusUnprocessableEntity, club.WrongPlayers, []string{a1 + " v " + b1, "table 2"}},
		{"sides swapped", code(2), saveOf(t, 2, b2, a2), http.StatusUnprocessableEntity, club.WrongPlayers, []string{a2 + " plays side 1"}},
		{"no players named", code(2), saveOf(t, 2, "", ""), http.StatusUnprocessableEntity, club.WrongPlayers, []string{"names no players"}},
		{"a result already in", code(3), saveOf(t, 3, a3, b3), http.StatusConflict, club.ResultIn, []string{"already has its result", "by hand"}},
		{"a wrong code", "0123456789ab", saveOf(t, 2, a2, b2), http.StatusNotFound, club.WrongCode, []string{"no table has the code"}},
		{"another key's code", club.Code([]byte("another tournament's key, 32 by."), 1, 2), saveOf(t, 2, a2, b2), http.StatusNotFound, club.WrongCode, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := readFile(t, path)
			st, ans := post(t, hs.URL, tc.code, "up.json", tc.data)
			if st != tc.status || ans.Reason != tc.reason {
				t.Fatalf("got %d %q (%s), want %d %q", st, ans.Reason, ans.Message, tc.status, tc.reason)
			}
			for _, s := range tc.says {
				if !strings.Contains(ans.Message, s) {
					t.Errorf("the answer %q does not say %q", ans.Message, s)
				}
			}
			if !bytes.Equal(before, readFile(t, path)) {
				t.Error("a refused upload changed the tournament file")
			}
		})
	}
	// The refused table still counts its real game.
	if st, ans := post(t, hs.URL, code(2), "t2.json", saveOf(t, 2, a2, b2)); st != http.StatusOK || ans.Table != 2 {
		t.Fatalf("table 2's own game: %d %+v", st, ans)
	}
}

func TestTooLarge(t *testing.T) {
	path, _, key := event(t, "Club night", 4)
	srv, err := club.New(club.Config{Path: path, Key: key, MaxUpload: 1000})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tr := load(t, path)
	a, b := names(tr, pairingOf(t, tr, 1))
	data := saveOf(t, 1, a, b)
	if len(data) <= 1000 {
		t.Fatalf("the save is only %d bytes", len(data))
	}
	before := readFile(t, path)
	st, ans := post(t, hs.URL, club.Code(key, 1, 1), "big.json", data)
	if st != http.StatusRequestEntityTooLarge || ans.Reason != club.TooLarge || !strings.Contains(ans.Message, "larger than 1000 bytes") {
		t.Fatalf("%d %+v", st, ans)
	}
	if !bytes.Equal(before, readFile(t, path)) {
		t.Error("the tournament file changed")
	}
}

// An old round's code is refused once the next round is paired.
func TestOldCode(t *testing.T) {
	path, srv, key := event(t, "Club night", 4)
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tr := load(t, path)
	var saves [][]byte
	for table := 1; table <= 2; table++ {
		a, b := names(tr, pairingOf(t, tr, table))
		saves = append(saves, saveOf(t, uint64(10+table), a, b))
		if st, ans := post(t, hs.URL, club.Code(key, 1, table), "g.json", saves[table-1]); st != http.StatusOK {
			t.Fatalf("table %d: %d %+v", table, st, ans)
		}
	}
	// The organiser pairs round 2 with the server running.
	tr = load(t, path)
	if _, err := tr.Pair(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
	st, ans := post(t, hs.URL, club.Code(key, 1, 2), "g.json", saves[1])
	if st != http.StatusGone || ans.Reason != club.OldCode || !strings.Contains(ans.Message, "table 2 in round 1") {
		t.Fatalf("%d %+v", st, ans)
	}
	tr = load(t, path)
	a, b := names(tr, pairingOf(t, tr, 1))
	if st, ans := post(t, hs.URL, club.Code(key, 2, 1), "r2.json", saveOf(t, 13, a, b)); st != http.StatusOK || ans.Round != 2 {
		t.Fatalf("round 2's table 1: %d %+v", st, ans)
	}
}

// A scenario duel's second game has the sides swapped: the server
// knows it by the players' sides.
func TestDuelSecondGame(t *testing.T) {
	tr, err := tournament.New(tournament.Config{Name: "Duel", Seed: 3, Pairing: tournament.RoundRobin, Games: 2,
		Scoring: tournament.Scoring{Preset: tournament.Preset310}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ann", "Bob"} {
		if _, err := tr.AddPlayer(n, "", ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Pair(); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/duel.json"
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
	key := bytes.Repeat([]byte{7}, 32)
	srv, err := club.New(club.Config{Path: path, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	a, b := names(tr, pairingOf(t, tr, 1))
	for g, players := range [][2]string{{b, a}, {a, b}} { // the second game first
		st, ans := post(t, hs.URL, club.Code(key, 1, 1), "g.json", saveOf(t, uint64(20+g), players[0], players[1]))
		if want := 2 - g; st != http.StatusOK || ans.Game != want {
			t.Fatalf("%v: %d %+v, want game %d", players, st, ans, want)
		}
	}
	for g, res := range pairingOf(t, load(t, path), 1).Results {
		if res == nil || res.Source != tournament.FromReplay {
			t.Fatalf("game %d: %+v", g+1, res)
		}
	}
}

// The form a table's page shows posts the file; the answer is a page.
func TestFormUpload(t *testing.T) {
	path, srv, key := event(t, "Club <night>", 4)
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tr := load(t, path)
	a, b := names(tr, pairingOf(t, tr, 2))
	page := get(t, hs.URL+"/table/"+club.Code(key, 1, 2), http.StatusOK)
	for _, s := range []string{"Club &lt;night&gt;: table 2", a, b, `enctype="multipart/form-data"`, `name="game"`, "Game 1: " + a + " plays side 1"} {
		if !strings.Contains(page, s) {
			t.Errorf("the table page does not show %q:\n%s", s, page)
		}
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("game", "my game.json")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(saveOf(t, 4, a, b))
	mw.Close()
	resp, err := http.Post(hs.URL+"/table/"+club.Code(key, 1, 2), mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(out), "counted: round 1, table 2, game 1") || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("%d %s", resp.StatusCode, out)
	}
	if res := pairingOf(t, load(t, path), 2).Results[0]; res == nil || res.File != "my game.json" {
		t.Fatalf("%+v", res)
	}
	// A form without the file is refused, the page saying why.
	body.Reset()
	mw = multipart.NewWriter(&body)
	mw.WriteField("other", "x")
	mw.Close()
	resp, err = http.Post(hs.URL+"/table/"+club.Code(key, 1, 1), mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	out, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(out), `no file &#34;game&#34;`) {
		t.Fatalf("%d %s", resp.StatusCode, out)
	}
	get(t, hs.URL+"/table/0123456789ab", http.StatusNotFound)
}

func get(t *testing.T, u string, status int) string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		t.Fatalf("GET %s: %d, want %d: %s", u, resp.StatusCode, status, out)
	}
	return string(out)
}

// 32 tables upload at once, each game from both players' machines:
// every game is counted exactly once.
func TestThirtyTwoTablesAtOnce(t *testing.T) {
	path, srv, key := event(t, "Big night", 64)
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tr := load(t, path)
	pairings := tr.Schedule[0].Pairings
	if len(pairings) != 32 {
		t.Fatalf("%d tables", len(pairings))
	}
	uploads := make([][]byte, len(pairings))
	for i, pr := range pairings {
		a, b := names(tr, pr)
		uploads[i] = saveOf(t, uint64(100+i), a, b)
	}
	var mu sync.Mutex
	reasons := map[string]int{}
	var wg sync.WaitGroup
	for i, pr := range pairings {
		for range 2 {
			wg.Go(func() {
				st, ans, err := tryPost(hs.URL, club.Code(key, 1, pr.Table), "g.json", uploads[i])
				if err != nil {
					t.Error(err)
					return
				}
				if st != statusFor[ans.Reason] {
					t.Errorf("table %d: status %d for %+v", pr.Table, st, ans)
				}
				mu.Lock()
				reasons[ans.Reason]++
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	if reasons[club.Counted] != 32 || reasons[club.Duplicate] != 32 || len(reasons) != 2 {
		t.Fatalf("answers %v: want 32 counted and 32 duplicates", reasons)
	}
	checkAllCounted(t, load(t, path), uploads)
}

var statusFor = map[string]int{club.Counted: http.StatusOK, club.Duplicate: http.StatusConflict}

// checkAllCounted checks that every table of round 1 has its own game's
// replayed result (uploads[i] is the i-th pairing's), each digest once.
func checkAllCounted(t *testing.T, tr *tournament.Tournament, uploads [][]byte) {
	t.Helper()
	seen := map[string]bool{}
	for i, pr := range tr.Schedule[0].Pairings {
		res := pr.Results[0]
		if res == nil || res.Source != tournament.FromReplay {
			t.Fatalf("table %d: %+v", pr.Table, res)
		}
		if seen[res.Digest] {
			t.Fatalf("table %d: digest %s counted twice", pr.Table, res.Digest)
		}
		seen[res.Digest] = true
		o, err := record.Verify("upload", uploads[i], record.Builtin)
		if err != nil || o.Digest != res.Digest || o.Bounds != res.Bounds || o.Winner != res.Winner {
			t.Fatalf("table %d: the file's result %+v is not its game's (%+v, %v)", pr.Table, res, o, err)
		}
	}
}

// A tournament played on one scenario takes no game of another.
func TestWrongScenario(t *testing.T) {
	path, srv, key := event(t, "Pelennor duel", 2)
	tr := load(t, path)
	tr.Scenario = "pelennor"
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	a, b := names(tr, pairingOf(t, tr, 1))
	st, ans := post(t, hs.URL, club.Code(key, 1, 1), "g.json", saveOf(t, 1, a, b))
	if st != http.StatusUnprocessableEntity || ans.Reason != club.WrongGame || !strings.Contains(ans.Message, "played on pelennor") {
		t.Fatalf("%d %+v", st, ans)
	}
}

// The game in a browser may post from another origin: the preflight is
// answered and so is the post.
func TestCrossOriginUpload(t *testing.T) {
	path, srv, key := event(t, "Club night", 2)
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	u := hs.URL + "/table/" + club.Code(key, 1, 1)
	req, _ := http.NewRequest("OPTIONS", u, nil)
	req.Header.Set("Origin", "http://localhost:9000")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Fatalf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
	tr := load(t, path)
	a, b := names(tr, pairingOf(t, tr, 1))
	resp, err = http.Post(u, "application/json", bytes.NewReader(saveOf(t, 5, a, b)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("post: %d %v", resp.StatusCode, resp.Header)
	}
}
