import MobileAccess from '../components/MobileAccess';

/** /user-signin/mobile: log in with a code sent to the account's verified mobile number. */
export default function PhoneLoginPage() {
  return <MobileAccess mode="login" />;
}
