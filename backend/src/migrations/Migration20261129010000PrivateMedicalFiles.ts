import { Migration } from '@mikro-orm/migrations';

/** A stored public address of a prescription photo (`/uploads/…/<name>.webp`, or the bucket's URL). */
const PUBLIC_PHOTO = `prescription_image_url ~ '^(/|https?://).*/[A-Za-z0-9_-]+\\.webp$'`;
/** Its key in the private store: the same file name under `prescriptions/`. */
const PRIVATE_KEY = `'prescriptions/' || substring(prescription_image_url from '([A-Za-z0-9_-]+)\\.webp$') || '.webp'`;

/**
 * Prescription photos leave public storage. Orders name their photo by its key in the private store
 * (common/storage.ts, modules/medical-files) instead of a public URL, rewritten here; the bytes
 * cannot move in SQL, so each move is queued in private_file_moves, and the start moves the files
 * (server.ts: copy into the private store, delete the public file, forget the row; idempotent, and
 * safe when a file is missing). Both statements touch only addresses still public, so running them
 * again changes nothing.
 */
export const QUEUE_PRESCRIPTION_PHOTO_MOVES = [
  `insert into "private_file_moves" ("id", "from_url", "to_key")
     select gen_random_uuid(), prescription_image_url, ${PRIVATE_KEY} from "orders" where ${PUBLIC_PHOTO}`,
  `update "orders" set "prescription_image_url" = ${PRIVATE_KEY} where ${PUBLIC_PHOTO}`,
];

export class Migration20261129010000PrivateMedicalFiles extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "private_file_moves" ("id" uuid not null, "created_at" timestamptz not null default now(), "from_url" varchar(500) not null, "to_key" varchar(200) not null, primary key ("id"))');
    for (const sql of QUEUE_PRESCRIPTION_PHOTO_MOVES) this.addSql(sql);
  }
}
