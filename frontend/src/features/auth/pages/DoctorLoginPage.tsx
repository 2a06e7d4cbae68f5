import LoginForm from '../components/LoginForm';

export default function DoctorLoginPage() {
  return <LoginForm door="doctor" />;
}
