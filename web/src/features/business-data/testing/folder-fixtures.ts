import { businessDataPath, defaultFolderSettings, type FolderSettings, type FolderView } from '@model/business-data';
import type { AttachedFile } from '@model/files';
import { makeUser } from '@/testing/render';

/** The offer o1 of supplier s1 for customer c1 (like the offer tests), released and OPEN. */
export const supplierAdmin = makeUser(
  { id: 'u2', admin: true, companyId: 's1', mail: 'admin@weber.de' },
  { id: 's1', name: 'Weber Schaltanlagen', type: 'SUPPLIER' },
);
export const customerUser = makeUser(
  { id: 'u1', admin: false, companyId: 'c1', mail: 'einkauf@mueller.de' },
  { id: 'c1', name: 'Müller GmbH' },
);
export const externalUser = makeUser(
  { id: 'u9', admin: false, companyId: 'x1', mail: 'elektriker@extern.de' },
  { id: 'x1', name: 'elektriker@extern.de', type: 'EXTERNAL' },
);

/** GET /offer/businessdata of offer o1 as `access` allows, with the settings given. */
export function makeFolder(settings: Partial<FolderSettings> = {}, overrides: Partial<FolderView> = {}): FolderView {
  return {
    folderId: 'o1',
    offerId: 'o1',
    offerIds: ['o1'],
    referenceNumber: 'NORD-1',
    offerNumber: 'A-1',
    facts: {
      supplierId: 's1',
      customerId: 'c1',
      released: true,
      state: 'OPEN',
      archived: false,
      settings: { ...defaultFolderSettings(), ...settings },
    },
    access: { see: true, read: true, write: true, settings: true },
    items: [
      {
        id: 'i1',
        filename: 'Schaltplan.pdf',
        path: `${businessDataPath('o1')}Schaltplan.pdf`,
        downloadCounter: 3,
        lastUpdate: new Date('2026-11-10T09:00:00Z'),
        uploadedByName: 'Max Muster',
      },
      {
        id: 'i2',
        filename: 'Klemmenplan.pdf',
        path: `${businessDataPath('o1')}Klemmenplan.pdf`,
        downloadCounter: 0,
        lastUpdate: new Date('2026-11-11T09:00:00Z'),
        uploadedByName: 'Max Muster',
      },
    ],
    ...overrides,
  };
}

/** GET /file/names of the folder: its files with their download counters. */
export function folderFiles(view: FolderView = makeFolder()): AttachedFile[] {
  return view.items.map((i) => ({
    id: i.path,
    filename: i.filename,
    path: i.path,
    fileType: 'UNKNOWN',
    disabled: false,
    downloadUrl: `/file/?path=${encodeURIComponent(i.path)}`,
    size: 2048,
    contentType: 'application/pdf',
    lastUpdate: i.lastUpdate,
    uploadedByName: i.uploadedByName,
    downloadCounter: i.downloadCounter,
  }));
}
