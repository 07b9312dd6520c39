import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { defaultFolderSettings } from '../../model/business-data.js';
import { folderConverter, type FolderRecord } from './business-data.repository.js';

const file = (filename: string) => ({
  filename,
  path: `business-data/f1/${filename}`,
  downloadCounter: 0,
  lastUpdate: new Date(Date.UTC(2026, 11, 1)),
  uploadedByName: 'Erika Muster',
});

const record: FolderRecord = {
  id: 'f1',
  offerIds: ['o1'],
  currentOfferId: 'o1',
  supplierId: 's1',
  customerId: 'c1',
  items: { a: file('Ansicht.pdf'), b: file('Schnitt.pdf') },
  settings: defaultFolderSettings(),
  passwordVersion: 0,
  createDate: new Date(Date.UTC(2026, 11, 1)),
  lastUpdate: new Date(Date.UTC(2026, 11, 1)),
};

describe("the folder record's item count (the shared list reads it instead of the items)", () => {
  it('is written with every write of the record: the files, not an entry a late counter raise left', () => {
    expect(folderConverter.toFirestore(record).itemCount).toBe(2);
    // a download's increment after a concurrent delete leaves `{ downloadCounter }` without a file
    const ghost = { c: { downloadCounter: 3 } } as unknown as FolderRecord['items'];
    expect(folderConverter.toFirestore({ ...record, items: { ...record.items, ...ghost } }).itemCount).toBe(2);
    expect(folderConverter.toFirestore({ ...record, items: {} }).itemCount).toBe(0);
  });

  it('is dropped on read: the record has its items', () => {
    const stored = folderConverter.toFirestore(record);
    const snapshot = { id: 'f1', data: () => stored, ref: { path: 'businessData/f1' } };
    const read = folderConverter.fromFirestore(snapshot as unknown as QueryDocumentSnapshot);
    expect(read).not.toHaveProperty('itemCount');
    expect(Object.keys(read.items)).toEqual(['a', 'b']);
  });
});
