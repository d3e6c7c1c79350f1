//go:build !unix && !windows

package tournament

// Lock is a no-op where there are no advisory file locks (the browser,
// whose store has one writer): see lock_unix.go and lock_windows.go.
func Lock(path string) (unlock func(), err error) { return func() {}, nil }
