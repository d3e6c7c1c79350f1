package club

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"

	"pelennor/tournament"
)

// Handler serves the pages and takes the uploads:
//
//	GET  /               the standings, reloading itself
//	GET  /pairings       the current round's pairings, reloading itself
//	GET  /table/CODE     a table's upload page (a form)
//	POST /table/CODE     an upload: the form's file "game", or the save itself as the body
//	GET  /slips          the current round's upload addresses, for printing (this machine only)
//
// The game in a browser, loaded from another address, may post too
// (cross-origin: the code in the address is what lets an upload in).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.standings)
	mux.HandleFunc("GET /pairings", s.pairings)
	mux.HandleFunc("GET /table/{code}", s.tablePage)
	mux.HandleFunc("POST /table/{code}", s.upload)
	mux.HandleFunc("OPTIONS /table/{code}", preflight)
	mux.HandleFunc("GET /slips", s.slips)
	return mux
}

// live turns one of the tournament package's printable pages into a
// live one: readable on a phone, reloading itself, with the links.
func (s *Server) live(page []byte) []byte {
	head := fmt.Sprintf(`<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="%d">`, s.refresh)
	page = bytes.Replace(page, []byte(`<meta charset="utf-8">`), []byte(head), 1)
	// After the page's own style, so a phone's narrow screen wins.
	phone := `<style>table { display: block; overflow-x: auto; } body { margin: 0.7em; }</style>
</head>`
	page = bytes.Replace(page, []byte("</head>"), []byte(phone), 1)
	nav := `<body>
<p><a href="/">Standings</a> · <a href="/pairings">Pairings</a></p>`
	return bytes.Replace(page, []byte("<body>"), []byte(nav), 1)
}

func (s *Server) load(w http.ResponseWriter) (*tournament.Tournament, bool) {
	t, err := tournament.Load(s.path)
	if err != nil {
		http.Error(w, "the tournament file cannot be read: "+err.Error(), http.StatusInternalServerError)
		return nil, false
	}
	return t, true
}

func (s *Server) standings(w http.ResponseWriter, r *http.Request) {
	t, ok := s.load(w)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := t.StandingsHTML(&buf, 0); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeHTML(w, http.StatusOK, s.live(buf.Bytes()))
}

func (s *Server) pairings(w http.ResponseWriter, r *http.Request) {
	t, ok := s.load(w)
	if !ok {
		return
	}
	if len(t.Schedule) == 0 {
		s.message(w, http.StatusOK, t.Name, "No round is paired yet.", "")
		return
	}
	var buf bytes.Buffer
	if err := t.PairingsHTML(&buf, len(t.Schedule)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeHTML(w, http.StatusOK, s.live(buf.Bytes()))
}

func writeHTML(w http.ResponseWriter, status int, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(page)
}

var tmpl = template.Must(template.New("table").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: sans-serif; margin: 0.7em; color: #111; }
p.msg { font-size: 1.2em; padding: 0.5em; border: 2px solid #888; }
p.counted { border-color: #2a2; } p.refused { border-color: #c22; }
input, button { font-size: 1.1em; margin: 0.3em 0; }
table { border-collapse: collapse; } td, th { border: 1px solid #888; padding: 0.3em 0.6em; text-align: left; }
</style>
</head>
<body>
<p><a href="/">Standings</a> · <a href="/pairings">Pairings</a></p>
<h1>{{.Title}}</h1>
{{with .Message}}<p class="msg {{$.Class}}">{{.}}</p>{{end}}
{{with .Pairing}}<p>Round {{.Round}}, table {{.Table}}: <b>{{.A}}</b> v <b>{{.B}}</b>.</p>
<p>{{range .Sides}}{{.}}<br>{{end}}</p>
<form method="post" enctype="multipart/form-data">
<p>The finished game's save or turn file:<br><input type="file" name="game" accept=".json,application/json" required></p>
<p><button type="submit">Upload the result</button></p>
</form>
<p>It is replayed here before it counts.</p>{{end}}
{{with .Slips}}<table>
<tr><th>Table</th><th>Players</th><th>Upload address</th></tr>
{{range .}}<tr><td>{{.Table}}</td><td>{{.A}} v {{.B}}</td><td>{{.URL}}</td></tr>
{{end}}</table>{{end}}
</body>
</html>
`))

type view struct {
	Title, Message, Class string
	Pairing               *pairingView
	Slips                 []slip
}

type pairingView struct {
	Round, Table int
	A, B         string
	Sides        []string
}

type slip struct {
	Table int
	A, B  string
	URL   string
}

func (s *Server) message(w http.ResponseWriter, status int, title, msg, class string) {
	s.render(w, status, view{Title: title, Message: msg, Class: class})
}

func (s *Server) render(w http.ResponseWriter, status int, v view) {
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeHTML(w, status, buf.Bytes())
}

// tablePage is a table's upload form, naming its pairing and the sides
// each player plays.
func (s *Server) tablePage(w http.ResponseWriter, r *http.Request) {
	a, t, pr := s.check(r.PathValue("code"))
	if pr == nil {
		title := "Upload refused"
		if t != nil {
			title = t.Name
		}
		s.message(w, statusOf[a.Reason], title, a.Message, "refused")
		return
	}
	pv := &pairingView{Round: a.Round, Table: pr.Table, A: t.Player(pr.A).Name, B: t.Player(pr.B).Name}
	for g := 1; g <= t.Games; g++ {
		first, second := pv.A, pv.B
		if g%2 == 0 {
			first, second = second, first
		}
		state := "to play"
		if pr.Results[g-1] != nil {
			state = "result in: " + describe(pr.Results[g-1])
		}
		pv.Sides = append(pv.Sides, fmt.Sprintf("Game %d: %s plays side 1, %s side 2 (%s).", g, first, second, state))
	}
	s.render(w, http.StatusOK, view{Title: fmt.Sprintf("%s: table %d", t.Name, pr.Table), Pairing: pv})
}

// upload takes a table's game: the form's file, answered with a page,
// or the body itself (a program's POST), answered with JSON (Answer).
func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("code")
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	form := mt == "multipart/form-data"
	body := http.MaxBytesReader(w, r.Body, s.max)
	var a Answer
	if name, data, err := s.read(r, body, form); err != nil {
		a = s.tooLarge(err)
	} else {
		a = s.Upload(code, name, data)
	}
	status := statusOf[a.Reason]
	if !form {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(a)
		return
	}
	class := "refused"
	if a.Reason == Counted {
		class = "counted"
	}
	s.render(w, status, view{Title: "Upload", Message: a.Message, Class: class})
}

// preflight lets a browser's page of another origin post a file.
func preflight(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "POST")
	h.Set("Access-Control-Allow-Headers", "Content-Type")
	h.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
}

// read is the upload's file name and bytes.
func (s *Server) read(r *http.Request, body io.ReadCloser, form bool) (string, []byte, error) {
	if !form {
		data, err := io.ReadAll(body)
		return r.URL.Query().Get("name"), data, err
	}
	r.Body = body // the multipart reader reads r.Body: the limit applies
	mr, err := r.MultipartReader()
	if err != nil {
		return "", nil, err
	}
	for {
		p, err := mr.NextPart()
		if err != nil {
			if err == io.EOF {
				return "", nil, errors.New(`the form has no file "game": choose the game's file`)
			}
			return "", nil, err
		}
		if p.FormName() == "game" {
			data, err := io.ReadAll(p)
			return p.FileName(), data, err
		}
	}
}

// tooLarge is the refusal of an upload that could not be read.
func (s *Server) tooLarge(err error) Answer {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return refuse(TooLarge, "refused: the upload is larger than %d bytes, more than any game's save: is it the right file?", s.max)
	}
	return refuse(BadUpload, "refused: the upload could not be read: %v", err)
}

// slips lists the current round's upload addresses, to print and lay on
// the tables. Only the organiser's machine may see them: a player who
// had every table's address could upload for any table.
func (s *Server) slips(w http.ResponseWriter, r *http.Request) {
	if !sameMachine(r) {
		s.message(w, http.StatusForbidden, "Slips", "The tables' addresses are shown only on the organiser's machine.", "refused")
		return
	}
	t, ok := s.load(w)
	if !ok {
		return
	}
	v := view{Title: fmt.Sprintf("%s: round %d upload addresses", t.Name, len(t.Schedule))}
	base := s.base
	if base == "" {
		base = "http://" + r.Host
	}
	for _, tb := range s.tables(t) {
		v.Slips = append(v.Slips, slip{Table: tb.Table, A: tb.A, B: tb.B, URL: base + tb.Path()})
	}
	if len(v.Slips) == 0 {
		v.Message = "No round is paired yet."
	}
	s.render(w, http.StatusOK, v)
}

// sameMachine reports whether the request comes from the server's own
// machine: over the loopback, or from the very address it was sent to
// (the organiser opening the slips at the server's network address, as
// when it listens on that address only and not on the loopback).
func sameMachine(r *http.Request) bool {
	remote := hostIP(r.RemoteAddr)
	if remote == nil {
		return false
	}
	if remote.IsLoopback() {
		return true
	}
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	return ok && remote.Equal(hostIP(local.String()))
}

// hostIP is the IP of a "host:port" address (or of a bare host), or nil.
func hostIP(addr string) net.IP {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	return net.ParseIP(strings.Trim(host, "[]"))
}
