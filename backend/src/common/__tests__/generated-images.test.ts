import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  GeneratedImages, PACK_SIZE, PORTRAIT_SIZE, generatedKey, initialsOf, isGeneratedImageUrl, packSvg, portraitSvg,
} from '../generated-images.js';
import type { FileStorage } from '../storage.js';

/** A storage in memory that counts what it is asked. */
class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();
  puts = 0;
  async put(key: string, body: Buffer) {
    this.puts += 1;
    this.files.set(key, body);
    return this.urlOf(key);
  }
  async exists(key: string) {
    return this.files.has(key);
  }
  async read(key: string) {
    return this.files.get(key) ?? null;
  }
  async remove(key: string) {
    this.files.delete(key);
  }
  urlOf(key: string) {
    return `/uploads/${key}`;
  }
}

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'nirog-generated-test-'));
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('generated pictures', () => {
  it('takes the Latin initials of a name and skips titles', () => {
    expect(initialsOf('Ayesha Siddiqua')).toBe('AS');
    expect(initialsOf('Dr. Prodip Kumar Saha')).toBe('PS');
    expect(initialsOf('Prof. Dr. Mahbubur Rahman')).toBe('MR');
    expect(initialsOf('Harun-or-Rashid')).toBe('HR');
    expect(initialsOf('mitu')).toBe('M');
    expect(initialsOf('রহিম')).toBe('');
  });

  it('draws the same SVG for the same input and a different one for a different name or kind', () => {
    expect(portraitSvg('Ayesha Siddiqua', 'doctor')).toBe(portraitSvg('Ayesha Siddiqua', 'doctor'));
    expect(generatedKey(portraitSvg('Ayesha Siddiqua', 'doctor'))).toMatch(/^generated\/[0-9a-f]{64}\.webp$/);
    expect(portraitSvg('Ayesha Siddiqua', 'doctor')).not.toBe(portraitSvg('Ayesha Siddika', 'doctor'));
    expect(portraitSvg('Ayesha Siddiqua', 'doctor')).not.toBe(portraitSvg('Ayesha Siddiqua', 'nurse'));
    expect(portraitSvg('Ayesha Siddiqua', 'doctor')).toContain('>AS</text>');
    const napa = packSvg({ name: 'Napa', strength: '500 mg', form: 'Tablet' });
    expect(napa).toBe(packSvg({ name: 'Napa', strength: '500 mg', form: 'Tablet' }));
    expect(napa).toContain('Napa');
    expect(napa).toContain('500 mg');
    expect(napa).toContain('TABLET');
    // A colour per dosage form.
    const fill = (svg: string) => svg.match(/<path d="M20 42[^"]*" fill="(#[0-9a-f]{6})"/)![1];
    expect(fill(packSvg({ name: 'Napa', strength: '500 mg', form: 'Syrup' }))).not.toBe(fill(napa));
    expect(fill(packSvg({ name: 'Ace', strength: '10 mg', form: 'Tablet' }))).toBe(fill(napa));
  });

  it('escapes names so that they cannot break the SVG', async () => {
    const svg = packSvg({ name: '<script>&"x"', strength: "5 mg'", form: 'Gel' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&amp;&quot;x&quot;');
    await expect(sharp(Buffer.from(svg)).webp().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it('stores WebP files of the set size under a key derived from the content, the same key every time', async () => {
    const cacheDir = tempDir();
    try {
      const storage = new MemoryStorage();
      const images = new GeneratedImages(storage, cacheDir);
      const portrait = await images.portrait('Ayesha Siddiqua', 'doctor');
      const pack = await images.pack({ name: 'Napa', strength: '500 mg', form: 'Tablet' });
      expect(portrait).toBe(`/uploads/${generatedKey(portraitSvg('Ayesha Siddiqua', 'doctor'))}`);
      expect(isGeneratedImageUrl(portrait)).toBe(true);
      expect(isGeneratedImageUrl('/uploads/avatars/0b6c2a4e-0d7c-4d0e-9a52-0f0e0f0e0f0e.webp')).toBe(false);
      expect(await sharp(storage.files.get(keyOf(portrait))!).metadata()).toMatchObject({ format: 'webp', width: PORTRAIT_SIZE, height: PORTRAIT_SIZE });
      expect(await sharp(storage.files.get(keyOf(pack))!).metadata()).toMatchObject({ format: 'webp', width: PACK_SIZE, height: PACK_SIZE });
      // Another process (a restart, a replica) finds the same key.
      expect(await new GeneratedImages(new MemoryStorage(), cacheDir).portrait('Ayesha Siddiqua', 'doctor')).toBe(portrait);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('does not store again what the storage already holds', async () => {
    const storage = new MemoryStorage();
    const cacheDir = tempDir();
    try {
      await new GeneratedImages(storage, cacheDir).portraits([{ name: 'Lipi Rani Das', kind: 'nurse' }, { name: 'Lipi Rani Das', kind: 'nurse' }]);
      expect(storage.puts).toBe(1);
      // A restart: a new process asks the storage and finds the file.
      await new GeneratedImages(storage, cacheDir).portrait('Lipi Rani Das', 'nurse');
      expect(storage.puts).toBe(1);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('renders once per machine: later stores copy the cached file', async () => {
    const cacheDir = tempDir();
    try {
      const spec = { name: 'Seclo', strength: '20 mg', form: 'Capsule' };
      const first = new MemoryStorage();
      const url = await new GeneratedImages(first, cacheDir).pack(spec);
      const cached = readdirSync(cacheDir);
      expect(cached).toEqual([path.basename(keyOf(url))]);
      // Whatever the cache holds is what gets stored: proof that nothing was rendered the second time.
      writeFileSync(path.join(cacheDir, cached[0]!), Buffer.from('cached bytes'));
      const second = new MemoryStorage();
      await new GeneratedImages(second, cacheDir).pack(spec);
      expect(second.files.get(keyOf(url))!.toString()).toBe('cached bytes');
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("keeps the demo's drawn paper prescription in the private store, by key, never among the public pictures", async () => {
    const cacheDir = tempDir();
    try {
      const pub = new MemoryStorage();
      const priv = new MemoryStorage();
      const images = new GeneratedImages(pub, cacheDir, priv);
      const key = await images.paperPrescription('Dr. Shamima Nasrin', ['Zimax 500 mg', '1+0+0 x 3 days']);
      expect(key).toMatch(/^prescriptions\/[0-9a-f]{64}\.webp$/);
      expect([...priv.files.keys()]).toEqual([key]);
      expect(pub.files.size).toBe(0);
      expect((await sharp(priv.files.get(key)!).metadata()).format).toBe('webp');
      expect(await images.paperPrescription('Dr. Shamima Nasrin', ['Zimax 500 mg', '1+0+0 x 3 days'])).toBe(key);
      expect(priv.puts).toBe(1);
      await expect(new GeneratedImages(pub, cacheDir).paperPrescription('Dr. X', ['Y'])).rejects.toThrow('needs a private store');
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
