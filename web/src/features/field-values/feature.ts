import { CHANGE_HISTORY_DATE_FIELDS } from '@model/change-history-dates';
import { FIELD_VALUE_LISTS, paths, type FieldValueList } from '@/config/paths';
import { lazyPage, type Feature, type FeatureRoute } from '@/lib/feature';

/** The admin-flag users of the ADMIN company (spec 02 §2; the API lets every ADMIN-company user read). */
const platformAdmin = (p: { platformAdmin: boolean }) => p.platformAdmin;

const LIST_PAGES = {
  manufacturer: ['ManufacturerListPage', 'ManufacturerFormPage'],
  discount: ['DiscountGroupListPage', 'DiscountGroupFormPage'],
  unit: ['UnitListPage', 'UnitFormPage'],
  wholesaler: ['WholesalerListPage', 'WholesalerFormPage'],
} as const satisfies Record<FieldValueList, readonly [string, string]>;

/** /fieldvalues and the four lists with their forms. */
export const fieldValuesFeature: Feature = {
  namespace: 'field-values',
  // the change history's entry time (components/change-history)
  dateFields: CHANGE_HISTORY_DATE_FIELDS,
  routes: [
    {
      path: paths.fieldValues.overview.path,
      allowed: platformAdmin,
      menu: { labelKey: 'field-values:menu' },
      element: lazyPage(() => import('./components/field-values-overview-page'), 'FieldValuesOverviewPage'),
    },
    ...FIELD_VALUE_LISTS.flatMap((list): FeatureRoute[] => [
      {
        path: paths.fieldValues.list.pathOf(list),
        allowed: platformAdmin,
        element: lazyPage(() => import('./components/field-value-list-page'), LIST_PAGES[list][0]),
      },
      {
        path: paths.fieldValues.detail.pathOf(list),
        allowed: platformAdmin,
        element: lazyPage(() => import('./components/field-value-form-page'), LIST_PAGES[list][1]),
      },
    ]),
  ],
};
