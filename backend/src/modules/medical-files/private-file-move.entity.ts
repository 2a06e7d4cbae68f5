import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A file a migration took out of public storage's reach: the record already names `toKey` in the
 * private store; the bytes still wait at `fromUrl`, the public address it had. The start moves them
 * (moveQueuedFiles: copy into the private store, delete the public file, then this row), once, in the
 * replica holding the startup lock. Every step may run again after a crash.
 */
@Entity({ tableName: 'private_file_moves' })
export class PrivateFileMove {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** The public address as it was stored (`/uploads/prescriptions/<uuid>.webp`, or the bucket's URL). */
  @Property({ length: 500 })
  fromUrl!: string;

  /** The key in the private store (`prescriptions/<uuid>.webp`). */
  @Property({ length: 200 })
  toKey!: string;
}
