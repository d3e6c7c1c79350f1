// Package serve is the static file server of the browser build: a
// net/http FileServer that sends WebAssembly as application/wasm (which
// WebAssembly.instantiateStreaming needs) and compresses with gzip when
// the client accepts it, from a precompressed FILE.gz beside the file if
// there is one, else on the fly. cmd/serve runs it; web/e2e tests through
// it.
package serve

import (
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// UncompressedLength is the header that carries a compressed response's
// length before compression, so that the page's loader can show the
// download's progress in the bytes its reader sees (a fetch body is
// decompressed, while Content-Length counts the compressed bytes).
const UncompressedLength = "X-Uncompressed-Length"

// compressible lists the types worth compressing; PNG and the like are
// compressed already.
var compressible = map[string]bool{
	".wasm": true, ".js": true, ".html": true, ".css": true, ".json": true,
	".svg": true, ".txt": true, ".map": true,
}

func init() {
	// Go's table has .wasm already; some system mime.types lack it or
	// disagree, and instantiateStreaming refuses anything else.
	_ = mime.AddExtensionType(".wasm", "application/wasm")
}

// Handler serves the files under dir.
func Handler(dir string) http.Handler {
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A development server: always revalidate, so a rebuilt game is
		// picked up by a reload (FileServer answers 304 when unchanged).
		w.Header().Set("Cache-Control", "no-cache")
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		ext := path.Ext(name)
		if !compressible[ext] || !acceptsGzip(r) || r.Method != http.MethodGet && r.Method != http.MethodHead {
			fs.ServeHTTP(w, r)
			return
		}
		full := filepath.Join(dir, filepath.FromSlash(name))
		st, err := os.Stat(full)
		if err != nil || st.IsDir() {
			fs.ServeHTTP(w, r) // its 404, or its redirect
			return
		}
		h := w.Header()
		h.Add("Vary", "Accept-Encoding")
		ctype := mime.TypeByExtension(ext)
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		// Ranges would count compressed bytes: serve the whole file.
		r.Header.Del("Range")
		if gz, err := os.Open(full + ".gz"); err == nil {
			defer gz.Close()
			if gst, err := gz.Stat(); err == nil && !gst.ModTime().Before(st.ModTime()) {
				h.Set("Content-Type", ctype)
				h.Set("Content-Encoding", "gzip")
				h.Set(UncompressedLength, strconv.FormatInt(st.Size(), 10))
				// ServeContent leaves the length out of encoded replies.
				h.Set("Content-Length", strconv.FormatInt(gst.Size(), 10))
				http.ServeContent(w, r, name, st.ModTime(), gz)
				return
			}
		}
		f, err := os.Open(full)
		if err != nil {
			fs.ServeHTTP(w, r)
			return
		}
		defer f.Close()
		h.Set("Content-Type", ctype)
		h.Set("Content-Encoding", "gzip")
		h.Set(UncompressedLength, strconv.FormatInt(st.Size(), 10))
		h.Set("Last-Modified", st.ModTime().UTC().Format(http.TimeFormat))
		if t, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil && !st.ModTime().Truncate(1e9).After(t) {
			h.Del("Content-Encoding")
			h.Del(UncompressedLength)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if r.Method == http.MethodHead {
			return
		}
		// Fast rather than small: for the 19 MB module, level 1 takes a
		// quarter of the time of the default level for a fifth more bytes
		// (make web's gzip -9 copy is what a real host should send).
		zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
		_, _ = io.Copy(zw, f)
		_ = zw.Close()
	})
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.TrimSpace(coding) != "*" {
			continue
		}
		q := strings.TrimSpace(params)
		if v, ok := strings.CutPrefix(q, "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil && f == 0 {
				return false
			}
		}
		return true
	}
	return false
}
