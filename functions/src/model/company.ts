import * as yup from 'yup';
import { bodyIdSchema } from './id.js';
import { commaList, pageRequestSchema } from './paging.js';
import { flag, line, multiline, VALIDATION_KEYS as V, withLimits } from './validation.js';

export const COMPANY_TYPES = ['CUSTOMER', 'SUPPLIER', 'ADMIN', 'EXTERNAL'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
/** EXTERNAL companies are created by project-folder invitations, never in the company form. */
export const SELECTABLE_COMPANY_TYPES = ['CUSTOMER', 'SUPPLIER', 'ADMIN'] as const;

export interface Address {
  street: string;
  houseNo: string;
  zip: string;
  city: string;
  country?: string;
}

export interface Company {
  id: string;
  name: string;
  type: CompanyType;
  customerNumber?: string;
  active: boolean;
  pendingRegistration: boolean;
  additionalInfo?: string;
  address: Address;
  createDate?: Date;
  lastUpdate?: Date;
  changeEntries?: ChangeEntry[];
}

export interface ChangeEntry {
  date: Date;
  userId: string;
  action: string;
}

export const COMPANY_STATUSES = ['inactive', 'pending', 'active'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** Spec 4: inactive (not active) red; pending (active and pendingRegistration) #f2af00; active green. */
export function companyStatus(company: Pick<Company, 'active' | 'pendingRegistration'>): CompanyStatus {
  if (!company.active) return 'inactive';
  return company.pendingRegistration ? 'pending' : 'active';
}

/** New users (create, move) only go into released, active, non-EXTERNAL companies. */
export function acceptsUsers(company: Pick<Company, 'active' | 'pendingRegistration' | 'type'>): boolean {
  return companyStatus(company) === 'active' && company.type !== 'EXTERNAL';
}

export const COMPANY_STATUS_COLORS: Record<CompanyStatus, string> = {
  inactive: 'red',
  pending: '#f2af00',
  active: 'green',
};

const required = V.required;

/** Company names: at most 200 characters, no control or bidi-override characters. */
const COMPANY_NAME_MAX_LENGTH = 200;

export const addressSchema = yup.object({
  street: line(200).required(required),
  houseNo: line(20).required(required),
  zip: line(20).required(required),
  city: line(100).required(required),
  country: line(100).optional(),
});

function typeOf<T extends string>(types: readonly T[]) {
  return yup
    .string()
    .typeError(V.type)
    .nonNullable(V.type)
    .oneOf([...types], V.oneOf);
}
const requiredAddress = () => addressSchema.typeError(V.type).nonNullable(V.type).required(required);

/** The company form (admin): customerNumber is required for customers; EXTERNAL is not selectable. */
export const companySchema = yup.object({
  name: line(COMPANY_NAME_MAX_LENGTH).required(required),
  type: typeOf(SELECTABLE_COMPANY_TYPES).required(required),
  customerNumber: line(50).when('type', {
    is: 'CUSTOMER',
    then: (s) => s.required(required),
    otherwise: (s) => s.optional(),
  }),
  additionalInfo: multiline(2000).optional(),
  address: requiredAddress(),
});
export type CompanyInput = yup.InferType<typeof companySchema>;

/** The company part of a registration: always a CUSTOMER, address without country. */
export const registrationCompanySchema = yup.object({
  name: line(COMPANY_NAME_MAX_LENGTH).required(required),
  type: typeOf(['CUSTOMER']).default('CUSTOMER'),
  additionalInfo: multiline(2000).optional(),
  address: addressSchema.omit(['country']).typeError(V.type).nonNullable(V.type).required(required),
});

/** POST /company/update body: the company form with its id; `pendingRegistration: false` releases. */
export const companyUpdateSchema = companySchema.shape({
  id: bodyIdSchema,
  pendingRegistration: flag().optional(),
  active: flag().optional(),
});
export type CompanyUpdateInput = yup.InferType<typeof companyUpdateSchema>;

/** Sortable columns of GET /company/filter (each backed by an index in firestore.indexes.json). */
export const COMPANY_SORT_COLUMNS = ['name', 'type', 'customerNumber', 'city', 'createDate'] as const;
export type CompanySortColumn = (typeof COMPANY_SORT_COLUMNS)[number];

/** GET /company/filter query: the paging contract plus free-text `search` and `types` (comma-joined). */
export const companyFilterSchema = pageRequestSchema(COMPANY_SORT_COLUMNS, {
  search: yup.string().typeError(V.type).trim(V.type).max(100, withLimits(V.maxLength)).optional(),
  types: commaList(typeOf(COMPANY_TYPES).required(required), COMPANY_TYPES.length),
});
export type CompanyFilter = yup.InferType<typeof companyFilterSchema>;
