import type { AuthUser } from '../../common/roles.js';
import { dhakaToday } from '../../common/dhaka-date.js';
import { localPhone } from '../../common/phone.js';
import type { CareRecipient } from '../family/index.js';
import type { Nurse } from './nurse.entity.js';
import type { NurseHire } from './nurse-hire.entity.js';
import type { NurseHireStatus } from './nurse.enums.js';
import { canViewHire, careForOfHire, nextHireStatuses } from './nurse.policy.js';

/**
 * What one viewer may see of a nurse and of a hire, decided here once: the GraphQL types' fields
 * (nurse.resolver.ts) and the earlier app's REST shapes (nurse.rest.ts toSpecNurse, toSpecHire) both
 * publish these, so the two doors cannot disagree (test/security/doors-agree.test.ts walks them).
 *
 * A nurse: nurses do not log in; their phone and email are the agency's work contact, published with
 * the profile to everyone who may read it (the public list and page, as the spec's nurse page shows
 * them), and the fee is the public price. Nothing of a nurse differs by viewer today; the viewer is
 * taken so that a later rule lands here, not in a door.
 *
 * A hire: its patient (who hired, whoever the visit is for) and admins see all of it: the patient's
 * name and email, the contact phone given for the visit, the fee agreed, who the nurse visits and
 * where the viewer may move it. Everyone else sees nothing (null): the service answers them "not
 * found" before a door asks.
 */
export interface NurseForViewer {
  phone: string;
  email: string;
  feePoisha: number;
  /** BDT, for display; feePoisha is exact. */
  fees: number;
}

export interface HireForViewer {
  patientName: string;
  patientEmail: string;
  /** The contact number with the leading 0. */
  phone: string;
  feePoisha: number;
  fees: number;
  careFor: CareRecipient;
  nextStatuses: NurseHireStatus[];
}

export function nurseForViewer(n: Nurse, _viewer: AuthUser | null): NurseForViewer {
  return { phone: localPhone(n.phoneE164)!, email: n.email, feePoisha: n.feePoisha, fees: n.feePoisha / 100 };
}

/**
 * The viewer's part of a hire, null when the viewer may not read it. The patient's account (and the
 * family member, when the hire names one) must be loaded.
 */
export function hireForViewer(h: NurseHire, viewer: AuthUser | null, today = dhakaToday()): HireForViewer | null {
  if (!viewer || !canViewHire(viewer, h)) return null;
  const account = h.user.getEntity();
  const member = h.familyMember ? h.familyMember.getEntity() : null;
  return {
    patientName: account.name,
    patientEmail: account.email ?? '',
    phone: localPhone(h.phoneE164)!,
    feePoisha: h.feePoisha,
    fees: h.feePoisha / 100,
    careFor: careForOfHire(h, account, member),
    nextStatuses: nextHireStatuses(viewer, h, today),
  };
}

/** Loads what hireForViewer reads (batched by MikroORM's dataloader in GraphQL lists). */
export async function loadHireForViewer(h: NurseHire, viewer: AuthUser | null): Promise<HireForViewer | null> {
  await h.user.load();
  if (h.familyMember) await h.familyMember.load();
  return hireForViewer(h, viewer);
}
