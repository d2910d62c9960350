import { RegisterScreen } from '@/features/register';

export default function RegisterRoute() {
  return <RegisterScreen />;
}
