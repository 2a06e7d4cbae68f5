import { ResetPasswordForm } from '../components/ResetPasswordForm';

export default function DoctorResetPasswordPage() {
  return <ResetPasswordForm door="doctor" />;
}
