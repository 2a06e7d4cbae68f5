import { ResetPasswordForm } from '../components/ResetPasswordForm';

export default function PatientResetPasswordPage() {
  return <ResetPasswordForm door="patient" />;
}
