package store

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/rouder/console/internal/domain/access"
)

// Tenancy lives here: every repository reaches tenant rows through these
// helpers, which add the organization predicate, so no query has to
// remember it. Every table of tenant data has an organization_id column,
// child tables included (migration 8); the test guard
// (testsupport/tenantguard) fails any statement from this package that
// touches such a table without naming the organization. See docs/adr/0007.

// AllTenants marks a statement that deliberately spans organizations (the
// system administrator's organization list, a job sweeping every
// organization, a row found by a secret key). The guard lets it pass; grep
// for it in review.
const AllTenants = "all tenants"

// selectIn starts a SELECT from table (aliased) limited to t's organization.
func (db *DB) selectIn(ctx context.Context, t access.Tenant, table, alias string) *bun.SelectQuery {
	return db.conn(ctx).NewSelect().TableExpr(table+" AS "+alias).Where(alias+".organization_id = ?", t.Org())
}

// selectModelIn starts a SELECT into model (a row type or a slice of them)
// limited to t's organization.
func (db *DB) selectModelIn(ctx context.Context, t access.Tenant, model any) *bun.SelectQuery {
	return db.conn(ctx).NewSelect().Model(model).Where("?TableAlias.organization_id = ?", t.Org())
}

// updateIn starts an UPDATE of table limited to t's organization.
func (db *DB) updateIn(ctx context.Context, t access.Tenant, table string) *bun.UpdateQuery {
	return db.conn(ctx).NewUpdate().Table(table).Where("organization_id = ?", t.Org())
}

// updateModelIn starts an UPDATE from model limited to t's organization.
func (db *DB) updateModelIn(ctx context.Context, t access.Tenant, model any) *bun.UpdateQuery {
	return db.conn(ctx).NewUpdate().Model(model).Where("?TableAlias.organization_id = ?", t.Org())
}

// deleteIn starts a DELETE from table limited to t's organization.
func (db *DB) deleteIn(ctx context.Context, t access.Tenant, table string) *bun.DeleteQuery {
	return db.conn(ctx).NewDelete().TableExpr(table).Where("organization_id = ?", t.Org())
}

// inScope limits q to the groups t may see: pathColumn is the group path of
// the row (for example "g.path"). The whole organization adds nothing.
func inScope(q *bun.SelectQuery, t access.Tenant, pathColumn string) *bun.SelectQuery {
	if s := t.Scope(); s != "" {
		q = q.Where(pathColumn+" LIKE ?", s+"%")
	}
	return q
}

// countAllTenants counts the rows of q, a statement that spans
// organizations on purpose. Bun's Count leaves a query's comment out, and
// with it the AllTenants mark; this counts with the mark kept. q must not
// have columns of its own yet.
func countAllTenants(ctx context.Context, q *bun.SelectQuery) (int, error) {
	var n int
	err := q.Comment(AllTenants).ColumnExpr("COUNT(*)").Scan(ctx, &n)
	return n, err
}
