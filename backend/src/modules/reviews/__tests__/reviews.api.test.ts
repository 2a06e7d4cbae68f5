import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { Appointment } from '../../appointments/index.js';
import { AppointmentKind, AppointmentStatus, AppointmentPaymentStatus } from '../../appointments/index.js';
import { User } from '../../accounts/index.js';
import { Doctor } from '../../doctors/index.js';

let t: TestApp;
let nusrat: Client;
let tanvirId: string;

beforeAll(async () => {
  t = await createTestApp();
  nusrat = await asPatient(t, 'nusrat@nirog.test');
  tanvirId = (await asVisitor(t).get('/doctors?keyword=Tanvir Ahmed')).body.doctors[0].id;
});
afterAll(async () => {
  await t.close();
});

/** A finished consultation between a patient and a doctor, straight in the database. */
async function finished(email: string, doctorId: string) {
  const em = t.orm.em.fork();
  const patient = await em.findOneOrFail(User, { email });
  em.create(Appointment, {
    kind: AppointmentKind.Video, doctor: em.getReference(Doctor, doctorId), patient, feePoisha: 50000, patientName: patient.name,
    status: AppointmentStatus.Finished, paymentStatus: AppointmentPaymentStatus.Paid,
  });
  await em.flush();
}

const doctorRating = async (id: string) => (await asVisitor(t).get(`/doctor/${id}`)).body.doctor as { ratings: number; numOfReviews: number; reviews: { rating: number; name: string }[] };

describe('reviews of doctors', () => {
  it('refuses a patient without a finished consultation with that doctor', async () => {
    const res = await nusrat.post('/create/review', { doctorId: tanvirId, rating: 4, comment: 'Nice' });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('NO_FINISHED_CONSULTATION');
  });

  it('refuses a Processing or Confirmed consultation as grounds', async () => {
    const karim = await asPatient(t, 'karim@nirog.test');
    await karim.post('/new/appointment', { doctorId: tanvirId, name: 'Karim', age: 40, weight: '70 kg', height: '5\'8"', gender: 'Male', problem: 'Tooth pain' });
    expect((await karim.post('/create/review', { doctorId: tanvirId, rating: 4, comment: 'Nice' })).status).toBe(403);
  });

  it('accepts half stars after a finished consultation, once, and keeps the rating exact', async () => {
    await finished('nusrat@nirog.test', tanvirId);
    const before = await doctorRating(tanvirId);
    const res = await nusrat.post('/create/review', { doctorId: tanvirId, rating: 4.5, comment: 'Gentle and careful', ratings: 5 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Review Added');
    expect(res.body.review).toMatchObject({ rating: 4.5, name: 'Nusrat Jahan', comment: 'Gentle and careful' });
    const after = await doctorRating(tanvirId);
    expect(after.numOfReviews).toBe(before.numOfReviews + 1);
    expect(after.reviews[0]).toMatchObject({ rating: 4.5, name: 'Nusrat Jahan' });

    const again = await nusrat.post('/create/review', { doctorId: tanvirId, rating: 1, comment: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('ALREADY_REVIEWED');
  });

  it('edits the own review with PUT /create/review and moves the average by the difference', async () => {
    const karimClient = await asPatient(t, 'karim@nirog.test');
    const id = (await asVisitor(t).get('/doctors?keyword=Selina')).body.doctors[0].id;
    await finished('karim@nirog.test', id);
    const start = await doctorRating(id);
    await karimClient.post('/create/review', { doctorId: id, rating: 2, comment: 'Late' });
    const put = await karimClient.put('/create/review', { doctorId: id, rating: 5, comment: 'Actually excellent' });
    expect(put.status).toBe(200);
    const end = await doctorRating(id);
    const totalBefore = start.ratings * start.numOfReviews;
    expect(end.numOfReviews).toBe(start.numOfReviews + 1);
    expect(end.ratings).toBeCloseTo(Math.round(((totalBefore + 5) / (start.numOfReviews + 1)) * 10) / 10, 1);
  });

  it.each([0, 0.3, 5.5, 6])('refuses rating %p', async (rating) => {
    await finished('nusrat@nirog.test', tanvirId);
    expect((await nusrat.post('/create/review', { doctorId: tanvirId, rating, comment: 'x' })).status).toBe(400);
  });

  it('keeps sum and count exact under concurrent reviews from different patients', async () => {
    const doctorId = (await asVisitor(t).get('/doctors?keyword=Kamrul Hasan')).body.doctors[0].id;
    const emails = ['patient@nirog.test', 'karim@nirog.test', 'nusrat@nirog.test'];
    for (const e of emails) await finished(e, doctorId);
    const em = t.orm.em.fork();
    const before = await em.findOneOrFail(Doctor, { id: doctorId });
    const clients = await Promise.all(emails.map((e) => asPatient(t, e)));
    const results = await Promise.all(clients.map((c, i) => c.post('/create/review', { doctorId, rating: 3 + i * 0.5, comment: 'ok' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await t.orm.em.fork().findOneOrFail(Doctor, { id: doctorId });
    expect(after.reviewCount).toBe(before.reviewCount + 3);
    expect(after.ratingHalfStarsTotal).toBe(before.ratingHalfStarsTotal + 6 + 7 + 8);
    const rows = await t.sql<{ s: number; c: number }>(
      'select coalesce(sum(half_stars), 0)::int as s, count(*)::int as c from doctor_reviews where doctor_id = ?', [doctorId]);
    expect([after.ratingHalfStarsTotal, after.reviewCount]).toEqual([rows[0]!.s, rows[0]!.c]);
  });

  it('keeps every seeded doctor\'s sum and count equal to its reviews', async () => {
    const rows = await t.sql<{ bad: number }>(
      `select count(*)::int as bad from doctors d where d.rating_half_stars_total <> coalesce((select sum(half_stars) from doctor_reviews r where r.doctor_id = d.id), 0)
         or d.review_count <> (select count(*) from doctor_reviews r where r.doctor_id = d.id)`);
    expect(rows[0]!.bad).toBe(0);
  });

  it("answers visitors with 401 (the form says 'Please be Login to Give a Review'), doctors and admins with 403", async () => {
    const body = { doctorId: tanvirId, rating: 4, comment: 'x' };
    expect((await asVisitor(t).post('/create/review', body)).status).toBe(401);
    expect((await asVisitor(t).put('/create/review', body)).status).toBe(401);
    expect((await (await asDoctor(t)).post('/create/review', body)).status).toBe(403);
    expect((await (await asAdmin(t)).put('/create/review', body)).status).toBe(403);
  });

  it('tells the form whether the patient may review (GraphQL)', async () => {
    const res = await nusrat.gql('query($d: ID!) { myDoctorReviewEligibility(doctorId: $d) { canReview review { rating comment } } doctorReviews(doctorId: $d) { total items { name rating } } }', { d: tanvirId });
    expect(res.data!.myDoctorReviewEligibility).toMatchObject({ canReview: true, review: { rating: 4.5 } });
    expect(res.data!.doctorReviews.total).toBeGreaterThan(0);
  });
});
