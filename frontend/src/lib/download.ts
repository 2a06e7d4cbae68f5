import { getSession } from './session';
import { describeServerError, type ServerError } from './errors';

/** Fetches a file from an authenticated API path; a refusal becomes an Error worded like every other. */
async function fetchFile(path: string): Promise<Blob> {
  const token = getSession()?.token;
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ServerError | null;
    throw new Error(describeServerError(body ?? { reason: 'UNKNOWN', message: `Download failed (${res.status})` }).message);
  }
  return res.blob();
}

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a file from an authenticated API path and hands it to the browser. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  save(await fetchFile(path), filename);
}

/** The data rows of a CSV text (the header line not counted); a line break inside quotes is part of its cell. */
export function countCsvRows(text: string): number {
  let records = 0;
  let quoted = false;
  let pending = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && c === '\n') { records++; pending = false; } else if (c !== '\r' && c !== '\uFEFF') pending = true;
  }
  if (pending) records++;
  return Math.max(0, records - 1);
}

/** Downloads a CSV export and says how many rows it holds, for the notice that it worked. */
export async function downloadCsv(path: string, filename: string): Promise<{ filename: string; rows: number }> {
  const blob = await fetchFile(path);
  const rows = countCsvRows(await blob.text());
  save(blob, filename);
  return { filename, rows };
}
