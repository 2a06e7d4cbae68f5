import { expect } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './app.js';

export const GENERATED_URL = /^(https?:\/\/[^/]+)?\/uploads\/generated\/[0-9a-f]{64}\.webp$/;

/** The path of a picture's URL: GraphQL answers `/uploads/…`, the REST door the same path on PUBLIC_URL. */
export const pathOf = (url: string) => new URL(url, 'http://nirog.invalid').pathname;

/**
 * A drawn picture (common/generated-images.ts) as every replica would find it: the URL names a
 * content-addressed key, the file is in the storage's folder, it decodes as WebP of the set size,
 * and /uploads serves it.
 */
export async function expectGeneratedPicture(t: TestApp, url: string | null | undefined, size: number, opts: { http?: boolean } = {}): Promise<void> {
  expect(url).toMatch(GENERATED_URL);
  const file = path.join(t.config.uploads.dir, pathOf(url!).replace(/^\/uploads\//, ''));
  const meta = await sharp(await readFile(file)).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
  if (opts.http) {
    const res = await t.http().get(pathOf(url!));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  }
}
