import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

/**
 * Every picture the REST door answers, in one place. The earlier app's client reads
 * `images[0].url`, `image.url` and `avatar.url` without guards (its server always had a picture), so
 * the REST door never answers an empty list, a null url or a missing object: where Nirog has no
 * picture (a user who chose none, a medicine removed from the catalogue under an old order line) it
 * answers one of the small default images Nirog serves itself under /uploads/defaults (beside the
 * uploaded pictures, so that whatever serves or proxies /uploads for a client serves these too).
 *
 * A caller on another origin (CORS_ORIGINS: the earlier client deployed on its own) gets absolute
 * URLs on PUBLIC_URL, since a relative `/uploads/…` would point at its own server; a same-origin
 * caller gets them as stored (relative for the local folder). An S3 URL is absolute either way.
 */
export const DEFAULT_IMAGES_PATH = '/uploads/defaults';
/** The folder those files are served from (backend/static/defaults; the same from src and dist). */
export const DEFAULT_IMAGES_DIR = path.join(REPO_ROOT, 'backend', 'static', 'defaults');

export type DefaultImage = 'avatar' | 'nurse' | 'medicine' | 'speciality' | 'article';

/** Which default stands in for which kind of picture. */
const DEFAULTS: Record<'user' | 'doctor' | 'nurse' | 'medicine' | 'speciality' | 'article', DefaultImage> = {
  user: 'avatar',
  doctor: 'avatar',
  nurse: 'nurse',
  medicine: 'medicine',
  speciality: 'speciality',
  article: 'article',
};
export type PictureOf = keyof typeof DEFAULTS;

const baseOfRequest = new AsyncLocalStorage<string>();

/** Runs a REST handler with the base its picture URLs get ('' for same-origin callers, else PUBLIC_URL). */
export function withPictureBase<T>(base: string, work: () => T): T {
  return baseOfRequest.run(base.replace(/\/$/, ''), work);
}

export function defaultImagePath(of: PictureOf): string {
  return `${DEFAULT_IMAGES_PATH}/${DEFAULTS[of]}.svg`;
}

/** The url of a picture, or of the default for its kind; never null. */
export function pictureUrl(url: string | null | undefined, of: PictureOf): string {
  return onThisServer(typeof url === 'string' && url.trim() !== '' ? url.trim() : defaultImagePath(of));
}

/** A path of this server as the REST caller must use it: absolute on PUBLIC_URL for a caller on another allowed origin. */
export function onThisServer(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${baseOfRequest.getStore() ?? ''}${url}` : url;
}

/** `{ url }`: the spec's image.url and avatar.url. */
export function picture(url: string | null | undefined, of: PictureOf): { url: string } {
  return { url: pictureUrl(url, of) };
}

/** `[{ url }, …]`: the spec's images[].url, never empty (the default when there is none). */
export function pictures(urls: readonly (string | null | undefined)[], of: PictureOf): { url: string }[] {
  const real = urls.filter((u): u is string => typeof u === 'string' && u.trim() !== '');
  return real.length ? real.map((u) => picture(u, of)) : [picture(null, of)];
}
