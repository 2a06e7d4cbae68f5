import type { EntityManager } from '@mikro-orm/sql';
import { Reference } from '@mikro-orm/core';
import { Role, type AuthUser } from '../../common/roles.js';
import { AppError, badInput, conflict, forbidden, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { assertStrongPassword, hashPassword } from '../../common/password.js';
import { normalizeBdPhone } from '../../common/phone.js';
import type { ImageService } from '../../common/images.js';
import { isGeneratedImageUrl } from '../../common/generated-images.js';
import type { DomainEvents } from '../../common/events.js';
import { ListOrder, type PageResult } from '../../common/pagination.js';
import { normalizeEmail, type AccountService } from '../accounts/index.js';
import { doctorAccountGate } from './doctor.gate.js';
import { Doctor } from './doctor.entity.js';
import { DoctorStatus } from './doctor.enums.js';
import type { ListCache } from '../../common/list-cache.js';
import type { SqlReader } from '../../common/sql.js';
import { Gender, Language } from '../accounts/index.js';
import { Speciality } from './speciality.entity.js';
import { adminDoctorViews, doctorViewOfUser, doctorViewsByIds, readDoctorQuery, searchDoctors, searchPage, doctorViewOfEntity, type DoctorRow, type DoctorSearchResult, type DoctorView } from './doctor.read.js';
import type { DoctorQuery } from './doctor.search.js';
import {
  DoctorSearchArgs, FeeRange,
  type AdminCreateDoctorInput, type AdminDoctorListArgs, type AdminUpdateDoctorInput, type DoctorSignupInput,
} from './doctor.inputs.js';

export interface FilterOption {
  id: string;
  title: string;
}

export const FEE_OPTIONS: FilterOption[] = [
  { id: FeeRange.UpTo500, title: 'Up to 500 BDT' },
  { id: FeeRange.From501To1000, title: '501 - 1000 BDT' },
  { id: FeeRange.From1001To1500, title: '1001 - 1500 BDT' },
  { id: FeeRange.From1501To2000, title: '1501 - 2000 BDT' },
  { id: FeeRange.Above2000, title: 'Above 2000 BDT' },
];
export const GENDER_OPTIONS: FilterOption[] = [{ id: Gender.Male, title: 'Male' }, { id: Gender.Female, title: 'Female' }];
export const RATING_OPTIONS: FilterOption[] = [4, 3, 2, 1].map((n) => ({ id: String(n), title: `${n} stars & up` }));
export const STATUS_OPTIONS: FilterOption[] = [{ id: 'true', title: 'Online Now' }, { id: 'false', title: 'Offline' }];

/** The BMDC placeholder of a doctor created without a number (REST door, earlier admin form); see recordBmdcNo. */
export const BMDC_UNSET_PREFIX = 'UNSET-';


export class DoctorService {
  constructor(
    private readonly accounts: AccountService,
    private readonly images: ImageService,
    private readonly events: DomainEvents,
    private readonly listCounts: ListCache,
    /** What public search texts mean, kept like the totals (doctor.read.ts readDoctorQuery). */
    private readonly readings: ListCache<DoctorQuery> | null = null,
    /** Search pages' rows, kept like the totals (doctor.read.ts searchPage). */
    private readonly pages: ListCache<DoctorRow[]> | null = null,
  ) {
    // Only an approved doctor signs in and acts: doctors' rule, which accounts applies (doctor.gate.ts).
    accounts.gate(Role.Doctor, doctorAccountGate);
  }

  /**
   * A review of the doctor was written (newReview) or changed: the doctor's half-star sum moves by
   * `halfStarsDelta` and its count by one for a new review. Relative SQL (x = x + n) inside the
   * caller's transaction, so concurrent reviews never lose one another. The doctors table is this
   * module's: the reviews module writes it only through here.
   */
  async countReview(tx: EntityManager, doctorId: string, halfStarsDelta: number, newReview: boolean): Promise<void> {
    if (!halfStarsDelta && !newReview) return;
    await tx.execute(
      'update doctors set rating_half_stars_total = rating_half_stars_total + ?, review_count = review_count + ? where id = ?',
      [halfStarsDelta, newReview ? 1 : 0, doctorId],
    );
  }

  /**
   * A new doctor and the identity row, in one transaction; pending until an admin approves. Like the
   * patient signup, an email that already has an account answers as a success (an unsaved doctor
   * with fresh ids) and its owner is mailed instead, so the answer never tells who is registered.
   */
  async signup(em: EntityManager, input: DoctorSignupInput, avatar: Buffer | undefined): Promise<DoctorView> {
    if (!avatar) throw badInput('Enter all Fields', { avatar: 'Choose a photo' }, 'MISSING_FIELDS');
    const email = normalizeEmail(input.email);
    assertStrongPassword(input.password, { email, name: input.name });
    const phone = normalizeBdPhone(input.phone);
    // Before the email: this refusal must come whether or not the email is registered.
    const bmdcNo = input.bmdcNo.toUpperCase();
    if ((await em.count(Doctor, { bmdcNo })) > 0) {
      throw new AppError('BMDC_TAKEN', 'This BMDC number is already registered', { fields: { bmdcNo: 'Already registered' } });
    }
    const ownerId = await this.accounts.accountWithEmail(em, email);
    // Stored and hashed whether or not the email is free, so that both answers take as long.
    const avatarUrl = await this.images.store(avatar, 'avatars');
    const passwordHash = await hashPassword(input.password);
    const identity = {
      name: input.name.trim(), email, role: Role.Doctor, avatarUrl, gender: input.gender, phoneE164: phone,
      language: input.language ?? Language.en,
    };
    const profile = {
      title: input.title,
      degree: input.degree.trim(),
      specialities: [...new Set(input.specialities.map((s) => s.trim()))],
      work: input.work.trim(),
      experienceYears: input.experienceYears,
      feePoisha: input.fees * 100,
      location: input.location.trim(),
      description: input.description.trim(),
      nidNo: input.nidNo,
      bmdcNo,
      type: input.type,
      status: DoctorStatus.Pending,
    };
    if (ownerId) {
      const user = await this.accounts.signupWithTakenEmail(em, ownerId, identity);
      // new Doctor(), not em.create(): never managed, never inserted; a fresh random id.
      return doctorViewOfEntity(Object.assign(new Doctor(), profile, { user: Reference.create(user) }), user);
    }
    const id = await em.transactional(async (tx) => {
      const user = this.accounts.createAccount(tx, { ...identity, passwordHash });
      const doctor = tx.create(Doctor, { user, ...profile });
      await tx.flush();
      await this.events.publish(tx, { type: 'doctor.registered', doctorId: doctor.id, userId: user.id });
      return doctor.id;
    });
    return this.view(em, id);
  }

  /** A doctor's read model by id (any status: callers decide who may see it). */
  async view(em: EntityManager, id: string): Promise<DoctorView> {
    const [doctor] = isUuid(id) ? await doctorViewsByIds(em, [id]) : [];
    if (!doctor) throw notFound('Doctor');
    return doctor;
  }

  /** Read models of doctors by id, in one statement (for request loaders). */
  viewsByIds(em: EntityManager, ids: readonly string[]): Promise<DoctorView[]> {
    return doctorViewsByIds(em, ids.filter(isUuid));
  }

  /** The logged-in doctor's own profile. */
  async myProfile(em: EntityManager, actor: AuthUser): Promise<DoctorView> {
    const doctor = await doctorViewOfUser(em, actor.id);
    if (!doctor) throw notFound('Doctor profile');
    return doctor;
  }

  /** The logged-in doctor's profile entity, for the doctor's own changes. */
  private async ownProfile(em: EntityManager, actor: AuthUser): Promise<Doctor> {
    const doctor = await em.findOne(Doctor, { user: actor.id });
    if (!doctor) throw notFound('Doctor profile');
    return doctor;
  }

  async setOnline(em: EntityManager, actor: AuthUser, online: boolean): Promise<DoctorView> {
    const doctor = await this.ownProfile(em, actor);
    if (doctor.status !== DoctorStatus.Approved) throw forbidden('Your account is not approved yet', 'DOCTOR_PENDING');
    if (doctor.isOnline === online) return this.view(em, doctor.id);
    doctor.isOnline = online;
    await em.transactional(async (tx) => {
      tx.persist(doctor);
      // The patients waiting for this doctor see it (live updates).
      await this.events.publish(tx, { type: 'doctor.onlineChanged', doctorId: doctor.id, online });
    });
    return this.view(em, doctor.id);
  }

  /** Doctors waiting for (or past) an admin's review, newest first. */
  listByStatus(em: EntityManager, status: DoctorStatus, args: { page: number; pageSize: number }): Promise<PageResult<DoctorView>> {
    return adminDoctorViews(em, { ...args, status, sort: ListOrder.newest });
  }

  /** The public /doctors list and its search (plain SQL: a request's `reads` will do). */
  search(em: SqlReader, args: DoctorSearchArgs): Promise<DoctorSearchResult> {
    return searchDoctors(em, args, this.listCounts, this.readings, this.pages);
  }

  /**
   * What a text typed so far leads to (suggestions as one types): the specialities it names or its
   * words and complaints lead to, and the first doctors of the same search /doctors would show.
   */
  async suggest(em: EntityManager, text: string, limit: number): Promise<{
    specialities: { speciality: Speciality; term: string | null }[]; doctors: DoctorView[]; didYouMean: string | null;
  }> {
    const query = await readDoctorQuery(em, text, this.readings);
    if (!query.key) return { specialities: [], doctors: [], didYouMean: null };
    const ways = query.ways.slice(0, limit);
    const [page, specialities] = await Promise.all([
      searchPage(em, query, Object.assign(new DoctorSearchArgs(), { page: 1, pageSize: limit }), null, this.pages),
      ways.length ? em.find(Speciality, { title: { $in: ways.map((w) => w.title) } }) : Promise.resolve([]),
    ]);
    const byTitle = new Map(specialities.map((s) => [s.title, s]));
    return {
      specialities: ways.flatMap((w) => (byTitle.has(w.title) ? [{ speciality: byTitle.get(w.title)!, term: w.term }] : [])),
      doctors: page.items,
      didYouMean: page.items.length || ways.length ? null : query.didYouMean,
    };
  }

  /** A doctor's public page; pending and rejected doctors are visible to themselves and admins only. */
  async publicProfile(em: EntityManager, id: string, actor: AuthUser | null): Promise<DoctorView> {
    const doctor = await this.view(em, id);
    const privileged = actor && (actor.role === Role.Admin || doctor.userId === actor.id);
    if (doctor.status !== DoctorStatus.Approved && !privileged) throw notFound('Doctor');
    return doctor;
  }

  specialities(em: EntityManager): Promise<Speciality[]> {
    return em.find(Speciality, {}, { orderBy: { sortOrder: 'asc', title: 'asc' } });
  }

  async setMeetingUrl(em: EntityManager, actor: AuthUser, url: string): Promise<DoctorView> {
    const doctor = await this.ownProfile(em, actor);
    doctor.meetingUrl = url.trim();
    await em.flush();
    return this.view(em, doctor.id);
  }

  adminList(em: EntityManager, args: AdminDoctorListArgs): Promise<PageResult<DoctorView>> {
    return adminDoctorViews(em, args);
  }

  /** An admin adds an approved doctor; the first image becomes the avatar, or a drawn portrait without one. */
  async adminCreate(em: EntityManager, input: AdminCreateDoctorInput, image: Buffer | undefined): Promise<DoctorView> {
    const email = normalizeEmail(input.email);
    const phone = normalizeBdPhone(input.phone);
    await this.accounts.assertEmailFree(em, email);
    const bmdcNo = input.bmdcNo.toUpperCase();
    if ((await em.count(Doctor, { bmdcNo })) > 0) {
      throw new AppError('BMDC_TAKEN', 'This BMDC number is already registered', { fields: { bmdcNo: 'Already registered' } });
    }
    const avatarUrl = image ? await this.images.store(image, 'doctors') : await this.images.generated.portrait(input.name.trim(), 'doctor');
    const id = await em.transactional(async (tx) => {
      // '!' matches no argon2 hash: the doctor sets a password through 'forgot password'.
      const user = this.accounts.createAccount(tx, {
        name: input.name.trim(), email, passwordHash: '!', role: Role.Doctor, avatarUrl, gender: input.gender, phoneE164: phone,
        emailVerifiedAt: new Date(),
      });
      const doctor = tx.create(Doctor, {
        user, title: input.title, degree: input.degree.trim(), specialities: [...new Set(input.specialities.map((s) => s.trim()))],
        work: input.work.trim(), experienceYears: input.experienceYears, feePoisha: input.fees * 100, location: input.location.trim(),
        description: input.description.trim(), nidNo: input.nidNo, bmdcNo, type: input.type, status: DoctorStatus.Approved,
        approvedAt: new Date(), hospitalSlotCapacity: input.hospitalSlotCapacity,
      });
      await tx.flush();
      return doctor.id;
    });
    return this.view(em, id);
  }

  async adminUpdate(em: EntityManager, id: string, input: AdminUpdateDoctorInput, image: Buffer | undefined): Promise<DoctorView> {
    if (!isUuid(id)) throw notFound('Doctor');
    const doctor = await em.findOne(Doctor, { id }, { populate: ['user'] });
    if (!doctor) throw notFound('Doctor');
    const user = doctor.user.getEntity();
    if (input.name !== undefined) user.name = input.name.trim();
    if (input.phone !== undefined) user.phoneE164 = normalizeBdPhone(input.phone);
    if (input.gender !== undefined) user.gender = input.gender;
    if (image) user.avatarUrl = await this.images.store(image, 'doctors');
    // A drawn portrait follows the name; an uploaded photo stays.
    else if (!user.avatarUrl || isGeneratedImageUrl(user.avatarUrl)) user.avatarUrl = await this.images.generated.portrait(user.name, 'doctor');
    if (input.title !== undefined) doctor.title = input.title;
    if (input.degree !== undefined) doctor.degree = input.degree.trim();
    if (input.specialities !== undefined) doctor.specialities = [...new Set(input.specialities.map((s) => s.trim()))];
    if (input.work !== undefined) doctor.work = input.work.trim();
    if (input.experienceYears !== undefined) doctor.experienceYears = input.experienceYears;
    if (input.fees !== undefined) doctor.feePoisha = input.fees * 100;
    if (input.location !== undefined) doctor.location = input.location.trim();
    if (input.description !== undefined) doctor.description = input.description.trim();
    if (input.type !== undefined) doctor.type = input.type;
    if (input.hospitalSlotCapacity !== undefined) doctor.hospitalSlotCapacity = input.hospitalSlotCapacity;
    await em.flush();
    return this.view(em, doctor.id);
  }

  /**
   * Records the BMDC number of a doctor who has none on record: one an admin created through the REST
   * door's earlier form, which has no BMDC field (placeholder BMDC_UNSET_PREFIX…). A number on record
   * is never replaced here.
   */
  async recordBmdcNo(em: EntityManager, id: string, raw: string): Promise<void> {
    const doctor = isUuid(id) ? await em.findOne(Doctor, { id }) : null;
    if (!doctor) throw notFound('Doctor');
    const bmdcNo = raw.trim().toUpperCase();
    if (doctor.bmdcNo === bmdcNo) return;
    if (!doctor.bmdcNo.startsWith(BMDC_UNSET_PREFIX)) throw conflict('This doctor already has a BMDC number on record', 'BMDC_RECORDED');
    if (!/^[A-Z]{0,2}-?\d{3,8}$/.test(bmdcNo)) throw badInput('Enter a valid BMDC number, like A-12345', { bmdcNo: 'Enter a valid BMDC number, like A-12345' });
    if ((await em.count(Doctor, { bmdcNo })) > 0) throw new AppError('BMDC_TAKEN', 'This BMDC number is already registered', { fields: { bmdcNo: 'Already registered' } });
    doctor.bmdcNo = bmdcNo;
    await em.flush();
  }

  /** Pending → Approved or Rejected; the only moves an admin review makes. */
  async review(em: EntityManager, doctorId: string, decision: DoctorStatus.Approved | DoctorStatus.Rejected): Promise<DoctorView> {
    const doctor = isUuid(doctorId) ? await em.findOne(Doctor, { id: doctorId }) : null;
    if (!doctor) throw notFound('Doctor');
    if (doctor.status === decision) return this.view(em, doctor.id);
    doctor.status = decision;
    doctor.approvedAt = decision === DoctorStatus.Approved ? new Date() : null;
    if (decision === DoctorStatus.Rejected) doctor.isOnline = false;
    await em.transactional(async (tx) => {
      tx.persist(doctor);
      // A rejected doctor is logged out everywhere at once (authenticate also refuses any doctor
      // who is not approved, so nothing slips through between these two).
      if (decision === DoctorStatus.Rejected) await this.accounts.revokeSessions(tx, doctor.user.id);
      await this.events.publish(tx, {
        type: 'doctor.reviewed', doctorId: doctor.id, userId: doctor.user.id,
        decision: decision === DoctorStatus.Approved ? 'approved' : 'rejected',
      });
    });
    return this.view(em, doctor.id);
  }
}
