import { resource } from '@/lib/query-keys';

/** the __Label__ records (GET /__kebab__/*) */
export const __camel__Keys = resource('__kebab__');
