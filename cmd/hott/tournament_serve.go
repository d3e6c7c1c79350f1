package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"pelennor/tournament"
	"pelennor/tournament/club"
)

const tournamentServeSynopsis = "FILE [--addr HOST:PORT] [--refresh SECONDS]"

// tournamentServe serves the tournament at the club (tournament/club)
// until interrupted.
func tournamentServe(args []string, stdout, stderr io.Writer) int {
	return serveTournament(args, stdout, stderr, nil, nil)
}

// serveTournament runs the club server. ready, if given, is called with
// the server's address once it listens; the server stops when stop is
// closed, or on an interrupt when stop is nil.
func serveTournament(args []string, stdout, stderr io.Writer, ready func(addr string), stop <-chan struct{}) int {
	const cmd = "tournament serve"
	fl := newFlags(cmd, tournamentServeSynopsis, stderr)
	addr := fl.String("addr", ":8080", "the `address` to listen on; the default takes every network of this machine")
	refresh := fl.Int("refresh", club.DefaultRefresh, "how often the pages reload themselves, in `seconds`")
	path, status, ok := fileArg(fl, stderr, args)
	if !ok {
		return status
	}
	if *refresh < 1 {
		return usageErr(fl, stderr, "--refresh %d: give a number of seconds, at least 1", *refresh)
	}
	// The file is checked before a key is made beside it.
	if _, err := tournament.Load(path); err != nil {
		return fail(stderr, cmd, exitError, err)
	}
	key, created, err := club.LoadKey(club.KeyPath(path))
	if err != nil {
		return fail(stderr, cmd, exitError, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(stderr, cmd, exitError, fmt.Errorf("--addr %s: %v", *addr, err))
	}
	base := baseURL(ln.Addr().(*net.TCPAddr))
	srv, err := club.New(club.Config{Path: path, Key: key, Refresh: *refresh, Base: base})
	if err != nil {
		ln.Close()
		return fail(stderr, cmd, exitError, err)
	}
	if created {
		fmt.Fprintf(stdout, "made the table-code key %s: keep it beside %s (it fixes every table's upload address)\n", club.KeyPath(path), path)
	}
	tables, err := srv.Tables()
	if err != nil {
		ln.Close()
		return fail(stderr, cmd, exitError, err)
	}
	fmt.Fprintf(stdout, "standings: %s/  pairings: %s/pairings\n", base, base)
	if len(tables) == 0 {
		fmt.Fprintln(stdout, "no round is paired yet: pair round 1 (hott tournament pair), then see the slips page")
	} else {
		fmt.Fprintf(stdout, "round %d upload addresses (only the table's players should have theirs):\n", tables[0].Round)
	}
	for _, tb := range tables {
		fmt.Fprintf(stdout, "  table %d: %s v %s  %s%s\n", tb.Table, tb.A, tb.B, base, tb.Path())
	}
	fmt.Fprintf(stdout, "printable slips of the current round, on this machine only: %s/slips\n", ownURL(ln.Addr().(*net.TCPAddr), base))
	fmt.Fprintln(stdout, "stop with Ctrl-C: every counted result is already in the file")

	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 2 * time.Minute, WriteTimeout: 2 * time.Minute}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr().String())
	}
	if stop == nil {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(sig)
		ch := make(chan struct{})
		go func() { <-sig; close(ch) }()
		stop = ch
	}
	select {
	case err := <-served:
		return fail(stderr, cmd, exitError, err)
	case <-stop:
	}
	// Uploads under way are finished (and saved) before the end.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(stderr, cmd, exitError, err)
	}
	fmt.Fprintln(stdout, "stopped")
	return exitOK
}

// ownURL is where this machine reaches the server for the slips: the
// loopback when the server listens on it (every network, or the loopback
// itself), else the one address it listens on (base).
func ownURL(a *net.TCPAddr, base string) string {
	if a.IP.IsUnspecified() || a.IP.IsLoopback() {
		return "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(a.Port))
	}
	return base
}

// baseURL is the address the tables reach the server at: the address
// listened on, or, when that is every network, this machine's first
// address on a private network (a club's), else its host name.
func baseURL(a *net.TCPAddr) string {
	port := strconv.Itoa(a.Port)
	if !a.IP.IsUnspecified() {
		return "http://" + net.JoinHostPort(a.IP.String(), port)
	}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, ad := range addrs {
			if n, ok := ad.(*net.IPNet); ok && n.IP.To4() != nil && n.IP.IsPrivate() {
				return "http://" + net.JoinHostPort(n.IP.String(), port)
			}
		}
	}
	if h, err := os.Hostname(); err == nil && h != "" {
		return "http://" + net.JoinHostPort(h, port)
	}
	return "http://" + net.JoinHostPort("127.0.0.1", port)
}
