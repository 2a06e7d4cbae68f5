import LoginForm from '../components/LoginForm';

export default function PatientLoginPage() {
  return <LoginForm door="patient" />;
}
