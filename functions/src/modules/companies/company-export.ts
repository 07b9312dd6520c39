import { defineListExport } from '../../http/csv-export.js';
import { companyFilterSchema, type Company } from '../../model/company.js';

/** POST /company/export: the columns of the company list (type and status as codes, named by the web). */
export const COMPANY_EXPORT = defineListExport<Company, typeof companyFilterSchema.fields>(
  {
    name: (c) => c.name,
    type: (c) => c.type,
    customerNumber: (c) => c.customerNumber,
    city: (c) => c.address?.city,
    status: (c) => (!c.active ? 'inactive' : c.pendingRegistration ? 'pending' : 'active'),
    createDate: (c) => c.createDate,
  },
  companyFilterSchema.fields,
);
