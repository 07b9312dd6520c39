/**
 * Every route of the portal: `path` is the react-router pattern (routes register it), `getHref` builds the
 * link (components never write path strings). Grouped by area; a new area adds its group here.
 */
const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', getHref: () => '/' },

  auth: {
    /** `next`: the in-portal address to continue at after the sign-in (lib/return-to) */
    login: {
      path: '/login',
      getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
    },
    forget: { path: '/forget', getHref: () => '/forget' },
    action: { path: '/action', getHref: () => '/action' },
    reset: { path: '/reset', getHref: () => '/reset' },
    /** `businessDataId`: the project folder a signed-out visitor came for (kept through the registration) */
    register: {
      path: '/register',
      getHref: (businessDataId?: string | null) =>
        businessDataId ? `/register?id=${id(businessDataId)}` : '/register',
    },
  },

  profile: { path: '/profile', getHref: () => '/profile' },

  users: {
    list: { path: '/user', getHref: () => '/user' },
    detail: { path: '/user/:id', getHref: (userId: string) => `/user/${id(userId)}` },
    create: { getHref: () => '/user/new' },
  },

  companies: {
    list: { path: '/company', getHref: () => '/company' },
    detail: { path: '/company/:id', getHref: (companyId: string) => `/company/${id(companyId)}` },
    create: { getHref: () => '/company/new' },
  },

  legal: {
    imprint: { path: '/imprint', getHref: () => '/imprint' },
    privacy: { path: '/privacy', getHref: () => '/privacy' },
    tom: { path: '/tom', getHref: () => '/tom' },
    avb: { path: '/avb', getHref: () => '/avb' },
    subcontractors: { path: '/subcontractors', getHref: () => '/subcontractors' },
  },

  enquiries: {
    list: { path: '/enquiry', getHref: () => '/enquiry' },
    detail: { path: '/enquiry/:id', getHref: (enquiryId: string) => `/enquiry/${id(enquiryId)}` },
    create: { getHref: () => '/enquiry/new' },
    /** the customer's side-by-side view of the released offers on one enquiry */
    offers: { path: '/enquiry/:id/offers', getHref: (enquiryId: string) => `/enquiry/${id(enquiryId)}/offers` },
  },
  offers: {
    list: { path: '/offer', getHref: () => '/offer' },
    create: { path: '/offer/new/:enquiryId', getHref: (enquiryId: string) => `/offer/new/${id(enquiryId)}` },
    detail: { path: '/offer/:id', getHref: (offerId: string) => `/offer/${id(offerId)}` },
  },
  orders: {
    list: { path: '/order', getHref: () => '/order' },
    detail: { path: '/order/:id', getHref: (orderId: string) => `/order/${id(orderId)}` },
  },
  jobs: {
    list: { path: '/job', getHref: () => '/job' },
    detail: { path: '/job/:id', getHref: (jobId: string) => `/job/${id(jobId)}` },
  },
  // the chat, the project folder, the catalogue and the imports
  messages: { list: { path: '/messages', getHref: () => '/messages' } },
  businessData: {
    list: { path: '/business-data', getHref: () => '/business-data' },
    detail: { path: '/business-data/:id', getHref: (offerId: string) => `/business-data/${id(offerId)}` },
    invite: {
      path: '/business-data/invite/:id',
      getHref: (inviteId: string) => `/business-data/invite/${id(inviteId)}`,
    },
  },
  articles: {
    list: { path: '/article', getHref: () => '/article' },
    detail: { path: '/article/:id', getHref: (articleId: string) => `/article/${id(articleId)}` },
  },
  fieldValues: {
    overview: { path: '/fieldvalues', getHref: () => '/fieldvalues' },
    // one pattern per list (spec 2 names each list's path)
    list: {
      pathOf: (list: FieldValueList) => `/fieldvalues/${list}`,
      getHref: (list: FieldValueList) => `/fieldvalues/${list}`,
    },
    detail: {
      pathOf: (list: FieldValueList) => `/fieldvalues/${list}/:id`,
      getHref: (list: FieldValueList, valueId: string) => `/fieldvalues/${list}/${id(valueId)}`,
    },
  },
  imports: {
    configs: { path: '/import/config', getHref: () => '/import/config' },
    config: { path: '/import/config/:id', getHref: (configId: string) => `/import/config/${id(configId)}` },
    bom: { path: '/import/stueckliste', getHref: () => '/import/stueckliste' },
  },
} as const;

/** The four field-value lists of spec 02 (each has its list and form page). */
export const FIELD_VALUE_LISTS = ['manufacturer', 'discount', 'unit', 'wholesaler'] as const;
export type FieldValueList = (typeof FIELD_VALUE_LISTS)[number];
