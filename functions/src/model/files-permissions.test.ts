import { describe, expect, it } from 'vitest';
import { principal } from '../testing/principals.js';
import { callerFacts, mayChangeCompanyDocuments, mayKnowCompany, mayReadCompanyDocuments } from './permissions.js';

// company documents: who may know the company, read and change its documents (c1 is a CUSTOMER company)
const CASES = [
  { who: 'member of c1', p: principal('CUSTOMER', { companyId: 'c1' }), know: true, read: true, change: false },
  {
    who: 'admin of c1',
    p: principal('CUSTOMER', { admin: true, companyId: 'c1' }),
    know: true,
    read: true,
    change: true,
  },
  {
    who: 'supplier admin',
    p: principal('SUPPLIER', { admin: true, companyId: 's1' }),
    know: false,
    read: false,
    change: false,
  },
  {
    who: 'ADMIN user without flag',
    p: principal('ADMIN', { companyId: 'a1' }),
    know: false,
    read: false,
    change: false,
  },
  {
    who: 'platform admin',
    p: principal('ADMIN', { admin: true, companyId: 'a1' }),
    know: true,
    read: true,
    change: true,
  },
  {
    who: 'external (other company)',
    p: principal('EXTERNAL', { admin: true, companyId: 'x1' }),
    know: false,
    read: false,
    change: false,
  },
] as const;

describe('company document permissions', () => {
  it.each(CASES)('$who', ({ p, know, read, change }) => {
    expect([mayKnowCompany(p, 'c1'), mayReadCompanyDocuments(p, 'c1'), mayChangeCompanyDocuments(p, 'c1')]).toEqual([
      know,
      read,
      change,
    ]);
  });

  it('an EXTERNAL member knows his company but reads none of its documents', () => {
    const p = principal('EXTERNAL', { admin: true, companyId: 'x1' });
    expect([mayKnowCompany(p, 'x1'), mayReadCompanyDocuments(p, 'x1'), mayChangeCompanyDocuments(p, 'x1')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('callerFacts builds the same facts from the web’s current user', () => {
    const p = principal('ADMIN', { admin: true, companyId: 'a1' });
    expect(callerFacts({ ...p.user, company: p.company })).toEqual({
      admin: true,
      companyType: 'ADMIN',
      platformAdmin: true,
      company: p.company,
    });
    const member = principal('CUSTOMER', { companyId: 'c1' });
    expect(mayChangeCompanyDocuments(callerFacts({ ...member.user, company: member.company }), 'c1')).toBe(false);
  });
});
