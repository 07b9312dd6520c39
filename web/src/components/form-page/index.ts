export { FormPage, type FormPageProps, type FormResult } from './form-page';
export { FormTextField, FormSelectField, FormSwitch, useValidationText, type SelectOption } from './form-fields';
export { AddressFields } from './address-fields';
export { TextInput, type TextInputProps } from './text-input';
export { FormSection, UnsavedChangesGuard } from './form-section';
