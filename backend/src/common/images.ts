import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { badInput, tooLarge } from './errors.js';
import type { FileStorage, PublicFolder } from './storage.js';
import { GeneratedImages } from './generated-images.js';

/**
 * Every uploaded image: size-limited while it streams in, decoded by sharp (so the content decides,
 * not the name or the declared type), re-encoded to WebP without metadata (drops EXIF, GPS and any
 * payload smuggled behind the pixels), then stored under a random key.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export async function readLimited(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class ImageService {
  /** Pictures drawn for doctors, nurses and medicines without an uploaded one, in the same storage. */
  readonly generated: GeneratedImages;

  constructor(private readonly storage: FileStorage, private readonly maxBytes: number, generated?: GeneratedImages) {
    this.generated = generated ?? new GeneratedImages(storage);
  }

  /** A public picture: checked, re-encoded and stored in a public folder; answers its URL. Medical files go elsewhere (modules/medical-files). */
  async store(data: Buffer, folder: Exclude<PublicFolder, 'generated'>, maxSide = 800): Promise<string> {
    return this.storage.put(`${folder}/${randomUUID()}.webp`, await this.encode(data, maxSide), 'image/webp');
  }

  /** The picture checked and re-encoded to WebP (at most maxSide on a side, no metadata), not stored. */
  async encode(data: Buffer, maxSide = 800): Promise<Buffer> {
    if (data.length > this.maxBytes) {
      throw tooLarge(this.maxBytes);
    }
    let format: string | undefined;
    try {
      format = (await sharp(data, { limitInputPixels: 40_000_000 }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) {
      throw badInput('Please choose an image file (JPEG, PNG, WebP or GIF)', { avatar: 'Not an image' }, 'NOT_AN_IMAGE');
    }
    let out: Buffer;
    try {
      out = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw badInput('The image could not be read', { avatar: 'Broken image' }, 'NOT_AN_IMAGE');
    }
    return out;
  }

  async storeStream(stream: Readable, folder: Parameters<ImageService['store']>[1], maxSide?: number): Promise<string> {
    return this.store(await readLimited(stream, this.maxBytes), folder, maxSide);
  }
}
