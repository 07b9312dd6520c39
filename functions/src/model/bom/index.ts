export * from './units.js';
export * from './fields.js';
export * from './i18n-keys.js';
export * from './bom-error.js';
export * from './bom-line.js';
export * from './part-number.js';
export * from './price.js';
