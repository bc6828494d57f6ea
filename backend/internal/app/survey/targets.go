package survey

import (
	"sync"

	"github.com/rouder/console/internal/domain/survey"
)

// targetCacheSize bounds the keys kept: more than a large chain's stores
// answering at once; past it the cache starts again empty.
const targetCacheSize = 20000

// targetCache keeps each answer link's target as last read, so a busy
// answer path reads a survey and its questions once rather than per
// answer. It is only a first guess: Submit checks the stamp in its
// transaction, so an edit on any instance reaches the next answer.
type targetCache struct {
	mu      sync.RWMutex
	targets map[string]survey.Target
}

func newTargetCache() *targetCache { return &targetCache{targets: map[string]survey.Target{}} }

func (c *targetCache) get(key string) (survey.Target, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	t, ok := c.targets[key]
	return t, ok
}

func (c *targetCache) put(key string, t survey.Target) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.targets) >= targetCacheSize {
		clear(c.targets)
	}
	c.targets[key] = t
}

func (c *targetCache) forget(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.targets, key)
}
