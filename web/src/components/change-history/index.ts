export { ChangeHistory, type ChangeHistoryProps, type HistoryRequest } from './change-history';
