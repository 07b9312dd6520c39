import type { AreaSeed } from '../../testing/area-seed.js';
import { demoBomCsv } from '../../testing/demo-documents.js';
import { BOM_IMPORT_PORT } from './bom-import.port.js';

/** The demo BOM of the released enquiry, once imported by the administrator: the history panel has an entry. */
const seed: AreaSeed = {
  async run(ctx) {
    const service = ctx.ports.get(BOM_IMPORT_PORT);
    const admin = ctx.principal('platformAdmin');
    const file = { field: 'file', filename: 'Stückliste SR-12.csv', declaredType: 'text/csv', bytes: demoBomCsv() };
    // the mapping the page offers for the file (its header read), as a visitor would accept it
    const header = await service.header(admin, file);
    await service.import(admin, { file, headerRowIndex: header.bomHeaderRowIndex, mapping: header.mapping });
  },
};

export default seed;
