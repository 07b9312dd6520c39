import { defineListExport } from '../../http/csv-export.js';
import { userFilterSchema, type UserView } from '../../model/user.js';

/** POST /user/export: the columns of the user list. */
export const USER_EXPORT = defineListExport<UserView, typeof userFilterSchema.fields>(
  {
    lastname: (u) => u.lastname,
    name: (u) => u.name,
    mail: (u) => u.mail,
    phoneNumber: (u) => u.phoneNumber,
    companyName: (u) => u.company?.name,
    admin: (u) => u.admin,
    loginCounter: (u) => u.loginCounter ?? 0,
    lastLoginAt: (u) => u.lastLoginAt,
  },
  userFilterSchema.fields,
);
