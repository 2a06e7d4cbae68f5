import { personalFile } from '@/lib/offline-copies';

/**
 * The PDF needs the token, so it is fetched and handed to the browser as a file. A prescription's PDF
 * is kept on this device for the patient (lib/offline-copies.ts): without a connection the kept one opens.
 */
export async function downloadPrescriptionPdf(pdfPath: string, code: string): Promise<void> {
  const url = URL.createObjectURL(await personalFile(pdfPath));
  const a = document.createElement('a');
  a.href = url;
  a.download = `nirog-prescription-${code}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
