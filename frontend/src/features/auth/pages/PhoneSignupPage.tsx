import MobileAccess from '../components/MobileAccess';

/** /user-signup/mobile: an account with a mobile number alone. */
export default function PhoneSignupPage() {
  return <MobileAccess mode="signup" />;
}
