import { Port } from '../../platform/ports.js';
import type { __Pascal__Service } from './__kebab__.service.js';

/** What the __Label__ area offers the areas after it, its seed and its tests. */
export const __UPPER___PORT = new Port<__Pascal__Service>('__kebab__');
