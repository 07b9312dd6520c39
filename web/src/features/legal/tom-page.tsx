import { LegalPage } from './legal-page';

export function TomPage() {
  return <LegalPage page="tom" backLink />;
}
