export { ChangeHistory, type HistoryRequest } from './change-history';
