import { ForgotPasswordForm } from '../components/ForgotPasswordForm';

export default function PatientForgotPasswordPage() {
  return <ForgotPasswordForm door="patient" />;
}
