import { ContactScreen } from '@/features/contact';

export default function ContactRoute() {
  return <ContactScreen />;
}
