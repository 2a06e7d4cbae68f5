import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { ImageService } from '../../common/images.js';
import type { FileStorage, ObjectStore } from '../../common/storage.js';
import { unavailable } from '../../common/errors.js';
import type { AuthUser } from '../../common/roles.js';
import { FileLinks, type FileGrant, type PrivateFileKind } from './medical-file.link.js';
import { PrivateFileMove } from './private-file-move.entity.js';

const storageDown = () => unavailable('The file storage is not reachable right now, please try again', 'FILE_STORAGE_UNAVAILABLE');

/** The record a private file belongs to, named in its links and in the audit of each read. */
export interface FileOwner {
  type: 'Order';
  id: string;
  /** The patient whose file it is. */
  patientId: string;
}

/**
 * Medical files (prescription photos, and any medical upload to come): kept in the private store
 * (common/storage.ts: a folder nothing serves, or the bucket's `private/` prefix), named in records
 * by their key, never by a URL. The module owning a record decides who may see its file and asks
 * for a link for that viewer (linkFor); the link is the only way out (medical-file.rest.ts).
 */
export class MedicalFileService {
  readonly links: FileLinks;

  constructor(config: Config, private readonly store: ObjectStore, private readonly images: ImageService, private readonly log: Logger) {
    this.links = new FileLinks(config.auth.jwtSecret, config.uploads.privateLinkSeconds);
  }

  /** An uploaded image kept as a medical file: checked and re-encoded like any picture (no metadata), stored privately; answers its key. */
  async storeImage(data: Buffer, kind: PrivateFileKind, maxSide = 1600): Promise<string> {
    const webp = await this.images.encode(data, maxSide);
    const key = `${kind}/${randomUUID()}.webp`;
    try {
      await this.store.put(key, webp, 'image/webp');
    } catch (err) {
      this.log.error({ err, key }, 'a medical file could not be stored');
      // The put may have landed before its answer was lost.
      await this.discard(key);
      throw storageDown();
    }
    return key;
  }

  /**
   * Removes a file no record will name (the photo of a refused order). Never throws: it runs on the
   * way out of a refusal, whose reason the caller must get; a file that could not be removed is
   * logged with its key, for an operator to delete.
   */
  async discard(key: string): Promise<void> {
    try {
      await this.store.remove(key);
    } catch (err) {
      this.log.error({ err, key }, 'a medical file no record names could not be removed: delete it by hand');
    }
  }

  /** A link for this viewer, decided by the record's module, and when it stops working. */
  linkFor(key: string, viewer: Pick<AuthUser, 'id' | 'role'>, owner: FileOwner, now = Date.now()): { url: string; expiresAt: Date } {
    return this.links.sign({ key, viewer: { id: viewer.id, role: viewer.role }, record: owner }, now);
  }

  /** The file a link grants and its bytes, or null (a made-up, altered or expired link, or a file that is gone: all alike). */
  async open(link: string, now = Date.now()): Promise<{ grant: FileGrant; body: Buffer } | null> {
    const grant = this.links.open(link, now);
    if (!grant) return null;
    let body: Buffer | null;
    try {
      body = await this.store.read(grant.key);
    } catch (err) {
      this.log.error({ err, key: grant.key }, 'a medical file could not be read');
      throw storageDown();
    }
    return body ? { grant, body } : null;
  }
}

/** The public key (`folder/name.ext`) at the end of a public address, local (`/uploads/…`) or the bucket's. */
export function publicKeyOf(url: string): string | null {
  return /([A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url)?.[1] ?? null;
}

/**
 * Moves the files a migration queued (private_file_moves) from public storage into the private
 * store: copy unless it is there already, delete the public file, forget the row. Idempotent, and
 * safe when a file is missing (logged; its record then names a file that is gone, which its viewers
 * see as a missing photo). Run at the start, under the startup lock (server.ts), so once for all
 * replicas; what fails stays queued for the next start.
 */
export async function moveQueuedFiles(em: EntityManager, publicStorage: FileStorage, store: ObjectStore, log: Logger): Promise<{ moved: number; missing: number }> {
  let moved = 0;
  let missing = 0;
  for (;;) {
    const batch = await em.find(PrivateFileMove, {}, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 50 });
    if (!batch.length) break;
    for (const move of batch) {
      const from = publicKeyOf(move.fromUrl);
      if (await store.exists(move.toKey)) {
        moved++;
      } else {
        const bytes = from ? await publicStorage.read(from) : null;
        if (bytes) {
          await store.put(move.toKey, bytes, 'image/webp');
          moved++;
        } else {
          missing++;
          log.warn({ from: move.fromUrl, to: move.toKey }, 'a medical file to move is not in public storage: its record names a file that is gone');
        }
      }
      if (from) await publicStorage.remove(from);
      await em.nativeDelete(PrivateFileMove, { id: move.id });
    }
    em.clear();
  }
  return { moved, missing };
}
