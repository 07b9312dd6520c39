/** Conversion units of the spec (section 9 enumerations) and conversion into catalogue units (cm, kg). */

export const LENGTH_UNITS = ['MM', 'CM', 'DM', 'M'] as const;
export const WEIGHT_UNITS = ['MG', 'G', 'KG'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type ConversionUnit = LengthUnit | WeightUnit;

/** Import defaults of the spec: dimensions CM, weight KG. */
export const DEFAULT_LENGTH_UNIT: LengthUnit = 'CM';
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'KG';

const CM_PER: Record<LengthUnit, number> = { MM: 0.1, CM: 1, DM: 10, M: 100 };
const KG_PER: Record<WeightUnit, number> = { MG: 1e-6, G: 1e-3, KG: 1 };

/** Multiplying then dividing by a power of ten avoids results like 0.30000000000000004 cm. */
function scale(value: number, factor: number): number {
  if (factor === 1) return value;
  const r = value * factor;
  return Number.parseFloat(r.toPrecision(12));
}

export function toCentimetres(value: number, unit: LengthUnit): number {
  return scale(value, CM_PER[unit]);
}

export function toKilograms(value: number, unit: WeightUnit): number {
  return scale(value, KG_PER[unit]);
}

const ALIASES: Record<string, ConversionUnit> = {
  MM: 'MM',
  MILLIMETER: 'MM',
  MILLIMETRE: 'MM',
  MILLIMETERN: 'MM',
  CM: 'CM',
  ZENTIMETER: 'CM',
  CENTIMETER: 'CM',
  CENTIMETRE: 'CM',
  DM: 'DM',
  DEZIMETER: 'DM',
  DECIMETER: 'DM',
  DECIMETRE: 'DM',
  M: 'M',
  METER: 'M',
  METRE: 'M',
  MTR: 'M',
  MG: 'MG',
  MILLIGRAMM: 'MG',
  MILLIGRAM: 'MG',
  G: 'G',
  GR: 'G',
  GRAMM: 'G',
  GRAM: 'G',
  KG: 'KG',
  KILOGRAMM: 'KG',
  KILOGRAM: 'KG',
  KILO: 'KG',
};

/** Parses unit text from a file cell ("mm", " Kg ", "Millimeter") into a conversion unit; undefined if unknown. */
export function parseConversionUnit(text: string | undefined | null): ConversionUnit | undefined {
  if (text == null) return undefined;
  const key = text
    .normalize('NFC')
    .trim()
    .toUpperCase()
    .replace(/[\s.[\]()]/g, '');
  return ALIASES[key];
}

function isLengthUnit(u: ConversionUnit): u is LengthUnit {
  return (LENGTH_UNITS as readonly string[]).includes(u);
}

function isWeightUnit(u: ConversionUnit): u is WeightUnit {
  return (WEIGHT_UNITS as readonly string[]).includes(u);
}

/**
 * A measure from a file in catalogue units (length → cm, weight → kg): in the row's unit text when
 * there is one, else the configured unit, else the spec default. Undefined when the unit text is
 * unknown or of the other kind (a width in KG).
 */
export function toCatalogueUnit(
  value: number,
  kind: 'length' | 'weight',
  unitText: string | undefined,
  configured?: ConversionUnit,
): number | undefined {
  const unit =
    unitText === undefined
      ? (configured ?? (kind === 'length' ? DEFAULT_LENGTH_UNIT : DEFAULT_WEIGHT_UNIT))
      : parseConversionUnit(unitText);
  if (!unit) return undefined;
  if (kind === 'length') return isLengthUnit(unit) ? toCentimetres(value, unit) : undefined;
  return isWeightUnit(unit) ? toKilograms(value, unit) : undefined;
}
