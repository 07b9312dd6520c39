export { RecordSummary, type RecordSummaryProps } from './record-summary';
export { ActionBar, ACTION_BAR_ROOM } from './action-bar';
export { FactList, WRAP_WORDS, type Fact } from './fact-list';
export { RecordLayout } from './record-layout';
export { SummarySection } from './summary-section';
export { SaveFirstNotice } from './save-first-notice';
