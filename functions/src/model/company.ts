import * as yup from 'yup';
import { idSchema } from './id.js';
import { commaList, pageRequestSchema } from './paging.js';

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

export type CompanyStatus = 'inactive' | 'pending' | 'active';

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

const required = 'validation.required';

export const addressSchema = yup.object({
  street: yup.string().trim().required(required).max(200),
  houseNo: yup.string().trim().required(required).max(20),
  zip: yup.string().trim().required(required).max(20),
  city: yup.string().trim().required(required).max(100),
  country: yup.string().trim().max(100).optional(),
});

/** The company form (admin): customerNumber is required for customers; EXTERNAL is not selectable. */
export const companySchema = yup.object({
  name: yup.string().trim().required(required).max(200),
  type: yup
    .string()
    .oneOf([...SELECTABLE_COMPANY_TYPES], 'validation.oneOf')
    .required(required),
  customerNumber: yup
    .string()
    .trim()
    .max(50)
    .when('type', {
      is: 'CUSTOMER',
      then: (s) => s.required(required),
      otherwise: (s) => s.optional(),
    }),
  additionalInfo: yup.string().trim().max(2000).optional(),
  address: addressSchema.required(),
});
export type CompanyInput = yup.InferType<typeof companySchema>;

/** The company part of a registration: always a CUSTOMER, address without country. */
export const registrationCompanySchema = yup.object({
  name: yup.string().trim().required(required).max(200),
  type: yup.string().oneOf(['CUSTOMER'], 'validation.oneOf').default('CUSTOMER'),
  additionalInfo: yup.string().trim().max(2000).optional(),
  address: addressSchema.omit(['country']).required(),
});

/** POST /company/update body: the company form with its id; `pendingRegistration: false` releases. */
export const companyUpdateSchema = companySchema.shape({
  id: idSchema,
  pendingRegistration: yup.boolean().optional(),
  active: yup.boolean().optional(),
});
export type CompanyUpdateInput = yup.InferType<typeof companyUpdateSchema>;

/** Sortable columns of GET /company/filter (each backed by an index in firestore.indexes.json). */
export const COMPANY_SORT_COLUMNS = ['name', 'type', 'customerNumber', 'city', 'createDate'] as const;
export type CompanySortColumn = (typeof COMPANY_SORT_COLUMNS)[number];

/** GET /company/filter query: the paging contract plus free-text `search` and `types` (comma-joined). */
export const companyFilterSchema = pageRequestSchema(COMPANY_SORT_COLUMNS, {
  search: yup.string().trim().max(100, 'validation.max').optional(),
  types: commaList(
    yup
      .string()
      .oneOf([...COMPANY_TYPES], 'validation.oneOf')
      .required(),
    COMPANY_TYPES.length,
  ),
});
export type CompanyFilter = yup.InferType<typeof companyFilterSchema>;
