//go:build !unix && !windows

package tournament

import "sync"

// locks are the tournament files' locks where the system has no advisory
// file locks (the browser): there is no other program to keep out, only
// this one's goroutines. See lock_unix.go and lock_windows.go.
var locks sync.Map // path -> *sync.Mutex

// Lock takes the tournament file's lock, waiting while it is held, and
// returns its release.
func Lock(path string) (unlock func(), err error) {
	m, _ := locks.LoadOrStore(path, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock, nil
}
