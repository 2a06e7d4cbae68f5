import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import type { DomainEvent } from '../../../common/events.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../config.js';

let t: TestApp;
let patient: Client;
let doctor: Client; // doctor@nirog.test (Ayesha)
let ayeshaId: string;
const events: DomainEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.services.events.on('prescription.written', (_em, e) => { events.push(e); });
  patient = await asPatient(t);
  doctor = await asDoctor(t);
  ayeshaId = (await asVisitor(t).get('/doctors?keyword=Ayesha')).body.doctors[0].id;
});
afterAll(async () => {
  await t.close();
});

const meds = (n: number) => Array.from({ length: n }, (_, i) => ({ medname: `Medicine ${i + 1}`, dailyUse: '1+0+1', days: 5, quantity: '10 tablets' }));

async function paidConsultation(doctorId = ayeshaId, client = patient): Promise<string> {
  const res = await client.post('/new/appointment', {
    doctorId, name: 'Rahima Akter', age: 34, weight: '58 kg', height: `5'2"`, gender: 'Female', problem: 'Cough for two weeks',
  });
  expect(res.status).toBe(200);
  const id = res.body.appointment._id;
  await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx as never, id, `pay-${id}`, res.body.appointment.feePoisha));
  return id;
}

const write = (client: Client, appointmentId: string, n = 2) => client.post('/create/prescription', {
  appointmentId, medicines: meds(n), medInfo: 'After meals', doctorAdvice: 'Warm water, rest', followUp: 'After 7 days',
  // ignored: ids of doctor and patient come from the appointment
  doctorId: '00000000-0000-0000-0000-000000000000', userId: '00000000-0000-0000-0000-000000000000',
});

describe('writing a prescription', () => {
  it("lets the doctor of the appointment write it ('Prescription added'), with the vitals from the booking, and finishes the consultation", async () => {
    const id = await paidConsultation();
    const res = await write(doctor, id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Prescription added');
    expect(res.body.prescription).toMatchObject({
      appointmentId: id, name: 'Rahima Akter', age: 34, gender: 'Female', weight: '58 kg', height: `5'2"`, problem: 'Cough for two weeks',
      doctorname: 'Ayesha Siddiqua', userId: patient.user!.id, medicines: meds(2), followUp: 'After 7 days',
    });
    expect(res.body.prescription.verificationCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await patient.get(`/appointment/${id}`)).body.appointment).toMatchObject({ bookingStatus: 'Finished', prescription: res.body.prescription._id });
    expect(events).toContainEqual(expect.objectContaining({ type: 'prescription.written', appointmentId: id, patientId: patient.user!.id }));
  });

  it("refuses another doctor as if the appointment did not exist (ids cannot be probed)", async () => {
    const id = await paidConsultation();
    const other = await asDoctor(t, 'mahbub.cardio@nirog.test');
    const res = await write(other, id);
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('NOT_FOUND');
    const madeUp = await write(other, '7d1c2c1e-8c8e-4b8a-9b1e-2f0f0f0f0f0f');
    expect({ status: madeUp.status, body: madeUp.body }).toEqual({ status: res.status, body: res.body });
  });

  it.each([['visitor', 401], ['patient', 403], ['admin', 403]])('refuses a %s with %i', async (who, status) => {
    const id = await paidConsultation();
    const client = who === 'visitor' ? asVisitor(t) : who === 'patient' ? patient : await asAdmin(t);
    expect((await write(client, id)).status).toBe(status);
  });

  it('accepts 10 medicine rows and refuses 11, on the server', async () => {
    const id = await paidConsultation();
    const eleven = await write(doctor, id, 11);
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toBe('At most 10 medicines per prescription');
    const gql = await doctor.gql('mutation($i: WritePrescriptionInput!) { writePrescription(input: $i) { id } }', {
      i: { appointmentId: id, medicines: meds(11), medInfo: '', doctorAdvice: '', followUp: '' },
    });
    expect(gql.code).toBe('BAD_USER_INPUT');
    expect((await write(doctor, id, 10)).status).toBe(200);
  });

  it('refuses a second prescription for the same appointment', async () => {
    const id = await paidConsultation();
    expect((await write(doctor, id)).status).toBe(200);
    const again = await write(doctor, id);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('PRESCRIPTION_EXISTS');
  });

  it('refuses an unpaid consultation', async () => {
    const res = await patient.post('/new/appointment', { doctorId: ayeshaId, name: 'R', age: 3, weight: '1', height: '1', gender: 'Male', problem: 'x' });
    expect((await write(doctor, res.body.appointment._id)).body.reason).toBe('NOT_CONFIRMED');
  });
});

describe("patients' prescriptions", () => {
  it('GET /my/prescription lists the patient\'s own, newest first, with the doctor', async () => {
    const res = await patient.get('/my/prescription');
    expect(res.status).toBe(200);
    expect(res.body.prescriptions.length).toBeGreaterThanOrEqual(2); // seeded history included
    expect(res.body.prescriptions.every((p: { userId: string }) => p.userId === patient.user!.id)).toBe(true);
    expect(res.body.prescriptions[0]).toHaveProperty('doctorname');
    const other = await (await asPatient(t, 'karim@nirog.test')).get('/my/prescription');
    expect(other.body.prescriptions).toHaveLength(0);
    expect((await doctor.get('/my/prescription')).status).toBe(403);
    expect((await asVisitor(t).get('/my/prescription')).status).toBe(401);
  });

  it('gives the owner a real PDF with the doctor, BMDC number, medicines and the verification code', async () => {
    const id = await paidConsultation();
    const p = (await write(doctor, id, 3)).body.prescription;
    const res = await patient.get(`/prescription/${p._id}/pdf`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
    expect(pdf.toString('latin1')).toContain(`Prescription ${p.verificationCode}`); // document title
  });

  it("writes the PDF in the patient's Bangla: Noto Sans Bengali embedded and shaped, Bangla labels and digits", async () => {
    const nusrat = await asPatient(t, 'nusrat@nirog.test');
    expect((await nusrat.gql('mutation { updateLanguage(language: bn) { language } }')).data).toEqual({ updateLanguage: { language: 'bn' } });
    const booked = await nusrat.post('/new/appointment', {
      doctorId: ayeshaId, name: 'নুসরাত খাতুন', age: 34, weight: '58 kg', height: '5.2', gender: 'Female', problem: 'দুই সপ্তাহ ধরে কাশি',
    });
    expect(booked.status).toBe(200);
    const id = booked.body.appointment._id;
    await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx as never, id, `pay-${id}`, booked.body.appointment.feePoisha));
    const p = (await doctor.post('/create/prescription', {
      appointmentId: id, medicines: [{ medname: 'Napa 500', dailyUse: '১+০+১ খাবারের পরে', days: 7, quantity: '১৪টি' }],
      medInfo: '', doctorAdvice: 'বিশ্রাম নিন, পর্যাপ্ত পানি পান করুন, ক্ষতিকর খাবার এড়িয়ে চলুন', followUp: 'সাত দিন পরে',
    })).body.prescription;
    const res = await nusrat.get(`/prescription/${p._id}/pdf`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    const dir = path.join(REPO_ROOT, 'test-results', 'prescription-pdf');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'bangla.pdf');
    writeFileSync(file, res.body as Buffer);

    // Helvetica has no Bangla glyph: the Bengali face must be embedded, and the text layer read back in Bangla.
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/NotoSansBengali-Regular .* yes +yes +yes/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // (words whose glyphs are drawn in typing order: the text layer lists ি, ে and reph where they are drawn)
    // (the doctor's title and speciality in Bangla too: ডা., মেডিসিন, drawn as েমিডিসন)
    for (const word of ['ব্যবস্থাপত্র', 'বয়স: ৩৪', 'নারী', 'খাতুন', '৭', 'ক্ষ', 'Napa 500', p.verificationCode, 'ডা. Ayesha Siddiqua', 'েমিডিসন']) expect(text).toContain(word);
    expect(text).not.toMatch(/Dr\. Ayesha|^Medicine$/m);
    // Shaped, not letter by letter: the vowel sign ি is drawn before its consonant (নি → glyphs ি, ন),
    // which only an Indic shaper does; the text layer lists glyphs in drawing order.
    expect(text).toContain('িনন');
    expect(text).not.toContain('Patient:');
    // The patient's one tap from the paper to the cart: the "Order these medicines" screen, linked (issue 20).
    const orderUrl = `${t.config.publicUrl}/my-prescription/${p._id}/order`;
    expect(text.replace(/\s+/g, '')).toContain(orderUrl);
    expect((res.body as Buffer).toString('latin1')).toContain(`/URI (${orderUrl})`);

    // The page as a pharmacist sees it (test-results/prescription-pdf/bangla-1.png, to look at).
    execFileSync('pdftoppm', ['-r', '110', '-png', '-f', '1', '-l', '1', file, path.join(dir, 'bangla')]);
    expect(readFileSync(path.join(dir, 'bangla-1.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('serves the PDF to its patient, its doctor and admins only', async () => {
    const id = await paidConsultation();
    const p = (await write(doctor, id)).body.prescription;
    expect((await doctor.get(`/prescription/${p._id}/pdf`)).status).toBe(200);
    expect((await (await asAdmin(t)).get(`/prescription/${p._id}/pdf`)).status).toBe(200);
    expect((await (await asPatient(t, 'karim@nirog.test')).get(`/prescription/${p._id}/pdf`)).status).toBe(404);
    expect((await (await asDoctor(t, 'mahbub.cardio@nirog.test')).get(`/prescription/${p._id}/pdf`)).status).toBe(404);
    expect((await asVisitor(t).get(`/prescription/${p._id}/pdf`)).status).toBe(401);
  });

  it('lets anyone verify a code, showing only that it is genuine, who wrote it and when', async () => {
    const id = await paidConsultation();
    const p = (await write(doctor, id)).body.prescription;
    const res = await asVisitor(t).get(`/verify/prescription/${p.verificationCode}`).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ genuine: true, code: p.verificationCode, doctor: 'Dr. Ayesha Siddiqua', bmdcNo: 'A-45120' });
    expect(JSON.stringify(res.body)).not.toMatch(/Rahima|Medicine 1|Cough/);
    const html = await asVisitor(t).get(`/verify/prescription/${p.verificationCode.toLowerCase()}`).set('Accept', 'text/html');
    expect(html.text).toContain('Genuine Nirog prescription');
    const fake = await asVisitor(t).get('/verify/prescription/AAAAA-BBBBB').set('Accept', 'application/json');
    expect(fake.status).toBe(404);
    expect(fake.body.genuine).toBe(false);
  });
});
