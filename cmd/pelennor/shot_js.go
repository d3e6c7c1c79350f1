//go:build js

package main

import (
	"errors"
	"image"
)

// writePNG refuses: a browser has no file to write a screenshot to (and
// the PNG encoder would only add to the module).
func writePNG(string, image.Image) error {
	return errors.New("-screenshot is for the desktop build")
}
