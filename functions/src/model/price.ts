import * as yup from 'yup';
import { VALIDATION_KEYS as V, withLimits } from './validation.js';

/** At most two decimals (prices in EUR, sizes in cm and kg: spec 5 step 0.01). */
export const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** The largest euro amount an offer's price or an enquiry's target price takes. */
export const PRICE_MAX = 100_000_000;

/**
 * A euro amount of a JSON body (spec 01 §5/§9: at least 0, step 0.01): a number ≥ 0 with at most two decimals;
 * strings are refused. The offer's price and the enquiry's target price, and the web forms that read them.
 */
export const priceSchema = () =>
  yup
    .number()
    .typeError(V.type)
    .nonNullable(V.type)
    .transform((_value: unknown, original: unknown) => original)
    .min(0, withLimits(V.min))
    .max(PRICE_MAX, withLimits(V.max))
    .test('cents', V.decimals, (value) => value == null || hasAtMostTwoDecimals(value));
