import type { FieldValueKind } from '@model/catalogue';
import type { FieldValueList } from '@/config/paths';

/** The API path of each kind (spec 02 §7) and the query parameter of its id lists. */
export const KIND_API: Record<FieldValueKind, { path: string; idsParam: string }> = {
  manufacturer: { path: '/manufacturer', idsParam: 'manufacturerIds' },
  discountGroup: { path: '/discountgroup', idsParam: 'discountGroupIds' },
  unit: { path: '/unit', idsParam: 'unitIds' },
  wholesaler: { path: '/wholesaler', idsParam: 'wholesalerIds' },
};

/** The kind behind each of the web's lists (routes). */
export const KIND_OF: Record<FieldValueList, FieldValueKind> = {
  manufacturer: 'manufacturer',
  discount: 'discountGroup',
  unit: 'unit',
  wholesaler: 'wholesaler',
};
