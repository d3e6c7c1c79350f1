//go:build !js

package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// writePNG writes img to path as PNG (-screenshot), through a temporary
// file renamed over it, so a reader never sees half a picture.
func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".screenshot-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
