package club_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"pelennor/tournament/club"
)

// reasons are every answer an upload can have (formats §9.2).
var reasons = []string{club.Counted, club.NoRound, club.WrongCode, club.OldCode, club.TooLarge, club.BadUpload,
	club.NotOver, club.WrongPlayers, club.WrongGame, club.Duplicate, club.ResultIn, club.NotSaved}

// No upload, however damaged its body or its content type, makes the
// handler panic or answer without a reason; whatever is not counted
// leaves the tournament file as it was, and a form's answer is a page.
func FuzzUpload(f *testing.F) {
	path, srv, key := event(f, "Fuzz", 4)
	tr := load(f, path)
	pr := tr.Schedule[0].Pairings[0]
	save := saveOf(f, 1, tr.Player(pr.A).Name, tr.Player(pr.B).Name)
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("game", "g.json")
	fw.Write(save)
	mw.Close()
	f.Add("application/json", save)
	f.Add(mw.FormDataContentType(), form.Bytes())
	f.Add("multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"game\"; filename=\"../..\\\\a\"\r\n\r\n{}\r\n--x--\r\n"))
	f.Add("multipart/form-data", []byte("--"))
	f.Add("", []byte("hello"))
	h := srv.Handler()
	code := club.Code(key, 1, pr.Table)
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		before := readFile(t, path)
		req := httptest.NewRequest(http.MethodPost, "/table/"+code+"?name=f.json", bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		counted := rec.Code == http.StatusOK
		if strings.Contains(rec.Header().Get("Content-Type"), "json") {
			var a club.Answer
			if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || !slices.Contains(reasons, a.Reason) || a.Message == "" {
				t.Fatalf("%d: the answer %q is not an upload's answer (%v)", rec.Code, rec.Body, err)
			}
			counted = a.Reason == club.Counted
		} else if !strings.Contains(rec.Body.String(), "<h1>Upload</h1>") {
			t.Fatalf("%d: a form's answer is not the upload page: %q", rec.Code, rec.Body)
		}
		if !counted && !bytes.Equal(before, readFile(t, path)) {
			t.Fatalf("%d: an upload not counted changed the tournament file: %q", rec.Code, rec.Body)
		}
	})
}
