// Package engine is the deterministic Hordes of the Things rules engine.
package engine
