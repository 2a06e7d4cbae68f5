import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type { Express } from 'express';
import { loadConfig, REPO_ROOT, type Config } from '../src/config.js';
import { initOrm, migrate, sqlListeners, type Orm } from '../src/db.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createHttpServer, type NirogApp } from '../src/app.js';
import { createLogger } from '../src/common/logger.js';
import { seedDemoData } from '../src/seeders/DatabaseSeeder.js';
import { generatedImagesFor } from '../src/common/generated-images.js';
import { DEMO_PASSWORD } from '../src/seeders/demo-accounts.js';
import { MIGRATIONS } from '../src/migrations/index.js';
import { nativeClient } from '../src/common/sql.js';
import { BACKGROUND_STATEMENT } from '../src/common/rate-limit.js';

/**
 * A real Nirog for one test file: real HTTP (supertest on the express app), a real database —
 * in-memory PGlite by default, or a fresh database on the PostgreSQL server of DATABASE_URL.
 */
export interface TestApp extends NirogApp {
  orm: Orm;
  config: Config;
  http: () => ReturnType<typeof request>;
  /** Runs SQL on this app's database in a fresh fork: to set up a case, or to read what a request wrote. */
  sql<T = Record<string, any>>(query: string, params?: unknown[]): Promise<T[]>;
  /**
   * The app on a real port with its live socket (subscriptions), and the coordinator listening (live
   * signals reach subscribers only through it): ws://127.0.0.1:<port>/graphql. Started on first use.
   */
  liveUrl(): Promise<string>;
  close(): Promise<void>;
}

async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nirog_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The image as PGlite reads it (its type and its bytes). Not a Blob: a Blob made in jest's sandbox
 * fails PGlite's arrayBuffer() call with "Illegal invocation" (another realm's Blob).
 */
function gzipImage(bytes: Buffer): Blob {
  return { type: 'application/x-gzip', arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) } as unknown as Blob;
}

/**
 * The migrated, empty schema as a PGlite data directory image, made once for every test file and jest
 * worker: migrating an in-memory PGlite took 3 to 4 s a file (about 80 files, two workers); loading
 * the image takes a fraction of that. It is kept in the system's temporary folder under a name made
 * from the migrations' code and PGlite's version, so a changed migration makes a new image and a stale
 * one is never read. Two workers making it at once each write their own file and rename it into place.
 * The migrations still run from empty on PostgreSQL (every test there, the foundation test's check of
 * migrations against entities among them) and in the production start test (the built server on PGlite).
 */
async function migratedPgliteImage(config: Config): Promise<Blob> {
  const pgliteVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(pgliteVersion);
  for (const m of MIGRATIONS) key.update(m.name).update(m.class.toString());
  const file = path.join(tmpdir(), `nirog-test-pglite-${key.digest('hex').slice(0, 16)}.tar.gz`);
  try {
    return gzipImage(readFileSync(file));
  } catch {
    const orm = await initOrm(config);
    await migrate(orm);
    const image = await (await nativeClient<{ dumpDataDir(c: 'gzip'): Promise<Blob> }>(orm)).dumpDataDir('gzip');
    await orm.close(true);
    const bytes = Buffer.from(await image.arrayBuffer());
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return gzipImage(bytes);
  }
}

export async function createTestApp(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const db = baseUrl ? await createDatabase(baseUrl) : undefined;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'nirog-uploads-'));
  const privateDir = mkdtempSync(path.join(tmpdir(), 'nirog-medical-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db?.url ?? '',
    PGLITE_DATA_DIR: 'memory://',
    UPLOAD_DIR: uploadDir,
    PRIVATE_UPLOAD_DIR: privateDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    FRONTEND_DIST: path.join(uploadDir, 'no-frontend'),
    // Tests read the public lists from one address many times a minute; the tests of these limits set their own.
    SEARCHES_PER_IP_PER_MINUTE: '1000000', PUBLIC_READS_PER_IP_PER_MINUTE: '1000000',
    ...opts.env,
  });
  const log = createLogger(config.logLevel);
  const orm = await initOrm(config, log, db ? {} : { pgliteImage: await migratedPgliteImage(config) });
  await migrate(orm);
  if (opts.seed !== false) await seedDemoData(orm, generatedImagesFor(config));
  const nirog = await createApp(config, orm, log);
  const app: Express = nirog.app;
  let listening: Promise<{ server: Server; url: string }> | undefined;
  return {
    ...nirog,
    orm,
    config,
    http: () => request(app),
    sql: <T,>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(query, params) as Promise<T[]>,
    async liveUrl() {
      listening ??= (async () => {
        await nirog.coordinator.start();
        const server = createHttpServer(app, config);
        nirog.live.attach(server);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql` };
      })();
      return (await listening).url;
    },
    async close() {
      if (listening) {
        const { server } = await listening;
        await nirog.live.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      // Started by liveUrl() or by a test itself: its reconnect timer must not outlive the app.
      await nirog.coordinator.stop();
      await nirog.worker.stop();
      await nirog.apollo.stop();
      await nirog.services.limiter.shared.stop();
      await nirog.services.integrators.refunds.close();
      await orm.close(true);
      await db?.drop();
      rmSync(uploadDir, { recursive: true, force: true });
      rmSync(privateDir, { recursive: true, force: true });
    },
  };
}

export interface GqlResult<T = Record<string, any>> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; reason?: string; fields?: Record<string, string>; fieldRules?: Record<string, string>; fieldParams?: Record<string, Record<string, number>> } }[];
  code?: string;
}

/** A caller with (or without) a token, speaking GraphQL and REST over real HTTP. */
export class Client {
  constructor(readonly t: TestApp, public token?: string, public refreshToken?: string, public user?: Record<string, any>) {}

  private auth(req: request.Test): request.Test {
    return this.token ? req.set('Authorization', `Bearer ${this.token}`) : req;
  }

  async gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>> {
    const res = await this.auth(this.t.http().post('/graphql').set('Content-Type', 'application/json')).send({ query, variables });
    return { status: res.status, data: res.body.data ?? undefined, errors: res.body.errors, code: res.body.errors?.[0]?.extensions?.code };
  }

  get(path: string) {
    return this.auth(this.t.http().get(`/api${path}`));
  }
  post(path: string, body?: object) {
    return this.auth(this.t.http().post(`/api${path}`)).send(body);
  }
  put(path: string, body?: object) {
    return this.auth(this.t.http().put(`/api${path}`)).send(body);
  }
  delete(path: string) {
    return this.auth(this.t.http().delete(`/api${path}`));
  }
  /** A multipart request (for uploads), through the REST door. */
  multipart(method: 'post' | 'put', path: string) {
    return this.auth(this.t.http()[method](`/api${path}`));
  }
}

export async function login(t: TestApp, email: string, password = DEMO_PASSWORD, door: 'patient' | 'doctor' = 'patient'): Promise<Client> {
  const res = await t.http().post(door === 'doctor' ? '/api/login/doctor' : '/api/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return new Client(t, res.body.token, res.body.refreshToken, res.body.user);
}

export const asVisitor = (t: TestApp) => new Client(t);
export const asPatient = (t: TestApp, email = 'patient@nirog.test') => login(t, email);
export const asAdmin = (t: TestApp) => login(t, 'admin@nirog.test');
export const asDoctor = (t: TestApp, email = 'doctor@nirog.test') => login(t, email, DEMO_PASSWORD, 'doctor');

/** Counts the SQL statements a piece of work sends (for N+1 checks). */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; count: number; sql: string[] }> {
  const sql: string[] = [];
  // A process's own bookkeeping on its timer (the shared limits' counts) is no request's statement.
  const listener = (msg: string) => {
    if (!msg.includes(BACKGROUND_STATEMENT)) sql.push(msg);
  };
  sqlListeners.add(listener);
  try {
    const result = await work();
    return { result, count: sql.length, sql };
  } finally {
    sqlListeners.delete(listener);
  }
}

/** A small real PNG, made by sharp, for upload tests. */
export async function pngImage(width = 8, height = 8): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
}
