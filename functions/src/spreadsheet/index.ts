export * from './errors.js';
export * from './detect-format.js';
export * from './zip-guard.js';
export * from './text-decode.js';
export * from './csv-parser.js';
export * from './read-csv.js';
export * from './read-workbook.js';
export * from './read-spreadsheet.js';
