import { ForgotPasswordForm } from './ForgotPasswordPage';

export default function DoctorForgotPasswordPage() {
  return <ForgotPasswordForm door="doctor" />;
}
