import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Role } from '../common/roles.js';
import { DhakaArea } from '../common/dhaka-area.js';
import { addDays, dhakaToday } from '../common/dhaka-date.js';
import { Gender, User } from '../modules/accounts/user.entity.js';
import { Nurse } from '../modules/nurses/nurse.entity.js';
import { NurseHire } from '../modules/nurses/nurse-hire.entity.js';
import { NurseReview } from '../modules/nurses/nurse-review.entity.js';
import { NurseHireStatus, NurseLocation } from '../modules/nurses/nurse.enums.js';
import { BloodDonor } from '../modules/blood/blood.entity.js';
import { BloodGroup } from '../modules/blood/blood.enums.js';
import { AmbulanceService, AmbulanceType } from '../modules/ambulance/ambulance.entity.js';
import { InsuranceArticle } from '../modules/insurance/insurance.entity.js';
import { Partner } from '../modules/site/site.entity.js';
import { demoPasswordHash } from './AccountSeeder.js';
import { demoImages, type DemoSeedContext } from './demo-images.js';

const NURSE_NAMES: [string, Gender][] = [
  ['Shirin Sultana', Gender.Female], ['Taslima Begum', Gender.Female], ['Rokeya Khatun', Gender.Female], ['Moushumi Akter', Gender.Female],
  ['Jannatul Ferdous', Gender.Female], ['Sumaiya Islam', Gender.Female], ['Parvin Akhter', Gender.Female], ['Nasrin Jahan', Gender.Female],
  ['Fahmida Rahman', Gender.Female], ['Lipi Rani Das', Gender.Female], ['Mitu Chakma', Gender.Female], ['Rehana Parvin', Gender.Female],
  ['Sharmin Nahar', Gender.Female], ['Kohinoor Begum', Gender.Female], ['Ayesha Khanam', Gender.Female], ['Tania Sarker', Gender.Female],
  ['Dilruba Yasmin', Gender.Female], ['Nazma Akter', Gender.Female], ['Hasina Mollik', Gender.Female], ['Sabina Yeasmin', Gender.Female],
  ['Farida Parvin', Gender.Female], ['Rupa Biswas', Gender.Female], ['Salma Khatun', Gender.Female], ['Bithi Rani Roy', Gender.Female],
  ['Rafiqul Islam', Gender.Male], ['Jahid Hasan', Gender.Male], ['Masud Rana', Gender.Male], ['Shahidul Alam', Gender.Male],
  ['Anisur Rahman', Gender.Male], ['Sohel Mia', Gender.Male], ['Rakibul Hasan', Gender.Male], ['Tanvir Hossain', Gender.Male],
  ['Mizanur Rahman', Gender.Male], ['Kamrul Hasan', Gender.Male], ['Abdul Kader', Gender.Male],
];
const DEGREES = ['Diploma in Nursing Science & Midwifery', 'B.Sc. in Nursing', 'Post Basic B.Sc. in Nursing', 'Diploma in Nursing, ICU Care', 'M.Sc. in Nursing'];
const WORKPLACES = ['Square Hospital', 'United Hospital', 'Evercare Hospital Dhaka', 'Labaid Specialized Hospital', 'Ibn Sina Hospital',
  'Popular Medical College Hospital', 'Bangladesh Specialized Hospital', 'Dhaka Medical College Hospital', 'Nirog Home Care'];
const FOCUS = ['elderly care and fall prevention', 'post-operative wound care', 'diabetes and insulin management', 'stroke rehabilitation at home',
  'newborn and mother care', 'palliative care', 'catheter, NG tube and IV line care'];
const LOCATIONS = Object.values(NurseLocation);

export function demoNurses() {
  return NURSE_NAMES.map(([name, gender], i) => {
    const location = LOCATIONS[i % LOCATIONS.length]!;
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
    const years = 3 + ((i * 7) % 15);
    return {
      name, gender, location,
      email: `${slug}@nurse.nirog.test`,
      degree: DEGREES[i % DEGREES.length]!,
      work: WORKPLACES[i % WORKPLACES.length]!,
      feePoisha: (800 + ((i * 150) % 1400)) * 100,
      phoneE164: `+88017${String(20000000 + i * 104729).slice(0, 8)}`,
      description: `${name} is a registered nurse (BNMC) with ${years} years of experience in ${FOCUS[i % FOCUS.length]}. Visits homes in and around ${location}, speaks Bangla and English.`,
    };
  });
}

/** Donors of every group in several areas; some rested long enough to give again, some not. */
const DONORS: { name: string; email: string; gender: Gender; group: BloodGroup; area: DhakaArea; daysAgo: number | null; phone: string }[] = [
  { name: 'Arif Hossain', email: 'donor.apos@nirog.test', gender: Gender.Male, group: BloodGroup.APositive, area: DhakaArea.Dhanmondi, daysAgo: 120, phone: '+8801911000001' },
  { name: 'Mim Akter', email: 'donor.apos2@nirog.test', gender: Gender.Female, group: BloodGroup.APositive, area: DhakaArea.Mirpur, daysAgo: 30, phone: '+8801911000002' },
  { name: 'Sajjad Karim', email: 'donor.aneg@nirog.test', gender: Gender.Male, group: BloodGroup.ANegative, area: DhakaArea.Dhanmondi, daysAgo: null, phone: '+8801911000003' },
  { name: 'Nadia Islam', email: 'donor.bpos@nirog.test', gender: Gender.Female, group: BloodGroup.BPositive, area: DhakaArea.Dhanmondi, daysAgo: 200, phone: '+8801911000004' },
  { name: 'Habib Ullah', email: 'donor.bpos2@nirog.test', gender: Gender.Male, group: BloodGroup.BPositive, area: DhakaArea.Uttara, daysAgo: 95, phone: '+8801911000005' },
  { name: 'Riya Saha', email: 'donor.bneg@nirog.test', gender: Gender.Female, group: BloodGroup.BNegative, area: DhakaArea.Gulshan, daysAgo: 45, phone: '+8801911000006' },
  { name: 'Fahim Chowdhury', email: 'donor.opos@nirog.test', gender: Gender.Male, group: BloodGroup.OPositive, area: DhakaArea.Dhanmondi, daysAgo: 91, phone: '+8801911000007' },
  { name: 'Sadia Afrin', email: 'donor.opos2@nirog.test', gender: Gender.Female, group: BloodGroup.OPositive, area: DhakaArea.Banani, daysAgo: 400, phone: '+8801911000008' },
  { name: 'Tarek Aziz', email: 'donor.oneg@nirog.test', gender: Gender.Male, group: BloodGroup.ONegative, area: DhakaArea.Dhanmondi, daysAgo: 150, phone: '+8801911000009' },
  { name: 'Shampa Das', email: 'donor.oneg2@nirog.test', gender: Gender.Female, group: BloodGroup.ONegative, area: DhakaArea.Mirpur, daysAgo: 10, phone: '+8801911000010' },
  { name: 'Imtiaz Ahmed', email: 'donor.abpos@nirog.test', gender: Gender.Male, group: BloodGroup.ABPositive, area: DhakaArea.Mohammadpur, daysAgo: 100, phone: '+8801911000011' },
  { name: 'Lamia Haque', email: 'donor.abneg@nirog.test', gender: Gender.Female, group: BloodGroup.ABNegative, area: DhakaArea.Uttara, daysAgo: null, phone: '+8801911000012' },
];

const AMBULANCES: { name: string; area: DhakaArea; phone: string; type: AmbulanceType; available24h?: boolean }[] = [
  { name: 'Uttara Rescue ICU Ambulance', area: DhakaArea.Uttara, phone: '+8801811400101', type: AmbulanceType.ICU },
  { name: 'Uttara City AC Ambulance', area: DhakaArea.Uttara, phone: '+8801811400102', type: AmbulanceType.AC },
  { name: 'Dhanmondi Lifeline Ambulance', area: DhakaArea.Dhanmondi, phone: '+8801811400103', type: AmbulanceType.AC },
  { name: 'Dhanmondi Critical Care ICU', area: DhakaArea.Dhanmondi, phone: '+8801811400104', type: AmbulanceType.ICU },
  { name: 'Mirpur Quick Ambulance', area: DhakaArea.Mirpur, phone: '+8801811400105', type: AmbulanceType.NonAC },
  { name: 'Mirpur Shanti Freezer Van', area: DhakaArea.Mirpur, phone: '+8801811400106', type: AmbulanceType.Freezer },
  { name: 'Banani Medical Transport', area: DhakaArea.Banani, phone: '+8801811400107', type: AmbulanceType.AC },
  { name: 'Gulshan Care ICU Ambulance', area: DhakaArea.Gulshan, phone: '+8801811400108', type: AmbulanceType.ICU },
  { name: 'Mohammadpur Seba Ambulance', area: DhakaArea.Mohammadpur, phone: '+8801811400109', type: AmbulanceType.NonAC, available24h: false },
  { name: 'Motijheel Central Ambulance', area: DhakaArea.Motijheel, phone: '+8801811400110', type: AmbulanceType.AC },
  { name: 'Badda Emergency Ambulance', area: DhakaArea.Badda, phone: '+8801811400111', type: AmbulanceType.NonAC },
  { name: 'Bashundhara ICU Support', area: DhakaArea.Bashundhara, phone: '+8801811400112', type: AmbulanceType.ICU },
  { name: 'Old Dhaka Dayal Ambulance', area: DhakaArea.OldDhaka, phone: '+8801811400113', type: AmbulanceType.AC },
];

const ARTICLES = [
  { slug: 'why-health-insurance', title: 'Why health insurance matters in Bangladesh',
    summary: 'Most hospital bills in Bangladesh are paid out of pocket. A family health plan turns a sudden bill into a planned monthly premium.',
    body: 'More than two thirds of health spending in Bangladesh is paid by families themselves. One admission for dengue, a caesarean section or a heart procedure can cost a year of savings. A health plan pays the hospital directly within its limits, so that treatment is not delayed while money is arranged. Compare the yearly limit, the room rent cap, the hospitals on the panel and the waiting period for existing illnesses before you choose.',
    titleBn: 'বাংলাদেশে স্বাস্থ্যবীমা কেন দরকার',
    summaryBn: 'বাংলাদেশে হাসপাতালের বেশিরভাগ বিল পরিবার নিজের পকেট থেকে দেয়। একটি পারিবারিক স্বাস্থ্য পরিকল্পনা হঠাৎ আসা বিলকে মাসে মাসে পরিকল্পিত প্রিমিয়ামে বদলে দেয়।',
    bodyBn: 'বাংলাদেশে স্বাস্থ্য খাতের খরচের দুই-তৃতীয়াংশের বেশি পরিবারগুলো নিজেরাই দেয়। ডেঙ্গুর জন্য একবার ভর্তি, সিজারিয়ান অপারেশন বা হৃদরোগের একটি চিকিৎসায় এক বছরের সঞ্চয় চলে যেতে পারে। স্বাস্থ্যবীমা তার সীমার মধ্যে সরাসরি হাসপাতালকে টাকা দেয়, তাই টাকা জোগাড়ের অপেক্ষায় চিকিৎসা পিছিয়ে যায় না। বেছে নেওয়ার আগে বছরের সীমা, কেবিন ভাড়ার সর্বোচ্চ সীমা, তালিকাভুক্ত হাসপাতাল এবং আগে থেকে থাকা অসুখের অপেক্ষার সময় মিলিয়ে দেখুন।' },
  { slug: 'choosing-a-plan', title: 'Choosing a plan: individual, family or senior',
    summary: 'An individual plan covers one person; a family floater shares one limit across the household; senior plans cover parents over 60.',
    body: 'A family floater is usually cheaper than separate plans for a young family, because the limit is shared. Parents over 60 are better covered by a senior plan with its own limit, so that one large bill does not use up the whole family\'s cover. Check whether maternity, newborn care and day-care procedures are included.',
    titleBn: 'পরিকল্পনা বাছাই: একক, পারিবারিক না প্রবীণ',
    summaryBn: 'একক পরিকল্পনায় একজনের কভার; পারিবারিক ফ্লোটারে পুরো পরিবার একটি সীমা ভাগ করে নেয়; প্রবীণ পরিকল্পনা ৬০ বছরের বেশি বয়সী মা-বাবার জন্য।',
    bodyBn: 'ছোট পরিবারের জন্য আলাদা আলাদা পরিকল্পনার চেয়ে পারিবারিক ফ্লোটার সাধারণত সস্তা, কারণ সীমাটি ভাগ করে নেওয়া হয়। ৬০ বছরের বেশি বয়সী মা-বাবার জন্য নিজস্ব সীমাসহ প্রবীণ পরিকল্পনাই ভালো, যাতে একটি বড় বিলে পুরো পরিবারের কভার শেষ হয়ে না যায়। মাতৃত্ব, নবজাতকের যত্ন এবং ডে-কেয়ার চিকিৎসা অন্তর্ভুক্ত কি না দেখে নিন।' },
  { slug: 'cashless-claims', title: 'How cashless claims work at panel hospitals',
    summary: 'At a panel hospital the insurer pays the bill directly: show your card at admission and the hospital asks for approval.',
    body: 'Show your insurance card and NID at the hospital\'s insurance desk at admission. The hospital sends the estimate to the insurer, who approves an amount within your limit. At discharge you pay only what is not covered, such as non-medical items. For a hospital outside the panel, pay first and claim back with the original bills within 30 days.',
    titleBn: 'তালিকাভুক্ত হাসপাতালে ক্যাশলেস দাবি কীভাবে হয়',
    summaryBn: 'তালিকাভুক্ত হাসপাতালে বিল সরাসরি বীমা প্রতিষ্ঠান দেয়: ভর্তির সময় কার্ড দেখান, হাসপাতাল অনুমোদন চেয়ে নেয়।',
    bodyBn: 'ভর্তির সময় হাসপাতালের বীমা ডেস্কে আপনার বীমা কার্ড ও জাতীয় পরিচয়পত্র দেখান। হাসপাতাল খরচের হিসাব বীমা প্রতিষ্ঠানে পাঠায়, তারা আপনার সীমার মধ্যে একটি অঙ্ক অনুমোদন করে। ছাড়পত্রের সময় আপনি শুধু কভারের বাইরের খরচ দেন, যেমন চিকিৎসার বাইরের জিনিসপত্র। তালিকার বাইরের হাসপাতালে আগে নিজে টাকা দিন, তারপর ৩০ দিনের মধ্যে আসল বিলসহ টাকা ফেরত চান।' },
  { slug: 'outpatient-and-medicine', title: 'Outpatient visits, tests and medicine',
    summary: 'Many plans now cover doctor visits, lab tests and medicine up to a yearly amount; useful for chronic illnesses like diabetes.',
    body: 'Outpatient cover pays for consultations, diagnostic tests and prescribed medicine up to a separate yearly amount. If someone in the family has diabetes, hypertension or asthma, this part of the plan often saves more than the hospital cover. Keep the prescriptions and receipts: Nirog\'s prescription history can be downloaded for a claim.',
    titleBn: 'বহির্বিভাগে ডাক্তার দেখানো, পরীক্ষা ও ওষুধ',
    summaryBn: 'অনেক পরিকল্পনা এখন বছরে একটি নির্দিষ্ট অঙ্ক পর্যন্ত ডাক্তার দেখানো, ল্যাব পরীক্ষা ও ওষুধের খরচ দেয়; ডায়াবেটিসের মতো দীর্ঘমেয়াদি অসুখে এটি কাজে লাগে।',
    bodyBn: 'বহির্বিভাগের কভার আলাদা একটি বার্ষিক অঙ্ক পর্যন্ত ডাক্তারের পরামর্শ, রোগনির্ণয়ের পরীক্ষা ও প্রেসক্রিপশনের ওষুধের খরচ দেয়। পরিবারে কারও ডায়াবেটিস, উচ্চ রক্তচাপ বা হাঁপানি থাকলে পরিকল্পনার এই অংশটি প্রায়ই হাসপাতালের কভারের চেয়ে বেশি সাশ্রয় করে। প্রেসক্রিপশন ও রসিদ রেখে দিন: দাবির জন্য নীরোগের প্রেসক্রিপশনের ইতিহাস ডাউনলোড করা যায়।' },
];

const PARTNERS = [
  { name: 'Square Hospitals Ltd.', website: 'https://www.squarehospital.com' },
  { name: 'United Hospital Limited', website: 'https://www.uhlbd.com' },
  { name: 'Evercare Hospital Dhaka', website: 'https://www.evercarebd.com' },
  { name: 'Labaid Group', website: 'https://www.labaidgroup.com' },
  { name: 'Popular Diagnostic Centre', website: 'https://www.populardiagnostic.com' },
  { name: 'Green Delta Insurance', website: 'https://green-delta.com' },
];

const REVIEWS = [
  'Very caring and punctual. My mother felt comfortable from the first day.',
  'Dressed the wound gently and explained everything to us. Highly recommended.',
  'Professional and kind; checked sugar and blood pressure on time every visit.',
  'Good service, came a little late once but called ahead.',
];

/** Nurses, donors, ambulances, insurance articles, partners and a few hires for the demo patient. Idempotent. */
export class CareSeeder extends Seeder<DemoSeedContext> {
  async run(em: EntityManager, context?: DemoSeedContext): Promise<void> {
    const images = demoImages(context);
    const nurses = demoNurses();
    const found = await em.find(Nurse, { email: { $in: nurses.map((n) => n.email) } }, { fields: ['email', 'name', 'imageUrls'] });
    const knownNurses = new Set(found.map((n) => n.email));
    // Demo nurses seeded before they had a portrait get one.
    for (const n of found.filter((f) => !f.imageUrls.length)) {
      await em.nativeUpdate(Nurse, { id: n.id }, { imageUrls: [await images.portrait(n.name, 'nurse')] });
    }
    // Spread creation times so that "newest first" is stable and the first nurse of the list is the first seeded.
    const base = Date.now() - 60 * 86_400_000;
    const missing = nurses.map((n, i) => [n, i] as const).filter(([n]) => !knownNurses.has(n.email));
    const portraits = await images.portraits(missing.map(([n]) => ({ name: n.name, kind: 'nurse' as const })));
    const created: [Nurse, number][] = missing.map(([n, i], k) => [
      em.create(Nurse, { ...n, imageUrls: [portraits[k]!], createdAt: new Date(base + (nurses.length - i) * 3_600_000) }), i,
    ]);
    await this.reviewedVisits(em, created);

    const donorUsers = await em.find(User, { email: { $in: DONORS.map((d) => d.email) } });
    const byEmail = new Map(donorUsers.map((u) => [u.email, u]));
    const passwordHash = await demoPasswordHash();
    const today = dhakaToday();
    for (const d of DONORS) {
      if (byEmail.has(d.email)) continue;
      const user = em.create(User, { name: d.name, email: d.email, passwordHash, role: Role.User, gender: d.gender, phoneE164: d.phone, emailVerifiedAt: new Date() });
      em.create(BloodDonor, { user, group: d.group, area: d.area, phoneE164: d.phone, lastDonationDate: d.daysAgo === null ? null : addDays(today, -d.daysAgo) });
    }

    const knownAmbulances = new Set((await em.find(AmbulanceService, {}, { fields: ['name'] })).map((a) => a.name));
    for (const a of AMBULANCES) {
      if (!knownAmbulances.has(a.name)) em.create(AmbulanceService, { name: a.name, area: a.area, phoneE164: a.phone, type: a.type, available24h: a.available24h ?? true });
    }
    const knownArticles = new Set((await em.find(InsuranceArticle, {}, { fields: ['slug'] })).map((a) => a.slug));
    ARTICLES.forEach((a, i) => {
      if (!knownArticles.has(a.slug)) em.create(InsuranceArticle, { ...a, sortOrder: i });
    });
    const knownPartners = new Set((await em.find(Partner, {}, { fields: ['name'] })).map((p) => p.name));
    PARTNERS.forEach((p, i) => {
      if (!knownPartners.has(p.name)) em.create(Partner, { ...p, sortOrder: i });
    });
    await em.flush();

    const patient = await em.findOne(User, { email: 'patient@nirog.test' });
    await this.patientHires(em, patient, nurses.map((n) => n.email), today);
  }

  /**
   * Past completed visits by two demo patients, with their reviews, so that ratings on the list are
   * real averages of real review rows (the totals are computed here exactly as the service does).
   */
  private async reviewedVisits(em: EntityManager, created: [Nurse, number][]): Promise<void> {
    const reviewers = await em.find(User, { email: { $in: ['karim@nirog.test', 'nusrat@nirog.test'] } });
    if (!created.length || !reviewers.length) {
      await em.flush();
      return;
    }
    for (const [nurse, i] of created) {
      reviewers.forEach((user, r) => {
        if ((i + r) % 3 === 2) return;
        const halfStars = 7 + ((i + r * 2) % 4);
        em.create(NurseHire, {
          nurse, user, nurseName: nurse.name, nurseImageUrl: nurse.imageUrls[0] ?? null, feePoisha: nurse.feePoisha, patientGender: user.gender ?? Gender.Male,
          phoneE164: user.phoneE164 ?? '+8801819876543', date: addDays(dhakaToday(), -30 - i), status: NurseHireStatus.Completed, statusChangedAt: new Date(),
        });
        em.create(NurseReview, { nurse, user, halfStars, comment: REVIEWS[(i + r) % REVIEWS.length]! });
        nurse.ratingHalfStarsTotal += halfStars;
        nurse.reviewCount += 1;
      });
    }
    await em.flush();
  }

  private async patientHires(em: EntityManager, patient: User | null, emails: string[], today: string): Promise<void> {
    const nurses = emails.map((email) => ({ email }));
    if (patient && (await em.count(NurseHire, { user: patient.id })) === 0) {
      const pick = async (email: string) => em.findOneOrFail(Nurse, { email });
      const hires: [Nurse, NurseHireStatus, string][] = [
        [await pick(nurses[1]!.email), NurseHireStatus.Completed, addDays(today, -20)],
        [await pick(nurses[6]!.email), NurseHireStatus.Confirmed, addDays(today, 3)],
        [await pick(nurses[11]!.email), NurseHireStatus.Processing, addDays(today, 7)],
      ];
      for (const [nurse, status, date] of hires) {
        em.create(NurseHire, {
          nurse, user: patient, nurseName: nurse.name, nurseImageUrl: nurse.imageUrls[0] ?? null, feePoisha: nurse.feePoisha,
          patientGender: Gender.Female, phoneE164: patient.phoneE164 ?? '+8801712345678', date, status,
          statusChangedAt: status === NurseHireStatus.Processing ? null : new Date(),
        });
      }
      await em.flush();
    }
  }
}
