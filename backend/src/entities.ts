import { User } from './modules/accounts/user.entity.js';
import { Session } from './modules/accounts/session.entity.js';
import { Doctor } from './modules/doctors/doctor.entity.js';
import { CARE_ENTITIES } from './modules/care.registry.js';

/** Every entity, listed explicitly (no folder scanning: the same list works for tsc output and tests). */
export const ENTITIES = [User, Session, Doctor, ...CARE_ENTITIES];
