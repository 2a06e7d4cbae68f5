import { getSession } from './session';
import { describeServerError, type ServerError } from './errors';

/** Downloads a file from an authenticated API path (CSV exports) and hands it to the browser. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const token = getSession()?.token;
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ServerError | null;
    throw new Error(describeServerError(body ?? { reason: 'UNKNOWN', message: `Download failed (${res.status})` }).message);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
