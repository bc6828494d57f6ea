// Package clustertest holds the cluster tests (build tag "cluster"): two
// console instances on one PostgreSQL and one S3 bucket behind nginx, a
// browser round through it, shared sessions and limits, the timers run
// once per tick across a leader's death, and the faults an installation
// must survive (an instance killed and PostgreSQL restarted under a load of
// survey answers, the mail server away). `make test-cluster` runs them
// (deploy/test/cluster.sh starts what they need); docs/operations.md has
// their figures.
package clustertest
