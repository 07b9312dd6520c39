import { lazy, type ComponentType } from 'react';
import { ComingSoonPage } from '@/components/coming-soon-page';

type LegalModule = Record<'AvbPage' | 'ImprintPage' | 'PrivacyPage' | 'TomPage' | 'SubcontractorsPage', ComponentType | undefined>;

/**
 * The legal pages are owned by the legal feature (web/src/features/legal/index.ts). A glob import keeps
 * the build green while that module does not exist yet (the glob is then empty and a placeholder renders).
 */
const modules = import.meta.glob<LegalModule>('../../features/legal/index.ts');
const load = Object.values(modules)[0];

function legal(name: keyof LegalModule) {
  return lazy(async () => {
    const mod = load ? await load() : undefined;
    return { default: mod?.[name] ?? ComingSoonPage };
  });
}

export const LEGAL_PAGES: Record<string, ComponentType> = {
  '/avb': legal('AvbPage'),
  '/imprint': legal('ImprintPage'),
  '/privacy': legal('PrivacyPage'),
  '/tom': legal('TomPage'),
  '/subcontractors': legal('SubcontractorsPage'),
};
