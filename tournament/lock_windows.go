//go:build windows

package tournament

import (
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// Lock takes the tournament file's lock (an exclusive lock on the whole
// of PATH.lock, LockFileEx), waiting while another program holds it, and
// returns its release: the same guarantee as lock_unix.go on Windows,
// where the club server and the organiser's commands run side by side
// too. The system releases it if the program dies.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot lock the tournament: %v", path, err)
	}
	h := windows.Handle(f.Fd())
	whole := new(windows.Overlapped) // from offset 0, all bytes
	if err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK, 0, ^uint32(0), ^uint32(0), whole); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: cannot lock the tournament: %v", path, err)
	}
	return func() {
		windows.UnlockFileEx(h, 0, ^uint32(0), ^uint32(0), whole)
		f.Close()
	}, nil
}
