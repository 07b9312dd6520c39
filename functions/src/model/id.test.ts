import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { companyUpdateSchema } from './company.js';
import { idSchema } from './id.js';
import { userSchema, userUpdateSchema } from './user.js';

describe('idSchema', () => {
  it.each(['abc', 'A-b_9', 'x'.repeat(128), 'aBcDeFgHiJkLmNoPqRsT1234', '_x_'])('accepts %j', async (id) => {
    await expect(idSchema.validate(id)).resolves.toBe(id);
  });

  it.each(['a/b', '__x__', '.', '..', 'x'.repeat(129), 'a b', 'ä', 'a.b'])(
    'rejects %j with validation.id',
    async (id) => {
      await expect(idSchema.validate(id)).rejects.toMatchObject({ message: 'validation.id' });
    },
  );

  it('is used for id, userId and companyId in the body schemas', async () => {
    const user = { name: 'N', lastname: 'L', mail: 'a@b.de', phoneNumber: '1' };
    await expect(userUpdateSchema.validate({ ...user, id: 'a/b' })).rejects.toMatchObject({ message: 'validation.id' });
    await expect(userSchema.validate({ ...user, companyId: '__x__' })).rejects.toMatchObject({
      message: 'validation.id',
    });
    await expect(userSchema.validate({ ...user, companyId: '' })).resolves.toMatchObject({ companyId: '' });
    const company = { name: 'F', type: 'SUPPLIER', address: { street: 'S', houseNo: '1', zip: '1', city: 'C' } };
    await expect(companyUpdateSchema.validate({ ...company, id: 'a/b' })).rejects.toMatchObject({
      message: 'validation.id',
    });
    await expect(yup.object({ id: idSchema }).validate({})).rejects.toMatchObject({ message: 'validation.required' });
  });
});

describe('userUpdateSchema', () => {
  it('leaves an omitted admin flag undefined (the service then keeps it)', async () => {
    const value = await userUpdateSchema.validate({
      id: 'u1',
      name: 'N',
      lastname: 'L',
      mail: 'a@b.de',
      phoneNumber: '1',
    });
    expect(value.admin).toBeUndefined();
  });
});
