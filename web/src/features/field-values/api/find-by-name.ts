import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { KIND_API } from './kinds';

/** GET /<kind>/name?name=: the item known by exactly this name, or null (the variant check of the unit form). */
export function findByName(kind: FieldValueKind, name: string, manufacturerId?: string): Promise<FieldValue | null> {
  return api.get<FieldValue | null>(`${KIND_API[kind].path}/name`, { query: { name, manufacturerId } });
}
