package main

import (
	"strings"
	"testing"
)

func TestRunRefusesAFolderWithoutTheBuild(t *testing.T) {
	err := run([]string{"-dir", t.TempDir(), "-addr", "127.0.0.1:0"})
	if err == nil || !strings.Contains(err.Error(), "make web") {
		t.Fatalf("run on an empty folder: %v, want a hint to run make web", err)
	}
	if err := run([]string{"-dir", t.TempDir(), "extra"}); err == nil || !strings.Contains(err.Error(), "unexpected argument") {
		t.Fatalf("an extra argument: %v", err)
	}
}
