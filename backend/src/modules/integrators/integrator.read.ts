import type { EntityManager } from '@mikro-orm/sql';
import { createdOrderSql, pageOf, type ListOrder, type PageResult } from '../../common/pagination.js';
import { selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import type { IntegratorScope, OrganisationKind } from '../../common/scopes.js';

/**
 * The admin's list of apps in two statements whatever the page size: the page with each app's keys
 * (json_agg, newest first; prefixes only) and the count. The GraphQL type stays IntegratorApp; its
 * `keys` take what came here.
 */
export interface KeyRow { id: string; createdAt: Date; prefix: string; expiresAt: Date | null; revokedAt: Date | null }

export interface AppRow {
  id: string;
  createdAt: Date;
  name: string;
  contactEmail: string;
  scopes: IntegratorScope[];
  organisationKind: OrganisationKind | null;
  organisationName: string | null;
  revokedAt: Date | null;
  quotaSize: number;
  quotaRestoreRate: number;
  keyRows: KeyRow[];
}

type When = Date | string;
interface Raw {
  id: string; created_at: When; name: string; contact_email: string; scopes: string[] | string; organisation_kind: OrganisationKind | null;
  organisation_name: string | null; revoked_at: When | null; quota_size: number; quota_restore_rate: number;
  keys: { id: string; created_at: string; prefix: string; expires_at: string | null; revoked_at: string | null }[] | string;
}

const dateOrNull = (v: When | null) => (v === null ? null : toDate(v));

export async function appRows(em: EntityManager, args: { page: number; pageSize: number; sort?: ListOrder | null }, parseScopes: (v: string[] | string) => IntegratorScope[]): Promise<PageResult<AppRow>> {
  const page = new SqlParams();
  const rows = await selectRows<Raw>(em, `
    select a.id, a.created_at, a.name, a.contact_email, a.scopes, a.organisation_kind, a.organisation_name, a.revoked_at, a.quota_size, a.quota_restore_rate,
           coalesce((select json_agg(json_build_object('id', k.id, 'created_at', k.created_at, 'prefix', k.prefix, 'expires_at', k.expires_at,
                      'revoked_at', k.revoked_at) order by k.created_at desc, k.id)
                     from integrator_keys k where k.app_id = a.id), '[]'::json) as keys
      from integrator_apps a
     order by ${createdOrderSql(args.sort, 'a.')}
     ${page.window(args)}`, page);
  const total = await selectCount(em, 'select count(*) as count from integrator_apps', new SqlParams());
  return pageOf(rows.map((r) => {
    const keys = typeof r.keys === 'string' ? JSON.parse(r.keys) as Exclude<Raw['keys'], string> : r.keys;
    return {
      id: r.id, createdAt: toDate(r.created_at), name: r.name, contactEmail: r.contact_email, scopes: parseScopes(r.scopes),
      organisationKind: r.organisation_kind, organisationName: r.organisation_name, revokedAt: dateOrNull(r.revoked_at),
      quotaSize: Number(r.quota_size), quotaRestoreRate: Number(r.quota_restore_rate),
      keyRows: keys.map((k) => ({ id: k.id, createdAt: toDate(k.created_at), prefix: k.prefix, expiresAt: dateOrNull(k.expires_at), revokedAt: dateOrNull(k.revoked_at) })),
    };
  }), total, args);
}
