package user

import (
	"crypto/rand"
	"math/big"
)

// InitialPassword makes a password for a user an administrator registers
// in bulk: 8 characters, 1 upper-case letter, 4 lower-case letters and 3
// digits in a random order (docs/product/masters.md), which the password
// rule accepts. Letters that are easy to misread (I, l, O, o, 0, 1) are
// left out, since the password is read off a sheet and typed.
func InitialPassword() string {
	const (
		upper  = "ABCDEFGHJKLMNPQRSTUVWXYZ"
		lower  = "abcdefghijkmnpqrstuvwxyz"
		digits = "23456789"
	)
	b := []byte{pick(upper), pick(lower), pick(lower), pick(lower), pick(lower), pick(digits), pick(digits), pick(digits)}
	for i := len(b) - 1; i > 0; i-- {
		j := randInt(i + 1)
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func pick(set string) byte { return set[randInt(len(set))] }

func randInt(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // the system's random source failing is not recoverable
	}
	return int(v.Int64())
}
