import type { Company } from '../../model/company.js';
import type { AccessRow } from '../../testing/access-matrix.js';
import { createCompany } from '../../testing/fixtures.js';

const companyForm = (c: Company) => ({
  id: c.id,
  name: c.name,
  type: c.type,
  customerNumber: c.customerNumber,
  address: c.address,
});

/** /company/* rows of the access matrix (docs/api.md). */
export const COMPANIES_ACCESS: AccessRow[] = [
  { call: 'GET /company/', allowed: 'signedIn', request: ({ ownCompany }) => ({ query: { id: ownCompany } }) },
  {
    call: 'GET /company/',
    allowed: ['customerUser', 'customerAdmin', 'platformAdmin'],
    request: ({ w }) => ({ query: { id: w.companies.CUSTOMER.id } }),
  },
  { call: 'GET /company/all', allowed: ['adminUser', 'platformAdmin'], request: () => ({}) },
  {
    call: 'POST /company/export',
    allowed: ['platformAdmin'],
    request: () => ({ body: { query: { types: 'CUSTOMER' }, columns: [{ key: 'name', label: 'Name' }] } }),
  },
  {
    call: 'GET /company/filter',
    allowed: ['platformAdmin'],
    request: () => ({
      query: { page: '1', paginationSize: '10', column: 'city', search: 'test', types: 'CUSTOMER,SUPPLIER' },
    }),
  },
  {
    call: 'POST /company/',
    allowed: ['platformAdmin'],
    request: () => ({
      body: { name: 'Matrix GmbH', type: 'SUPPLIER', address: { street: 's', houseNo: '1', zip: '1', city: 'c' } },
    }),
  },
  {
    call: 'POST /company/update',
    allowed: ['platformAdmin'],
    request: ({ target }) => ({ body: companyForm(target) }),
  },
  {
    call: 'POST /company/delete',
    allowed: ['platformAdmin'],
    request: async () => ({ query: { companyId: (await createCompany('SUPPLIER')).id } }),
  },
];
