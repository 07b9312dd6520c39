import type { ComponentType } from 'react';
import type { CompanyType } from '@model/company';
import type { WebPrincipal } from './current-user/principal';
import { lazyFrom, type LazyComponent } from './lazy';

/** The signed-in caller as the route table sees it (facts from the current user and company). */
export interface RoutePrincipal {
  companyType: CompanyType;
  admin: boolean;
  passwordChangeNeeded: boolean;
  pendingRegistration: boolean;
}

/** The principal with the derived facts the model's permission functions take (`isUserManager(p)` ...). */
export interface RouteAccess extends RoutePrincipal {
  platformAdmin: boolean;
}

/** Who a route exists for: signed-out visitors, signed-in users (default), or both (legal pages). */
type Audience = 'signedOut' | 'signedIn' | 'everyone';

/** One page an area registers: where, what, for whom, and its menu entry. */
export interface FeatureRoute {
  /** react-router pattern, from `config/paths.ts` */
  path: string;
  /** the page (lazy: `lazyPage(...)`); one route per path */
  element: ComponentType;
  audience?: Audience;
  /** signed in: may this caller open it? Built from the model's permission functions. Default: everyone. */
  allowed?: (p: RouteAccess) => boolean;
  /**
   * the main-menu entry; its label is in the area's namespace (`<namespace>:menu`, e.g. 'users:menu'); `visible`
   * defaults to `allowed`
   */
  menu?: { labelKey: string; visible?: (p: RouteAccess) => boolean };
  /** "/" lands here for callers matching this (spec 2: the index of each route table) */
  landing?: (p: RouteAccess) => boolean;
  /** the one page of restricted mode (password change needed, registration pending) */
  restricted?: boolean;
  /** also open in restricted mode, next to that one page (the legal pages: the footer links them) */
  openInRestrictedMode?: boolean;
  /** signed-out pages that bring their own card layout */
  ownLayout?: boolean;
  /** links from mails: a signed-in session is ended first, the page continues signed out */
  signOutFirst?: boolean;
  /**
   * signed out, its page also answers every unknown path (spec 2: "any other path shows the same screen as the invite
   * page"); without such a route only a way to the sign-in is shown
   */
  signedOutFallback?: boolean;
}

/**
 * The records whose pages offer panel slots, by kind -> the record a panel is given: a feature attaches a panel to
 * a kind, the owning feature's page renders `<RecordPanels record="enquiry" value={enquiry} …/>`
 * (components/record-panels) without knowing who filled it (like Backstage's "extension attaches to a named input").
 * Open: the feature that owns the page declares its kind beside its routes (declaration merging, like the server's
 * `UniqueKinds`), so a new host page needs no edit here:
 *
 *     declare module '@/lib/feature' {
 *       interface SlotRecords { enquiry: Enquiry }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface SlotRecords {}
export type RecordKind = keyof SlotRecords;

/** What a record panel is given by the page it is shown on. */
export interface RecordPanelProps<K extends RecordKind> {
  record: SlotRecords[K];
  /** the signed-in caller, for the model's permission functions */
  caller: WebPrincipal;
  /** the page's own rule: may the caller change this record (the enquiry's `canEditEnquiry`, the offer's `canEditOffer`) */
  canChange: boolean;
}

/** A titled section a feature adds to another feature's record page. */
export interface RecordPanel<K extends RecordKind = RecordKind> {
  /** the record page it is shown on */
  record: K;
  /** unique per record kind; the section's anchor is `<record>-<id>` (e.g. `enquiry-bom`) */
  id: string;
  /** position among the record's panels (ascending; ties keep `FEATURES` order) */
  order: number;
  /** i18n key of the section title, with its namespace (e.g. 'bom:title') */
  titleKey: string;
  /** shown for this record and caller? Default: always. */
  visible?: (record: SlotRecords[K], caller: WebPrincipal) => boolean;
  /** the panel (lazy: `lazyComponent(() => import('./components/bom-panel'), 'BomPanel')`) */
  component: LazyComponent<RecordPanelProps<K>>;
}

/** A record panel of any kind (what `Feature.panels` holds). */
export type AnyRecordPanel = { [K in RecordKind]: RecordPanel<K> }[RecordKind];

/** Something a feature shows in the signed-in header, left of the booking and profile icons (e.g. an unread bell). */
export interface HeaderWidget {
  id: string;
  /** position among the widgets (ascending) */
  order: number;
  /** shown for this caller? Default: always. */
  visible?: (caller: WebPrincipal) => boolean;
  component: LazyComponent;
}

/**
 * The pages that offer a section slot: another feature adds whole sections to them (the article import and export
 * panels on /article). The owning page renders `<PageSections page="articles" />` (components/page-sections) and its
 * feature declares the name: `declare module '@/lib/feature' { interface SectionPages { articles: true } }`.
 *
 * @public (knip: used by declaration merging, not by import)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface SectionPages {}
export type SectionPage = keyof SectionPages;

/** A section a feature adds to another feature's page (not to a record: see RecordPanel for those). */
export interface PageSection {
  /** the page it is shown on */
  page: SectionPage;
  /** unique per page; the section's anchor is `<page>-<id>` (e.g. `articles-import`) */
  id: string;
  /** position among the page's sections (ascending; ties keep `FEATURES` order) */
  order: number;
  /** i18n key of the section title, with its namespace */
  titleKey: string;
  /** shown for this caller? Default: always. */
  visible?: (caller: WebPrincipal) => boolean;
  /** the section's content (lazy; it reads what it needs itself, like a header widget) */
  component: LazyComponent;
}

/**
 * The records another feature may open an editor for, by kind -> the record the editor saves: the owning feature
 * contributes the editor (its own form) and declares the kind
 * (`declare module '@/lib/feature' { interface EditorRecords { article: Article } }`), the feature that needs it
 * opens it where it wants (a side panel) through `useRecordEditor(kind)` (lib/slots), without importing the owner.
 * Today the article: the admin BOM import edits a line's catalogue article with the articles' form.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface EditorRecords {}
export type EditorKind = keyof EditorRecords;

/** What an editor is given by the feature that opens it. */
export interface RecordEditorProps<R = unknown> {
  /** the record to edit */
  id: string;
  /** after the record was saved (the editor has shown its own success text), with the saved record */
  onSaved: (record: R) => void;
  /** the editor's back button: closes it without saving */
  onClose: () => void;
}

/** An editor a feature offers for a record kind (its own form, lazy). */
export interface RecordEditor<K extends EditorKind = EditorKind> {
  kind: K;
  component: LazyComponent<RecordEditorProps<EditorRecords[K]>>;
}

/** An editor of any kind (what `Feature.editors` holds). */
export type AnyRecordEditor = { [K in EditorKind]: RecordEditor<K> }[EditorKind];

/** What an area registers with the app (one line in `app/features.ts`). */
export interface Feature {
  /** its translation namespace: public/locales/de/<namespace>.json */
  namespace?: string;
  /**
   * the date-time fields of its records that are not shared by every area (the model's `<AREA>_DATE_FIELDS`,
   * model/dates.ts): `app/` hands them to the api client at start, which revives exactly these into `Date`s
   */
  dateFields?: readonly string[];
  routes: FeatureRoute[];
  /** sections it adds to other features' record pages */
  panels?: AnyRecordPanel[];
  /** widgets it adds to the signed-in header */
  headerWidgets?: HeaderWidget[];
  /** sections it adds to other features' pages */
  pageSections?: PageSection[];
  /** editors of its records that other features may open (at most one per kind) */
  editors?: AnyRecordEditor[];
}

/**
 * A lazily loaded page: `lazyPage(() => import('./components/user-list-page'), 'UserListPage')`. The page gets the
 * app's query cache (lib/query-scope, loaded with it); `{ queries: false }` for a page that uses no query (the
 * sign-in page, which then loads no TanStack Query). `preload()` loads it ahead of the first render.
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M, { queries = true } = {}): LazyComponent {
  return lazyFrom(async () => {
    const [module, scope] = await Promise.all([load(), queries ? import('./query-scope') : undefined]);
    const Page = module[name] as ComponentType;
    return scope ? scope.withQueryScope(Page) : Page;
  });
}
