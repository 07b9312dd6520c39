export { FormPage, type FormPageProps, type FormResult } from './form-page';
export { FormTextField, FormSelectField, FormSwitch, useValidationText, type SelectOption } from './form-fields';
export { FormDateField, DAY_FORMAT } from './form-date-field';
export { AddressFields } from './address-fields';
export { TextInput, type TextInputProps } from './text-input';
export { FormSection, UnsavedChangesGuard } from './form-section';
