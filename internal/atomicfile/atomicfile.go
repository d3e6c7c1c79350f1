// Package atomicfile writes files so that a crash or power cut never
// leaves a part-written file or destroys the previous one: the data goes
// to a temporary file in the same directory, is synced, then renamed
// over the target, and the rename is synced too.
package atomicfile

import (
	"os"
	"path/filepath"
	"runtime"
)

// Write writes data to path. rename is os.Rename unless a test gives
// another (to simulate a failure between writing and renaming).
func Write(path string, data []byte, rename func(oldpath, newpath string) error) (err error) {
	if rename == nil {
		rename = os.Rename
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp, 0o644); err != nil {
		return err
	}
	if err = rename(tmp, path); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. Windows cannot sync a
// directory; NTFS journals its renames.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
