export { RecordSummary } from './record-summary';
export { FactList, type Fact } from './fact-list';
export { WRAP_WORDS } from './wrap-words';
export { RecordLayout } from './record-layout';
export { SummarySection } from './summary-section';
export { SaveFirstNotice } from './save-first-notice';
