package serve

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// site writes a small build: a page, a "wasm" file (compressible bytes)
// and an image.
func site(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	dir = t.TempDir()
	wasm = append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("pelennor "), 4000)...)
	for name, data := range map[string][]byte{
		"index.html": []byte("<!doctype html><title>t</title>"),
		"game.wasm":  wasm,
		"a.png":      {0x89, 'P', 'N', 'G'},
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

func get(t *testing.T, srv *httptest.Server, path, encoding string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	// A transport of our own, so Go does not add and undo gzip itself.
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWasmTypeAndPlain(t *testing.T) {
	dir, wasm := site(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	resp, body := get(t, srv, "/game.wasm", "")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
		t.Fatalf("without Accept-Encoding: encoding %q, %d bytes", resp.Header.Get("Content-Encoding"), len(body))
	}
	if resp.Header.Get("Content-Length") != strconv.Itoa(len(wasm)) {
		t.Errorf("Content-Length %q, want %d", resp.Header.Get("Content-Length"), len(wasm))
	}
}

func TestGzipOnTheFly(t *testing.T) {
	dir, wasm := site(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	resp, body := get(t, srv, "/game.wasm", "br, gzip;q=0.8")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("encoding %q, type %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"))
	}
	if got := gunzip(t, body); !bytes.Equal(got, wasm) {
		t.Fatalf("gunzipped %d bytes, want the file's %d", len(got), len(wasm))
	}
	if len(body) >= len(wasm)/4 {
		t.Errorf("%d bytes compressed to %d", len(wasm), len(body))
	}
	if resp.Header.Get(UncompressedLength) != strconv.Itoa(len(wasm)) || resp.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("headers %v", resp.Header)
	}
	// The page itself, through the directory's index.
	resp, body = get(t, srv, "/", "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Contains(gunzip(t, body), []byte("<title>t</title>")) {
		t.Errorf("/: encoding %q", resp.Header.Get("Content-Encoding"))
	}
	// Refused with q=0; images are not recompressed.
	if resp, _ := get(t, srv, "/game.wasm", "gzip;q=0"); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 still compressed")
	}
	if resp, _ := get(t, srv, "/a.png", "gzip"); resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("a.png: encoding %q, type %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"))
	}
}

func TestPrecompressed(t *testing.T) {
	dir, wasm := site(t)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	gz := filepath.Join(dir, "game.wasm.gz")
	if err := os.WriteFile(gz, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	resp, body := get(t, srv, "/game.wasm", "gzip, deflate")
	if !bytes.Equal(body, buf.Bytes()) || resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("want the .gz file as is: %d bytes, encoding %q, type %q", len(body), resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"))
	}
	if resp.Header.Get("Content-Length") != strconv.Itoa(buf.Len()) || resp.Header.Get(UncompressedLength) != strconv.Itoa(len(wasm)) {
		t.Errorf("lengths: %v", resp.Header)
	}
	// A stale .gz (older than the file) is not used.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(gz, old, old); err != nil {
		t.Fatal(err)
	}
	_, body = get(t, srv, "/game.wasm", "gzip")
	if bytes.Equal(body, buf.Bytes()) {
		t.Error("served a .gz older than its file")
	}
	if !bytes.Equal(gunzip(t, body), wasm) {
		t.Error("on-the-fly gzip after a stale .gz: wrong bytes")
	}
}

func TestNotFound(t *testing.T) {
	dir, _ := site(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, p := range []string{"/nothing.wasm", "/nothing.html", "/../../etc/passwd", "/a/b.js"} {
		for _, enc := range []string{"", "gzip"} {
			if resp, _ := get(t, srv, p, enc); resp.StatusCode != http.StatusNotFound {
				t.Errorf("%s (Accept-Encoding %q): status %d, want 404", p, enc, resp.StatusCode)
			}
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"": false, "gzip": true, "GZIP": true, "deflate, gzip;q=1.0": true, "br": false,
		"gzip;q=0": false, "gzip; q=0.5": true, "*": true, "identity": false,
	} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", h)
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", h, got, want)
		}
	}
}
