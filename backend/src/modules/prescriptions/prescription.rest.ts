import { escapeHtml } from '../../common/html.js';
import { DoctorStatus } from '../doctors/index.js';
import { PRESCRIPTION_LIMIT } from './prescription.service.js';
import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import type { Prescription } from './prescription.entity.js';
import { nirogLedger } from './dispensing.read.js';
import { MyPrescriptionArgs, WritePrescriptionInput } from './prescription.inputs.js';
import { renderPrescriptionPdf } from './prescription.pdf.js';
import { pictureUrl } from '../../common/rest-images.js';
import { isBmdcPlaceholder, Speciality } from '../doctors/index.js';

/** doctor.user must be loaded. */
export function toSpecPrescription(p: Prescription) {
  const d = p.doctor.getEntity();
  const du = d.user.getEntity();
  return {
    _id: p.id,
    id: p.id,
    medicines: p.medicines.map((m) => ({ ...m, refills: m.refills ?? 0 })),
    // Per line: what it allows (course × refills, until when), what was dispensed, what is left.
    dispensing: nirogLedger(p.medicines, p.createdAt, p.drawnJson),
    medInfo: p.medInfo,
    doctorAdvice: p.doctorAdvice,
    followUp: p.followUp,
    userId: p.patient.id,
    doctorId: d.id,
    appointmentId: p.appointment.id,
    doctorname: du.name,
    doctortitle: d.title,
    doctordegree: d.degree,
    doctorwork: d.work,
    doctorimage: pictureUrl(du.avatarUrl, 'doctor'),
    bmdcNo: isBmdcPlaceholder(d.bmdcNo) ? null : d.bmdcNo,
    name: p.patientName,
    age: p.age ?? null,
    gender: p.patientGender ?? null,
    problem: p.problem ?? null,
    weight: p.weight ?? null,
    height: p.height ?? null,
    verificationCode: p.verificationCode,
    familyMemberId: p.familyMember?.id ?? null,
    pdf: `/api/prescription/${p.id}/pdf`,
    createdAt: p.createdAt,
  };
}

/**
 * The earlier prescription form sends `medInfo` as an object built from its rows' fields (usually
 * empty: {}). An object or a list becomes "key: value" text, empty values left out; nothing left is
 * no note (''). Text stays text.
 */
export function medInfoText(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'object') return v;
  const text = (x: unknown): string => (x === null || x === undefined ? '' : typeof x === 'object' ? medInfoText(x) as string : String(x).trim());
  const parts = Array.isArray(v)
    ? v.map(text)
    : Object.entries(v as Record<string, unknown>).map(([k, x]) => (text(x) ? `${k}: ${text(x)}` : ''));
  return parts.filter(Boolean).join('; ');
}

/** The earlier form always has a last, blank medicine row: rows with nothing filled in are left out. */
function filledRows(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  return v.filter((row) => !(row && typeof row === 'object'
    && ['medname', 'dailyUse', 'days', 'quantity'].every((k) => { const x = (row as Record<string, unknown>)[k]; return x === undefined || x === null || String(x).trim() === ''; })));
}


export function registerPrescriptionRoutes(route: RouteFn): void {
  route('post', '/create/prescription', [Role.Doctor], async (ctx, req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = await parseInput(WritePrescriptionInput, {
      ...body, appointmentId: body.appointmentId ?? body.appointment, medInfo: medInfoText(body.medInfo), medicines: filledRows(body.medicines),
    });
    const p = await ctx.services.prescriptions.write(ctx.em, ctx.user!, input);
    return { success: true, message: 'Prescription added', prescription: toSpecPrescription(p) };
  }, { limitedIn: PRESCRIPTION_LIMIT });

  route('get', '/my/prescription', [Role.User], async (ctx, req) => {
    const page = await ctx.services.prescriptions.mine(ctx.em, ctx.user!, await parseInput(MyPrescriptionArgs, req.query));
    const list = page.items.map(toSpecPrescription);
    // `prescription` is what the earlier client reads; `prescriptions` stays for Nirog's own callers.
    return { success: true, prescription: list, prescriptions: list, prescriptionCount: page.total, resultPerPage: page.pageSize };
  });

  route('get', '/prescription/:id', 'authenticated', async (ctx, req) =>
    ({ success: true, prescription: toSpecPrescription(await ctx.services.prescriptions.get(ctx.em, ctx.user!, String(req.params.id))) }));

  route('get', '/prescription/:id/pdf', 'authenticated', async (ctx, req, res) => {
    const p = await ctx.services.prescriptions.get(ctx.em, ctx.user!, String(req.params.id));
    const specialities = await ctx.em.find(Speciality, { title: { $in: p.doctor.getEntity().specialities } });
    const pdf = await renderPrescriptionPdf(p, ctx.services.config.publicUrl, new Map(specialities.filter((s) => s.titleBn).map((s) => [s.title, s.titleBn])));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="nirog-prescription-${p.verificationCode}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(pdf);
  });

  // The QR on the PDF opens this: a pharmacist learns only that it is genuine, who wrote it and when.
  route('get', '/verify/prescription/:code', 'public', async (ctx, req, res) => {
    const p = await ctx.services.prescriptions.verify(ctx.em, String(req.params.code));
    const d = p?.doctor.getEntity();
    // Genuine only while its doctor is approved: a rejected or removed doctor's prescriptions are
    // not to be dispensed on, and the pharmacist is told so rather than "no such code".
    const withdrawn = !!p && !!d && d.status !== DoctorStatus.Approved;
    const result = p && d && !withdrawn
      ? { genuine: true, code: p.verificationCode, issuedAt: p.createdAt, doctor: `${d.title} ${d.user.getEntity().name}`, bmdcNo: isBmdcPlaceholder(d.bmdcNo) ? null : d.bmdcNo }
      : { genuine: false };
    const withdrawnMessage = 'This prescription was written by a doctor who is not approved on Nirog: do not dispense on it';
    if (req.accepts(['json', 'html']) === 'html') {
      res.status(p ? 200 : 404).type('html').send(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Nirog prescription check</title><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">
${p && d && !withdrawn
    ? `<h1 style="color:#0b7a5c">✔ Genuine Nirog prescription</h1><p>Code ${escapeHtml(p.verificationCode)}<br>Written by ${escapeHtml(`${d.title} ${d.user.getEntity().name}`)} (${isBmdcPlaceholder(d.bmdcNo) ? 'no BMDC number on record' : `BMDC ${escapeHtml(d.bmdcNo)}`})<br>on ${escapeHtml(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', dateStyle: 'long' }).format(p.createdAt))}</p>`
    : withdrawn
      ? `<h1 style="color:#b00020">✘ Not valid</h1><p>${escapeHtml(withdrawnMessage)}.</p>`
      : '<h1 style="color:#b00020">✘ No Nirog prescription has this code</h1>'}</body>`);
      return;
    }
    if (!p) {
      res.status(404).json({ success: false, genuine: false, code: 'NOT_FOUND', message: 'No Nirog prescription has this code' });
      return;
    }
    if (withdrawn) return { success: true, genuine: false, code: p.verificationCode, reason: 'DOCTOR_NOT_APPROVED', message: withdrawnMessage };
    return { success: true, ...result };
  });
}
