import { AVB_VERSION } from '@model/consent';
import { LegalPage } from './legal-page';

export function AvbPage() {
  return <LegalPage page="avb" version={AVB_VERSION} />;
}
