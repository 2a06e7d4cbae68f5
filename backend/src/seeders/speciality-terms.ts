import { SpecialityTermKind } from '../modules/doctors/speciality-term.entity.js';

/**
 * The speciality terms Nirog ships (an admin adds more at /admin/search-terms): plain words for a body
 * part or a field, and common complaints, in English and Bangla, each leading to the specialities a
 * patient with it would see first (the most fitting first; Medicine where a general physician is the
 * usual first visit). Banglish needs no entries of its own where it reads like the Bangla ("jor",
 * "pet betha" meet জ্বর and পেট ব্যথা through the search key, a letter or two apart at most), and a
 * loanword one entry in either script (kidney is কিডনি, stroke স্ট্রোক, gastric গ্যাস্ট্রিক).
 *
 * Reviewed against the specialities of DoctorSeeder and for duplicates by search key (two spellings
 * that read the same are one term): speciality-terms.test.ts fails on either.
 */
type Row = [term: string, specialities: string[]];

const WORDS: Row[] = [
  ['heart', ['Cardiology']], ['cardiac', ['Cardiology']], ['blood pressure', ['Cardiology', 'Medicine']],
  ['skin', ['Dermatology']], ['hair', ['Dermatology']], ['nail', ['Dermatology']],
  ['child', ['Pediatrics']], ['children', ['Pediatrics']], ['baby', ['Pediatrics']], ['infant', ['Pediatrics']], ['newborn', ['Pediatrics']],
  ['teeth', ['Dentistry']], ['tooth', ['Dentistry']], ['dental', ['Dentistry']], ['gum', ['Dentistry']],
  ['eye', ['Ophthalmology']], ['eyes', ['Ophthalmology']], ['vision', ['Ophthalmology']],
  ['bone', ['Orthopedics']], ['bones', ['Orthopedics']], ['joint', ['Orthopedics']], ['spine', ['Orthopedics', 'Neurology']],
  ['ear', ['ENT']], ['nose', ['ENT']], ['throat', ['ENT']], ['sinus', ['ENT']],
  ['kidney', ['Nephrology', 'Urology']], ['urine', ['Urology']], ['bladder', ['Urology']], ['prostate', ['Urology']],
  ['brain', ['Neurology']], ['nerve', ['Neurology']],
  ['stomach', ['Gastroenterology', 'Medicine']], ['liver', ['Gastroenterology']], ['intestine', ['Gastroenterology']], ['digestion', ['Gastroenterology']],
  ['diabetes', ['Endocrinology', 'Medicine']], ['sugar', ['Endocrinology', 'Medicine']], ['thyroid', ['Endocrinology']], ['hormone', ['Endocrinology']],
  ['women', ['Gynecology']], ['pregnancy', ['Gynecology']], ['mental health', ['Psychiatry']], ['mind', ['Psychiatry']],
  ['general physician', ['Medicine']], ['lungs', ['Medicine']], ['chest', ['Medicine', 'Cardiology']],
  ['হৃদয়', ['Cardiology']], ['হার্ট', ['Cardiology']], ['হৃৎপিণ্ড', ['Cardiology']], ['রক্তচাপ', ['Cardiology', 'Medicine']],
  ['ত্বক', ['Dermatology']], ['চামড়া', ['Dermatology']], ['চুল', ['Dermatology']],
  ['শিশু', ['Pediatrics']], ['বাচ্চা', ['Pediatrics']], ['নবজাতক', ['Pediatrics']],
  ['দাঁত', ['Dentistry']], ['মাড়ি', ['Dentistry']], ['চোখ', ['Ophthalmology']],
  ['হাড়', ['Orthopedics']], ['জোড়া', ['Orthopedics']], ['মেরুদণ্ড', ['Orthopedics', 'Neurology']],
  ['কান', ['ENT']], ['নাক', ['ENT']], ['গলা', ['ENT']],
  ['প্রস্রাব', ['Urology']], ['মস্তিষ্ক', ['Neurology']], ['স্নায়ু', ['Neurology']],
  ['পেট', ['Gastroenterology', 'Medicine']], ['লিভার', ['Gastroenterology']], ['যকৃৎ', ['Gastroenterology']],
  ['ডায়াবেটিস', ['Endocrinology', 'Medicine']], ['থাইরয়েড', ['Endocrinology']],
  ['মহিলা', ['Gynecology']], ['গর্ভাবস্থা', ['Gynecology']], ['মানসিক', ['Psychiatry']], ['ফুসফুস', ['Medicine']], ['বুক', ['Medicine', 'Cardiology']],
  // The fields' names as Bangladesh says them (loanwords, and "gynae" as every clinic's signboard writes it).
  ['gynae', ['Gynecology']], ['গাইনি', ['Gynecology']], ['কার্ডিওলজিস্ট', ['Cardiology']], ['ডার্মাটোলজিস্ট', ['Dermatology']],
  ['নিউরোলজিস্ট', ['Neurology']], ['সাইকিয়াট্রিস্ট', ['Psychiatry']], ['অর্থোপেডিক', ['Orthopedics']], ['ইএনটি', ['ENT']],
  ['ডেন্টিস্ট', ['Dentistry']], ['মেডিসিন বিশেষজ্ঞ', ['Medicine']], ['ইউরোলজিস্ট', ['Urology']], ['গ্যাস্ট্রোএন্টারোলজিস্ট', ['Gastroenterology']],
];

const COMPLAINTS: Row[] = [
  ['chest pain', ['Cardiology', 'Medicine']], ['palpitation', ['Cardiology']], ['shortness of breath', ['Medicine', 'Cardiology']],
  ['breathing problem', ['Medicine', 'Cardiology']], ['high blood pressure', ['Cardiology', 'Medicine']],
  ['fever', ['Medicine', 'Pediatrics']], ['cough', ['Medicine']], ['cold', ['Medicine', 'ENT']],
  ['headache', ['Neurology', 'Medicine']], ['migraine', ['Neurology']], ['dizziness', ['Neurology', 'Medicine']], ['stroke', ['Neurology']],
  ['seizure', ['Neurology']], ['numbness', ['Neurology']],
  ['rash', ['Dermatology']], ['itching', ['Dermatology']], ['acne', ['Dermatology']], ['hair fall', ['Dermatology']], ['eczema', ['Dermatology']],
  ['toothache', ['Dentistry']], ['bleeding gums', ['Dentistry']],
  ['back pain', ['Orthopedics']], ['joint pain', ['Orthopedics', 'Medicine']], ['knee pain', ['Orthopedics']], ['fracture', ['Orthopedics']],
  ['arthritis', ['Orthopedics', 'Medicine']],
  ['ear pain', ['ENT']], ['sore throat', ['ENT', 'Medicine']], ['hearing loss', ['ENT']], ['blocked nose', ['ENT']],
  ['blurred vision', ['Ophthalmology']], ['red eye', ['Ophthalmology']],
  ['stomach pain', ['Gastroenterology', 'Medicine']], ['abdominal pain', ['Gastroenterology', 'Medicine']], ['gastric', ['Gastroenterology', 'Medicine']],
  ['acidity', ['Gastroenterology', 'Medicine']], ['heartburn', ['Gastroenterology', 'Medicine']], ['diarrhoea', ['Gastroenterology', 'Medicine']],
  ['diarrhea', ['Gastroenterology', 'Medicine']], ['vomiting', ['Gastroenterology', 'Medicine']], ['constipation', ['Gastroenterology']],
  ['jaundice', ['Gastroenterology', 'Medicine']],
  ['burning urination', ['Urology', 'Medicine']], ['kidney stone', ['Urology', 'Nephrology']],
  ['irregular periods', ['Gynecology']], ['period pain', ['Gynecology']],
  ['anxiety', ['Psychiatry']], ['depression', ['Psychiatry']], ['insomnia', ['Psychiatry']], ['excessive thirst', ['Endocrinology', 'Medicine']],
  ['বুকে ব্যথা', ['Cardiology', 'Medicine']], ['বুক ধড়ফড়', ['Cardiology']], ['শ্বাসকষ্ট', ['Medicine', 'Cardiology']], ['উচ্চ রক্তচাপ', ['Cardiology', 'Medicine']],
  ['জ্বর', ['Medicine', 'Pediatrics']], ['কাশি', ['Medicine']], ['সর্দি', ['Medicine', 'ENT']],
  ['মাথা ব্যথা', ['Neurology', 'Medicine']], ['মাথা ঘোরা', ['Neurology', 'Medicine']], ['খিঁচুনি', ['Neurology']],
  ['চুলকানি', ['Dermatology']], ['ফুসকুড়ি', ['Dermatology']], ['ব্রণ', ['Dermatology']], ['চুল পড়া', ['Dermatology']],
  ['দাঁতে ব্যথা', ['Dentistry']], ['মাড়ি দিয়ে রক্ত', ['Dentistry']],
  ['কোমর ব্যথা', ['Orthopedics']], ['জয়েন্টে ব্যথা', ['Orthopedics', 'Medicine']], ['হাঁটু ব্যথা', ['Orthopedics']], ['বাত', ['Orthopedics', 'Medicine']],
  ['কানে ব্যথা', ['ENT']], ['গলা ব্যথা', ['ENT', 'Medicine']], ['কানে কম শোনা', ['ENT']], ['নাক বন্ধ', ['ENT']],
  ['চোখে ঝাপসা দেখা', ['Ophthalmology']], ['চোখ লাল', ['Ophthalmology']],
  ['পেটে ব্যথা', ['Gastroenterology', 'Medicine']], ['অম্বল', ['Gastroenterology', 'Medicine']],
  ['বুক জ্বালা', ['Gastroenterology', 'Medicine']], ['ডায়রিয়া', ['Gastroenterology', 'Medicine']], ['পাতলা পায়খানা', ['Gastroenterology', 'Medicine']],
  ['বমি', ['Gastroenterology', 'Medicine']], ['কোষ্ঠকাঠিন্য', ['Gastroenterology']], ['জন্ডিস', ['Gastroenterology', 'Medicine']],
  ['প্রস্রাবে জ্বালা', ['Urology', 'Medicine']], ['কিডনিতে পাথর', ['Urology', 'Nephrology']],
  ['অনিয়মিত মাসিক', ['Gynecology']], ['মাসিকের ব্যথা', ['Gynecology']],
  ['দুশ্চিন্তা', ['Psychiatry']], ['বিষণ্ণতা', ['Psychiatry']], ['অনিদ্রা', ['Psychiatry']], ['বাচ্চার জ্বর', ['Pediatrics']],
];

export const SPECIALITY_TERMS: { term: string; kind: SpecialityTermKind; specialities: string[] }[] = [
  ...WORDS.map(([term, specialities]) => ({ term, kind: SpecialityTermKind.Word, specialities })),
  ...COMPLAINTS.map(([term, specialities]) => ({ term, kind: SpecialityTermKind.Complaint, specialities })),
];
