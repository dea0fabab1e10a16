import { LoginPage } from './login-page';

export default function BusinessLoginPage() {
  return <LoginPage variant="business" />;
}
