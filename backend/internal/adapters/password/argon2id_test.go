package password

import (
	"strings"
	"testing"
)

func TestHashVerifies(t *testing.T) {
	h := NewHasher(Params{MemoryKiB: 1024, Time: 1, Threads: 1})
	enc, err := h.Hash("Sysadmin#2026")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("encoding %q", enc)
	}
	if ok, err := h.Verify(enc, "Sysadmin#2026"); err != nil || !ok {
		t.Fatalf("right password: ok=%v err=%v", ok, err)
	}
	if ok, _ := h.Verify(enc, "sysadmin#2026"); ok {
		t.Fatal("wrong password verified")
	}
	again, _ := h.Hash("Sysadmin#2026")
	if again == enc {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
}

func TestVerifyUsesTheStoredCost(t *testing.T) {
	old, _ := NewHasher(Params{MemoryKiB: 1024, Time: 1, Threads: 1}).Hash("pw")
	if ok, err := NewHasher(DefaultParams).Verify(old, "pw"); err != nil || !ok {
		t.Fatalf("hash made with other parameters: ok=%v err=%v", ok, err)
	}
}

func TestVerifyRejectsGarbage(t *testing.T) {
	h := NewHasher(DefaultParams)
	for _, enc := range []string{"", "plain", "$bcrypt$x$y$z$w", "$argon2id$v=19$m=x$a$b"} {
		if ok, err := h.Verify(enc, "pw"); ok || err == nil {
			t.Errorf("%q: ok=%v err=%v", enc, ok, err)
		}
	}
}
