import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return <LegalPage page="privacy" />;
}
