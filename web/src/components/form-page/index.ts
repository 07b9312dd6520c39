export { FormPage, type FormResult } from './form-page';
export { FormTextField, FormSelectField, FormSwitch, useValidationText, type SelectOption } from './form-fields';
export { FormDateField } from './form-date-field';
export { AddressFields } from './address-fields';
export { FormSection, UnsavedChangesGuard, type Placement } from './form-section';
export { PriceField } from './price-field';
