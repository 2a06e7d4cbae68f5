import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { asPatient, createTestApp, pngImage, type Client, type TestApp } from '../../../../test/app.js';
import { orderWithPhoto } from '../../../../test/fixtures.js';
import { startS3StandIn, type S3StandIn } from '../../../../test/s3.js';
import { createLogger } from '../../../common/logger.js';
import { createFileStorage, createPrivateStorage } from '../../../common/storage.js';
import { ConfigError, loadConfig } from '../../../config.js';
import { QUEUE_PRESCRIPTION_PHOTO_MOVES } from '../../../migrations/Migration20261129010000PrivateMedicalFiles.js';
import { Medicine, MedicineForm, MedicineUnit } from '../../medicines/index.js';
import { moveQueuedFiles, publicKeyOf } from '../medical-file.service.js';

/**
 * Existing prescription photos leave public storage (Migration20261129010000PrivateMedicalFiles):
 * the migration rewrites each order's public address to its private key and queues the file; the
 * start copies it into the private store and deletes the public one. Idempotent, and safe when a file
 * is missing; on disk and on S3.
 */
const log = createLogger('silent');

async function photoOrder(t: TestApp, client: Client, side: number): Promise<{ id: string; key: string }> {
  const e = t.orm.em.fork();
  const m = e.create(Medicine, {
    name: `Rxmove ${side}-${Date.now()}`, genericName: 'Azithromycin', company: 'Square Pharmaceuticals', strength: '500 mg', form: MedicineForm.Tablet,
    unit: MedicineUnit.Strip, pricePoisha: 10500, stock: 5, prescriptionRequired: true, dosesPerUnit: 6,
  });
  await e.flush();
  const id = (await orderWithPhoto(t, client, [{ medicineId: m.id, quantity: 1 }], await pngImage(side, side))).data!.createOrder.order.id;
  const [row] = await t.sql<{ prescription_image_url: string }>('select prescription_image_url from orders where id = ?', [id]);
  return { id, key: row!.prescription_image_url };
}

const addressOf = async (t: TestApp, id: string) => (await t.sql<{ a: string }>('select prescription_image_url as a from orders where id = ?', [id]))[0]!.a;
const queued = async (t: TestApp) => Number((await t.sql<{ n: string }>('select count(*) as n from private_file_moves'))[0]!.n);
async function migrate(t: TestApp) {
  for (const sql of QUEUE_PRESCRIPTION_PHOTO_MOVES) await t.sql(sql);
  return moveQueuedFiles(t.orm.em.fork(), createFileStorage(t.config), createPrivateStorage(t.config), log);
}

describe('moving existing photos on disk', () => {
  let t: TestApp;
  let patient: Client;
  beforeAll(async () => {
    t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
    patient = await asPatient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rewrites the addresses, moves the files out of /uploads, forgets the queue; again changes nothing', async () => {
    const pub = t.config.uploads.dir;
    const priv = t.config.uploads.privateDir;
    mkdirSync(path.join(pub, 'prescriptions'), { recursive: true });
    // As the orders were before: files in the public folder, named by their public addresses.
    const local = await photoOrder(t, patient, 60);
    const viaBucketUrl = await photoOrder(t, patient, 61);
    const gone = await photoOrder(t, patient, 62);
    const halfMoved = await photoOrder(t, patient, 63);
    const alreadyPrivate = await photoOrder(t, patient, 64);
    const bytes = Object.fromEntries([local, viaBucketUrl, halfMoved].map((o) => [o.id, readFileSync(path.join(priv, o.key))]));
    for (const o of [local, viaBucketUrl, gone]) renameSync(path.join(priv, o.key), path.join(pub, o.key));
    // A move cut short after the copy: the file is in both places.
    copyFileSync(path.join(priv, halfMoved.key), path.join(pub, halfMoved.key));
    await t.sql('update orders set prescription_image_url = ? where id = ?', [`/uploads/${local.key}`, local.id]);
    await t.sql('update orders set prescription_image_url = ? where id = ?', [`http://localhost:8080/nirog-uploads/${viaBucketUrl.key}`, viaBucketUrl.id]);
    await t.sql('update orders set prescription_image_url = ? where id = ?', [`/uploads/${halfMoved.key}`, halfMoved.id]);
    await t.sql('update orders set prescription_image_url = ? where id = ?', [`/uploads/${gone.key}`, gone.id]);
    rmSync(path.join(pub, gone.key));
    expect(existsSync(path.join(pub, local.key))).toBe(true);

    expect(await migrate(t)).toEqual({ moved: 3, missing: 1 });
    for (const o of [local, viaBucketUrl, gone, halfMoved, alreadyPrivate]) expect(await addressOf(t, o.id)).toBe(o.key);
    for (const o of [local, viaBucketUrl, halfMoved]) {
      expect(readFileSync(path.join(priv, o.key))).toEqual(bytes[o.id]);
      expect(existsSync(path.join(pub, o.key))).toBe(false);
    }
    expect(await queued(t)).toBe(0);
    expect((await t.http().get(`/uploads/${local.key}`)).status).toBe(404);
    // Served through its link; the missing one answers like any missing file.
    const link = async (id: string) => (await patient.gql('query($id: ID!) { order(id: $id) { prescriptionImageUrl } }', { id })).data!.order.prescriptionImageUrl as string;
    expect((await t.http().get(await link(local.id))).status).toBe(200);
    expect((await t.http().get(await link(gone.id))).status).toBe(404);

    // Idempotent: nothing left to rewrite or move.
    expect(await migrate(t)).toEqual({ moved: 0, missing: 0 });
    for (const o of [local, viaBucketUrl, gone, halfMoved, alreadyPrivate]) expect(await addressOf(t, o.id)).toBe(o.key);
  });

  it('reads the public key at the end of any public address', () => {
    expect(publicKeyOf('/uploads/prescriptions/abc-1.webp')).toBe('prescriptions/abc-1.webp');
    expect(publicKeyOf('https://files.nirog.test/nirog-uploads/generated/ff00.webp')).toBe('generated/ff00.webp');
    expect(publicKeyOf('nothing')).toBeNull();
  });
});

describe('moving existing photos on S3', () => {
  let s3: S3StandIn;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await createTestApp({ env: { ...s3.env, OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('copies each to the private prefix and deletes the public object', async () => {
    const patient = await asPatient(t);
    const a = await photoOrder(t, patient, 70);
    const b = await photoOrder(t, patient, 71);
    const bytes = s3.objects.get(`private/${a.key}`)!.body;
    // As before: public objects at prescriptions/…, addresses on S3_PUBLIC_URL.
    for (const o of [a, b]) {
      s3.objects.set(o.key, s3.objects.get(`private/${o.key}`)!);
      s3.objects.delete(`private/${o.key}`);
      await t.sql('update orders set prescription_image_url = ? where id = ?', [`${s3.env.S3_PUBLIC_URL}/${o.key}`, o.id]);
    }
    s3.objects.delete(b.key);
    expect(await migrate(t)).toEqual({ moved: 1, missing: 1 });
    expect(s3.objects.get(`private/${a.key}`)!.body).toEqual(bytes);
    expect(s3.objects.has(a.key)).toBe(false);
    expect([await addressOf(t, a.id), await addressOf(t, b.id)]).toEqual([a.key, b.key]);
    expect(await migrate(t)).toEqual({ moved: 0, missing: 0 });
  });
});

describe('configuration', () => {
  it('refuses a private folder inside the public one, or the other way round', () => {
    expect(() => loadConfig({ UPLOAD_DIR: '/srv/nirog/uploads', PRIVATE_UPLOAD_DIR: '/srv/nirog/uploads/medical' })).toThrow(ConfigError);
    expect(() => loadConfig({ UPLOAD_DIR: '/srv/nirog/files/uploads', PRIVATE_UPLOAD_DIR: '/srv/nirog/files' })).toThrow(ConfigError);
    expect(() => loadConfig({ UPLOAD_DIR: '/srv/nirog/uploads', PRIVATE_UPLOAD_DIR: '/srv/nirog/uploads' })).toThrow(ConfigError);
    expect(loadConfig({ UPLOAD_DIR: '/srv/nirog/uploads', PRIVATE_UPLOAD_DIR: '/srv/nirog/uploads-medical' }).uploads.privateDir).toBe('/srv/nirog/uploads-medical');
  });
});
