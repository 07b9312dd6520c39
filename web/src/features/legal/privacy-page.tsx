import { PRIVACY_VERSION } from '@model/consent';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return <LegalPage page="privacy" version={PRIVACY_VERSION} />;
}
