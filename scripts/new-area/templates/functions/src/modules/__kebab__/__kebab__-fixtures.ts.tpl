import type { __Pascal__Input, __Pascal__Record } from '../../model/__kebab__.js';
import { admin } from '../../testing/fixtures.js';
import { principal } from '../../testing/principals.js';
import { __UPPER___PORT } from './__kebab__.port.js';

/** Test set-up of the __Label__ area (stack tests only: never imported by the function). */
let seq = 0;

/** A record created through the area's service, as a platform administrator; a unique title unless given. */
export function create__Pascal__(input: Partial<__Pascal__Input> = {}): Promise<__Pascal__Record> {
  return admin()
    .container.ports.get(__UPPER___PORT)
    .create(principal('ADMIN', { admin: true }), {
      title: `Eintrag ${Date.now().toString(36)}-${++seq}`,
      note: '',
      ...input,
    });
}
