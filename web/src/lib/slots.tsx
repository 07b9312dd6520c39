import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type {
  AnyRecordEditor,
  AnyRecordPanel,
  EditorKind,
  Feature,
  HeaderWidget,
  PageSection,
  RecordKind,
  RecordEditor,
  RecordPanel,
  SectionPage,
} from './feature';
import { preload } from './lazy';

/**
 * The composition slots of the app: what the features contribute to other features' pages (record panels) and to
 * the signed-in header (widgets). `app/` fills them from `FEATURES`; pages and the layout read them here, so no
 * feature imports another and no shared component imports `app/`.
 */
export interface Slots {
  panels: readonly AnyRecordPanel[];
  headerWidgets: readonly HeaderWidget[];
  pageSections: readonly PageSection[];
  editors: readonly AnyRecordEditor[];
}

const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);

/** The slots of a list of features (the app's `FEATURES`, or a test's), each sorted by `order`. */
export function slotsOf(features: readonly Feature[]): Slots {
  return {
    panels: byOrder(features.flatMap((f) => f.panels ?? [])),
    headerWidgets: byOrder(features.flatMap((f) => f.headerWidgets ?? [])),
    pageSections: byOrder(features.flatMap((f) => f.pageSections ?? [])),
    editors: features.flatMap((f) => f.editors ?? []),
  };
}

/** Loads the code of every contributed panel and widget (tests render record pages with them at once). */
export async function preloadSlots(slots: Slots): Promise<void> {
  await Promise.all(
    [...slots.panels, ...slots.headerWidgets, ...slots.pageSections, ...slots.editors].map((s) => preload(s.component)),
  );
}

const EMPTY: Slots = { panels: [], headerWidgets: [], pageSections: [], editors: [] };
const SlotsContext = createContext<Slots>(EMPTY);

export function SlotsProvider({ slots, children }: { slots: Slots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

/** The panels contributed to the pages of one record kind, in order. */
export function useRecordPanels<K extends RecordKind>(record: K): RecordPanel<K>[] {
  const { panels } = useContext(SlotsContext);
  return useMemo(
    // the panels of kind K are RecordPanel<K> (AnyRecordPanel is the union over the kinds)
    () => panels.filter((p) => p.record === record) as unknown as RecordPanel<K>[],
    [panels, record],
  );
}

/** The header widgets, in order. */
export function useHeaderWidgets(): readonly HeaderWidget[] {
  return useContext(SlotsContext).headerWidgets;
}

/** The sections contributed to one page, in order. */
export function usePageSections(page: SectionPage): PageSection[] {
  const { pageSections } = useContext(SlotsContext);
  return useMemo(() => pageSections.filter((s) => s.page === page), [pageSections, page]);
}

/** The editor another feature offers for a record kind, or undefined (the feature is not in the app). */
export function useRecordEditor<K extends EditorKind>(kind: K): RecordEditor<K> | undefined {
  const { editors } = useContext(SlotsContext);
  return useMemo(
    // the editor of kind K is a RecordEditor<K> (AnyRecordEditor is the union over the kinds)
    () => editors.find((e) => e.kind === kind) as RecordEditor<K> | undefined,
    [editors, kind],
  );
}
