/** The server's limit on a person's name (SignupInput, DoctorSignupInput), checked before sending. */
export const NAME_MAX = 100;
