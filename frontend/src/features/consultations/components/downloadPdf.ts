import { getSession } from '@/lib/session';

/** The PDF needs the token, so it is fetched and handed to the browser as a file. */
export async function downloadPrescriptionPdf(pdfPath: string, code: string): Promise<void> {
  const token = getSession()?.token;
  const res = await fetch(pdfPath, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `nirog-prescription-${code}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
