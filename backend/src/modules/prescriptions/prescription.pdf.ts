import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Prescription } from './prescription.entity.js';

const dhakaDateTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', dateStyle: 'long' }).format(d);

export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl}/api/verify/prescription/${encodeURIComponent(code)}`;

/**
 * A real prescription a pharmacist can read and check: doctor with BMDC number, patient and vitals,
 * medicines, advice, follow-up, date, and a verification code with a QR to Nirog's verify page.
 * doctor.user and patient must be loaded.
 */
export async function renderPrescriptionPdf(p: Prescription, publicUrl: string): Promise<Buffer> {
  const doctor = p.doctor.getEntity();
  const doctorUser = doctor.user.getEntity();
  const url = verifyUrl(publicUrl, p.verificationCode);
  const qr = await QRCode.toBuffer(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' });

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Prescription ${p.verificationCode}`, Author: 'Nirog' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const green = '#0b7a5c';
  doc.fillColor(green).fontSize(22).font('Helvetica-Bold').text('Nirog', { continued: true })
    .fillColor('#555').fontSize(10).font('Helvetica').text('   Online consultation prescription');
  doc.moveDown(0.8);
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(14).text(`${doctor.title} ${doctorUser.name}`);
  doc.font('Helvetica').fontSize(10).text(doctor.degree);
  if (doctor.specialities.length) doc.text(doctor.specialities.join(', '));
  doc.text(doctor.work);
  doc.text(`BMDC Reg. No: ${doctor.bmdcNo}`);
  doc.image(qr, 445, 50, { width: 100 });
  doc.fontSize(8).text(`Verify: ${p.verificationCode}`, 430, 152, { width: 130, align: 'center' });
  doc.x = 50;
  doc.y = Math.max(doc.y, 175);

  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor(green).stroke();
  doc.moveDown(0.6);
  doc.fontSize(10).fillColor('#000');
  const vitals = [
    `Patient: ${p.patientName}`,
    p.age !== null && p.age !== undefined ? `Age: ${p.age}` : null,
    p.patientGender ? `Gender: ${p.patientGender}` : null,
    p.weight ? `Weight: ${p.weight}` : null,
    p.height ? `Height: ${p.height}` : null,
  ].filter(Boolean).join('    ');
  doc.text(vitals, 50);
  doc.text(`Date: ${dhakaDateTime(p.createdAt)}`);
  if (p.problem) doc.moveDown(0.3).text(`Problem: ${p.problem}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(16).fillColor(green).text('Rx');
  doc.fillColor('#000').fontSize(10);
  if (!p.medicines.length) doc.font('Helvetica').text('No medicines.');
  p.medicines.forEach((m, i) => {
    doc.font('Helvetica-Bold').text(`${i + 1}. ${m.medname}`, { continued: true }).font('Helvetica')
      .text(`    ${m.dailyUse}  ·  ${m.days} day${m.days === 1 ? '' : 's'}  ·  Qty ${m.quantity}`);
  });
  const section = (title: string, body: string) => {
    if (!body) return;
    doc.moveDown(0.8).font('Helvetica-Bold').text(title).font('Helvetica').text(body);
  };
  section('Medicine notes', p.medInfo);
  section('Advice', p.doctorAdvice);
  section('Follow-up', p.followUp);

  doc.moveDown(2).fontSize(8).fillColor('#555')
    .text(`Issued through Nirog. Pharmacists: scan the QR code or open ${url} to check that this prescription is genuine.`, 50);
  doc.end();
  return done;
}
