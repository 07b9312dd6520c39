import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { FormDateField, dayOf, isoDayOf, INVALID_DAY } from './form-date-field';

function Harness({ initial = '', onSubmit }: { initial?: string; onSubmit: (v: { day: string }) => void }) {
  return (
    <Formik
      initialValues={{ day: initial }}
      validationSchema={yup.object({
        day: yup
          .string()
          .required('validation.required')
          .matches(/^\d{4}-\d{2}-\d{2}$/, 'validation.type'),
      })}
      onSubmit={(v) => onSubmit(v)}
    >
      <Form noValidate>
        <FormDateField name="day" labelKey="enquiries:field.desiredDeliveryDate" required />
        <button type="submit">Senden</button>
      </Form>
    </Formik>
  );
}

const group = () => screen.getByRole('group', { name: /Wunschliefertermin/ });
const hidden = () => document.querySelector<HTMLInputElement>('input[name="day"]')!;

describe('FormDateField', () => {
  it('shows a stored day as TT.MM.JJJJ', () => {
    render(<Harness initial="2027-03-15" onSubmit={() => undefined} />);
    expect(hidden().value).toBe('15.03.2027');
    expect(group()).toHaveTextContent('15.03.2027');
  });

  it('typed the German way (15032027) it stores the model day 2027-03-15', async () => {
    const submitted: { day: string }[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Harness onSubmit={(v) => submitted.push(v)} />);
    expect(group()).toHaveTextContent('TT.MM.JJJJ');
    await user.click(screen.getAllByRole('spinbutton')[0]);
    await user.keyboard('15032027');
    expect(hidden().value).toBe('15.03.2027');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(submitted).toEqual([{ day: '2027-03-15' }]));
  });

  it('reads TT.MM.JJJJ in a browser with an English UI too', async () => {
    const language = Object.getOwnPropertyDescriptor(window.navigator, 'language');
    Object.defineProperty(window.navigator, 'language', { value: 'en-US', configurable: true });
    try {
      const submitted: { day: string }[] = [];
      const user = userEvent.setup({ delay: null });
      render(<Harness onSubmit={(v) => submitted.push(v)} />);
      await user.click(screen.getAllByRole('spinbutton')[0]);
      await user.keyboard('03122027');
      await user.click(screen.getByRole('button', { name: 'Senden' }));
      // 3 December, as typed - not 12 March
      await waitFor(() => expect(submitted).toEqual([{ day: '2027-12-03' }]));
    } finally {
      if (language) Object.defineProperty(window.navigator, 'language', language);
      else delete (window.navigator as { language?: string }).language;
    }
  });

  it('picked from the calendar it stores that day', async () => {
    const submitted: { day: string }[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="2027-03-15" onSubmit={(v) => submitted.push(v)} />);
    await user.click(screen.getByRole('button', { name: /Datum auswählen/ }));
    await user.click(await screen.findByRole('gridcell', { name: '20' }));
    await waitFor(() => expect(hidden().value).toBe('20.03.2027'));
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(submitted).toEqual([{ day: '2027-03-20' }]));
  });

  it('a day that does not exist (31.02.2027) is refused by the schema (Ungültiger Wert.), nothing is sent', async () => {
    const submitted: { day: string }[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Harness onSubmit={(v) => submitted.push(v)} />);
    await user.click(screen.getAllByRole('spinbutton')[0]);
    await user.keyboard('31022027');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Ungültiger Wert.')).toBeInTheDocument();
    expect(submitted).toEqual([]);
  });

  it('a day made incomplete keeps what is left and counts as missing', async () => {
    const submitted: { day: string }[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="2027-03-15" onSubmit={(v) => submitted.push(v)} />);
    await user.click(screen.getAllByRole('spinbutton')[2]);
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
    expect(hidden().value).toBe('15.03.JJJJ');
    expect(submitted).toEqual([]);
  });

  it('an empty required day says Pflichtfeld', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness onSubmit={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
  });

  it('converts between the model day and the picker', () => {
    expect(isoDayOf(dayOf('2027-03-15'))).toBe('2027-03-15');
    expect(dayOf('')).toBeNull();
    expect(isoDayOf(null)).toBe('');
    expect(isoDayOf(new Date(Number.NaN))).toBe(INVALID_DAY);
    expect(dayOf('2027-02-30')).toBeNull();
  });
});
