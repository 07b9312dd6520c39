import { messageKey, messageValues } from '../../model/validation.js';

/**
 * The German texts of the article rules' validation keys (the web's `common:validation.*`, which the article editor
 * shows for the same rule; validation-reasons.test.ts keeps them equal): the import's report is a file people read,
 * so a refused field reads as the editor would say it.
 */
const VALIDATION_TEXTS: Record<string, string> = {
  'validation.required': 'Pflichtfeld',
  'validation.oneOf': 'Bitte wählen Sie einen gültigen Wert.',
  'validation.type': 'Ungültiger Wert.',
  'validation.id': 'Ungültige Kennung.',
  'validation.integer': 'Bitte geben Sie eine ganze Zahl ein.',
  'validation.min': 'Der Wert ist zu klein.',
  'validation.max': 'Der Wert ist zu groß.',
  'validation.minLength': 'Mindestens {{min}} Zeichen.',
  'validation.maxLength': 'Höchstens {{max}} Zeichen.',
  'validation.controlCharacters': 'Steuer- und Textrichtungszeichen sind nicht erlaubt.',
};

/** The report's reason for a field the article rules refuse (`validation.maxLength?max=100` → "Höchstens 100 Zeichen."). */
export function validationReason(message: string | undefined): string {
  const text = VALIDATION_TEXTS[messageKey(message ?? '')] ?? VALIDATION_TEXTS['validation.type']!;
  const values = messageValues(message ?? '');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
