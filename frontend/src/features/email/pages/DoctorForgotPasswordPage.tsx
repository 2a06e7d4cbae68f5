import { ForgotPasswordForm } from '../components/ForgotPasswordForm';

export default function DoctorForgotPasswordPage() {
  return <ForgotPasswordForm door="doctor" />;
}
