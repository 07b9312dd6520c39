import type { ChangeEventHandler, FocusEventHandler } from 'react';
import type { SxProps, Theme } from '@mui/material';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  id: string;
  name: string;
  /** already translated */
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  /** the error or a hint (already translated) */
  helperText?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The form fields' look (outlined, small, full width, label, helper text) for a plain text input, built from the
 * input parts without formik: MUI's TextField brings the whole select machinery (menu, popover, modal) along, which
 * the sign-in page need not load (web delivery budget, docs/performance.md).
 */
export function TextInput({ id, label, helperText, error, required, disabled, sx, ...input }: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl size="small" fullWidth error={error} required={required} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} required={required} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
