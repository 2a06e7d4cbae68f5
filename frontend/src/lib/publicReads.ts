/**
 * The operations the app sends by GET with their registered hash instead of their text (persisted
 * queries, backend/src/common/persisted-queries.ts): the public lists and pages a visitor reads,
 * whose every root field is @Public(). The server answers an anonymous caller with Cache-Control:
 * public, so the browser (or a CDN) serves repeats; a signed-in caller's answer stays private.
 * Everything else, and every mutation, is sent by POST. A test checks each name is a registered
 * query of public fields (backend/test/persisted-queries.test.ts).
 */
export const PUBLIC_READS: readonly string[] = [
  'Doctors',
  'DoctorDetail',
  'DoctorFilterOptions',
  'Specialities',
  'Medicines',
  'MedicineDetail',
  'SearchSuggestions',
  'Nurses',
  'NurseDetail',
  'BestNurses',
  'HomePartners',
  'HomeInsuranceArticles',
  'InsuranceArticles',
  'AmbulanceServices',
  'AreaOptions',
  'SiteSettings',
];
