/** The demo logins printed at start and listed in the README. One password for every demo account. */
export const DEMO_PASSWORD = 'nirog2026';

export const DEMO_LOGINS = [
  { role: 'admin', email: 'admin@nirog.test', screen: '/user-signin' },
  { role: 'patient', email: 'patient@nirog.test', screen: '/user-signin' },
  { role: 'doctor', email: 'doctor@nirog.test', screen: '/doctor/login' },
] as const;
