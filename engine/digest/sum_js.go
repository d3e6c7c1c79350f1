//go:build js

package digest

// Sum256 returns the SHA-256 digest of data. The browser build keeps to
// the plain-Go function so as not to link crypto/sha256's FIPS module.
func Sum256(data []byte) [Size]byte { return sum256Go(data) }
