import { escapeHtml as escapeXml } from './html.js';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createFileStorage, createPrivateStorage, type FileStorage, type ObjectStore } from './storage.js';
import type { Config } from '../config.js';

/**
 * The pictures Nirog draws itself, for a doctor, nurse or medicine that has no uploaded one: a
 * portrait (initials on a colour of the person's own, over a head-and-shoulders shape) and a pack
 * (brand, strength and form on a colour per dosage form). Everything is deterministic: the same
 * name makes the same SVG, and the file is stored under `generated/<sha256 of the SVG>.webp`, so a
 * re-seed, a restart or another replica finds the file already there instead of storing it again.
 *
 * Rendering (librsvg through sharp, with the machine's sans-serif font) costs tens of milliseconds
 * an image, so rendered files are also kept in a cache folder on the machine (written atomically):
 * only the first seed on a machine renders; later ones copy bytes into the storage, or skip when
 * the storage has them.
 */

export const PORTRAIT_SIZE = 320;
export const PACK_SIZE = 400;
/** Part of every SVG, so that changing how files are rendered changes their keys too. */
const RENDER = 'nirog-generated v1 webp q82';

export type PersonKind = 'doctor' | 'nurse';
export interface PackSpec { name: string; strength: string; form: string }

const GENERATED_PREFIX = 'generated/';

/** Whether a stored URL is one of these drawings (and so may be redrawn when what it shows changes). */
export function isGeneratedImageUrl(url: string | null | undefined): boolean {
  return !!url && new RegExp(`/${GENERATED_PREFIX}[0-9a-f]{64}\\.webp$`).test(url);
}

const TITLES = new Set(['dr', 'prof', 'professor', 'assoc', 'associate', 'asst', 'assistant', 'mr', 'mrs', 'ms', 'miss', 'md', 'sister']);

/** Latin initials of a name, titles skipped: "Dr. Ayesha Siddiqua" → "AS", "Harun-or-Rashid" → "HR". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-–.]+/).map((w) => w.replace(/[^A-Za-z]/g, '')).filter((w) => w && !TITLES.has(w.toLowerCase()));
  if (!words.length) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (first[0]! + (last[0] ?? '')).toUpperCase();
}

function hashOf(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}


/** Background colours for portraits, dark enough for white initials (contrast ≥ 4.5:1). */
const PORTRAIT_COLOURS = [
  '#0b7a5c', '#1d5f8a', '#7a3e9d', '#b0413e', '#8a5a00', '#2f6b3a', '#a23b72', '#3d5a80',
  '#5b4b8a', '#00697a', '#8c4a2f', '#4a6b1f', '#9c2f55', '#245c73', '#6d4c41', '#35618f',
];

export function portraitSvg(name: string, kind: PersonKind): string {
  const h = hashOf(name.trim().toLowerCase());
  const bg = PORTRAIT_COLOURS[h[0]! % PORTRAIT_COLOURS.length]!;
  const initials = escapeXml(initialsOf(name));
  const S = PORTRAIT_SIZE;
  // Doctors wear a white coat with lapels; nurses scrubs with a small cross.
  const attire = kind === 'doctor'
    ? `<path d="M112 246 L160 320 L208 246 L236 256 L200 320 L120 320 L84 256 Z" fill="#ffffff" fill-opacity="0.9"/>
  <path d="M142 262 q18 34 36 0" fill="none" stroke="${bg}" stroke-width="5" stroke-linecap="round"/>`
    : `<rect x="146" y="262" width="28" height="28" rx="4" fill="#ffffff" fill-opacity="0.9"/>
  <path d="M160 268 v16 M152 276 h16" stroke="${bg}" stroke-width="5" stroke-linecap="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><!-- ${RENDER} -->
  <rect width="${S}" height="${S}" fill="${bg}"/>
  <circle cx="160" cy="132" r="74" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M36 320 C36 250 92 226 160 226 C228 226 284 250 284 320 Z" fill="#ffffff" fill-opacity="0.18"/>
  ${attire}
  <text x="160" y="132" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${initials.length > 1 ? 68 : 80}" fill="#ffffff">${initials}</text>
</svg>`;
}

/** A colour per dosage form, and the shape drawn on the pack. */
const FORM_STYLE: Record<string, { colour: string; shape: 'tablet' | 'capsule' | 'bottle' | 'tube' | 'vial' | 'inhaler' | 'sachet' }> = {
  Tablet: { colour: '#1d6fb8', shape: 'tablet' },
  Capsule: { colour: '#c0392b', shape: 'capsule' },
  Syrup: { colour: '#d35400', shape: 'bottle' },
  Suspension: { colour: '#b9770e', shape: 'bottle' },
  Solution: { colour: '#16808a', shape: 'bottle' },
  Drops: { colour: '#2e86c1', shape: 'bottle' },
  Injection: { colour: '#7d3c98', shape: 'vial' },
  Cream: { colour: '#c2185b', shape: 'tube' },
  Ointment: { colour: '#8e44ad', shape: 'tube' },
  Gel: { colour: '#00897b', shape: 'tube' },
  Inhaler: { colour: '#2874a6', shape: 'inhaler' },
  Powder: { colour: '#6e7b0f', shape: 'sachet' },
  Suppository: { colour: '#a04000', shape: 'capsule' },
};
const DEFAULT_FORM_STYLE = { colour: '#0b7a5c', shape: 'tablet' as const };

function shapeSvg(shape: (typeof FORM_STYLE)[string]['shape'], c: string): string {
  switch (shape) {
    case 'tablet':
      return `<circle cx="322" cy="78" r="30" fill="#ffffff"/><path d="M300 78 h44" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`;
    case 'capsule':
      return `<g transform="rotate(-35 322 78)"><rect x="284" y="60" width="76" height="36" rx="18" fill="#ffffff"/><path d="M322 60 h20 a18 18 0 0 1 0 36 h-20 Z" fill="${c}" fill-opacity="0.35"/></g>`;
    case 'bottle':
      return `<rect x="312" y="40" width="20" height="12" rx="2" fill="#ffffff"/><rect x="300" y="52" width="44" height="60" rx="10" fill="#ffffff"/><rect x="306" y="70" width="32" height="22" rx="3" fill="${c}" fill-opacity="0.35"/>`;
    case 'tube':
      return `<g transform="rotate(-30 322 78)"><path d="M286 62 h56 l14 8 v16 l-14 8 h-56 Z" fill="#ffffff"/><rect x="356" y="70" width="10" height="16" rx="2" fill="#ffffff"/></g>`;
    case 'vial':
      return `<rect x="310" y="40" width="24" height="12" rx="2" fill="#ffffff"/><rect x="304" y="52" width="36" height="60" rx="6" fill="#ffffff"/><path d="M304 78 h36" stroke="${c}" stroke-width="4"/>`;
    case 'inhaler':
      return `<path d="M306 44 h28 v50 h22 v22 h-50 Z" fill="#ffffff"/>`;
    case 'sachet':
      return `<path d="M294 48 h56 v60 h-56 Z" fill="#ffffff"/><path d="M294 58 h56" stroke="${c}" stroke-width="3" stroke-dasharray="4 4"/>`;
  }
}

/** Up to two lines of at most `width` characters, the rest cut with an ellipsis. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (!line) line = word;
    else if ((line + ' ' + word).length <= width) line += ' ' + word;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  const kept = out.slice(0, 2).map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  if (out.length > 2) kept[1] = `${kept[1]!.slice(0, width - 1).replace(/…$/, '')}…`;
  return kept;
}

/**
 * A font size that fits the longest line into `room` pixels: a character of sans-serif (DejaVu Sans,
 * Liberation Sans, …) is at most about 0.7 em wide in bold, 0.62 em in regular.
 */
const fitSize = (ls: string[], max: number, min: number, em: number, room: number) =>
  Math.max(min, Math.min(max, Math.floor(room / (em * Math.max(1, ...ls.map((l) => l.length))))));

/** The pack stands on the background of Nirog's picture boxes (pharmacy.css .med-img), so a 4:3 box shows no seam. */
export function packSvg(m: PackSpec): string {
  const style = FORM_STYLE[m.form] ?? DEFAULT_FORM_STYLE;
  const c = style.colour;
  const brand = lines(m.name, 14);
  const brandSize = fitSize(brand, 60, 28, 0.72, 320);
  const strength = lines(m.strength, 24).slice(0, 1);
  const strengthSize = fitSize(strength, 34, 20, 0.62, 320);
  const form = m.form.toUpperCase();
  const formSize = Math.min(30, Math.floor((230 / Math.max(1, form.length) - 2) / 0.72));
  const brandTop = brand.length > 1 ? 206 : 236;
  const brandText = brand.map((l, i) => `<tspan x="40" y="${brandTop + i * (brandSize + 6)}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PACK_SIZE}" height="${PACK_SIZE}" viewBox="0 0 ${PACK_SIZE} ${PACK_SIZE}"><!-- ${RENDER} -->
  <rect width="${PACK_SIZE}" height="${PACK_SIZE}" fill="#eef5f2"/>
  <rect x="20" y="20" width="360" height="360" rx="22" fill="#ffffff" stroke="${c}" stroke-width="4"/>
  <path d="M20 42 a22 22 0 0 1 22 -22 h316 a22 22 0 0 1 22 22 v94 h-360 Z" fill="${c}"/>
  <text x="40" y="92" font-family="sans-serif" font-weight="bold" font-size="${formSize}" letter-spacing="2" fill="#ffffff">${escapeXml(form)}</text>
  ${shapeSvg(style.shape, c)}
  <text font-family="sans-serif" font-weight="bold" font-size="${brandSize}" fill="#1f2a30">${brandText}</text>
  <text x="40" y="${brandTop + (brand.length - 1) * (brandSize + 6) + strengthSize + 22}" font-family="sans-serif" font-size="${strengthSize}" fill="#3d4a52">${escapeXml(strength[0] ?? '')}</text>
  <rect x="20" y="340" width="360" height="18" fill="${c}" fill-opacity="0.85"/>
</svg>`;
}

/**
 * A photo of a paper prescription as a patient would upload it (the demo's order waiting for a
 * pharmacist): a doctor's letterhead, Rx, and the lines in a slanted hand on slightly grey paper.
 */
export function paperPrescriptionSvg(doctor: string, lines: string[]): string {
  const rows = lines.slice(0, 8).map((l, i) => `<text x="70" y="${250 + i * 58}" font-family="serif" font-style="italic" font-size="30" fill="#1c2e6b" transform="rotate(-2 70 ${250 + i * 58})">${escapeXml(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800"><!-- ${RENDER} -->
  <rect width="600" height="800" fill="#d9d6cf"/>
  <rect x="24" y="18" width="552" height="764" fill="#fbfaf6" transform="rotate(1.2 300 400)"/>
  <text x="60" y="84" font-family="sans-serif" font-weight="bold" font-size="28" fill="#0e5b4e">${escapeXml(doctor)}</text>
  <text x="60" y="116" font-family="sans-serif" font-size="18" fill="#3d4a52">MBBS, FCPS · Dhaka · BMDC A-45120</text>
  <line x1="60" y1="134" x2="540" y2="134" stroke="#0e5b4e" stroke-width="3"/>
  <text x="60" y="204" font-family="serif" font-weight="bold" font-size="54" fill="#0e5b4e">Rx</text>
  ${rows}
  <path d="M360 700 q30 -40 60 -5 t60 -10" stroke="#1c2e6b" stroke-width="3" fill="none"/>
  <text x="360" y="740" font-family="sans-serif" font-size="16" fill="#3d4a52">Signature</text>
</svg>`;
}

/** The storage key of an SVG's rendering: its content decides. */
export function generatedKey(svg: string): string {
  return `${GENERATED_PREFIX}${createHash('sha256').update(svg).digest('hex')}.webp`;
}

export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}

/** Runs `work` over the items with at most `limit` at a time, answers in order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(runners);
  return out;
}

export const DEFAULT_RENDER_CACHE_DIR = path.join(tmpdir(), 'nirog-generated-images');

/** The drawn pictures of a configuration: public ones in its file storage, medical ones in its private store. */
export function generatedImagesFor(config: Config): GeneratedImages {
  return new GeneratedImages(createFileStorage(config), DEFAULT_RENDER_CACHE_DIR, createPrivateStorage(config));
}

export class GeneratedImages {
  /** Keys this process already knows to be stored (or being stored), so each is checked once. */
  private readonly stored = new Map<string, Promise<string>>();

  /** `privateStore`: where a drawn medical document (the demo's paper prescription) goes; it has no public URL. */
  constructor(private readonly storage: FileStorage, private readonly cacheDir: string | null = DEFAULT_RENDER_CACHE_DIR,
    private readonly privateStore: ObjectStore | null = null) {}

  /** The URL of a person's portrait, stored if it was not. */
  portrait(name: string, kind: PersonKind): Promise<string> {
    return this.ensure(portraitSvg(name, kind));
  }

  /** The URL of a medicine's pack image, stored if it was not. */
  pack(m: PackSpec): Promise<string> {
    return this.ensure(packSvg(m));
  }

  /**
   * A drawn photo of a paper prescription (demo data): a medical file like an uploaded one, so it is
   * stored in the private store (`prescriptions/<sha256 of the SVG>.webp`, if it was not) and its key
   * is answered, never a URL.
   */
  async paperPrescription(doctor: string, lines: string[]): Promise<string> {
    if (!this.privateStore) throw new Error('GeneratedImages needs a private store to draw a prescription (generatedImagesFor(config))');
    const svg = paperPrescriptionSvg(doctor, lines);
    const key = `prescriptions/${path.basename(generatedKey(svg))}`;
    if (!(await this.privateStore.exists(key))) await this.privateStore.put(key, await this.rendered(generatedKey(svg), svg), 'image/webp');
    return key;
  }

  portraits(people: { name: string; kind: PersonKind }[]): Promise<string[]> {
    return mapLimit(people, 8, (p) => this.portrait(p.name, p.kind));
  }

  packs(medicines: PackSpec[]): Promise<string[]> {
    return mapLimit(medicines, 8, (m) => this.pack(m));
  }

  private ensure(svg: string): Promise<string> {
    const key = generatedKey(svg);
    let url = this.stored.get(key);
    if (!url) {
      url = this.store(key, svg);
      this.stored.set(key, url);
      url.catch(() => this.stored.delete(key));
    }
    return url;
  }

  private async store(key: string, svg: string): Promise<string> {
    if (await this.storage.exists(key)) return this.storage.urlOf(key);
    return this.storage.put(key, await this.rendered(key, svg), 'image/webp');
  }

  /** The rendered file from the machine's cache, or rendered now and put in the cache. */
  private async rendered(key: string, svg: string): Promise<Buffer> {
    if (!this.cacheDir) return renderWebp(svg);
    const file = path.join(this.cacheDir, path.basename(key));
    try {
      return await readFile(file);
    } catch {
      const webp = await renderWebp(svg);
      try {
        await mkdir(this.cacheDir, { recursive: true });
        // Written aside and renamed, so that a concurrent reader never sees half a file.
        const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
        await writeFile(tmp, webp);
        await rename(tmp, file);
      } catch {
        // A read-only or full temp folder only costs the next seed a render.
      }
      return webp;
    }
  }
}
