import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { CurrentUserContext, type CurrentUser } from '@/lib/current-user/current-user-context';
import { LocationProbe, makeUser } from '@/testing/render';
import legalDe from '../../../public/locales/de/legal.json';
import { AvbPage, ImprintPage, PrivacyPage, SubcontractorsPage, TomPage } from './index';

// Own i18next instance with the German texts as in-memory resources (no HTTP backend, no shared setup).
let i18n: I18n;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: 'de',
    ns: ['legal'],
    defaultNS: 'legal',
    resources: { de: { legal: legalDe } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

afterEach(cleanup);

const signedInUser: CurrentUser = {
  user: makeUser(),
  setUser: () => undefined,
  reload: async () => undefined,
  logout: async () => undefined,
};

/** Renders a legal page; `signedIn` puts a signed-in user around it, `from` opens it from another page. */
function renderPage(Page: ComponentType, { signedIn = false, from }: { signedIn?: boolean; from?: string } = {}) {
  const { container } = render(
    <CurrentUserContext.Provider value={signedIn ? signedInUser : null}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={from ? [from, '/legal'] : ['/legal']} initialIndex={from ? 1 : 0}>
          <Routes>
            <Route path="/legal" element={<Page />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </CurrentUserContext.Provider>,
  );
  return container.textContent ?? '';
}

/** Matches a constant as a whole number (so "5 %" does not match inside "0,5 %" and "2 Jahre" not inside "12 Jahre"). */
function constant(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d,])${escaped}`);
}

const pages: [string, ComponentType, string][] = [
  ['AVB', AvbPage, 'Allgemeine Verkaufsbedingungen (AVB)'],
  ['Impressum', ImprintPage, 'Impressum'],
  ['Datenschutzerklärung', PrivacyPage, 'Datenschutzerklärung'],
  ['TOM', TomPage, 'Technische und organisatorische Maßnahmen (TOM) nach Art. 32 DSGVO'],
  ['Unterauftragsverarbeiter', SubcontractorsPage, 'Liste der Unterauftragsverarbeiter'],
];

describe('legal pages', () => {
  it.each(pages)('%s renders its title and full text, not translation keys', (_name, Page, title) => {
    const text = renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(text.length).toBeGreaterThan(1500);
    expect(text).not.toMatch(/\b(avb|imprint|privacy|tom|subcontractors)\.(title|stand|intro|sections|rows|table)/);
  });

  it('AVB carry the contract constants', () => {
    const text = renderPage(AvbPage);
    // the "Stand" line is the version the users accept (model/consent.ts AVB_VERSION)
    expect(text).toContain('Stand: 03.05.2024');
    for (const c of ['2 Wochen', '8 Tage', '12 Monate', '0,5 %', '5 %', '10 %', '9 Prozentpunkte']) {
      expect(text, c).toMatch(constant(c));
    }
    expect(screen.getByRole('heading', { name: '§ 1 Geltungsbereich, Vertragsparteien' })).toBeDefined();
    expect(text).toMatch(/unverbindlich/);
    expect(text).toMatch(/ausdrückliche Auftragsbestätigung/);
    expect(text).toMatch(/Stromlaufplan \(Schaltplan\) als PDF-Datei und der Stückliste/);
    expect(text).toMatch(/Bestellunterlagen/);
  });

  it('privacy policy carries the retention periods', () => {
    const text = renderPage(PrivacyPage);
    expect(text).toContain('Stand: 22.05.2025');
    for (const c of ['6 Monate', '2 Jahre', '14 Monate']) {
      expect(text, c).toMatch(constant(c));
    }
  });

  it('imprint names the operator', () => {
    const text = renderPage(ImprintPage);
    for (const c of [
      'Schrankwerk GmbH',
      'Industriestraße 12',
      '70565 Stuttgart',
      'Dr. Jana Albrecht',
      'HRB 789012',
      'Amtsgericht Stuttgart',
      'DE318765432',
      'info@schrankwerk.de',
      '+49 711 123456-0',
      'datenschutz@schrankwerk.de',
    ]) {
      expect(text, c).toContain(c);
    }
  });

  it.each([
    ['TOM', TomPage],
    ['Unterauftragsverarbeiter', SubcontractorsPage],
  ] as const)('%s links back to /profile', (_name, Page) => {
    renderPage(Page, { signedIn: true });
    const link = screen.getByRole('link', { name: /Zurück zum Profil/ });
    expect(link.getAttribute('href')).toBe('/profile');
  });

  it.each([
    ['TOM', TomPage],
    ['Unterauftragsverarbeiter', SubcontractorsPage],
  ] as const)('%s signed out (opened directly) links back to the sign-in, not the profile', (_name, Page) => {
    renderPage(Page);
    expect(screen.queryByRole('link', { name: /Zurück zum Profil/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' }).getAttribute('href')).toBe('/login');
  });

  it.each([
    ['TOM', false, TomPage],
    ['Unterauftragsverarbeiter', true, SubcontractorsPage],
  ] as const)('%s opened from another page goes back there (signed in: %s)', async (_name, signedIn, Page) => {
    renderPage(Page, { signedIn, from: '/avb' });
    await userEvent.click(screen.getByRole('link', { name: 'Zurück' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/avb');
  });

  it.each([
    ['AVB', AvbPage],
    ['Impressum', ImprintPage],
    ['Datenschutzerklärung', PrivacyPage],
  ] as const)('%s has no back-to-profile link', (_name, Page) => {
    renderPage(Page);
    expect(screen.queryByRole('link', { name: /Zurück zum Profil/ })).toBeNull();
  });

  it('subcontractor list renders the processors as a table', () => {
    renderPage(SubcontractorsPage);
    const table = screen.getByRole('table', { name: 'Unterauftragsverarbeiter' });
    const headers = Array.from(table.querySelectorAll('th')).map((th) => th.textContent);
    expect(headers).toEqual(['Unternehmen', 'Anschrift', 'Leistung', 'Ort der Verarbeitung']);
    const body = table.querySelector('tbody')?.textContent ?? '';
    for (const c of [
      'Google Cloud EMEA Limited',
      'europe-west3',
      'Frankfurt',
      'Google Ireland Limited',
      'Firebase Authentication',
      'Calendly',
      'Cloud Functions',
      'Cloud Storage',
      'Firestore',
      'Firebase Hosting',
    ]) {
      expect(body, c).toContain(c);
    }
    expect(table.querySelectorAll('tbody tr').length).toBeGreaterThanOrEqual(4);
  });
});
