export { FieldValueMultiSelect, FieldValueSelect } from './field-value-select';
export { FormFieldValueSelect } from './form-field-value-select';
