//go:build unix

package tournament

import (
	"fmt"
	"os"
	"syscall"
)

// Lock takes the tournament file's lock (an exclusive advisory lock on
// PATH.lock), waiting while another program holds it, and returns its
// release. Every program that changes the file holds it from reading the
// file to writing it, so the club server and the organiser's commands
// never write over each other's changes. The system releases it if the
// program dies.
func Lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot lock the tournament: %v", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: cannot lock the tournament: %v", path, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
