export { AvbPage } from './avb-page';
export { ImprintPage } from './imprint-page';
export { PrivacyPage } from './privacy-page';
export { TomPage } from './tom-page';
export { SubcontractorsPage } from './subcontractors-page';
