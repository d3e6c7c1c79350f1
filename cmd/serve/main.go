// Command serve serves the browser build (make web writes it to
// dist/web) on a local address:
//
//	serve [-dir dist/web] [-addr 127.0.0.1:8080]
//
// WebAssembly goes out as application/wasm, and everything compressible
// is gzipped for clients that accept it (see package pelennor/web/serve).
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"pelennor/web/serve"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dir := fs.String("dir", "dist/web", "the folder to serve")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on (port 0: any free port)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		return fmt.Errorf("%s has no index.html: build it with make web (%v)", *dir, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Printf("Serving %s at http://%s/  (Ctrl+C stops)\n", *dir, ln.Addr())
	srv := &http.Server{Handler: serve.Handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}
