import { ResetPasswordForm } from './ResetPasswordPage';

export default function DoctorResetPasswordPage() {
  return <ResetPasswordForm door="doctor" />;
}
