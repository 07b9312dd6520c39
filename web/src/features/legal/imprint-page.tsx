import { LegalPage } from './legal-page';

export function ImprintPage() {
  return <LegalPage page="imprint" />;
}
