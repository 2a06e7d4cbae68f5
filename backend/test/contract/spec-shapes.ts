import { z } from 'zod';

/**
 * The REST door's answers as the earlier app's client reads them (SPEC.md §3 and that client's
 * src/pages), one schema per shape, written once; and, per REST path, the schema of its answer.
 * Objects are not strict: Nirog may answer more keys than the spec names (ids beside _id, poisha beside
 * BDT), never fewer, never null where the client reads without a guard.
 */

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const id = z.string().regex(ID);
const text = z.string();
const date = z.string().min(10); // ISO date or date-time
const money = z.number().nonnegative(); // BDT

/** A picture's url: a path on Nirog or an absolute http(s) URL, never empty; the test also loads it. */
export const pictureUrl = z.string().regex(/^(\/(?!\/)|https?:\/\/)\S+$/);
/** image.url, avatar.url */
export const Picture = z.object({ url: pictureUrl });
/** images[].url: the client reads images[0].url */
export const Pictures = z.array(Picture).min(1);

/** The spec's three roles, and Nirog's pharmacist (issue 20): the earlier client shows it the patient's menu. */
export const Role = z.enum(['admin', 'doctor', 'user', 'pharmacist']);
export const Gender = z.enum(['Male', 'Female']);
/** The client prints "0{phone}": ten digits, 1XXXXXXXXX. */
export const PrefixedPhone = z.string().regex(/^1\d{9}$/);
/** Shown as it is: 01XXXXXXXXX. */
export const LocalPhone = z.string().regex(/^01\d{9}$/);

export const User = z.object({
  _id: id, name: text, email: text, role: Role, avatar: Picture, gender: Gender.nullable(), phone: PrefixedPhone.nullable(),
  birthdate: text.nullable(),
});

export const Review = z.object({ _id: id, name: text.nullable(), rating: z.number().min(0).max(5), comment: text, doctorId: id });

export const Doctor = z.object({
  _id: id, title: z.enum(['Dr.', 'Prof. Dr.', 'Ass.Prof. Dr.', 'Assoc.Prof. Dr.']), name: text, email: text.nullable(), fees: money,
  avatar: Picture, images: Pictures, degree: text, work: text, expert: z.array(text), experience: z.number().int().nonnegative(),
  gender: Gender.nullable(), location: text, phone: PrefixedPhone.nullable(), description: text, bmdc_No: text.nullable(),
  type: z.enum(['Medical', 'Dental']), isActive: z.boolean(), ratings: z.number().min(0).max(5), numOfReviews: z.number().int().nonnegative(),
  role: z.literal('doctor'), nid_No: text.optional(), url: text.nullable().optional(),
});
/** The doctor's own profile and the admin's lists: contact and NID present. */
export const PrivateDoctor = Doctor.extend({ email: text, nid_No: text, url: text.nullable() });
export const DoctorWithReviews = Doctor.extend({ reviews: z.array(Review) });

export const NurseReview = z.object({ _id: id, name: text, rating: z.number().min(0).max(5), comment: text, nurseId: id });
export const Nurse = z.object({
  _id: id, name: text, degree: text, work: text, fees: money, phone: LocalPhone, email: text, gender: Gender, location: text, description: text,
  images: Pictures, ratings: z.number().min(0).max(5), numOfReviews: z.number().int().nonnegative(),
});
export const NurseWithReviews = Nurse.extend({ reviews: z.array(NurseReview) });

/** The spec's hire-nurse booking: nurseimage is a url string (the client sent it as one). */
export const Hire = z.object({
  _id: id, nursename: text, nursefees: money, nurseimage: pictureUrl, nurseId: id, patientgender: Gender, phone: PrefixedPhone, date: date,
  bookingStatus: z.enum(['Processing', 'Confirmed', 'Completed', 'Cancelled']),
});
export const AdminHire = Hire.extend({ patientname: text, patientemail: text });

const BookingStatus = z.enum(['Processing', 'Confirmed', 'Finished', 'Cancelled']);
export const Appointment = z.object({
  _id: id, doctortitle: text, doctorname: text, doctoremail: text.nullable(), doctorfees: money, doctorimage: pictureUrl, doctorId: id,
  doctordegree: text, doctorwork: text, patientname: text, patientemail: text.nullable(), patientgender: Gender.nullable(),
  // the consultation form's names, which the doctor's list reads
  name: text, gender: Gender.nullable(), age: z.number().nullable(), weight: text.nullable(), height: text.nullable(), problem: text.nullable(),
  phone: PrefixedPhone.nullable(), date: date, schedule: z.enum(['Morning', 'Afternoon', 'Evening']).nullable(), url: text.nullable(),
  bookingStatus: BookingStatus, prescription: id.nullable(), user: id,
});

export const MedicineLine = z.object({ medname: text, dailyUse: text, days: z.number().int(), quantity: text });
export const Prescription = z.object({
  _id: id, medicines: z.array(MedicineLine), medInfo: text, userId: id, doctorId: id, appointmentId: id, doctorAdvice: text, followUp: text,
  doctorname: text, doctortitle: text, doctordegree: text, doctorwork: text, doctorimage: pictureUrl, name: text, age: z.number().nullable(),
  gender: Gender.nullable(), problem: text.nullable(), weight: text.nullable(), height: text.nullable(), createdAt: date,
});

export const Medicine = z.object({ _id: id, name: text, type: text, price: money, quantity: z.number().int().nonnegative(), image: Picture });
/** A cart line: the medicine with its cartQuantity (the client keeps the medicine object and adds it). */
export const CartLine = z.object({ _id: id, name: text.nullable(), price: money, cartQuantity: z.number().int().positive(), image: Picture });
export const OrderLine = z.object({ _id: id, name: text, price: money, quantity: z.number().int().positive(), cartQuantity: z.number().int().positive(), image: Picture });
export const Order = z.object({
  _id: id, shippingInfo: z.object({ name: text, phone: text, address: text, city: text }), orderItems: z.array(OrderLine).min(1),
  itemsPrice: money, shippingPrice: money, totalPrice: money, paymentInfo: z.object({ id: text, method: text, status: text }),
  orderStatus: z.enum(['Processing', 'Confirmed', 'Delivered', 'Cancelled']),
});
export const AdminOrder = Order.extend({ user: z.object({ _id: id, name: text, email: text }) });

export const Category = z.object({ _id: id, title: text, image: Picture });
export const FilterOption = z.object({ _id: text, title: text });

export const BloodRequest = z.object({ _id: id, name: text, phone: text, email: text, group: text });
export const Donor = z.object({ group: text });
export const BloodDonor = z.object({ _id: id, group: text, area: text, phone: text, available: z.boolean(), eligibleNow: z.boolean() });
export const Payment = z.object({ _id: id, tranId: text, purpose: z.enum(['order', 'consultation']), amount: money, provider: z.enum(['bkash', 'nagad']), status: text });

// ---- wrappers (SPEC §3: response wrappers) ----
const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
const count = z.number().int().nonnegative();
const perPage = z.number().int().positive();
const message = z.object({ success: z.literal(true), message: text });

export const LoginAnswer = ok({ token: text, user: User });
export const ErrorAnswer = z.object({ success: z.literal(false), message: text, code: text });

/** Not JSON: the answer is checked by its kind. */
export type Kind = 'csv' | 'pdf' | 'redirect' | 'webp';
export type Shape = z.ZodType | Kind;

/** Every REST path's answer. A path missing here fails the contract test. */
export const PATH_SHAPES: Record<string, Shape> = {
  'POST /register': ok({ userId: id, message: text }),
  'POST /login': LoginAnswer,
  'POST /login/doctor': LoginAnswer,
  'POST /token/refresh': LoginAnswer,
  'PUT /logout/doctor': message,
  'POST /logout': message,
  'PUT /logout': message,
  'GET /currentUserDetails': ok({ user: User }),
  'PUT /update/currentUserdetails': ok({ user: User, message: text }),
  'PUT /update/avatar': ok({ user: User }),
  'PUT /updatePassword': message,
  'PUT /doctor/updatePassword': message,
  'GET /users': ok({ users: z.array(User), resultPerPage: perPage, userCount: count }),
  'DELETE /admin/user/:id': message,
  'GET /admin/users.csv': 'csv',
  'GET /admin/appointments.csv': 'csv',
  'GET /admin/doctors.csv': 'csv',
  'GET /admin/nurses.csv': 'csv',
  'GET /admin/nurse-hires.csv': 'csv',
  'GET /admin/orders.csv': 'csv',
  'GET /admin/blood-requests.csv': 'csv',
  'GET /admin/insurance-applications.csv': 'csv',
  'GET /admin/refunds.csv': 'csv',
  'GET /admin/dashboard': ok({ dashboard: z.object({ generatedAt: text, consultations: z.object({ today: count, week: count, month: count }) }) }),

  'POST /register/doctor': ok({ userId: id, doctor: Doctor, message: text }),
  'GET /current/Doctor/Details': ok({ doctor: PrivateDoctor }),
  'GET /admin/pending/doctors': ok({ Doctors: z.array(PrivateDoctor), resultPerPage: perPage, doctorCount: count }),
  'PUT /admin/doctor/:id/approve': ok({ doctor: Doctor }),
  'PUT /admin/doctor/:id/reject': ok({ doctor: Doctor }),
  'GET /doctors': ok({ doctors: z.array(Doctor), doctorsCount: count, filteredDoctorsCount: count, resultPerPage: perPage }),
  'GET /fees': ok({ fees: z.array(FilterOption).min(1) }),
  'GET /gender': ok({ genders: z.array(FilterOption).min(1) }),
  // Rating.js draws the title as stars: a number
  'GET /ratings': ok({ ratings: z.array(z.object({ _id: text, title: z.number().min(0).max(5) })).min(1) }),
  'GET /status': ok({ status: z.array(FilterOption).min(1) }),
  'GET /category': ok({ categories: z.array(Category).min(1) }),
  'GET /admin/doctors': ok({ Doctors: z.array(PrivateDoctor), resultPerPage: perPage, doctorCount: count }),
  'PUT /doctor/update/url': ok({ message: text, url: text }),
  'POST /doctor': ok({ doctor: PrivateDoctor, message: text }),
  'PUT /doctor/:id': ok({ doctor: PrivateDoctor, message: text }),
  'GET /doctor/:id': ok({ doctor: DoctorWithReviews }),

  'POST /new/appointment': ok({ appointment: Appointment, message: text, url: z.string().url().nullable(), tranId: text.nullable() }),
  'POST /appointment/:id/pay': ok({ url: z.string().url(), tranId: text }),
  'GET /hospital/slots': ok({ slots: z.array(z.object({ slot: text, capacity: count, booked: count, available: count })).length(3) }),
  'GET /mybooking': ok({ appointment: z.array(Appointment), appointmentCount: count, resultPerPage: perPage }),
  'GET /single/doctor/appointment': ok({ appointment: z.array(Appointment), appointmentCount: count, resultPerPage: perPage }),
  'GET /getall/appointment': ok({ appointments: z.array(Appointment), resultPerPage: perPage, appointmentCount: count }),
  'GET /appointment/:id': ok({ appointment: Appointment }),
  'PUT /admin/appointment/:id': ok({ appointment: Appointment, message: text }),
  'POST /admin/appointment/:id': ok({ appointment: Appointment, message: text }),
  'PUT /appointment/:id/status': ok({ appointment: Appointment, message: text }),

  'POST /create/prescription': ok({ prescription: Prescription, message: text }),
  'GET /my/prescription': ok({ prescription: z.array(Prescription), resultPerPage: perPage }),
  'GET /prescription/:id': ok({ prescription: Prescription }),
  'GET /prescription/:id/pdf': 'pdf',
  'GET /medical-files/:link': 'webp',
  // JSON for a program (Accept: application/json); a person scanning the QR gets an HTML page.
  'GET /verify/prescription/:code': ok({ genuine: z.boolean(), code: text }),
  'POST /create/review': ok({ review: Review, message: text }),
  'PUT /create/review': ok({ review: Review, message: text }),

  'GET /payments/bkash/callback': 'redirect',
  'GET /payments/nagad/callback': 'redirect',
  'GET /payment/:tranId': ok({ payment: Payment }),

  'GET /get/medicine': ok({ medicines: z.array(Medicine), resultPerPage: perPage, medicineCount: count }),
  'GET /medicine/:id': ok({ medicine: Medicine }),
  'POST /admin/medicine': ok({ medicine: Medicine, message: text }),
  'PUT /admin/medicine/:id': ok({ medicine: Medicine, message: text }),
  'POST /cart/quote': ok({ lines: z.array(CartLine), itemsPrice: money, shippingPrice: money, totalPrice: money }),
  'POST /create/order': ok({ url: z.string().url(), tranId: text, order: Order }),
  'GET /orders/myorders': ok({ orders: z.array(Order), resultPerPage: perPage, orderCount: count }),
  'GET /order/:id': ok({ order: Order }),
  'GET /admin/allorder': ok({ orders: z.array(AdminOrder), resultPerPage: perPage, orderCount: count }),
  'PUT /admin/order/:id': ok({ order: Order, message: text }),
  'DELETE /admin/order/:id': message,

  'GET /admin/mail/outbox': ok({ mails: z.array(z.object({ id: id, toEmail: text, subject: text })), resultPerPage: perPage, mailCount: count }),
  'GET /admin/sms/outbox': ok({ messages: z.array(z.object({ id: id })), resultPerPage: perPage, smsCount: count }),
  'PUT /admin/mail/:id/retry': ok({ mail: z.object({ id: id }) }),
  'GET /my/mailbox': ok({ mails: z.array(z.object({ id: id, subject: text })), resultPerPage: perPage, mailCount: count }),
  'PUT /update/language': ok({ user: User }),
  'POST /activation': message,
  'POST /confirm/email': ok({ message: text, user: User }),
  'POST /confirm/email/resend': message,
  'POST /password/forgot': message,
  'POST /doctor/forgotPassword': message,
  'POST /password/reset/:token': message,
  'POST /forgot/password/reset/:token': message,
  'PUT /password/reset/:token': message,
  'PUT /forgot/password/reset/:token': message,

  'GET /get/nurses': ok({ nurses: z.array(Nurse), resultPerPage: perPage, nurseCount: count }),
  'GET /nurse/:id': ok({ nurse: NurseWithReviews }),
  'POST /create/nurse/review': ok({ review: NurseReview, message: text }),
  'PUT /create/nurse/review': ok({ review: NurseReview, message: text }),
  'POST /new/hire/nurse': ok({ hireNurse: Hire, message: text }),
  'GET /my/hire': ok({ hireNurse: z.array(Hire), resultPerPage: perPage }),
  'PUT /my/hire/:id/cancel': ok({ hireNurse: Hire }),
  'GET /admin/nurses': ok({ Nurses: z.array(Nurse), resultPerPage: perPage, nurseCount: count }),
  'POST /create/nurse': ok({ nurse: Nurse, message: text }),
  'PUT /nurse/:id': ok({ nurse: Nurse, message: text }),
  'DELETE /nurse/:id': message,
  'GET /getall/hire/nurse': ok({ hireNurses: z.array(AdminHire), resultPerPage: perPage, appointmentCount: count }),
  'PUT /admin/hire/nurse/:id': ok({ hireNurse: AdminHire, message: text }),

  'POST /blood/booking': ok({ message: text, bloodRequest: BloodRequest, donors: z.array(Donor) }),
  'GET /blood/request/:id/donors': ok({ donors: z.array(Donor) }),
  'GET /admin/blood/requests': ok({ bloodRequests: z.array(BloodRequest), resultPerPage: perPage, requestCount: count }),
  'POST /blood/donor': ok({ donor: BloodDonor }),
  'GET /blood/donor/me': ok({ donor: BloodDonor.nullable() }),
  'GET /insurance/articles': ok({ articles: z.array(z.object({ _id: id, title: text, image: Picture })).min(1) }),
  'POST /insurance/apply': ok({ application: z.object({ _id: id, name: text }), message: text }),
  'GET /admin/insurance/applications': ok({ applications: z.array(z.object({ _id: id, name: text, email: text })), resultPerPage: perPage, applicationCount: count }),
  'GET /ambulances': ok({ ambulances: z.array(z.object({ _id: id, name: text, area: text, phone: text })) }),
  'GET /partners': ok({ partners: z.array(z.object({ _id: id, name: text })) }),
  'POST /contact': ok({ id: id, message: text }),
  'GET /admin/contact/messages': ok({ messages: z.array(z.object({ _id: id, name: text, message: text })), resultPerPage: perPage, messageCount: count }),
};
