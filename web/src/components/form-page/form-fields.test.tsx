import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { FormSelectField, FormTextField } from './form-fields';
import { FormDateField } from './form-date-field';

describe('form fields on a narrow screen', () => {
  it('every label stands above its box (shrunk into the border), so a long label is not cut off inside it', () => {
    render(
      <Formik initialValues={{ info: '', choice: '', day: '' }} onSubmit={() => undefined}>
        <>
          <FormTextField name="info" labelKey="offers:field.additionalInfoSupplier" />
          <FormSelectField
            name="choice"
            labelKey="enquiries:conditionIndividual.terminalManufacturer"
            options={[{ value: 'a', label: 'A' }]}
            slotProps={{ htmlInput: { 'data-testid': 'choice' } }}
          />
          <FormDateField name="day" labelKey="enquiries:field.desiredDeliveryDate" />
        </>
      </Formik>,
    );
    for (const label of [
      'Zusätzliche Informationen des Lieferanten',
      'Hersteller der Reihenklemmen – Individuell',
      'Wunschliefertermin',
    ]) {
      const element = screen.getByText(label, { selector: '.MuiInputLabel-root' });
      expect(element).toHaveAttribute('data-shrink', 'true');
      // the border leaves room for the whole label (the notch)
      expect(element.closest('.MuiFormControl-root')!.querySelector('legend')).toHaveTextContent(label);
    }
    // the caller's slot props still apply
    expect(screen.getByTestId('choice')).toBeInTheDocument();
  });
});
