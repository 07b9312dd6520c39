import { expect } from 'vitest';
import { get } from '../../testing/api-client.js';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import { postForm } from '../../testing/upload-client.js';
import { DEMO_EXCHANGE_CONFIGS, DEMO_IMPORT_CONFIG } from './import-configs.seed.js';

export const IMPORT_CONFIGS_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'holds the demo import configuration with its stored sample (headers re-read from it)',
    async run() {
      const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
      const all = await get('/import/config/all', { token });
      const config = all.body.find((c: { title: string }) => c.title === DEMO_IMPORT_CONFIG.title);
      expect(config).toMatchObject({ filename: DEMO_IMPORT_CONFIG.filename, headerRowIndex: 2 });
      expect(config.headers[0]).toBe('Artikelnummer');
      const reread = await postForm(token, '/import/config/headers', { headerRowIndex: '2', configId: config.id });
      expect(reread.body.headers).toEqual(config.headers);
      // the exchange formats' demo configurations: no sample, their references resolved from the seed
      const datanorm = all.body.find((c: { title: string }) => c.title === DEMO_EXCHANGE_CONFIGS.DATANORM);
      expect(datanorm).toMatchObject({ sourceFormat: 'DATANORM', filename: '', fieldMapping: [] });
      expect(datanorm.manufacturerId).toEqual(expect.any(String));
      expect(datanorm.wholesalerId).toEqual(expect.any(String));
      const bmecat = all.body.find((c: { title: string }) => c.title === DEMO_EXCHANGE_CONFIGS.BMECAT);
      expect(bmecat).toMatchObject({ sourceFormat: 'BMECAT', filename: '', fieldMapping: [] });
      expect(bmecat.manufacturerId).toBeUndefined();
    },
  },
];
