import { escapeHtml } from '../../common/html.js';
import { readerDigits } from '../../common/digits.js';
import { Language } from '../accounts/index.js';

/**
 * Every mail and SMS Nirog sends, in English and Bangla. A template is a subject, paragraphs, an
 * optional code and an optional button; the same content becomes the plain-text and the HTML part,
 * so the two never disagree. Values are escaped in HTML.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type TemplateVars = Record<string, string>;

interface Body {
  subject: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  /** A second, plainer link under the button. */
  secondary?: { label: string; url: string };
  footnote?: string;
}

type Writer = (v: TemplateVars) => Body;

const STATUS_BN: Record<string, string> = {
  PrescriptionCheck: 'প্রেসক্রিপশন যাচাই',
  Processing: 'প্রক্রিয়াধীন',
  Confirmed: 'নিশ্চিত',
  Finished: 'সম্পন্ন',
  Cancelled: 'বাতিল',
  Delivered: 'ডেলিভারি হয়েছে',
  Paid: 'পরিশোধিত',
};

const STATUS_EN: Record<string, string> = { PrescriptionCheck: 'waiting for a prescription check' };

export function statusLabel(status: string, lang: Language): string {
  return lang === Language.bn ? (STATUS_BN[status] ?? status) : (STATUS_EN[status] ?? status);
}

/** Poisha as the reader writes taka: "৳1,250.00" (Bangladeshi grouping), Bangla digits for Bangla. */
export function takaText(poisha: number, lang: Language): string {
  const whole = Math.trunc(poisha / 100).toString();
  const grouped = whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}` : whole;
  return `৳${readerDigits(`${grouped}.${String(poisha % 100).padStart(2, '0')}`, lang)}`;
}

/** bKash and Nagad as each language writes them. */
export function providerLabel(provider: string, lang: Language): string {
  if (provider === 'nagad') return lang === Language.bn ? 'নগদ' : 'Nagad';
  return lang === Language.bn ? 'বিকাশ' : 'bKash';
}

/** Areas of Dhaka (DhakaArea values) in Bangla, as the blood screens write them. */
const AREA_BN: Record<string, string> = {
  Uttara: 'উত্তরা', Dhanmondi: 'ধানমন্ডি', Mirpur: 'মিরপুর', Banani: 'বনানী', Gulshan: 'গুলশান', Mohammadpur: 'মোহাম্মদপুর',
  Motijheel: 'মতিঝিল', Badda: 'বাড্ডা', Bashundhara: 'বসুন্ধরা', 'Old Dhaka': 'পুরান ঢাকা',
};

/** Where blood is needed, for mail and SMS; a request without an area is city-wide. */
export function areaLabel(area: string | null | undefined, lang: Language): string {
  if (!area) return lang === Language.bn ? 'ঢাকার যেকোনো এলাকা' : 'anywhere in Dhaka';
  return lang === Language.bn ? (AREA_BN[area] ?? area) : area;
}

const TEMPLATES: Record<string, Record<Language, Writer>> = {
  'verify-email': {
    en: (v) => ({
      subject: 'Verify your email for Nirog',
      paragraphs: [`Hello ${v.name},`, 'Welcome to Nirog. Confirm your email with this 6 digit code on the Confirm Email screen:'],
      code: v.code,
      action: { label: 'Or activate with one click', url: v.link! },
      footnote: `The code works for ${v.codeMinutes} minutes and the link for ${v.linkHours} hours. If you did not sign up, ignore this email.`,
    }),
    bn: (v) => ({
      subject: 'নিরোগে আপনার ইমেইল যাচাই করুন',
      paragraphs: [`প্রিয় ${v.name},`, 'নিরোগে স্বাগতম। ইমেইল নিশ্চিত করার পাতায় এই ৬ অঙ্কের কোডটি দিন:'],
      code: v.code,
      action: { label: 'অথবা এক ক্লিকে সক্রিয় করুন', url: v.link! },
      footnote: `কোডটি ${v.codeMinutes} মিনিট এবং লিংকটি ${v.linkHours} ঘণ্টা কার্যকর থাকবে। আপনি নিবন্ধন না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।`,
    }),
  },
  'doctor-registered': {
    en: (v) => ({
      subject: 'We received your Nirog doctor registration',
      paragraphs: [`Hello ${v.name},`, 'Thank you for registering as a doctor on Nirog. Our team checks every BMDC number; we will email you when your account is approved.',
        'Meanwhile, please confirm your email address:'],
      action: { label: 'Confirm my email', url: v.link! },
    }),
    bn: (v) => ({
      subject: 'নিরোগে আপনার ডাক্তার নিবন্ধন পেয়েছি',
      paragraphs: [`প্রিয় ${v.name},`, 'নিরোগে ডাক্তার হিসেবে নিবন্ধনের জন্য ধন্যবাদ। আমরা প্রতিটি বিএমডিসি নম্বর যাচাই করি; অনুমোদন হলে আপনাকে ইমেইলে জানাব।',
        'এর মধ্যে আপনার ইমেইল ঠিকানা নিশ্চিত করুন:'],
      action: { label: 'ইমেইল নিশ্চিত করুন', url: v.link! },
    }),
  },
  'doctor-approved': {
    en: (v) => ({
      subject: 'Your Nirog doctor account is approved',
      paragraphs: [`Hello ${v.name},`, 'Your doctor account has been approved. You can now log in and receive consultations.'],
      action: { label: 'Doctor login', url: v.link! },
    }),
    bn: (v) => ({
      subject: 'আপনার নিরোগ ডাক্তার অ্যাকাউন্ট অনুমোদিত হয়েছে',
      paragraphs: [`প্রিয় ${v.name},`, 'আপনার ডাক্তার অ্যাকাউন্ট অনুমোদিত হয়েছে। এখন লগইন করে পরামর্শ গ্রহণ করতে পারবেন।'],
      action: { label: 'ডাক্তার লগইন', url: v.link! },
    }),
  },
  'doctor-rejected': {
    en: (v) => ({
      subject: 'Your Nirog doctor registration',
      paragraphs: [`Hello ${v.name},`, 'We could not approve your doctor registration. Please contact Nirog if you think this is a mistake.'],
    }),
    bn: (v) => ({
      subject: 'আপনার নিরোগ ডাক্তার নিবন্ধন',
      paragraphs: [`প্রিয় ${v.name},`, 'আমরা আপনার ডাক্তার নিবন্ধন অনুমোদন করতে পারিনি। ভুল মনে হলে নিরোগের সাথে যোগাযোগ করুন।'],
    }),
  },
  'password-reset': {
    en: (v) => ({
      subject: 'Reset your Nirog password',
      paragraphs: [`Hello ${v.name},`, 'Someone (hopefully you) asked to reset the password of your Nirog account.'],
      action: { label: 'Choose a new password', url: v.link! },
      footnote: `The link works once, for ${v.minutes} minutes. If you did not ask for it, ignore this email: your password stays the same.`,
    }),
    bn: (v) => ({
      subject: 'আপনার নিরোগ পাসওয়ার্ড রিসেট করুন',
      paragraphs: [`প্রিয় ${v.name},`, 'আপনার নিরোগ অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে।'],
      action: { label: 'নতুন পাসওয়ার্ড দিন', url: v.link! },
      footnote: `লিংকটি একবারই, ${v.minutes} মিনিটের জন্য কাজ করবে। আপনি অনুরোধ না করে থাকলে উপেক্ষা করুন: পাসওয়ার্ড বদলাবে না।`,
    }),
  },
  'password-changed': {
    en: (v) => ({
      subject: 'Your Nirog password was changed',
      paragraphs: [`Hello ${v.name},`, 'Your password was just reset and every device was logged out. If this was not you, reset it again at once and contact Nirog.'],
    }),
    bn: (v) => ({
      subject: 'আপনার নিরোগ পাসওয়ার্ড পরিবর্তন হয়েছে',
      paragraphs: [`প্রিয় ${v.name},`, 'আপনার পাসওয়ার্ড এইমাত্র রিসেট হয়েছে এবং সব ডিভাইস থেকে লগআউট করা হয়েছে। এটি আপনি না করলে এখনই আবার রিসেট করুন এবং নিরোগের সাথে যোগাযোগ করুন।'],
    }),
  },
  'appointment-booked': {
    en: (v) => ({
      subject: `Your consultation is booked (#${v.ref})`,
      paragraphs: [`Hello ${v.name},`, `Your consultation booking #${v.ref} was received. We will let you know when the doctor confirms it.`],
      action: { label: 'My consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: `আপনার পরামর্শ বুক হয়েছে (#${v.ref})`,
      paragraphs: [`প্রিয় ${v.name},`, `আপনার পরামর্শ বুকিং #${v.ref} গ্রহণ করা হয়েছে। ডাক্তার নিশ্চিত করলে আপনাকে জানাব।`],
      action: { label: 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'appointment-new-for-doctor': {
    en: (v) => ({
      subject: `New consultation (#${v.ref})`,
      paragraphs: [`Hello ${v.name},`, `A patient booked a consultation with you (#${v.ref}).`],
      action: { label: 'My consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: `নতুন পরামর্শ (#${v.ref})`,
      paragraphs: [`প্রিয় ${v.name},`, `একজন রোগী আপনার সাথে একটি পরামর্শ বুক করেছেন (#${v.ref})।`],
      action: { label: 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'appointment-paid': {
    en: (v) => ({
      subject: `Payment received for consultation #${v.ref}`,
      paragraphs: [`Hello ${v.name},`, `We received your payment for consultation #${v.ref}. Thank you.`],
      action: { label: 'My consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: `পরামর্শ #${v.ref} এর পেমেন্ট পেয়েছি`,
      paragraphs: [`প্রিয় ${v.name},`, `পরামর্শ #${v.ref} এর জন্য আপনার পেমেন্ট পেয়েছি। ধন্যবাদ।`],
      action: { label: 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'appointment-status': {
    en: (v) => ({
      subject: `Consultation #${v.ref} is now ${v.status}`,
      paragraphs: [`Hello ${v.name},`, `The status of your consultation #${v.ref} changed to ${v.status}.`],
      action: { label: 'My consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: `পরামর্শ #${v.ref} এখন ${v.status}`,
      paragraphs: [`প্রিয় ${v.name},`, `আপনার পরামর্শ #${v.ref} এর অবস্থা এখন ${v.status}।`],
      action: { label: 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'consultation-reminder': {
    en: (v) => ({
      subject: `Your consultation starts in ${v.minutes} minutes`,
      paragraphs: [`Hello ${v.name},`, `Your consultation #${v.ref} starts in ${v.minutes} minutes. Please be ready with your reports.`],
      action: { label: 'Open my consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: `আপনার পরামর্শ ${v.minutes} মিনিটের মধ্যে শুরু হবে`,
      paragraphs: [`প্রিয় ${v.name},`, `আপনার পরামর্শ #${v.ref} ${v.minutes} মিনিটের মধ্যে শুরু হবে। রিপোর্টগুলো হাতের কাছে রাখুন।`],
      action: { label: 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'prescription-written': {
    en: (v) => ({
      subject: 'Your prescription is ready',
      paragraphs: [`Hello ${v.name},`, `Your doctor wrote the prescription for consultation #${v.ref}. You can read and download it in Nirog.`],
      action: { label: 'My prescriptions', url: v.link! },
    }),
    bn: (v) => ({
      subject: 'আপনার প্রেসক্রিপশন তৈরি',
      paragraphs: [`প্রিয় ${v.name},`, `পরামর্শ #${v.ref} এর জন্য আপনার ডাক্তার প্রেসক্রিপশন লিখেছেন। নিরোগে পড়ে ডাউনলোড করতে পারবেন।`],
      action: { label: 'আমার প্রেসক্রিপশন', url: v.link! },
    }),
  },
  'order-placed': {
    en: (v) => ({
      subject: `Order #${v.ref} received`,
      paragraphs: [`Hello ${v.name},`, `Thank you for your order #${v.ref}. We will let you know when it is confirmed.`],
      action: { label: 'My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref} গ্রহণ করা হয়েছে`,
      paragraphs: [`প্রিয় ${v.name},`, `আপনার অর্ডার #${v.ref} এর জন্য ধন্যবাদ। নিশ্চিত হলে আপনাকে জানাব।`],
      action: { label: 'আমার অর্ডার', url: v.link! },
    }),
  },
  'order-paid': {
    en: (v) => ({
      subject: `Payment received for order #${v.ref}`,
      paragraphs: [`Hello ${v.name},`, `We received your payment for order #${v.ref}. Thank you.`],
      action: { label: 'My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref} এর পেমেন্ট পেয়েছি`,
      paragraphs: [`প্রিয় ${v.name},`, `অর্ডার #${v.ref} এর জন্য আপনার পেমেন্ট পেয়েছি। ধন্যবাদ।`],
      action: { label: 'আমার অর্ডার', url: v.link! },
    }),
  },
  'order-status': {
    en: (v) => ({
      subject: `Order #${v.ref} is now ${v.status}`,
      paragraphs: [`Hello ${v.name},`, `The status of your order #${v.ref} changed to ${v.status}.`],
      action: { label: 'My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref} এখন ${v.status}`,
      paragraphs: [`প্রিয় ${v.name},`, `আপনার অর্ডার #${v.ref} এর অবস্থা এখন ${v.status}।`],
      action: { label: 'আমার অর্ডার', url: v.link! },
    }),
  },
  'order-refund-started': {
    en: (v) => ({
      subject: `Order #${v.ref} cancelled: ${v.amount} is on its way back`,
      paragraphs: [`Hello ${v.name},`, v.rejected === 'yes'
        ? `Our pharmacist could not accept the prescription of your order #${v.ref}, so the order is cancelled.${v.note ? ` Note: ${v.note}` : ''}`
        : `Your order #${v.ref} is cancelled.`,
      `We are returning ${v.amount} to the ${v.provider} account you paid with. You do not need to do anything; we will tell you when it arrives.`],
      action: { label: 'My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref} বাতিল: ${v.amount} ফেরত যাচ্ছে`,
      paragraphs: [`প্রিয় ${v.name},`, v.rejected === 'yes'
        ? `আমাদের ফার্মাসিস্ট আপনার অর্ডার #${v.ref} এর প্রেসক্রিপশন গ্রহণ করতে পারেননি, তাই অর্ডারটি বাতিল হয়েছে।${v.note ? ` মন্তব্য: ${v.note}` : ''}`
        : `আপনার অর্ডার #${v.ref} বাতিল হয়েছে।`,
      `যে ${v.provider} অ্যাকাউন্ট থেকে পেমেন্ট করেছিলেন সেখানে ${v.amount} ফেরত পাঠানো হচ্ছে। আপনাকে কিছু করতে হবে না; পৌঁছালে জানাব।`],
      action: { label: 'আমার অর্ডার', url: v.link! },
    }),
  },
  'prescription-rejected': {
    en: (v) => ({
      subject: `Order #${v.ref}: prescription not accepted`,
      paragraphs: [`Hello ${v.name},`, `Our pharmacist could not accept the prescription of your order #${v.ref}, so the order is cancelled. Nothing was charged.${v.note ? ` Note: ${v.note}` : ''}`],
      action: { label: 'My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref}: প্রেসক্রিপশন গ্রহণ করা হয়নি`,
      paragraphs: [`প্রিয় ${v.name},`, `আমাদের ফার্মাসিস্ট আপনার অর্ডার #${v.ref} এর প্রেসক্রিপশন গ্রহণ করতে পারেননি, তাই অর্ডারটি বাতিল হয়েছে। কোনো টাকা কাটা হয়নি।${v.note ? ` মন্তব্য: ${v.note}` : ''}`],
      action: { label: 'আমার অর্ডার', url: v.link! },
    }),
  },
  'prescription-check-expired': {
    en: (v) => ({
      subject: `Order #${v.ref}: cancelled, the prescription was not checked in time`,
      paragraphs: [`Hello ${v.name},`, `No pharmacist could check the prescription of your order #${v.ref} within a day, so the order is cancelled and nothing was charged. Please order again; we are sorry for the wait.`],
      action: { label: 'My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref}: বাতিল, প্রেসক্রিপশন সময়মতো যাচাই হয়নি`,
      paragraphs: [`প্রিয় ${v.name},`, `এক দিনের মধ্যে কোনো ফার্মাসিস্ট আপনার অর্ডার #${v.ref} এর প্রেসক্রিপশন যাচাই করতে পারেননি, তাই অর্ডারটি বাতিল হয়েছে এবং কোনো টাকা কাটা হয়নি। অনুগ্রহ করে আবার অর্ডার করুন; দেরির জন্য আমরা দুঃখিত।`],
      action: { label: 'আমার অর্ডার', url: v.link! },
    }),
  },
  'prescription-approved': {
    en: (v) => ({
      subject: `Order #${v.ref}: prescription accepted, please pay`,
      paragraphs: [`Hello ${v.name},`, `Our pharmacist accepted the prescription of your order #${v.ref}. Pay for it from My orders and we will send it.`],
      action: { label: 'Pay in My orders', url: v.link! },
    }),
    bn: (v) => ({
      subject: `অর্ডার #${v.ref}: প্রেসক্রিপশন গৃহীত, পেমেন্ট করুন`,
      paragraphs: [`প্রিয় ${v.name},`, `আমাদের ফার্মাসিস্ট আপনার অর্ডার #${v.ref} এর প্রেসক্রিপশন গ্রহণ করেছেন। আমার অর্ডার থেকে পেমেন্ট করুন, আমরা পাঠিয়ে দেব।`],
      action: { label: 'আমার অর্ডারে পেমেন্ট করুন', url: v.link! },
    }),
  },
  'consultation-refund-started': {
    en: (v) => ({
      subject: v.noShow === 'yes' ? `Consultation #${v.ref} did not take place: ${v.amount} is on its way back` : `Consultation #${v.ref} cancelled: ${v.amount} is on its way back`,
      paragraphs: [`Hello ${v.name},`, v.noShow === 'yes'
        ? `We are sorry: your doctor did not start consultation #${v.ref} within ${v.minutes} minutes, so we cancelled it.`
        : `Your consultation #${v.ref} was cancelled by the doctor or by Nirog.`,
      `We are returning ${v.amount} to the ${v.provider} account you paid with. You do not need to do anything; we will tell you when it arrives. You may book again at any time.`],
      action: { label: 'Book again', url: v.rebook! },
      secondary: { label: 'My consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: v.noShow === 'yes' ? `পরামর্শ #${v.ref} হয়নি: ${v.amount} ফেরত যাচ্ছে` : `পরামর্শ #${v.ref} বাতিল: ${v.amount} ফেরত যাচ্ছে`,
      paragraphs: [`প্রিয় ${v.name},`, v.noShow === 'yes'
        ? `আমরা দুঃখিত: আপনার ডাক্তার ${v.minutes} মিনিটের মধ্যে পরামর্শ #${v.ref} শুরু করেননি, তাই আমরা এটি বাতিল করেছি।`
        : `আপনার পরামর্শ #${v.ref} ডাক্তার বা নিরোগ বাতিল করেছে।`,
      `যে ${v.provider} অ্যাকাউন্ট থেকে পেমেন্ট করেছিলেন সেখানে ${v.amount} ফেরত পাঠানো হচ্ছে। আপনাকে কিছু করতে হবে না; পৌঁছালে জানাব। যেকোনো সময় আবার বুক করতে পারেন।`],
      action: { label: 'আবার বুক করুন', url: v.rebook! },
      secondary: { label: 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'refund-completed': {
    en: (v) => ({
      subject: `${v.amount} returned to your ${v.provider} account`,
      paragraphs: [`Hello ${v.name},`, `${v.amount} for ${v.what} #${v.ref} is back in the ${v.provider} account you paid with (refund ${v.refundRef}).`],
      action: { label: v.what === 'order' ? 'My orders' : 'My consultations', url: v.link! },
    }),
    bn: (v) => ({
      subject: `${v.amount} আপনার ${v.provider} অ্যাকাউন্টে ফেরত দেওয়া হয়েছে`,
      paragraphs: [`প্রিয় ${v.name},`, `${v.what === 'order' ? 'অর্ডার' : 'পরামর্শ'} #${v.ref} এর ${v.amount} আপনার ${v.provider} অ্যাকাউন্টে ফেরত গেছে (রিফান্ড ${v.refundRef})।`],
      action: { label: v.what === 'order' ? 'আমার অর্ডার' : 'আমার পরামর্শসমূহ', url: v.link! },
    }),
  },
  'blood-request': {
    en: (v) => ({
      subject: 'New blood request',
      paragraphs: [`Hello ${v.name},`, `A new blood request (#${v.ref}) was made on Nirog. Please find a donor and call the requester.`],
      action: { label: 'Open the dashboard', url: v.link! },
    }),
    bn: (v) => ({
      subject: 'নতুন রক্তের অনুরোধ',
      paragraphs: [`প্রিয় ${v.name},`, `নিরোগে একটি নতুন রক্তের অনুরোধ (#${v.ref}) এসেছে। একজন দাতা খুঁজে অনুরোধকারীকে ফোন করুন।`],
      action: { label: 'ড্যাশবোর্ড খুলুন', url: v.link! },
    }),
  },
  // To a registered donor matched to a blood request: the requester's name and phone (typed by the
  // requester), never the other way round. The donor decides whether to call.
  'blood-donor-request': {
    en: (v) => ({
      subject: `Blood needed: ${v.group}, ${v.area}`,
      paragraphs: [`Hello ${v.name},`,
        `${v.requesterName} asked Nirog for blood. Blood group: ${v.group}. Area: ${v.area}. You are a registered donor who matches and can give now.`,
        `If you can donate, please call the requester, ${v.requesterName}, at ${v.requesterPhone}.`,
        'We have not shared your phone number or email with the requester: only you decide whether to call.'],
      action: { label: 'My donor availability', url: v.link! },
      footnote: `Request #${v.ref}. Nirog does not check requests: never send money to anyone for a blood request. If you cannot donate now, ignore this email, or pause your availability with the button above.`,
    }),
    bn: (v) => ({
      subject: `রক্ত প্রয়োজন: ${v.group}, ${v.area}`,
      paragraphs: [`প্রিয় ${v.name},`,
        `${v.requesterName} নিরোগে রক্তের অনুরোধ করেছেন। রক্তের গ্রুপ: ${v.group}। এলাকা: ${v.area}। আপনি একজন নিবন্ধিত রক্তদাতা, যাঁর গ্রুপ মেলে এবং যিনি এখন রক্ত দিতে পারেন।`,
        `রক্ত দিতে পারলে অনুরোধকারীকে (${v.requesterName}) ${v.requesterPhone} নম্বরে ফোন করুন।`,
        'আপনার ফোন নম্বর বা ইমেইল অনুরোধকারীকে দেওয়া হয়নি: ফোন করবেন কি না, তা শুধু আপনিই ঠিক করবেন।'],
      action: { label: 'রক্তদাতা হিসেবে আমার অবস্থা', url: v.link! },
      footnote: `অনুরোধ #${v.ref}। নিরোগ অনুরোধগুলো যাচাই করে না: রক্তের অনুরোধের জন্য কাউকে কখনো টাকা পাঠাবেন না। এখন রক্ত দিতে না পারলে এই ইমেইলটি উপেক্ষা করুন, অথবা ওপরের বোতাম থেকে আপনার অবস্থা বিরতিতে রাখুন।`,
    }),
  },
  // To the owner of an email someone tried to sign up with again. The signup answered as if it had
  // worked (so that it does not tell who has an account); the owner learns here what happened.
  'signup-attempt': {
    en: (v) => ({
      subject: 'Someone tried to create a Nirog account with your email',
      paragraphs: [`Hello ${v.name},`,
        'Someone just tried to create a new Nirog account with this email address. You already have an account, so no new account was made and nothing in your account changed.',
        'If it was you, log in with your password, or reset your password if you have forgotten it.'],
      action: { label: 'Log in', url: v.loginLink! },
      secondary: { label: 'Forgot your password? Reset it', url: v.resetLink! },
      footnote: 'If it was not you, you can ignore this email: your password stays the same.',
    }),
    bn: (v) => ({
      subject: 'কেউ আপনার ইমেইল দিয়ে নিরোগ অ্যাকাউন্ট খোলার চেষ্টা করেছেন',
      paragraphs: [`প্রিয় ${v.name},`,
        'কেউ এইমাত্র এই ইমেইল ঠিকানা দিয়ে নিরোগে নতুন অ্যাকাউন্ট খোলার চেষ্টা করেছেন। এই ঠিকানায় আপনার অ্যাকাউন্ট আগে থেকেই আছে, তাই নতুন কোনো অ্যাকাউন্ট খোলা হয়নি এবং আপনার অ্যাকাউন্টে কিছুই বদলায়নি।',
        'এটি আপনি হলে আপনার পাসওয়ার্ড দিয়ে লগইন করুন, আর পাসওয়ার্ড ভুলে গেলে রিসেট করুন।'],
      action: { label: 'লগইন', url: v.loginLink! },
      secondary: { label: 'পাসওয়ার্ড ভুলে গেছেন? রিসেট করুন', url: v.resetLink! },
      footnote: 'এটি আপনি না হলে এই ইমেইলটি উপেক্ষা করতে পারেন: আপনার পাসওয়ার্ড বদলাবে না।',
    }),
  },
  'hire-created': {
    en: (v) => ({
      subject: `Nurse hire request #${v.ref} received`,
      paragraphs: [`Hello ${v.name},`, `We received your request #${v.ref} to hire a nurse. We will let you know when it is confirmed.`],
      action: { label: 'My hired nurses', url: v.link! },
    }),
    bn: (v) => ({
      subject: `নার্স নিয়োগের অনুরোধ #${v.ref} গ্রহণ করা হয়েছে`,
      paragraphs: [`প্রিয় ${v.name},`, `নার্স নিয়োগের জন্য আপনার অনুরোধ #${v.ref} পেয়েছি। নিশ্চিত হলে আপনাকে জানাব।`],
      action: { label: 'আমার নিয়োগকৃত নার্স', url: v.link! },
    }),
  },
  'hire-status': {
    en: (v) => ({
      subject: `Nurse hire #${v.ref} is now ${v.status}`,
      paragraphs: [`Hello ${v.name},`, `The status of your nurse hire #${v.ref} changed to ${v.status}.`],
      action: { label: 'My hired nurses', url: v.link! },
    }),
    bn: (v) => ({
      subject: `নার্স নিয়োগ #${v.ref} এখন ${v.status}`,
      paragraphs: [`প্রিয় ${v.name},`, `আপনার নার্স নিয়োগ #${v.ref} এর অবস্থা এখন ${v.status}।`],
      action: { label: 'আমার নিয়োগকৃত নার্স', url: v.link! },
    }),
  },
};

export type MailTemplate = keyof typeof TEMPLATES;

/**
 * Numbers in the reader's digits, as the prescription PDF writes them: in a Bangla mail or SMS the
 * code, the minutes and the hours read ০-৯. Phone numbers stay in ASCII digits (a phone only offers
 * to call a number it recognises, and those are ASCII), and so do references like #3F2A9B10, which
 * mix letters and digits and are quoted to support as written.
 */
function inReaderDigits(vars: TemplateVars, lang: Language): TemplateVars {
  if (lang !== Language.bn) return vars;
  return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, /^\d+$/.test(v) && !/(phone|ref)$/i.test(k) ? readerDigits(v, lang) : v]));
}


export function renderMail(template: string, lang: Language, vars: TemplateVars): MailContent {
  const writer = TEMPLATES[template]?.[lang];
  if (!writer) throw new Error(`no mail template ${template}/${lang}`);
  const b = writer(inReaderDigits(vars, lang));
  const brand = lang === Language.bn ? 'নিরোগ' : 'Nirog';
  const textParts = [...b.paragraphs];
  if (b.code) textParts.push(b.code);
  if (b.action) textParts.push(`${b.action.label}: ${b.action.url}`);
  if (b.secondary) textParts.push(`${b.secondary.label}: ${b.secondary.url}`);
  if (b.footnote) textParts.push(b.footnote);
  textParts.push(`— ${brand}`);
  const p = (s: string) => `<p style="margin:0 0 14px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(b.subject)}</title></head>`
    + '<body style="margin:0;background:#f4f6f8;font-family:Arial,\'Noto Sans Bengali\',sans-serif;color:#1f2933">'
    + '<div style="max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:28px">'
    + `<div style="font-size:20px;font-weight:bold;color:#0e7c66;margin-bottom:18px">${brand}</div>`
    + b.paragraphs.map(p).join('')
    + (b.code ? `<p style="font-size:30px;letter-spacing:8px;font-weight:bold;margin:18px 0">${escapeHtml(b.code)}</p>` : '')
    + (b.action ? `<p style="margin:22px 0"><a href="${escapeHtml(b.action.url)}" style="background:#0e7c66;color:#fff;padding:11px 18px;border-radius:6px;text-decoration:none">${escapeHtml(b.action.label)}</a></p>` : '')
    + (b.secondary ? `<p style="margin:0 0 14px"><a href="${escapeHtml(b.secondary.url)}" style="color:#0e7c66">${escapeHtml(b.secondary.label)}</a></p>` : '')
    + (b.footnote ? `<p style="font-size:13px;color:#6b7785">${escapeHtml(b.footnote)}</p>` : '')
    + '</div></body></html>';
  return { subject: b.subject, text: textParts.join('\n\n'), html };
}

export function hasTemplate(template: string): boolean {
  return template in TEMPLATES;
}

const SMS: Record<string, Record<Language, (v: TemplateVars) => string>> = {
  'refund-started': {
    en: (v) => `Nirog: ${v.what === 'order' ? 'order' : 'consultation'} #${v.ref} ${v.noShow === 'yes' ? 'did not take place (the doctor did not start)' : 'is cancelled'}. ${v.amount} is being returned to your ${v.provider} account.${v.what === 'order' ? '' : ' You may book again.'}`,
    bn: (v) => `নিরোগ: ${v.what === 'order' ? 'অর্ডার' : 'পরামর্শ'} #${v.ref} ${v.noShow === 'yes' ? 'হয়নি (ডাক্তার শুরু করেননি)' : 'বাতিল হয়েছে'}। ${v.amount} আপনার ${v.provider} অ্যাকাউন্টে ফেরত যাচ্ছে।${v.what === 'order' ? '' : ' আবার বুক করতে পারেন।'}`,
  },
  'refund-completed': {
    en: (v) => `Nirog: ${v.amount} for ${v.what} #${v.ref} is back in your ${v.provider} account. Ref ${v.refundRef}`,
    bn: (v) => `নিরোগ: ${v.what === 'order' ? 'অর্ডার' : 'পরামর্শ'} #${v.ref} এর ${v.amount} আপনার ${v.provider} অ্যাকাউন্টে ফেরত গেছে। রেফ ${v.refundRef}`,
  },
  'appointment-booked': {
    en: (v) => `Nirog: your consultation #${v.ref} is booked. We will notify you when it is confirmed.`,
    bn: (v) => `নিরোগ: আপনার পরামর্শ #${v.ref} বুক হয়েছে। নিশ্চিত হলে জানানো হবে।`,
  },
  'blood-donor-request': {
    en: (v) => `Nirog: ${v.requesterName} needs ${v.group} blood, area: ${v.area}. If you can donate, call ${v.requesterPhone}. Your number was not shared. Never send money for blood. Ref ${v.ref}`,
    bn: (v) => `নিরোগ: ${v.requesterName} ${v.group} রক্ত চেয়েছেন, এলাকা: ${v.area}। রক্ত দিতে পারলে ${v.requesterPhone} নম্বরে ফোন করুন। আপনার নম্বর কাউকে দেওয়া হয়নি। রক্তের জন্য কখনো টাকা পাঠাবেন না। রেফ ${v.ref}`,
  },
  'consultation-reminder': {
    en: (v) => `Nirog: your consultation #${v.ref} starts in ${v.minutes} minutes.`,
    bn: (v) => `নিরোগ: আপনার পরামর্শ #${v.ref} ${v.minutes} মিনিটের মধ্যে শুরু হবে।`,
  },
  'appointment-status': {
    en: (v) => `Nirog: your booking #${v.ref} is now ${v.status}.`,
    bn: (v) => `নিরোগ: আপনার বুকিং #${v.ref} এখন ${v.status}।`,
  },
  'order-status': {
    en: (v) => `Nirog: your medicine order #${v.ref} is now ${v.status}.`,
    bn: (v) => `নিরোগ: আপনার ওষুধের অর্ডার #${v.ref} এখন ${v.status}।`,
  },
  // One-time codes: the code first, so a phone's notification shows it; never shared, 5 minutes.
  'phone-code': {
    en: (v) => `${v.code} is your Nirog code. It works for ${v.minutes} minutes. Never share it with anyone.`,
    bn: (v) => `${v.code} আপনার নিরোগ কোড। এটি ${v.minutes} মিনিট কার্যকর। কাউকে এই কোড জানাবেন না।`,
  },
  // Someone asked to sign up with, or add to another account, a number that already has an account.
  'phone-taken-attempt': {
    en: () => 'Nirog: someone tried to use this number for a new account. It already has yours: log in with this number. If it was not you, ignore this.',
    bn: () => 'নিরোগ: কেউ এই নম্বর দিয়ে নতুন অ্যাকাউন্ট খুলতে চেয়েছিল। এই নম্বরে আপনার অ্যাকাউন্ট আছে: এই নম্বর দিয়েই লগ ইন করুন। এটি আপনি না হলে উপেক্ষা করুন।',
  },
  // A login code was asked for a number no patient account has verified: no code, and why. Only whoever
  // holds the phone reads it, so it may say what the answer on screen must not.
  'phone-no-login': {
    en: () => 'Nirog: no patient account uses this number, so no login code was sent. Sign up with it to make one; doctors and admins log in with email and password. Not you? Ignore this.',
    bn: () => 'নিরোগ: এই নম্বরে কোনো রোগীর অ্যাকাউন্ট নেই, তাই লগইন কোড পাঠানো হয়নি। অ্যাকাউন্ট খুলতে এই নম্বর দিয়ে সাইন আপ করুন; ডাক্তার ও অ্যাডমিন ইমেইল ও পাসওয়ার্ডে লগ ইন করেন। আপনি না চাইলে উপেক্ষা করুন।',
  },
};

/** SMS templates that carry a one-time code for their recipient (masked in the admin outbox). */
export const SECRET_SMS_TEMPLATES = new Set(['phone-code']);

export function renderSms(template: string, lang: Language, vars: TemplateVars): string {
  const writer = SMS[template]?.[lang];
  if (!writer) throw new Error(`no SMS template ${template}/${lang}`);
  return writer(inReaderDigits(vars, lang));
}
