import type { EntityManager } from '@mikro-orm/sql';
import { Role, type AuthUser } from '../../common/roles.js';
import { badInput, forbidden, notFound } from '../../common/errors.js';
import { assertStrongPassword, hashPassword } from '../../common/password.js';
import { normalizeBdPhone } from '../../common/phone.js';
import type { ImageService } from '../../common/images.js';
import type { DomainEvents } from '../../common/events.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { normalizeEmail, type AccountService } from '../accounts/account.service.js';
import { User } from '../accounts/user.entity.js';
import { Doctor } from './doctor.entity.js';
import { DoctorStatus } from './doctor.enums.js';
import type { DoctorSignupInput } from './doctor.inputs.js';

export class DoctorService {
  constructor(private readonly accounts: AccountService, private readonly images: ImageService, private readonly events: DomainEvents) {}

  /** A new doctor and the identity row, in one transaction; pending until an admin approves. */
  async signup(em: EntityManager, input: DoctorSignupInput, avatar: Buffer | undefined): Promise<Doctor> {
    if (!avatar) throw badInput('Enter all Fields', { avatar: 'Choose a photo' }, 'MISSING_FIELDS');
    const email = normalizeEmail(input.email);
    assertStrongPassword(input.password, { email, name: input.name });
    const phone = normalizeBdPhone(input.phone);
    await this.accounts.assertEmailFree(em, email);
    const bmdcNo = input.bmdcNo.toUpperCase();
    if ((await em.count(Doctor, { bmdcNo })) > 0) {
      throw badInput('This BMDC number is already registered', { bmdcNo: 'Already registered' }, 'BMDC_TAKEN');
    }
    const avatarUrl = await this.images.store(avatar, 'avatars');
    const passwordHash = await hashPassword(input.password);
    return em.transactional(async (tx) => {
      const user = tx.create(User, {
        name: input.name.trim(), email, passwordHash, role: Role.Doctor, avatarUrl, gender: input.gender, phoneE164: phone,
      });
      const doctor = tx.create(Doctor, {
        user,
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
      });
      await tx.flush();
      await this.events.publish(tx, { type: 'doctor.registered', doctorId: doctor.id, userId: user.id });
      return doctor;
    });
  }

  async myProfile(em: EntityManager, actor: AuthUser): Promise<Doctor> {
    const doctor = await em.findOne(Doctor, { user: actor.id }, { populate: ['user'] });
    if (!doctor) throw notFound('Doctor profile');
    return doctor;
  }

  async setOnline(em: EntityManager, actor: AuthUser, online: boolean): Promise<Doctor> {
    const doctor = await this.myProfile(em, actor);
    if (doctor.status !== DoctorStatus.Approved) throw forbidden('Your account is not approved yet', 'DOCTOR_PENDING');
    doctor.isOnline = online;
    await em.flush();
    return doctor;
  }

  async listByStatus(em: EntityManager, status: DoctorStatus, args: { page: number; pageSize: number }): Promise<PageResult<Doctor>> {
    const [items, total] = await em.findAndCount(Doctor, { status }, {
      populate: ['user'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  /** Pending → Approved or Rejected; the only moves an admin review makes. */
  async review(em: EntityManager, doctorId: string, decision: DoctorStatus.Approved | DoctorStatus.Rejected): Promise<Doctor> {
    const doctor = await em.findOne(Doctor, { id: doctorId }, { populate: ['user'] });
    if (!doctor) throw notFound('Doctor');
    if (doctor.status === decision) return doctor;
    doctor.status = decision;
    doctor.approvedAt = decision === DoctorStatus.Approved ? new Date() : null;
    if (decision === DoctorStatus.Rejected) doctor.isOnline = false;
    await em.transactional(async (tx) => {
      tx.persist(doctor);
      await this.events.publish(tx, {
        type: 'doctor.reviewed', doctorId: doctor.id, userId: doctor.user.id,
        decision: decision === DoctorStatus.Approved ? 'approved' : 'rejected',
      });
    });
    return doctor;
  }
}
