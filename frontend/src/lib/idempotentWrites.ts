/**
 * The mutations the server does once per Idempotency-Key (schema.graphql says so in their
 * description, "Idempotent: send an Idempotency-Key header"; a test compares this list with it). The
 * Apollo client sends each with one key per intent and sends it again when its answer is lost
 * (lib/resilience.ts); every other write is sent once.
 */
export const IDEMPOTENT_MUTATIONS = [
  'createOrder', 'payForOrder', 'bookConsultation', 'bookHospitalVisit', 'payForConsultation', 'hireNurse', 'requestBlood',
  'reviewDoctor', 'createNurseReview', 'signup', 'doctorSignup', 'loginWithCode', 'addFamilyMember', 'applyInsurance',
];

/** Of those, the ones that open a payment: sent again at once when lost, but never later by themselves. */
export const PAYMENT_MUTATIONS = ['createOrder', 'payForOrder', 'payForConsultation'];
