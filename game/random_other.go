//go:build !js

package game

import "crypto/rand"

// secureRandom fills b from the system's secure random source: PBEM
// secrets and match ids must not be guessable.
func secureRandom(b []byte) error {
	_, err := rand.Read(b)
	return err
}
