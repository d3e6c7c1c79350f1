package club

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"pelennor/internal/atomicfile"
)

// keyBytes is the size of the table-code key: 256 random bits.
const keyBytes = 32

// codeLen is the length of a table code in hex digits (48 bits): short
// enough to read off a slip, too many to guess on a club's network.
const codeLen = 12

// KeyPath is the key file kept beside the tournament file (ruling N30).
func KeyPath(tournamentPath string) string { return tournamentPath + ".key" }

// LoadKey reads the key file at path, or makes a random key and writes
// it there (atomically) if there is none yet; created says which. A key
// file that is not 64 hex digits is refused, naming the file: a new key
// would silently change every printed code.
func LoadKey(path string) (key []byte, created bool, err error) {
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		key, err := hex.DecodeString(strings.TrimSpace(string(data)))
		if err != nil || len(key) != keyBytes {
			return nil, false, fmt.Errorf("%s: not a table-code key (%d hex digits expected): remove it to make a new one, which changes every table's code", path, 2*keyBytes)
		}
		// A crash between writing the key and closing its mode below
		// would leave it readable by others for good: close it here.
		if err := keepPrivate(path); err != nil {
			return nil, false, err
		}
		return key, false, nil
	case !errors.Is(err, os.ErrNotExist):
		return nil, false, err
	}
	key = make([]byte, keyBytes)
	if _, err := rand.Read(key); err != nil {
		return nil, false, fmt.Errorf("making a table-code key: %v", err)
	}
	if err := atomicfile.Write(path, []byte(hex.EncodeToString(key)+"\n"), nil); err != nil {
		return nil, false, err
	}
	if err := keepPrivate(path); err != nil {
		return nil, false, err
	}
	return key, true, nil
}

// keepPrivate makes the key file readable by its owner only: the key is
// the organiser's secret. (Windows keeps no such mode bits.)
func keepPrivate(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o077 == 0 {
		return nil
	}
	return os.Chmod(path, 0o600)
}

// Code is the upload code of a table in a round: the first codeLen hex
// digits of HMAC-SHA256(key, "pelennor-table/ROUND/TABLE"). Without the
// key no code tells anything about another table's or round's.
func Code(key []byte, round, table int) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("pelennor-table/" + strconv.Itoa(round) + "/" + strconv.Itoa(table)))
	return hex.EncodeToString(m.Sum(nil))[:codeLen]
}
