import type { EntityManager } from '@mikro-orm/sql';
import { badInput, notFound, unauthenticated } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { ListOrder, PageResult } from '../../common/pagination.js';
import { SqlParams, selectRows, type SqlReader } from '../../common/sql.js';
import { IntegratorScope, OrganisationKind, type IntegratorIdentity } from '../../common/scopes.js';
import { normalizeEmail } from '../accounts/index.js';
import { Doctor } from '../doctors/index.js';
import { IntegratorApp, IntegratorAppDoctor, IntegratorKey } from './integrator.entity.js';
import type { IntegratorAppInput } from './integrator.inputs.js';
import { appRows, type AppRow } from './integrator.read.js';
import { makeKey, parseKey, secretMatches, type NewKey } from './integrator.keys.js';
import { KeyCache, cachedSecretMatches } from './integrator.key-cache.js';
import { Refunds } from './integrator.quota.js';

/** A doctor linked to a hospital's app, as the admin's form shows it. */
export interface HospitalDoctorRow {
  id: string;
  name: string;
  work: string;
}

export interface AppWithKey {
  app: IntegratorApp;
  /** The whole key: shown once, never stored. */
  key: string;
}

/** The demo app's key (seeded in development and tests only; refused in production whatever the database holds). */
export const DEMO_KEY = makeKey('de00000000000001', 'development-only-demo-key'.padEnd(43, '0'));

/**
 * Integrator apps and their keys: admins register, list, revoke and rotate them; a request's key is
 * turned into the app's identity here. Scopes are checked per operation (common/access.ts), the
 * cost budget in integrator.quota.ts.
 */
export class IntegratorService {
  /** Keys that authenticated, kept while this process hears nirog_cache (integrator.key-cache.ts). */
  readonly keys: KeyCache;
  /** Cost points this process owes apps' buckets (integrator.quota.ts). */
  readonly refunds = new Refunds();

  constructor(private readonly production: boolean, keyCacheSeconds = 30) {
    this.keys = new KeyCache(keyCacheSeconds * 1000);
  }

  /** Registers an app and gives its first key (shown once), with the doctors a hospital's app is linked to. */
  async create(em: EntityManager, input: IntegratorAppInput): Promise<AppWithKey> {
    const fields = checkOrganisation(input);
    return em.transactional(async (tx) => {
      const app = tx.create(IntegratorApp, {
        name: input.name.trim(),
        contactEmail: normalizeEmail(input.contactEmail),
        scopes: [...new Set(input.scopes)],
        organisationKind: input.organisationKind ?? null,
        organisationName: fields.organisationName,
        quotaSize: input.quotaSize ?? 1000,
        quotaRestoreRate: input.quotaRestoreRate ?? 100,
        quotaAvailable: input.quotaSize ?? 1000,
      });
      const key = makeKey();
      tx.create(IntegratorKey, { app, keyId: key.keyId, prefix: key.prefix, secretHash: key.secretHash });
      await tx.flush();
      await this.linkDoctors(tx, app, input.hospitalDoctorIds ?? []);
      return { app, key: key.key };
    });
  }

  /**
   * Changes an app's name, contact, scopes, organisation, linked doctors and budget (its keys stay).
   * A smaller bucket keeps at most its new size; what an app was refused before is not given back.
   */
  async update(em: EntityManager, id: string, input: IntegratorAppInput): Promise<IntegratorApp> {
    const app = isUuid(id) ? await em.findOne(IntegratorApp, { id }) : null;
    if (!app) throw notFound('App');
    const fields = checkOrganisation(input);
    Object.assign(app, {
      name: input.name.trim(),
      contactEmail: normalizeEmail(input.contactEmail),
      scopes: [...new Set(input.scopes)],
      organisationKind: input.organisationKind ?? null,
      organisationName: fields.organisationName,
      quotaSize: input.quotaSize ?? app.quotaSize,
      quotaRestoreRate: input.quotaRestoreRate ?? app.quotaRestoreRate,
    });
    await em.transactional(async (tx) => {
      await tx.flush();
      await this.linkDoctors(tx, app, input.hospitalDoctorIds);
      await tx.execute('update integrator_apps set quota_available = least(quota_available, quota_size) where id = ?', [app.id]);
    });
    this.keys.clear();
    return app;
  }

  /**
   * The doctors a hospital's app reads visits of become exactly `doctorIds` (null: unchanged); an app
   * that does not act for a hospital is linked to none. In the caller's transaction.
   */
  private async linkDoctors(tx: EntityManager, app: IntegratorApp, doctorIds: readonly string[] | null | undefined): Promise<void> {
    if (app.organisationKind !== OrganisationKind.HOSPITAL) {
      await tx.nativeDelete(IntegratorAppDoctor, { app: app.id });
      return;
    }
    if (doctorIds == null) return;
    const found = doctorIds.length ? await tx.count(Doctor, { id: { $in: [...doctorIds] } }) : 0;
    if (found !== doctorIds.length) {
      throw badInput('A doctor chosen is not on Nirog', { hospitalDoctorIds: 'A doctor chosen is not on Nirog' });
    }
    await tx.nativeDelete(IntegratorAppDoctor, { app: app.id, ...(doctorIds.length ? { doctor: { $nin: [...doctorIds] } } : {}) });
    const linked = new Set((await tx.find(IntegratorAppDoctor, { app: app.id }, { fields: ['doctor'] })).map((l) => l.doctor.id));
    for (const doctorId of doctorIds) {
      if (!linked.has(doctorId)) tx.create(IntegratorAppDoctor, { app: tx.getReference(IntegratorApp, app.id), doctor: tx.getReference(Doctor, doctorId) });
    }
    await tx.flush();
  }

  /** The doctors whose hospital visits this app reads (none unless an admin linked them). */
  async hospitalDoctorIds(em: EntityManager, appId: string): Promise<string[]> {
    const rows = await em.execute<{ doctor_id: string }[]>('select doctor_id from integrator_app_doctors where app_id = ?', [appId]);
    return rows.map((r) => r.doctor_id);
  }

  /** Each app's linked doctors (name and declared work place, for the admin's form), in one statement. */
  async hospitalDoctorsOf(em: EntityManager, appIds: readonly string[]): Promise<Map<string, HospitalDoctorRow[]>> {
    const byApp = new Map<string, HospitalDoctorRow[]>(appIds.map((id) => [id, []]));
    if (!appIds.length) return byApp;
    const rows = await em.execute<{ app_id: string; id: string; name: string; work: string }[]>(
      `select l.app_id, d.id, d.user_name as name, d.work from integrator_app_doctors l join doctors d on d.id = l.doctor_id
        where l.app_id in (${appIds.map(() => '?').join(', ')}) order by d.user_name, d.id`, [...appIds]);
    for (const r of rows) byApp.get(r.app_id)?.push({ id: r.id, name: r.name, work: r.work });
    return byApp;
  }

  /** The admin's list, each app with its keys (integrator.read.ts). */
  list(em: EntityManager, args: { page: number; pageSize: number; sort?: ListOrder | null }): Promise<PageResult<AppRow>> {
    return appRows(em, args, parseScopes);
  }

  /** The keys of each app, newest first, in one query (the admin list's field). */
  async keysOf(em: EntityManager, appIds: readonly string[]): Promise<Map<string, IntegratorKey[]>> {
    const keys = await em.find(IntegratorKey, { app: { $in: [...appIds] } }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    const byApp = new Map<string, IntegratorKey[]>(appIds.map((id) => [id, []]));
    for (const k of keys) byApp.get(k.app.id)?.push(k);
    return byApp;
  }

  /** Revokes the app and every key of it, at once. */
  async revoke(em: EntityManager, id: string): Promise<IntegratorApp> {
    const app = isUuid(id) ? await em.findOne(IntegratorApp, { id }) : null;
    if (!app) throw notFound('App');
    const now = new Date();
    app.revokedAt ??= now;
    await em.nativeUpdate(IntegratorKey, { app: app.id, revokedAt: null }, { revokedAt: now });
    await em.flush();
    this.keys.clear();
    return app;
  }

  /**
   * A new key for the app (shown once); its older keys keep working for `overlapMinutes` (an
   * integrator deploys the new key meanwhile), then stop. A key already ending sooner keeps its end.
   */
  async rotate(em: EntityManager, id: string, overlapMinutes: number): Promise<AppWithKey> {
    const app = isUuid(id) ? await em.findOne(IntegratorApp, { id }) : null;
    if (!app || app.revokedAt) throw notFound('App');
    const until = new Date(Date.now() + overlapMinutes * 60_000);
    const key: NewKey = makeKey();
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(IntegratorKey, { app: app.id, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: until } }] }, { expiresAt: until });
      tx.create(IntegratorKey, { app: tx.getReference(IntegratorApp, app.id), keyId: key.keyId, prefix: key.prefix, secretHash: key.secretHash });
    });
    this.keys.clear();
    return { app, key: key.key };
  }

  /**
   * The app a presented key belongs to; a wrong, revoked or expired key is UNAUTHENTICATED, with its
   * reason. A key that authenticated recently on this process is checked against its cached row
   * (integrator.key-cache.ts): the secret's hash and the key's end, without a round trip.
   */
  async authenticate(db: SqlReader, presented: string): Promise<IntegratorIdentity> {
    const parsed = parseKey(presented);
    if (!parsed || (this.production && parsed.keyId === DEMO_KEY.keyId)) throw invalidKey();
    const cached = this.keys.get(parsed.keyId);
    if (cached) {
      if (!cachedSecretMatches(cached, parsed.secret)) throw invalidKey();
      return cached.identity;
    }
    const token = this.keys.token;
    const rows = await selectRows<{
      secret_hash: string; prefix: string; expires_at: Date | null; key_revoked: Date | null; app_id: string; name: string; scopes: string[];
      organisation_kind: OrganisationKind | null; organisation_name: string | null; app_revoked: Date | null; expired: boolean;
    }>(
      db,
      `select k.secret_hash, k.prefix, k.expires_at, k.revoked_at as key_revoked, a.id as app_id, a.name, a.scopes, a.organisation_kind,
              a.organisation_name, a.revoked_at as app_revoked, (k.expires_at is not null and k.expires_at <= now()) as expired
         from integrator_keys k join integrator_apps a on a.id = k.app_id where k.key_id = ?`,
      keyIdParam(parsed.keyId),
    );
    const row = rows[0];
    if (!row || !secretMatches(parsed.secret, row.secret_hash)) throw invalidKey();
    if (row.key_revoked || row.app_revoked) throw unauthenticated('This key was revoked', 'API_KEY_REVOKED');
    if (row.expired) throw unauthenticated('This key was rotated and its overlap has ended; use the new key', 'API_KEY_EXPIRED');
    // Frozen: one cached object serves many requests.
    const identity: IntegratorIdentity = Object.freeze({
      appId: row.app_id, keyPrefix: row.prefix, name: row.name, scopes: Object.freeze(parseScopes(row.scopes)),
      organisationKind: row.organisation_kind, organisationName: row.organisation_name,
    });
    this.keys.set(parsed.keyId, { secretHash: row.secret_hash, expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null, identity }, token);
    return identity;
  }
}

function keyIdParam(keyId: string): SqlParams {
  const params = new SqlParams();
  params.add(keyId);
  return params;
}

const invalidKey = () => unauthenticated('This is not a valid Nirog app key', 'INVALID_API_KEY');

/** text[] comes back as an array from pg and PGlite; scopes no longer known are dropped. */
function parseScopes(value: string[] | string): IntegratorScope[] {
  const list = Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
  const known = new Set<string>(Object.values(IntegratorScope));
  return list.filter((s): s is IntegratorScope => known.has(s));
}

/**
 * Whom the app acts for must fit its scopes: a hospital for appointments:read (its visits are those of
 * the doctors linked to it), the pharmacy for stock:write; a hospital and an insurer are named too.
 */
function checkOrganisation(input: IntegratorAppInput): { organisationName: string | null } {
  const kind = input.organisationKind ?? null;
  const name = input.organisationName?.trim() || null;
  if ((kind === OrganisationKind.HOSPITAL || kind === OrganisationKind.INSURER) && !name) {
    throw badInput('Name the hospital or insurer the app acts for', { organisationName: 'Name the hospital or insurer the app acts for' });
  }
  if (input.hospitalDoctorIds?.length && kind !== OrganisationKind.HOSPITAL) {
    throw badInput("Only a hospital's app is linked to doctors", { hospitalDoctorIds: "Only a hospital's app is linked to doctors" });
  }
  if (input.scopes.includes(IntegratorScope.APPOINTMENTS_READ) && kind !== OrganisationKind.HOSPITAL) {
    throw badInput('appointments:read is for an app acting for a hospital', { scopes: 'appointments:read is for an app acting for a hospital' });
  }
  if (input.scopes.includes(IntegratorScope.STOCK_WRITE) && kind !== OrganisationKind.PHARMACY) {
    throw badInput('stock:write is for an app acting for the pharmacy', { scopes: 'stock:write is for an app acting for the pharmacy' });
  }
  return { organisationName: kind === OrganisationKind.PHARMACY ? null : name };
}
