import { validUntilOf } from './dispensing.rules.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { readerDigits } from '../../common/digits.js';
import { Language } from '../accounts/index.js';
import { DoctorTitle } from '../doctors/index.js';
import { formatHeight, formatWeight } from '../appointments/index.js';
import type { Prescription } from './prescription.entity.js';

export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl}/api/verify/prescription/${encodeURIComponent(code)}`;
/** The patient's "Order these medicines" screen for a prescription (the web app's route). */
export const orderUrl = (publicUrl: string, id: string) => `${publicUrl}/my-prescription/${encodeURIComponent(id)}/order`;

/**
 * Noto Sans Bengali (OFL) from @fontsource: its Bengali subset for Bangla and its Latin subset for
 * the rest, regular and bold. pdfkit (fontkit) reads WOFF and shapes Bangla with its Indic shaper:
 * conjuncts (ক্ষ, ন্ত), reph and vowel signs placed before their consonant (কি, কো). The built-in
 * Helvetica has no Bangla glyph at all.
 */
const fontFile = (subset: 'bengali' | 'latin', weight: 400 | 700) =>
  readFileSync(createRequire(import.meta.url).resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-${subset}-${weight}-normal.woff`));
let fonts: Record<FontName, Buffer> | undefined;
type FontName = 'bn' | 'bn-bold' | 'latin' | 'latin-bold';
const loadFonts = () => (fonts ??= {
  bn: fontFile('bengali', 400), 'bn-bold': fontFile('bengali', 700), latin: fontFile('latin', 400), 'latin-bold': fontFile('latin', 700),
});

/** Bengali letters and signs, the danda and the joiners that steer conjuncts: set in the Bengali face. */
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u25CC]|\u0951|\u0952|\u200C|\u200D/u;

/** The text cut into runs of one face; spaces stay in the run they follow, so a Bangla phrase is one run. */
export function scriptRuns(text: string): { bengali: boolean; text: string }[] {
  const runs: { bengali: boolean; text: string }[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const bengali = BENGALI.test(ch);
    if (last && (last.bengali === bengali || /\s/u.test(ch))) last.text += ch;
    else runs.push({ bengali, text: ch });
  }
  return runs;
}

type Labels = typeof LABELS[Language];
const LABELS = {
  en: {
    title: 'Prescription', subtitle: 'Online consultation prescription', bmdc: 'BMDC Reg. No', verify: 'Verify',
    patient: 'Patient', age: 'Age', gender: 'Gender', weight: 'Weight', height: 'Height', date: 'Date', problem: 'Problem',
    noMedicines: 'No medicines.', days: (n: number) => `${n} day${n === 1 ? '' : 's'}`, qty: 'Qty',
    refills: (n: number) => `${n} refill${n === 1 ? '' : 's'}`, validUntil: 'Dispense until',
    medInfo: 'Medicine notes', advice: 'Advice', followUp: 'Follow-up', genders: { Male: 'Male', Female: 'Female' },
    footer: (url: string) => `Issued through Nirog. Pharmacists: scan the QR code or open ${url} to check that this prescription is genuine.`,
    order: 'Order these medicines on Nirog:',
  },
  bn: {
    title: 'ব্যবস্থাপত্র', subtitle: 'অনলাইন পরামর্শের ব্যবস্থাপত্র', bmdc: 'বিএমডিসি রেজি. নং', verify: 'যাচাই',
    patient: 'রোগী', age: 'বয়স', gender: 'লিঙ্গ', weight: 'ওজন', height: 'উচ্চতা', date: 'তারিখ', problem: 'সমস্যা',
    noMedicines: 'কোনো ওষুধ নেই।', days: (n: number) => `${readerDigits(n, 'bn')} দিন`, qty: 'পরিমাণ',
    refills: (n: number) => `${readerDigits(n, 'bn')} বার রিফিল`, validUntil: 'যে তারিখ পর্যন্ত দেওয়া যাবে',
    medInfo: 'ওষুধ সম্পর্কে', advice: 'পরামর্শ', followUp: 'পরবর্তী সাক্ষাৎ', genders: { Male: 'পুরুষ', Female: 'নারী' },
    footer: (url: string) => `নীরোগের মাধ্যমে দেওয়া। ফার্মাসিস্ট: ব্যবস্থাপত্রটি আসল কি না জানতে QR কোডটি স্ক্যান করুন বা ${url} খুলুন।`,
    order: 'এই ওষুধগুলো নীরোগে অর্ডার করুন:',
  },
} as const;

/** A doctor's title as a Bangla reader writes it (the client's common `doctorTitle.*`). */
const TITLE_BN: Record<string, string> = {
  [DoctorTitle.Dr]: 'ডা.', [DoctorTitle.ProfDr]: 'অধ্যাপক ডা.', [DoctorTitle.AssProfDr]: 'সহকারী অধ্যাপক ডা.', [DoctorTitle.AssocProfDr]: 'সহযোগী অধ্যাপক ডা.',
};

const dhakaDate = (d: Date, lang: Language) => readerDigits(
  new Intl.DateTimeFormat(lang === Language.bn ? 'bn-BD' : 'en-GB', { timeZone: 'Asia/Dhaka', dateStyle: 'long' }).format(d), lang);

/**
 * A real prescription a pharmacist can read and check: doctor with BMDC number, patient and vitals,
 * medicines, advice, follow-up, date, and a verification code with a QR to Nirog's verify page.
 * Labels, numbers, the doctor's title and specialities are in the patient's language (`specialitiesBn`:
 * each speciality's Bangla title by its English one). doctor.user and patient must be loaded.
 */
export async function renderPrescriptionPdf(p: Prescription, publicUrl: string, specialitiesBn: ReadonlyMap<string, string> = new Map()): Promise<Buffer> {
  const doctor = p.doctor.getEntity();
  const doctorUser = doctor.user.getEntity();
  const lang = p.patient.getEntity().language === Language.bn ? Language.bn : Language.en;
  const L: Labels = LABELS[lang];
  const n = (v: number) => readerDigits(v, lang);
  const url = verifyUrl(publicUrl, p.verificationCode);
  const qr = await QRCode.toBuffer(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' });

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${L.title} ${p.verificationCode}`, Author: 'Nirog' } });
  for (const [name, data] of Object.entries(loadFonts())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** Writes text in the face of each script run; `continued` as pdfkit's (the line goes on). */
  const write = (text: string, opts: { bold?: boolean; continued?: boolean } & PDFKit.Mixins.TextOptions = {}) => {
    const { bold, continued, ...rest } = opts;
    const runs = scriptRuns(text);
    if (!runs.length) runs.push({ bengali: false, text: '' });
    runs.forEach((r, i) => {
      doc.font(`${r.bengali ? 'bn' : 'latin'}${bold ? '-bold' : ''}`)
        .text(r.text, { ...rest, continued: i < runs.length - 1 ? true : !!continued });
    });
    return doc;
  };

  const green = '#0b7a5c';
  doc.fillColor(green).fontSize(22);
  write(lang === Language.bn ? 'নীরোগ' : 'Nirog', { bold: true, continued: true });
  doc.fillColor('#555').fontSize(10);
  write(`   ${L.subtitle}`);
  doc.moveDown(0.8);
  doc.fillColor('#000').fontSize(14);
  write(`${lang === Language.bn ? TITLE_BN[doctor.title] ?? doctor.title : doctor.title} ${doctorUser.name}`, { bold: true });
  doc.fontSize(10);
  write(doctor.degree);
  if (doctor.specialities.length) write(doctor.specialities.map((s) => (lang === Language.bn && specialitiesBn.get(s)) || s).join(', '));
  write(doctor.work);
  write(`${L.bmdc}: ${doctor.bmdcNo}`);
  doc.image(qr, 445, 50, { width: 100 });
  doc.fontSize(8).x = 430;
  doc.y = 150;
  // One face per centred line: pdfkit cannot centre a line whose runs change font.
  write(L.verify, { width: 130, align: 'center' });
  write(p.verificationCode, { width: 130, align: 'center' });
  doc.x = 50;
  doc.y = Math.max(doc.y, 175);

  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor(green).stroke();
  doc.moveDown(0.6);
  doc.fontSize(10).fillColor('#000');
  const vitals = [
    `${L.patient}: ${p.patientName}`,
    p.age !== null && p.age !== undefined ? `${L.age}: ${n(p.age)}` : null,
    p.patientGender ? `${L.gender}: ${L.genders[p.patientGender] ?? p.patientGender}` : null,
    p.weight ? `${L.weight}: ${formatWeight(p.weight, lang)}` : null,
    p.height ? `${L.height}: ${formatHeight(p.height, lang)}` : null,
  ].filter(Boolean).join('    ');
  write(vitals);
  write(`${L.date}: ${dhakaDate(p.createdAt, lang)}`);
  if (p.problem) { doc.moveDown(0.3); write(`${L.problem}: ${p.problem}`); }
  doc.moveDown();

  doc.fontSize(16).fillColor(green);
  write('Rx', { bold: true });
  doc.fillColor('#000').fontSize(10);
  if (!p.medicines.length) write(L.noMedicines);
  p.medicines.forEach((m, i) => {
    write(`${n(i + 1)}. ${m.medname}`, { bold: true, continued: true });
    // A pharmacy reading the paper dispenses as the ledger does: the course, its refills, until when.
    const refills = m.refills ?? 0;
    write(`    ${m.dailyUse}  ·  ${L.days(m.days)}  ·  ${L.qty} ${m.quantity}${refills ? `  ·  ${L.refills(refills)}` : ''}  ·  ${L.validUntil} ${dhakaDate(validUntilOf(p.createdAt, m.days, refills), lang)}`);
  });
  if (p.medicines.length) {
    // The patient's one tap from the paper to the cart (the patient confirms every line there).
    const link = orderUrl(publicUrl, p.id);
    doc.moveDown(0.6).fillColor(green);
    write(`${L.order} `, { bold: true, continued: true });
    doc.font('latin').text(link, { link, underline: true });
    doc.fillColor('#000');
  }
  const section = (title: string, body: string) => {
    if (!body) return;
    doc.moveDown(0.8);
    write(title, { bold: true });
    write(body);
  };
  section(L.medInfo, p.medInfo);
  section(L.advice, p.doctorAdvice);
  section(L.followUp, p.followUp);

  doc.moveDown(2).fontSize(8).fillColor('#555');
  write(L.footer(url));
  doc.end();
  return done;
}
