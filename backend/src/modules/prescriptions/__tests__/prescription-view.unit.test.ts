import { describe, expect, it } from '@jest/globals';
import { Role, type AuthUser } from '../../../common/roles.js';
import type { Prescription } from '../prescription.entity.js';
import { seesPrescription } from '../prescription.read.js';

/** Who reads a prescription, whichever door or record shows it: the rule without the app. */
const PATIENT: AuthUser = { id: 'patient-1', role: Role.User, sessionId: 's1' };
const OTHER_PATIENT: AuthUser = { id: 'patient-2', role: Role.User, sessionId: 's2' };
const DOCTOR: AuthUser = { id: 'doctor-user-1', role: Role.Doctor, sessionId: 's3', doctorId: 'doctor-1' };
const OTHER_DOCTOR: AuthUser = { id: 'doctor-user-2', role: Role.Doctor, sessionId: 's4', doctorId: 'doctor-2' };
const PHARMACIST: AuthUser = { id: 'pharmacist-1', role: Role.Pharmacist, sessionId: 's5' };
const ADMIN: AuthUser = { id: 'admin-1', role: Role.Admin, sessionId: 's6' };
const rx = { patient: { id: PATIENT.id }, doctor: { id: 'doctor-1' } } as unknown as Prescription;
const person = (user: AuthUser | null) => ({ user, integrator: null, doctorId: user?.doctorId ?? null });

describe('who reads a prescription', () => {
  it('its patient, the doctor who wrote it and admins; nobody else', () => {
    expect([PATIENT, OTHER_PATIENT, DOCTOR, OTHER_DOCTOR, PHARMACIST, ADMIN, null].map((u) => seesPrescription(person(u), rx)))
      .toEqual([true, false, true, false, false, true, false]);
  });

  it('never an integrator app, whatever it holds', () => {
    expect(seesPrescription({ user: null, integrator: { appId: 'app-1' }, doctorId: null }, rx)).toBe(false);
  });
});
