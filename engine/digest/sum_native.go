//go:build !js

package digest

import "crypto/sha256"

// Sum256 returns the SHA-256 digest of data. Native builds have
// crypto/sha256's assembly, and its size does not matter there.
func Sum256(data []byte) [Size]byte { return sha256.Sum256(data) }
