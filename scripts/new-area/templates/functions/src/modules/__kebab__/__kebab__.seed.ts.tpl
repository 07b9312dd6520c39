import type { AreaSeed } from '../../testing/area-seed.js';
import { __UPPER___PORT } from './__kebab__.port.js';

/** Demo records of the __Label__ area, created by the demo platform administrator. */
const DEMO___UPPER__ = [
  { title: 'Schaltschrank Halle 3', note: 'Wartung der Klimatisierung im Frühjahr.' },
  { title: 'Verteilerschrank Montagelinie', note: 'Beschriftung nach Kundenvorgabe prüfen.' },
  { title: 'Steuerschrank Prüfstand', note: '' },
] as const;

const seed: AreaSeed = {
  async run(ctx) {
    const service = ctx.ports.get(__UPPER___PORT);
    const admin = ctx.principal('platformAdmin');
    for (const record of DEMO___UPPER__) await service.create(admin, record);
  },
};
export default seed;
