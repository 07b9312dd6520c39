import { LegalPage } from './legal-page';

export function AvbPage() {
  return <LegalPage page="avb" />;
}
