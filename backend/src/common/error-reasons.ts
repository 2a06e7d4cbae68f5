import { registerEnumType } from 'type-graphql';

/**
 * Every reason Nirog refuses a request for: a closed set. Each reason has exactly one code, and the
 * code has exactly one HTTP status (errors.ts), so the same situation answers the same way in every
 * module and through both doors: GraphQL `extensions.reason` / `extensions.code`, REST
 * `{ success: false, reason, code, message }` with the status. Clients translate by reason (the
 * web app has an English and a Bangla text for each; `extensions.params` fills in the details);
 * the English `message` is only a fallback. The schema publishes the set as the `ErrorReason` enum
 * (and the `errorReasons` query), so integrators can rely on it; removing or renaming a reason is
 * a breaking change of the public API.
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

interface ReasonInfo {
  code: ErrorCode;
  description: string;
}

const r = <C extends ErrorCode>(code: C, description: string) => ({ code, description });

export const ERROR_REASONS = {
  // Input that cannot be used as it is (400).
  INVALID_INPUT: r('BAD_USER_INPUT', 'A field is missing or not valid; extensions.fields names each field with its message'),
  MALFORMED_VALUE: r('BAD_USER_INPUT', 'A value is not in the form expected (an id that is no id, a number out of range, a NUL character)'),
  BAD_REQUEST: r('BAD_USER_INPUT', 'The request body could not be read'),
  MUTATION_OVER_GET: r('BAD_USER_INPUT', 'A GET by hash named a mutation: only queries are served by GET (answered 405; send it by POST)'),
  WRONG_TRANSPORT: r('BAD_USER_INPUT', 'Subscriptions go over the WebSocket at /graphql (graphql-transport-ws); queries and mutations over HTTP'),
  CONSTRAINT: r('BAD_USER_INPUT', 'A value breaks a rule of the stored data'),
  MISSING_FIELDS: r('BAD_USER_INPUT', 'Required fields are missing (extensions.fields names them)'),
  INVALID_PHONE: r('BAD_USER_INPUT', 'Not a Bangladeshi mobile number (01XXXXXXXXX)'),
  INVALID_DATE: r('BAD_USER_INPUT', 'Not a real calendar date'),
  DATE_IN_PAST: r('BAD_USER_INPUT', 'The date has passed; choose today or later'),
  DATE_TOO_FAR: r('BAD_USER_INPUT', 'The date is too far ahead (params.days: how many days ahead are allowed)'),
  DATE_IN_FUTURE: r('BAD_USER_INPUT', 'The date cannot be in the future'),
  WEAK_PASSWORD: r('BAD_USER_INPUT', 'The password breaks the password rule (params.rule: tooShort, tooLong, letterAndDigit, common, isEmail, containsEmailName)'),
  PASSWORD_MISMATCH: r('BAD_USER_INPUT', 'The password and its confirmation differ'),
  WRONG_PASSWORD: r('BAD_USER_INPUT', 'The old password is not right'),
  PASSWORD_UNCHANGED: r('BAD_USER_INPUT', 'The new password is the old one'),
  NOT_AN_IMAGE: r('BAD_USER_INPUT', 'The file is not an image Nirog can read (JPEG, PNG, WebP or GIF)'),
  UNREADABLE_FILE: r('BAD_USER_INPUT', 'The file is not a CSV or XLSX spreadsheet Nirog can read'),
  TOO_MANY_FILES: r('BAD_USER_INPUT', 'Too many files in one request (params.max)'),
  INVALID_BMDC: r('BAD_USER_INPUT', 'Not a BMDC registration number (like A-12345)'),
  INVALID_RATING: r('BAD_USER_INPUT', 'A rating goes from half a star to 5 stars, in halves'),
  EMPTY_CART: r('BAD_USER_INPUT', 'The cart has no lines'),
  TOO_MANY_LINES: r('BAD_USER_INPUT', 'Too many different medicines in one cart (params.max)'),
  QUANTITY_LIMIT: r('BAD_USER_INPUT', 'Too many of one medicine in one order (params.max)'),
  TOO_MANY_MEDICINES: r('BAD_USER_INPUT', 'Too many medicines in one prescription (params.max)'),
  PRESCRIPTION_REQUIRED: r('BAD_USER_INPUT', 'A medicine in the cart is sold only with a prescription: a Nirog prescription that lists it, or a photo of one (params.medicine)'),
  PRESCRIPTION_NOT_LISTED: r('BAD_USER_INPUT', 'The prescription given does not list a prescription-only medicine of the cart (params.medicine)'),
  LINK_EXPIRED: r('BAD_USER_INPUT', 'The activation or password-reset link has expired or was used (params.kind: activation or reset)'),
  CODE_EXPIRED: r('BAD_USER_INPUT', 'The verification code has expired or was used; ask for a new one'),
  WRONG_CODE: r('BAD_USER_INPUT', 'The verification code is wrong (params.count: attempts left)'),
  PHONE_CHANGE_NEEDS_CODE: r('BAD_USER_INPUT', 'A verified mobile number changes only when the new one is verified with an SMS code'),
  IDEMPOTENCY_KEY_INVALID: r('BAD_USER_INPUT', 'The Idempotency-Key header is not 1 to 255 visible ASCII characters (a UUID is best)'),

  // Who you are (401).
  UNAUTHENTICATED: r('UNAUTHENTICATED', 'Log in first'),
  BAD_CREDENTIALS: r('UNAUTHENTICATED', 'Wrong email or password'),
  TOKEN_EXPIRED: r('UNAUTHENTICATED', 'The access token has expired; refresh it or log in again'),
  INVALID_TOKEN: r('UNAUTHENTICATED', 'The access token is not valid'),
  INVALID_REFRESH_TOKEN: r('UNAUTHENTICATED', 'The refresh token is not valid, expired or was used'),
  SESSION_REVOKED: r('UNAUTHENTICATED', 'The session was ended (logout, password change, account removed)'),
  DOCTOR_NOT_APPROVED: r('UNAUTHENTICATED', 'The doctor account is no longer approved; its sessions have ended'),
  INVALID_API_KEY: r('UNAUTHENTICATED', 'The integrator key is not a key of this Nirog'),
  API_KEY_REVOKED: r('UNAUTHENTICATED', 'The integrator key or its app was revoked'),
  API_KEY_EXPIRED: r('UNAUTHENTICATED', 'The integrator key was rotated and its overlap has ended; use the new key'),

  // What you may do (403).
  FORBIDDEN: r('FORBIDDEN', 'Your role may not do this'),
  WRONG_LOGIN: r('FORBIDDEN', 'Doctors log in at the doctor login, patients and admins at the patient login'),
  DOCTOR_PENDING: r('FORBIDDEN', 'The doctor account waits for approval'),
  DOCTOR_REJECTED: r('FORBIDDEN', 'The doctor registration was not approved'),
  EMAIL_NOT_VERIFIED: r('FORBIDDEN', 'Verify your email (or a mobile number) before booking, hiring or ordering'),
  NOT_OWNER: r('FORBIDDEN', 'Only the patient who booked may do this'),
  NOT_YOUR_PATIENT: r('FORBIDDEN', 'Only the doctor of this appointment may do this'),
  NOT_ALLOWED: r('FORBIDDEN', 'You may not make this change to this record'),
  NOT_A_PATIENT: r('FORBIDDEN', 'Only patients may do this'),
  NO_FINISHED_CONSULTATION: r('FORBIDDEN', 'A doctor can be reviewed after a finished consultation with them'),
  NO_COMPLETED_HIRE: r('FORBIDDEN', 'A nurse can be reviewed after a completed hire'),
  SELF_DELETE: r('FORBIDDEN', 'An admin cannot delete their own account here'),
  LAST_ADMIN: r('FORBIDDEN', 'The last admin cannot be deleted'),
  DEV_INBOX_OFF: r('FORBIDDEN', 'The development mailbox is off on this server'),
  MISSING_SCOPE: r('FORBIDDEN', "The integrator app holds no scope this operation declares (extensions.scope of the operation)"),
  NOT_YOUR_ORGANISATION: r('FORBIDDEN', 'The record belongs to another hospital, pharmacy or insurer than the app acts for'),
  EVENT_SCOPE_MISSING: r('FORBIDDEN', "A webhook event the app may not receive: it holds no scope that reads the event's object (params.events, params.scopes)"),

  // What does not exist, or is not yours to see (404: the same answer either way).
  NOT_FOUND: r('NOT_FOUND', 'No such record, or not yours to see'),
  MEDICINE_NOT_FOUND: r('NOT_FOUND', 'A medicine in the cart is no longer sold'),
  NO_REVIEW: r('NOT_FOUND', 'You have no review of this to change'),
  PERSISTED_QUERY_NOT_FOUND: r('NOT_FOUND', 'No registered operation has this hash (persisted queries accept only the documents of this build)'),

  // The state of the record does not allow it (409).
  DUPLICATE: r('CONFLICT', 'This record already exists'),
  REFERENCE: r('CONFLICT', 'A related record does not exist or is still in use'),
  EMAIL_TAKEN: r('CONFLICT', 'An account with this email already exists'),
  BMDC_TAKEN: r('CONFLICT', 'This BMDC number is already registered'),
  BMDC_RECORDED: r('CONFLICT', 'This doctor already has a BMDC number on record'),
  ALREADY_VERIFIED: r('CONFLICT', 'The email (or the mobile number) is already verified'),
  PHONE_TAKEN: r('CONFLICT', 'This mobile number belongs to another account (said only to someone who proved the number is theirs with a code)'),
  NO_EMAIL: r('CONFLICT', 'The account has no email address (it was made with a mobile number)'),
  FAMILY_LIMIT: r('CONFLICT', 'The account keeps as many family members as one account may (params.max)'),
  ALREADY_REVIEWED: r('CONFLICT', 'You have already reviewed this; change your review instead'),
  ALREADY_HIRED: r('CONFLICT', 'You have already hired this nurse for that day'),
  ALREADY_PAID: r('CONFLICT', 'This is already paid'),
  ILLEGAL_TRANSITION: r('CONFLICT', 'The record cannot move from its status to the one asked for (params.from, params.to); nextStatuses lists the allowed moves'),
  CHANGED_MEANWHILE: r('CONFLICT', 'Someone changed the record at the same moment; reload and try again'),
  NOT_PAID: r('CONFLICT', 'It must be paid first'),
  NOT_PAYABLE: r('CONFLICT', 'This cannot be paid (hospital visits are paid at the hospital, or it is closed)'),
  AMOUNT_MISMATCH: r('CONFLICT', 'The amount paid does not match what is owed'),
  BOOKING_EXPIRED: r('CONFLICT', 'The booking expired before it was paid; book again'),
  NOT_CONFIRMED: r('CONFLICT', 'The appointment must be confirmed first'),
  PRESCRIPTION_EXISTS: r('CONFLICT', 'This appointment already has a prescription'),
  HIRE_NOT_STARTED: r('CONFLICT', 'A hire can be completed on or after its day'),
  ORDER_NOT_FINAL: r('CONFLICT', 'Only delivered or cancelled orders can be removed'),
  OUT_OF_STOCK: r('CONFLICT', 'Not enough stock of a medicine (params.medicine)'),
  PRESCRIPTION_QUANTITY_EXCEEDED: r('CONFLICT', 'The order asks for more of a prescription-only medicine than its prescription still allows (params.medicine, params.medicineId, params.available: units still allowed; params.kind usedUp when none)'),
  PRESCRIPTION_EXPIRED: r('CONFLICT', "The prescription's validity for a medicine has ended (params.medicine, params.medicineId, params.validUntil)"),
  PRESCRIPTION_CHECK_PENDING: r('CONFLICT', "The order waits for a pharmacist's prescription check: only reviewOrderPrescription decides it"),
  SLOT_FULL: r('CONFLICT', 'The hospital slot is full (params.slot, params.date)'),
  SLOT_LIMIT_REACHED: r('CONFLICT', 'You hold as many places of this slot as one account may (params.count)'),
  TOO_MANY_OPEN_VISITS: r('CONFLICT', 'You hold as many upcoming hospital visits as one account may (params.count)'),
  TOO_MANY_UNPAID_ORDERS: r('CONFLICT', 'You have as many unpaid orders as one account may (params.count)'),
  NOT_FAILED: r('CONFLICT', 'Only failed mail can be sent again'),
  SPECIALITY_TAKEN: r('CONFLICT', 'Another speciality has this title or address name'),
  IMPORT_HAS_PROBLEMS: r('CONFLICT', 'The file has problems (params.count): correct them and check it again'),
  IMPORT_NOT_READY: r('CONFLICT', 'This import has already run, or is running'),
  IDEMPOTENCY_KEY_IN_USE: r('CONFLICT', 'A request with this Idempotency-Key is still being carried out; ask again in a moment (Retry-After) for its answer'),
  IDEMPOTENT_ANSWER_LOST: r('CONFLICT', 'The request with this Idempotency-Key was carried out, but the server stopped before it could keep its answer: it is not done again; find its result (My orders, My appointments)'),

  // The request cannot be taken as it is (422).
  IDEMPOTENCY_KEY_REUSED: r('UNPROCESSABLE_CONTENT', 'This Idempotency-Key was used with another request; each intent needs its own key'),

  // Too much (413, 429).
  FILE_TOO_LARGE: r('PAYLOAD_TOO_LARGE', 'A file is larger than the upload limit (params.maxMb)'),
  REQUEST_TOO_LARGE: r('PAYLOAD_TOO_LARGE', 'The request body is larger than the server accepts'),
  RATE_LIMITED: r('TOO_MANY_REQUESTS', 'Too many attempts from this address or account; extensions.retryAfter (REST: Retry-After) says when to try again'),
  CODE_LOCKED: r('TOO_MANY_REQUESTS', 'Too many wrong codes; ask for a new code'),
  RESEND_COOLDOWN: r('TOO_MANY_REQUESTS', 'A new code was sent moments ago (params.seconds to wait)'),
  RESEND_LIMIT: r('TOO_MANY_REQUESTS', 'Too many codes asked for today'),
  TOO_MANY_SUBSCRIPTIONS: r('TOO_MANY_REQUESTS', 'This connection already follows as many subscriptions as one may (params.max): complete one, or open another connection'),
  THROTTLED: r('TOO_MANY_REQUESTS', "The integrator app's cost budget is spent (extensions.code THROTTLED); extensions.retryAfter says in how many seconds it refills enough, extensions.cost shows the bucket"),

  // Ours, not yours (503, 500).
  DATABASE_UNAVAILABLE: r('SERVICE_UNAVAILABLE', 'The database is not reachable for a moment; try again'),
  PAYMENT_PROVIDER_UNAVAILABLE: r('SERVICE_UNAVAILABLE', 'The payment provider is not reachable right now (params.provider)'),
  FILE_STORAGE_UNAVAILABLE: r('SERVICE_UNAVAILABLE', 'The file storage is not reachable right now; try again'),
  INTERNAL: r('INTERNAL_SERVER_ERROR', 'A fault on our side, logged with the request id'),
} as const satisfies Record<string, ReasonInfo>;

export type ErrorReason = keyof typeof ERROR_REASONS;

/** The reasons whose code is C: helpers accept only these, so a reason never answers two codes. */
export type ReasonOf<C extends ErrorCode> = { [K in ErrorReason]: (typeof ERROR_REASONS)[K]['code'] extends C ? K : never }[ErrorReason];

export const codeOf = (reason: ErrorReason): ErrorCode => ERROR_REASONS[reason].code;

/** The GraphQL enum: the same names, each with its description. */
export const ErrorReasonEnum = Object.fromEntries(Object.keys(ERROR_REASONS).map((k) => [k, k])) as { [K in ErrorReason]: K };
registerEnumType(ErrorReasonEnum, {
  name: 'ErrorReason',
  description: 'Why a request was refused: extensions.reason of a GraphQL error, `reason` of a REST error. Each reason has one code (extensions.code) and HTTP status.',
  valuesConfig: Object.fromEntries(Object.entries(ERROR_REASONS).map(([k, v]) => [k, { description: `${v.code}: ${v.description}` }])),
});
