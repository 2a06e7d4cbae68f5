import type { MikroORM } from '@mikro-orm/core';
import { SPECIALITIES } from './DoctorSeeder.js';
import { BANGLA_NAMES } from './demo-medicines.js';

/**
 * Bulk rows for performance work: many doctors, nurses, medicines, orders and the rest, written
 * with set-based SQL (generate_series), so that a million orders take seconds, not hours. Used by
 * `npm run seed:scale` (catalogue and history at production size) and by the SQL-count tests (a
 * few dozen rows, so that a statement per row would show). Runs after the demo seed: the demo
 * patient and doctor get their own share of every list (`demoShare` rows), the rest is spread over
 * generated patients. Ids are derived from the row number (md5 → uuid), so that rows can refer to
 * each other without lookups. Not idempotent: run it once on a database.
 */
export interface VolumeCounts {
  doctors?: number;
  nurses?: number;
  medicines?: number;
  orders?: number;
  /** Generated patients the orders, appointments and reviews are spread over; default orders / 20, at least 100. */
  patients?: number;
  appointments?: number;
  reviews?: number;
  bloodRequests?: number;
  hires?: number;
  /** Rows of each list given to the demo patient and doctor (at most the list's count); default 60. */
  demoShare?: number;
}

const TITLES = ['Dr.', 'Prof. Dr.', 'Ass.Prof. Dr.', 'Assoc.Prof. Dr.'];
const FORMS = ['Tablet', 'Capsule', 'Syrup', 'Injection', 'Cream', 'Drops'];
const UNITS = ['strip', 'strip', 'bottle', 'pcs', 'pcs', 'bottle'];
const BRANDS = ['Napa', 'Seclo', 'Maxpro', 'Fexo', 'Monas', 'Alatrol', 'Sergel', 'Ceevit', 'Zimax', 'Losectil', 'Bizoran', 'Amdocal'];
const BRANDS_BN = BRANDS.map((b) => BANGLA_NAMES[b] ?? 'সিভিট');
/**
 * Doctors' names as Bangladesh has them, for searches at scale: 60 given names × 40 family names
 * (2,400 names, each about 40 times among 100k doctors), 20 workplaces, 10 areas.
 */
const GIVEN = ['Abdul', 'Mohammad', 'Nasrin', 'Mizanur', 'Shamima', 'Rafiqul', 'Taslima', 'Kamrul', 'Sharmin', 'Anisur', 'Rokeya', 'Mosharraf',
  'Fahmida', 'Shahidul', 'Laila', 'Jahangir', 'Sabina', 'Harun', 'Mahmuda', 'Nazmul', 'Tahmina', 'Aminul', 'Dilruba', 'Shafiqul', 'Parvin', 'Zahid',
  'Sadia', 'Monirul', 'Kaniz', 'Saiful', 'Rumana', 'Faruk', 'Nazneen', 'Habibur', 'Afroza', 'Touhidul', 'Shirin', 'Arif', 'Jesmin', 'Masud',
  'Lubna', 'Golam', 'Farhana', 'Rezaul', 'Nusrat', 'Ashraful', 'Munira', 'Enamul', 'Sultana', 'Mahfuzur', 'Israt', 'Khalilur', 'Sumaiya',
  'Obaidul', 'Rehana', 'Sohel', 'Mousumi', 'Prodip', 'Ananya', 'Biplob'];
const FAMILY = ['Karim', 'Rahman', 'Islam', 'Hossain', 'Akter', 'Begum', 'Hasan', 'Khatun', 'Chowdhury', 'Alam', 'Kabir', 'Haque', 'Bari', 'Ahmed',
  'Sultana', 'Mahmud', 'Parvez', 'Mostafa', 'Das', 'Saha', 'Barua', 'Chakraborty', 'Sarker', 'Talukder', 'Mia', 'Uddin', 'Rashid', 'Siddiqui',
  'Majumder', 'Bhuiyan', 'Khan', 'Sheikh', 'Molla', 'Roy', 'Paul', 'Dey', 'Ghosh', 'Biswas', 'Mondal', 'Howlader'];
const WORKPLACES = ['Dhaka Medical College Hospital', 'Square Hospital', 'Evercare Hospital', 'BIRDEM', 'United Hospital', 'Ibn Sina Hospital',
  'Labaid Specialized Hospital', 'Popular Medical College Hospital', 'Chittagong Medical College Hospital', 'Rajshahi Medical College Hospital',
  'Sylhet MAG Osmani Medical College Hospital', 'Khulna Medical College Hospital', 'Mymensingh Medical College Hospital', 'Holy Family Red Crescent',
  'Uttara Adhunik Medical College', 'Green Life Hospital', 'Anwer Khan Modern Hospital', 'Bangladesh Eye Hospital', 'National Heart Foundation',
  'Kurmitola General Hospital'];
const DEGREES = ['MBBS, FCPS (Medicine)', 'MBBS, MD (Cardiology)', 'MBBS, DDV', 'BDS, FCPS (Orthodontics)', 'MBBS, DGO', 'MBBS, DCH',
  'MBBS, MD (Neurology)', 'MBBS, MS (Orthopaedics)', 'MBBS, DLO', 'MBBS, DO', 'MBBS, FCPS (Psychiatry)', 'MBBS, MD (Gastroenterology)',
  'MBBS, MD (Nephrology)', 'MBBS, MD (Endocrinology)', 'MBBS, MS (Urology)'];
const GENERICS = ['Paracetamol', 'Omeprazole', 'Esomeprazole', 'Fexofenadine', 'Montelukast', 'Cetirizine', 'Vitamin C', 'Azithromycin', 'Amlodipine'];
const COMPANIES = ['Square Pharmaceuticals', 'Beximco Pharmaceuticals', 'Incepta Pharmaceuticals', 'Renata Limited', 'Eskayef Pharmaceuticals', 'ACI Limited'];
const LOCATIONS = ['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan'];
const AREAS = [...LOCATIONS, 'Mohammadpur', 'Motijheel', 'Badda', 'Bashundhara', 'Old Dhaka'];
const GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'];
const ORDER_STATUSES = ['Processing', 'Confirmed', 'Delivered', 'Cancelled'];

/** `(ARRAY['a','b'])[1 + expr % n]`: picks one of the values by row number. */
function pick(values: string[], expr: string): string {
  return `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])[1 + (${expr}) % ${values.length}]`;
}

/** A valid version-4 UUID derived from the row number (md5 with the version and variant nibbles set). */
const id = (prefix: string, expr: string) => `overlay(overlay(md5('${prefix}' || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`;

export async function seedVolume(orm: MikroORM, counts: VolumeCounts, log: (msg: string) => void = () => {}): Promise<void> {
  const c = {
    doctors: counts.doctors ?? 0,
    nurses: counts.nurses ?? 0,
    medicines: counts.medicines ?? 0,
    orders: counts.orders ?? 0,
    appointments: counts.appointments ?? 0,
    reviews: counts.reviews ?? 0,
    bloodRequests: counts.bloodRequests ?? 0,
    hires: counts.hires ?? 0,
    patients: counts.patients ?? Math.max(100, Math.ceil((counts.orders ?? 0) / 20)),
    share: counts.demoShare ?? 60,
  };
  const conn = orm.em.getConnection();
  const run = async (label: string, sql: string) => {
    const started = Date.now();
    // One statement per call: prepared statements (PGlite) take one command each.
    for (const statement of sql.split(/;\n/)) await conn.execute(statement);
    log(`${label}: ${Date.now() - started} ms`);
  };
  const [demo] = await conn.execute(`select
      (select id from users where email = 'patient@nirog.test') as patient,
      (select d.id from doctors d join users u on u.id = d.user_id where u.email = 'doctor@nirog.test') as doctor,
      (select password_hash from users where email = 'patient@nirog.test') as hash`);
  if (!demo?.patient || !demo?.doctor) throw new Error('Seed the demo data first (the demo patient and doctor own a share of every list)');
  const hash = String(demo.hash).replace(/'/g, "''");
  const patient = `'${demo.patient}'::uuid`;
  const doctor = `'${demo.doctor}'::uuid`;
  const specialities = SPECIALITIES.map((s) => s.title);
  const P = c.patients;
  // Online and rating come from a hash of the row number, so that they do not correlate with the speciality (i % 15).

  await run(`${P} patients`, `insert into users (id, name, email, password_hash, role, gender, phone_e164, email_verified_at, created_at)
    select ${id('vp', 'i')}, 'Volume Patient ' || i, 'volume-patient-' || i || '@nirog.test', '${hash}', 'user',
      ${pick(['Male', 'Female'], 'i')}, '+88017' || lpad(i::text, 8, '0'), now(), now() - (i || ' minutes')::interval
    from generate_series(1, ${P}) i`);

  if (c.doctors) {
    await run(`${c.doctors} doctors`, `insert into users (id, name, email, password_hash, role, gender, phone_e164, email_verified_at, created_at)
      select ${id('vdu', 'i')}, ${pick(GIVEN, 'i')} || ' ' || ${pick(FAMILY, 'i / 60')}, 'volume-doctor-' || i || '@nirog.test', '${hash}', 'doctor',
        ${pick(['Male', 'Female'], 'i')}, '+88018' || lpad(i::text, 8, '0'), now(), now() - (i || ' minutes')::interval
      from generate_series(1, ${c.doctors}) i;
      insert into doctors (id, user_id, title, degree, specialities, work, experience_years, fee_poisha, location, description, nid_no, bmdc_no,
        type, is_online, status, approved_at, rating_half_stars_total, review_count, created_at)
      select ${id('vd', 'i')}, ${id('vdu', 'i')}, ${pick(TITLES, 'i')}, ${pick(DEGREES, 'i')}, ARRAY[${pick(specialities, 'i')}],
        ${pick(WORKPLACES, 'i / 7')}, 3 + i % 30,
        (3 + i % 18) * 5000, ${pick(AREAS, 'i / 3')}, '', lpad(i::text, 13, '0'), 'V' || i,
        ${pick(['Medical', 'Medical', 'Medical', 'Dental'], 'i')}, abs(hashtext('online' || i)) % 7 = 0, case when i % 20 = 0 then 'pending' else 'approved' end,
        case when i % 20 = 0 then null else now() end, (abs(hashtext('stars' || i)) % 6 + 5) * (i % 40), i % 40, now() - (i || ' minutes')::interval
      from generate_series(1, ${c.doctors}) i`);
  }

  if (c.nurses) {
    await run(`${c.nurses} nurses`, `insert into nurses (id, name, degree, work, fee_poisha, phone_e164, email, gender, location, description, image_urls,
        rating_half_stars_total, review_count, created_at)
      select ${id('vn', 'i')}, 'Volume Nurse ' || i, 'Diploma in Nursing', 'Home care', (5 + i % 20) * 10000, '+88019' || lpad(i::text, 8, '0'),
        'volume-nurse-' || i || '@nirog.test', ${pick(['Female', 'Male'], 'i')}, ${pick(LOCATIONS, 'i')}, '', ARRAY[]::text[],
        (i % 5 + 5) * (i % 10), i % 10, now() - (i || ' minutes')::interval
      from generate_series(1, ${c.nurses}) i`);
  }

  if (c.medicines) {
    await run(`${c.medicines} medicines`, `insert into medicines (id, name, name_bn, generic_name, company, strength, form, unit, price_poisha, stock, description, is_active, created_at)
      select ${id('vm', 'i')}, ${pick(BRANDS, 'i')} || ' V' || i, ${pick(BRANDS_BN, 'i')} || ' ' || translate(i::text, '0123456789', '০১২৩৪৫৬৭৮৯'),
        ${pick(GENERICS, 'i / 12')}, ${pick(COMPANIES, 'i / 7')},
        (1 + i % 50) * 10 || ' mg', ${pick(FORMS, 'i')}, ${pick(UNITS, 'i')}, (1 + i % 100) * 500, 100 + i % 400, '', i % 50 <> 0,
        now() - (i || ' minutes')::interval
      from generate_series(1, ${c.medicines}) i`);
  }

  if (c.orders) {
    if (!c.medicines) throw new Error('Orders need medicines');
    const share = Math.min(c.share, c.orders);
    // Order i belongs to the demo patient for i <= share, else to a generated patient; two lines each.
    const owner = `case when i <= ${share} then ${patient} else ${id('vp', `1 + i % ${P}`)} end`;
    await run(`${c.orders} orders`, `insert into orders (id, user_id, status, payment_status, payment_method, payment_tran_id, items_poisha, shipping_poisha,
        total_poisha, shipping_name, shipping_phone_e164, shipping_address, shipping_city, paid_at, created_at)
      select ${id('vo', 'i')}, ${owner}, ${pick(ORDER_STATUSES, 'i')}, case when i % 4 = 3 then 'failed' else 'paid' end,
        ${pick(['bkash', 'nagad'], 'i')}, 'VOL' || i, 3000, 6000, 9000, 'Volume Patient', '+8801700000000', 'House 1, Road 2', 'Dhaka',
        now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
      from generate_series(1, ${c.orders}) i`);
    await run(`${c.orders * 2} order lines`, `insert into order_items (id, order_id, medicine_id, name, unit, unit_price_poisha, quantity, line_total_poisha, created_at)
      select ${id('voi', "i || '-' || k")}, ${id('vo', 'i')}, ${id('vm', `1 + (i * 7 + k) % ${c.medicines}`)}, 'Volume medicine', 'strip', 1500, 1, 1500,
        now() - (i || ' minutes')::interval
      from generate_series(1, ${c.orders}) i, generate_series(1, 2) k`);
  }

  if (c.appointments) {
    if (!c.doctors) throw new Error('Appointments need doctors');
    const share = Math.min(c.share, c.appointments);
    // The first `share` are the demo patient's (with a prescription each), the next `share` the demo doctor's.
    const patientOf = `case when i <= ${share} then ${patient} else ${id('vp', `1 + i % ${P}`)} end`;
    const doctorOf = `case when i > ${share} and i <= ${2 * share} then ${doctor} else ${id('vd', `1 + i % ${c.doctors}`)} end`;
    await run(`${c.appointments} appointments`, `insert into appointments (id, kind, doctor_id, patient_id, status, fee_poisha, patient_name, patient_gender, age,
        problem, phone_e164, visit_date, slot, payment_status, paid_at, started_at, created_at)
      select ${id('va', 'i')}, case when i % 2 = 0 then 'video' else 'hospital' end, ${doctorOf}, ${patientOf},
        ${pick(['Confirmed', 'Finished', 'Processing'], 'i')}, 50000, 'Volume Patient', 'Female', 30, 'Fever', '+8801700000000',
        case when i % 2 = 0 then null else (now() + (i % 30 || ' days')::interval)::date end,
        case when i % 2 = 0 then null else ${pick(['Morning', 'Afternoon', 'Evening'], 'i')} end,
        case when i % 2 = 0 then 'paid' else 'at_hospital' end, case when i % 2 = 0 then now() else null end,
        case when i % 2 = 0 then now() else null end,
        now() - (i || ' minutes')::interval
      from generate_series(1, ${c.appointments}) i;
      insert into prescriptions (id, appointment_id, doctor_id, patient_id, medicines, med_info, doctor_advice, follow_up, patient_name, verification_code, created_at)
      select ${id('vrx', 'i')}, ${id('va', 'i')}, ${id('vd', `1 + i % ${c.doctors}`)}, ${patient},
        '[{"medname":"Napa 500 mg","dailyUse":"1+0+1 after meals","days":5,"quantity":"10 tablets"}]'::jsonb, '', 'Rest', '7 days', 'Volume Patient', 'V' || lpad(i::text, 12, '0'),
        now() - (i || ' minutes')::interval
      from generate_series(1, ${share}) i`);
  }

  if (c.reviews) {
    if (!c.doctors || !c.nurses) throw new Error('Reviews need doctors and nurses');
    // Reviews by distinct patients: one doctor (and one nurse) gets `share` of them, for the per-doctor list.
    const share = Math.min(c.share, c.reviews, P);
    await run(`${c.reviews} doctor and nurse reviews`, `insert into doctor_reviews (id, doctor_id, patient_id, half_stars, comment, created_at)
      select ${id('vdr', 'i')}, case when i <= ${share} then ${id('vd', '1')} else ${id('vd', `1 + i % ${c.doctors}`)} end,
        ${id('vp', `1 + i % ${P}`)}, 6 + i % 5, 'Helpful and kind', now() - (i || ' minutes')::interval
      from generate_series(1, ${c.reviews}) i
      on conflict do nothing;
      insert into nurse_reviews (id, nurse_id, user_id, half_stars, comment, created_at)
      select ${id('vnr', 'i')}, case when i <= ${share} then ${id('vn', '1')} else ${id('vn', `1 + i % ${c.nurses}`)} end,
        ${id('vp', `1 + i % ${P}`)}, 6 + i % 5, 'Caring', now() - (i || ' minutes')::interval
      from generate_series(1, ${c.reviews}) i
      on conflict do nothing`);
  }

  if (c.hires) {
    if (!c.nurses) throw new Error('Hires need nurses');
    const share = Math.min(c.share, c.hires);
    await run(`${c.hires} nurse hires`, `insert into nurse_hires (id, nurse_id, user_id, nurse_name, fee_poisha, patient_gender, phone_e164, date, status, created_at)
      select ${id('vh', 'i')}, ${id('vn', `1 + i % ${c.nurses}`)}, case when i <= ${share} then ${patient} else ${id('vp', `1 + i % ${P}`)} end,
        'Volume Nurse', 100000, 'Female', '+8801700000000', (now() + (i % 30 || ' days')::interval)::date,
        ${pick(['Processing', 'Confirmed', 'Completed'], 'i')}, now() - (i || ' minutes')::interval
      from generate_series(1, ${c.hires}) i`);
  }

  if (c.bloodRequests) {
    const n = c.bloodRequests;
    await run(`${n} blood requests and admin inbox rows`, `insert into blood_requests (id, name, phone_e164, email, "group", area, access_token_hash, created_at)
      select ${id('vbr', 'i')}, 'Volume Requester ' || i, '+8801700000000', 'volume-blood-' || i || '@nirog.test', ${pick(GROUPS, 'i')},
        ${pick(AREAS, 'i')}, md5('vbrt' || i), now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i;
      insert into contact_messages (id, name, email, subject, message, created_at)
      select ${id('vcm', 'i')}, 'Volume Visitor ' || i, 'volume-contact-' || i || '@nirog.test', 'Question', 'Hello', now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i;
      insert into insurance_applications (id, name, email, phone_e164, gender, created_at)
      select ${id('via', 'i')}, 'Volume Applicant ' || i, 'volume-insurance-' || i || '@nirog.test', '+8801700000000', 'Female', now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i;
      insert into mail_outbox (id, dedupe_key, to_email, language, template, subject, text, html, status, sent_at, created_at)
      select ${id('vmo', 'i')}, 'volume-mail-' || i, 'volume-patient-' || i || '@nirog.test', 'en', 'order-placed', 'Your order', 'Thanks', '<p>Thanks</p>',
        'sent', now(), now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i;
      insert into sms_outbox (id, dedupe_key, to_phone, language, template, body, status, sent_at, created_at)
      select ${id('vso', 'i')}, 'volume-sms-' || i, '+8801700000000', 'en', 'order-placed', 'Thanks', 'sent', now(), now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i;
      insert into audit_log (id, actor_role, action, entity_type, entity_id, created_at)
      select ${id('val', 'i')}, 'admin', 'volume.seed', 'Order', 'VOL' || i, now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i`);
  }
  await run('analyze', 'analyze');
}
