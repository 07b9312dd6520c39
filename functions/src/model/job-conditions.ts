import * as yup from 'yup';
import { flag, multiline, VALIDATION_KEYS as V } from './validation.js';

/**
 * The job conditions of an enquiry (spec 01 §3 defaults table, §5 dependencies; spec 02 §9 enumerations).
 * Isomorphic: the API validates and normalises with these rules, the web renders its controls from
 * `jobConditionControls` so the form and the server agree on what is shown, enabled and kept.
 * Decisions (docs/decisions-enquiries.md): componentLabel is the label enum with PLASTIC_RAIL; regulation
 * offers IEC, UL and ATEX; the spec's unnamed "further manufacturer field" is the terminal manufacturer.
 */

const MARKING_TYPES = ['CLAMPING_POINT', 'CLAMPING_POINT_BMK', 'SINGLE_WIRE_NUMBERING', 'INDIVIDUAL'] as const;
const SLEEVE_TYPES = ['SLEEVE', 'IMPRINT', 'INDIVIDUAL'] as const;
const ROW_COUNTS = ['SINGLE', 'DOUBLE', 'TRIPLE'] as const;
const COMPONENT_LABELS = ['YELLOW_TAPE', 'PLASTIC', 'PLASTIC_RAIL', 'INDIVIDUAL'] as const;
const MOUNTING_PLATE_LABELS = ['YELLOW_TAPE', 'PLASTIC', 'INDIVIDUAL'] as const;
const FIXINGS = ['RIVET', 'SCREW', 'INDIVIDUAL'] as const;
const DUCT_BRANDS = ['HAGER', 'LICATEC', 'UNEX', 'INDIVIDUAL'] as const;
const TERMINAL_BRANDS = ['WEIDMUELLER', 'WAGO', 'PHOENIX', 'SEE_BILL_OF_MATERIALS', 'INDIVIDUAL'] as const;
const STANDARDS = ['IEC', 'UL', 'ATEX'] as const;
const LANGUAGE_MODES = ['MONOLINGUAL', 'BILINGUAL'] as const;
const LABEL_LANGUAGES = [
  'SYMBOLS',
  'GERMAN',
  'ENGLISH',
  'SPANISH',
  'PORTUGUESE',
  'FRENCH',
  'POLISH',
  'INDIVIDUAL',
] as const;
const MATERIALS = ['STAINLESS_STEEL', 'PLASTIC', 'BRASS', 'ENTRY_PLATES', 'INDIVIDUAL'] as const;
const ENTRY_PLATE_VARIANTS = ['STANDARD', 'EMV', 'INDIVIDUAL'] as const;
const GLAND_BRANDS = ['ICOTEK', 'MURR_ELEKTRONIK', 'INDIVIDUAL'] as const;
const PACKAGINGS = [
  'NONE',
  'WOODEN_BOX',
  'WOODEN_BOX_SEA_FOIL',
  'EURO_BOX',
  'WOODEN_BOX_NATIONAL',
  'ONE_WAY_PALLET',
  'LOADING_BLOCKS',
  'INDIVIDUAL',
] as const;
const WRAPPINGS = ['STRETCH_FOIL', 'INDIVIDUAL'] as const;

/** The choice fields, each with its value set; every one has an `<field>Individual` free-text twin. */
export const JOB_CONDITION_CHOICES = {
  markingStructure: MARKING_TYPES,
  labelingMaterial: SLEEVE_TYPES,
  deviceIdentification: ROW_COUNTS,
  componentLabel: COMPONENT_LABELS,
  mountingPlateLabel: MOUNTING_PLATE_LABELS,
  cableDuctAttachment: FIXINGS,
  cableDuctManufacturer: DUCT_BRANDS,
  terminalManufacturer: TERMINAL_BRANDS,
  regulation: STANDARDS,
  cabinetLabelLanguage: LANGUAGE_MODES,
  cabinetLabelLanguageValue1: LABEL_LANGUAGES,
  cabinetLabelLanguageValue2: LABEL_LANGUAGES,
  screwConnections: MATERIALS,
  screwConnectionManufacturer1: ENTRY_PLATE_VARIANTS,
  screwConnectionManufacturer2: GLAND_BRANDS,
  packaging: PACKAGINGS,
  packagingWrap: WRAPPINGS,
} as const;
export type JobConditionChoice = keyof typeof JOB_CONDITION_CHOICES;

/** The yes/no conditions; each also has an `<field>Individual` free-text twin. */
export const JOB_CONDITION_FLAGS = ['individualWireIdentification', 'wireTagLabel', 'customerRegulation'] as const;
export type JobConditionFlag = (typeof JOB_CONDITION_FLAGS)[number];

type ChoiceValues = { [K in JobConditionChoice]: (typeof JOB_CONDITION_CHOICES)[K][number] };
/** Choices without a default ("none" in the spec's table) are absent until chosen. */
type OptionalChoice = 'cableDuctManufacturer' | 'terminalManufacturer';

export type JobConditions = Omit<ChoiceValues, OptionalChoice> &
  Partial<Pick<ChoiceValues, OptionalChoice>> & { [K in JobConditionFlag]: boolean } & {
    [K in `${JobConditionChoice | JobConditionFlag}Individual`]?: string;
  };

/** Spec 01 §3: the job conditions of a new enquiry. */
export const JOB_CONDITION_DEFAULTS: JobConditions = {
  individualWireIdentification: false,
  markingStructure: 'CLAMPING_POINT',
  labelingMaterial: 'SLEEVE',
  deviceIdentification: 'SINGLE',
  componentLabel: 'YELLOW_TAPE',
  mountingPlateLabel: 'YELLOW_TAPE',
  wireTagLabel: true,
  cableDuctAttachment: 'RIVET',
  regulation: 'IEC',
  customerRegulation: false,
  cabinetLabelLanguage: 'BILINGUAL',
  cabinetLabelLanguageValue1: 'GERMAN',
  cabinetLabelLanguageValue2: 'GERMAN',
  screwConnections: 'STAINLESS_STEEL',
  packaging: 'EURO_BOX',
  packagingWrap: 'STRETCH_FOIL',
  screwConnectionManufacturer1: 'STANDARD',
  screwConnectionManufacturer2: 'ICOTEK',
};

/** The six sub-dialogs opened from the form's sidebar (spec 01 §2), with the fields each one edits. */
export const JOB_CONDITION_DIALOGS = {
  markingStructure: ['markingStructure', 'labelingMaterial'],
  deviceIdentification: ['componentLabel', 'mountingPlateLabel', 'wireTagLabel'],
  regulation: ['customerRegulation'],
  cabinetLanguage: ['cabinetLabelLanguageValue1', 'cabinetLabelLanguageValue2'],
  screwConnection: ['screwConnectionManufacturer1', 'screwConnectionManufacturer2'],
  packaging: ['packagingWrap'],
} as const satisfies Record<string, ReadonlyArray<JobConditionChoice | JobConditionFlag>>;
export type JobConditionDialog = keyof typeof JOB_CONDITION_DIALOGS;

export interface ControlState {
  /** rendered at all */
  visible: boolean;
  /** rendered and operable */
  enabled: boolean;
}

const on: ControlState = { visible: true, enabled: true };
const hidden: ControlState = { visible: false, enabled: false };
const disabled: ControlState = { visible: true, enabled: false };
const shownIf = (condition: boolean): ControlState => (condition ? on : hidden);
const enabledIf = (condition: boolean): ControlState => (condition ? on : disabled);

/**
 * Spec 01 §5 job-condition dependencies, as one pure function of the current values:
 * - the wire-identification detail (marking structure dialog) is enabled only when individual wire
 *   identification is checked;
 * - the screw-connection detail is disabled for PLASTIC and INDIVIDUAL;
 * - the packaging detail is disabled for NONE and WOODEN_BOX_SEA_FOIL;
 * - the mounting-plate label appears for DOUBLE and TRIPLE device identification;
 * - the wire-tag label and its individual text appear for TRIPLE;
 * - the second cabinet language appears for BILINGUAL;
 * - screw-connection manufacturer 1 applies to STAINLESS_STEEL and BRASS, manufacturer 2 to ENTRY_PLATES.
 * The other dialogs (device identification, regulation, cabinet language) are always available.
 */
export function jobConditionControls(c: JobConditions) {
  const material = c.screwConnections;
  return {
    dialogs: {
      markingStructure: enabledIf(c.individualWireIdentification),
      deviceIdentification: on,
      regulation: on,
      cabinetLanguage: on,
      screwConnection: enabledIf(material !== 'PLASTIC' && material !== 'INDIVIDUAL'),
      packaging: enabledIf(c.packaging !== 'NONE' && c.packaging !== 'WOODEN_BOX_SEA_FOIL'),
    } satisfies Record<JobConditionDialog, ControlState>,
    fields: {
      mountingPlateLabel: shownIf(c.deviceIdentification === 'DOUBLE' || c.deviceIdentification === 'TRIPLE'),
      wireTagLabel: shownIf(c.deviceIdentification === 'TRIPLE'),
      cabinetLabelLanguageValue2: shownIf(c.cabinetLabelLanguage === 'BILINGUAL'),
      screwConnectionManufacturer1: shownIf(material === 'STAINLESS_STEEL' || material === 'BRASS'),
      screwConnectionManufacturer2: shownIf(material === 'ENTRY_PLATES'),
    } satisfies Partial<Record<JobConditionChoice | JobConditionFlag, ControlState>>,
  };
}

/**
 * Every condition in the order of the enquiry form: each main condition followed by the fields of its sub-dialog
 * (what a read-only view lists, and the offer form's one column).
 */
export const JOB_CONDITION_ORDER = [
  'individualWireIdentification',
  'markingStructure',
  'labelingMaterial',
  'deviceIdentification',
  'componentLabel',
  'mountingPlateLabel',
  'wireTagLabel',
  'cableDuctAttachment',
  'cableDuctManufacturer',
  'terminalManufacturer',
  'regulation',
  'customerRegulation',
  'cabinetLabelLanguage',
  'cabinetLabelLanguageValue1',
  'cabinetLabelLanguageValue2',
  'screwConnections',
  'screwConnectionManufacturer1',
  'screwConnectionManufacturer2',
  'packaging',
  'packagingWrap',
] as const satisfies ReadonlyArray<JobConditionChoice | JobConditionFlag>;

/** The sub-dialog a field belongs to, if any. */
export function jobConditionDialogOf(field: JobConditionChoice | JobConditionFlag): JobConditionDialog | undefined {
  return (Object.keys(JOB_CONDITION_DIALOGS) as JobConditionDialog[]).find((d) =>
    (JOB_CONDITION_DIALOGS[d] as readonly string[]).includes(field),
  );
}

/**
 * The conditions that apply to these values, in form order: shown (`jobConditionControls`) and, for a sub-dialog's
 * field, with that dialog enabled - what a record read, not edited, lists (a disabled detail does not apply).
 */
export function applicableJobConditions(c: JobConditions): Array<JobConditionChoice | JobConditionFlag> {
  const controls = jobConditionControls(c);
  const fields = controls.fields as Partial<Record<JobConditionChoice | JobConditionFlag, ControlState>>;
  return JOB_CONDITION_ORDER.filter((field) => {
    if (fields[field] && !fields[field].visible) return false;
    const dialog = jobConditionDialogOf(field);
    return !dialog || controls.dialogs[dialog].enabled;
  });
}

/** Does the `<field>Individual` free text of a field apply (the choice is INDIVIDUAL, or the flag is set)? */
export function individualTextApplies(c: JobConditions, field: JobConditionChoice | JobConditionFlag): boolean {
  const value = (c as Record<string, unknown>)[field];
  if (field === 'wireTagLabel') return c.deviceIdentification === 'TRIPLE';
  if (field === 'deviceIdentification') return true;
  return value === 'INDIVIDUAL' || value === true;
}

/**
 * What the server stores: free texts that no longer apply are dropped, so a stale text never reaches a
 * supplier (e.g. a note for INDIVIDUAL packaging after the customer chose EURO_BOX).
 */
export function normaliseJobConditions<T extends JobConditions>(c: T): T {
  const out: Record<string, unknown> = { ...c };
  for (const field of [...(Object.keys(JOB_CONDITION_CHOICES) as JobConditionChoice[]), ...JOB_CONDITION_FLAGS]) {
    const key = `${field}Individual`;
    if (!individualTextApplies(c, field) || !out[key]) delete out[key];
  }
  return out as T;
}

const JOB_CONDITION_TEXT_MAX_LENGTH = 1000;

function choice(values: readonly string[]) {
  return yup
    .string()
    .typeError(V.type)
    .nonNullable(V.type)
    .oneOf([...values], V.oneOf);
}

/**
 * The job-condition part of the enquiry body: every choice from its value set, every flag a boolean, free
 * texts multi-line. A free text is required where it applies and its choice is INDIVIDUAL (a customer who
 * picks "Individuell" must say what he wants); absent fields take the spec's defaults.
 */
function jobConditionShape() {
  const shape: yup.ObjectShape = {};
  for (const [field, values] of Object.entries(JOB_CONDITION_CHOICES)) {
    const fallback = (JOB_CONDITION_DEFAULTS as Record<string, unknown>)[field];
    shape[field] = fallback === undefined ? choice(values).optional() : choice(values).default(fallback as string);
    shape[`${field}Individual`] = multiline(JOB_CONDITION_TEXT_MAX_LENGTH)
      .optional()
      .when(field, {
        is: 'INDIVIDUAL',
        then: (s) => s.required(V.required),
      });
  }
  for (const field of JOB_CONDITION_FLAGS) {
    shape[field] = flag().default(JOB_CONDITION_DEFAULTS[field]);
    shape[`${field}Individual`] = multiline(JOB_CONDITION_TEXT_MAX_LENGTH).optional();
  }
  return shape;
}

export const jobConditionsSchema = yup.object(jobConditionShape());
