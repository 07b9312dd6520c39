import { describe, expect, it } from 'vitest';
import { diffFields, editorOf, HISTORY_VALUE_MAX, historyValue } from './change-history.js';

interface Rec {
  listPrice?: number;
  orderNumber?: string;
  possibleOrderNumbers?: string[];
  wholesalerInfos?: Array<{ wholesalerId: string; purchasePrice?: number }>;
  note?: string;
}
const FIELDS = ['listPrice', 'orderNumber', 'possibleOrderNumbers', 'wholesalerInfos', 'note'] as const;

describe('diffFields', () => {
  it('lists the changed fields with from → to and leaves the others out', () => {
    expect(
      diffFields<Rec>({ listPrice: 12, orderNumber: 'A-1' }, { listPrice: 13.5, orderNumber: 'A-1' }, FIELDS),
    ).toEqual([{ field: 'listPrice', from: 12, to: 13.5 }]);
  });

  it('a new record: every set field from null', () => {
    expect(diffFields<Rec>(undefined, { orderNumber: 'A-1', possibleOrderNumbers: [] }, FIELDS)).toEqual([
      { field: 'orderNumber', from: null, to: 'A-1' },
    ]);
  });

  it('compares lists as sets: another order is no change, a new element is', () => {
    const before = { possibleOrderNumbers: ['X', 'Y'] };
    expect(diffFields<Rec>(before, { possibleOrderNumbers: ['Y', 'X'] }, FIELDS)).toEqual([]);
    expect(diffFields<Rec>(before, { possibleOrderNumbers: ['Y', 'X', 'Z'] }, FIELDS)).toEqual([
      { field: 'possibleOrderNumbers', from: 'X, Y', to: 'Y, X, Z' },
    ]);
  });

  it('compares objects in lists by content (key order does not matter)', () => {
    const a = { wholesalerInfos: [{ wholesalerId: 'w', purchasePrice: 1 }] };
    const b = { wholesalerInfos: [{ purchasePrice: 1, wholesalerId: 'w' }] };
    expect(diffFields<Rec>(a, b, FIELDS)).toEqual([]);
    expect(diffFields<Rec>(a, { wholesalerInfos: [{ wholesalerId: 'w', purchasePrice: 2 }] }, FIELDS)).toEqual([
      {
        field: 'wholesalerInfos',
        from: '{"purchasePrice":1,"wholesalerId":"w"}',
        to: '{"purchasePrice":2,"wholesalerId":"w"}',
      },
    ]);
  });

  it('treats empty, absent and empty lists alike', () => {
    expect(diffFields<Rec>({ note: '' }, { possibleOrderNumbers: [] }, FIELDS)).toEqual([]);
    expect(diffFields<Rec>({ note: 'x' }, {}, FIELDS)).toEqual([{ field: 'note', from: 'x', to: null }]);
  });

  it('cuts long values', () => {
    const long = 'a'.repeat(500);
    const v = historyValue(long) as string;
    expect(v).toHaveLength(HISTORY_VALUE_MAX);
    expect(v.endsWith('…')).toBe(true);
  });
});

describe('editorOf', () => {
  it('names the caller, else his mail address', () => {
    const user = { name: 'Erika', lastname: 'Muster', mail: 'e@x.de' };
    expect(editorOf({ uid: 'u', user } as never)).toEqual({ uid: 'u', name: 'Erika Muster' });
    expect(editorOf({ uid: 'u', user: { ...user, name: '', lastname: '' } } as never)).toEqual({
      uid: 'u',
      name: 'e@x.de',
    });
  });
});
