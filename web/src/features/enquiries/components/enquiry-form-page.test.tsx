import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Enquiry } from '@model/enquiry';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { preloadAppSlots, renderPage } from '@/testing/render';
import { typeDay } from '@/testing/date-field';
import { attachedFile, customerUser, enquiryFact, makeEnquiry, supplierUser } from '@/testing/enquiry-fixtures';
import { EnquiryFormPage } from './enquiry-form-page';

// the BOM and documents sections are other features' panels (lib/slots): their code loaded up front, as in the app
beforeAll(preloadAppSlots);

type Answer = { status?: number; body?: unknown } | undefined;

/**
 * Renders /enquiry/:id against a fake API holding `enquiry` and its documents (listed by the folder, and as the
 * record's `documents` facts); `extra` answers first.
 */
function setup({
  route = '/enquiry/new',
  enquiry,
  documents = [],
  user = customerUser,
  extra,
}: {
  route?: string;
  enquiry?: Enquiry;
  documents?: ReturnType<typeof attachedFile>[];
  user?: typeof customerUser;
  extra?: (c: MockCall) => Answer;
} = {}) {
  const stored = enquiry && { ...enquiry, documents: documents.map((f) => enquiryFact(f.filename, f.fileType)) };
  const calls = mockFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    if (stored && c.url === `/api/enquiry/?id=${stored.id}`) return { body: stored };
    if (c.url.startsWith('/api/file/names?path=enquiries%2Fe1%2Fdocuments')) return { body: documents };
    if (c.url.startsWith('/api/file/names')) return { body: [] };
    return undefined;
  });
  renderPage(<EnquiryFormPage />, { route, path: '/enquiry/:id', user });
  return calls;
}

const combo = (name: RegExp | string) => screen.getByRole('combobox', { name });
const details = (name: string) => screen.getByRole('button', { name: `Details zu ${name}` });

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(combo(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openDialog(user: UserEvent, name: string) {
  await user.click(details(name));
  return within(await screen.findByRole('dialog', { name }));
}

async function closeDialog(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Schließen' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('EnquiryFormPage: a new enquiry', () => {
  it('starts with the spec defaults (main form and every sub-dialog)', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    expect(await screen.findByRole('heading', { name: 'Anfrage erstellen' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Menge/)).toHaveValue(1);
    expect(screen.getByRole('switch', { name: 'Individuelle Aderkennzeichnung' })).not.toBeChecked();
    expect(combo(/^Gerätekennzeichnung/)).toHaveTextContent('Einzeilig');
    expect(combo(/^Befestigung der Kabelkanäle/)).toHaveTextContent('Genietet');
    // no default (spec: "none"): nothing chosen
    for (const name of ['cableDuctManufacturer', 'terminalManufacturer'])
      expect(document.querySelector(`input[name="${name}"]`)).toHaveValue('');
    expect(combo(/^Norm/)).toHaveTextContent('IEC');
    expect(combo(/^Sprache der Schrankbeschriftung/)).toHaveTextContent('Zweisprachig');
    expect(combo(/^Verschraubungen/)).toHaveTextContent('Edelstahl');
    expect(combo(/^Verpackung/)).toHaveTextContent('Eurobox');
    // no individual text applies by default except the device-identification remark
    expect(screen.queryByLabelText(/– Individuell/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Gerätekennzeichnung – Anmerkungen')).toBeInTheDocument();

    // marking structure needs individual wire identification (off by default)
    expect(details('Markierungsstruktur')).toBeDisabled();

    let dialog = await openDialog(user, 'Gerätekennzeichnung');
    expect(dialog.getByRole('combobox', { name: /^Bauteilbeschriftung/ })).toHaveTextContent('Gelbes Etikettenband');
    expect(dialog.queryByRole('combobox', { name: /^Montageplattenbeschriftung/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole('switch', { name: 'Kabelfahnenbeschriftung' })).not.toBeInTheDocument();
    await closeDialog(user);

    dialog = await openDialog(user, 'Vorschrift');
    expect(dialog.getByRole('switch', { name: 'Kundenvorschrift' })).not.toBeChecked();
    expect(
      dialog.getByText('Dateien können hochgeladen werden, sobald die Anfrage gespeichert ist.'),
    ).toBeInTheDocument();
    await closeDialog(user);

    dialog = await openDialog(user, 'Schranksprache');
    expect(dialog.getByRole('combobox', { name: /^Erste Sprache/ })).toHaveTextContent('Deutsch');
    expect(dialog.getByRole('combobox', { name: /^Zweite Sprache/ })).toHaveTextContent('Deutsch');
    await closeDialog(user);

    dialog = await openDialog(user, 'Verschraubung');
    expect(dialog.getByRole('combobox', { name: /^Ausführung der Verschraubung/ })).toHaveTextContent('Standard');
    expect(dialog.queryByRole('combobox', { name: /^Hersteller der Kabeleinführung/ })).not.toBeInTheDocument();
    await closeDialog(user);

    dialog = await openDialog(user, 'Verpackung');
    expect(dialog.getByRole('combobox', { name: /^Umverpackung/ })).toHaveTextContent('Stretchfolie');
    await closeDialog(user);
  });

  it('required fields: asterisks and the German messages of the shared schema; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await screen.findByRole('heading', { name: 'Anfrage erstellen' });
    for (const label of ['Titel', 'Referenznummer', 'Wunschliefertermin', 'Menge'])
      expect(screen.getAllByLabelText(new RegExp(`^${label}`))[0].closest('.MuiFormControl-root')).toHaveTextContent(
        `${label} *`,
      );
    expect(combo(/^Lieferbedingung/).closest('.MuiFormControl-root')).toHaveTextContent('Lieferbedingung *');
    await user.clear(screen.getByLabelText(/^Menge/));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findAllByText('Pflichtfeld')).toHaveLength(5);
    await user.type(screen.getByLabelText(/^Menge/), '0');
    expect(await screen.findByText('Der Wert ist zu klein.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Menge/));
    await user.type(screen.getByLabelText(/^Menge/), '1.5');
    expect(await screen.findByText('Bitte geben Sie eine ganze Zahl ein.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves non-default conditions and opens the new enquiry (/enquiry/{id})', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeEnquiry({ id: 'e9', title: 'Neu' });
    const calls = setup({
      extra: (c) =>
        c.method === 'POST' && c.url === '/api/enquiry/'
          ? { status: 201, body: created }
          : c.url === '/api/enquiry/?id=e9'
            ? { body: created }
            : undefined,
    });
    await user.type(await screen.findByLabelText(/^Titel/), 'Neu');
    await user.type(screen.getByLabelText(/^Referenznummer/), 'R-9');
    await choose(user, /^Lieferbedingung/, 'EXW – ab Werk');
    await typeDay(user, /^Wunschliefertermin/, '03052027');
    await user.clear(screen.getByLabelText(/^Menge/));
    await user.type(screen.getByLabelText(/^Menge/), '3');
    await choose(user, /^Verpackung/, 'Individuell');
    await user.type(screen.getByLabelText(/^Verpackung – Individuell/), 'Kiste mit Griffen');
    await choose(user, /^Hersteller der Reihenklemmen/, 'WAGO');
    await user.click(screen.getByRole('switch', { name: 'Individuelle Aderkennzeichnung' }));
    const dialog = await openDialog(user, 'Markierungsstruktur');
    await user.click(dialog.getByRole('combobox', { name: /^Markierungsstruktur/ }));
    await user.click(await screen.findByRole('option', { name: 'Einzeladernummerierung' }));
    await closeDialog(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/enquiry/e9'));
    expect(await screen.findByText('Die Anfrage wurde gespeichert.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/enquiry/')!;
    expect(post.body).toMatchObject({
      title: 'Neu',
      referenceNumber: 'R-9',
      deliveryCondition: 'EXW',
      desiredDeliveryDate: '2027-05-03',
      amount: 3,
      packaging: 'INDIVIDUAL',
      packagingIndividual: 'Kiste mit Griffen',
      terminalManufacturer: 'WAGO',
      individualWireIdentification: true,
      markingStructure: 'SINGLE_WIRE_NUMBERING',
      regulation: 'IEC',
    });
    expect(post.body).not.toHaveProperty('customerId');
  });
});

describe('EnquiryFormPage: guards', () => {
  it('a supplier cannot create an enquiry: no form at /enquiry/new', async () => {
    const calls = setup({ user: supplierUser });
    expect(await screen.findByText('Dafür fehlt Ihnen die Berechtigung.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('an unknown or hidden enquiry: the not-found text', async () => {
    setup({ route: '/enquiry/fremd' });
    expect(await screen.findAllByText('Der Eintrag wurde nicht gefunden.')).not.toHaveLength(0);
    expect(screen.queryByLabelText(/^Titel/)).not.toBeInTheDocument();
  });

  it('unsaved edits make leaving the page ask first', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText(/^Titel/);
    expect(leave()).toBe(false);
    await user.type(screen.getByLabelText(/^Titel/), 'x');
    expect(leave()).toBe(true);
  });
});

describe('EnquiryFormPage: every job-condition dependency of spec 01 §5', () => {
  async function renderNew() {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByRole('heading', { name: 'Anfrage erstellen' });
    return user;
  }

  it('individual wire identification enables the marking-structure detail and its free text', async () => {
    const user = await renderNew();
    expect(details('Markierungsstruktur')).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Individuelle Aderkennzeichnung' }));
    expect(details('Markierungsstruktur')).toBeEnabled();
    expect(screen.getByLabelText('Individuelle Aderkennzeichnung – Individuell')).toBeInTheDocument();
    const dialog = await openDialog(user, 'Markierungsstruktur');
    expect(dialog.getByRole('combobox', { name: /^Markierungsstruktur/ })).toHaveTextContent('Klemmstelle');
    expect(dialog.getByRole('combobox', { name: /^Beschriftungsmaterial/ })).toHaveTextContent('Hülse');
    await user.click(dialog.getByRole('combobox', { name: /^Beschriftungsmaterial/ }));
    await user.click(await screen.findByRole('option', { name: 'Individuell' }));
    expect(dialog.getByLabelText(/^Beschriftungsmaterial – Individuell \*/)).toBeInTheDocument();
    await closeDialog(user);
    await user.click(screen.getByRole('switch', { name: 'Individuelle Aderkennzeichnung' }));
    expect(details('Markierungsstruktur')).toBeDisabled();
  });

  it.each([
    ['Kunststoff', false],
    ['Individuell', false],
    ['Messing', true],
    ['Kabeleinführungsplatten', true],
    ['Edelstahl', true],
  ])('screw connections %s: detail enabled = %s', async (material, enabled) => {
    const user = await renderNew();
    await choose(user, /^Verschraubungen/, material);
    if (enabled) expect(details('Verschraubung')).toBeEnabled();
    else expect(details('Verschraubung')).toBeDisabled();
    if (material === 'Individuell')
      expect(screen.getByLabelText(/^Verschraubungen – Individuell \*/)).toBeInTheDocument();
    else expect(screen.queryByLabelText(/^Verschraubungen – Individuell/)).not.toBeInTheDocument();
  });

  it('screw-connection manufacturer 1 for stainless steel and brass, manufacturer 2 for entry plates', async () => {
    const user = await renderNew();
    for (const [material, first, second] of [
      ['Messing', true, false],
      ['Kabeleinführungsplatten', false, true],
      ['Edelstahl', true, false],
    ] as const) {
      await choose(user, /^Verschraubungen/, material);
      const dialog = await openDialog(user, 'Verschraubung');
      expect(Boolean(dialog.queryByRole('combobox', { name: /^Ausführung der Verschraubung/ }))).toBe(first);
      expect(Boolean(dialog.queryByRole('combobox', { name: /^Hersteller der Kabeleinführung/ }))).toBe(second);
      if (second)
        expect(dialog.getByRole('combobox', { name: /^Hersteller der Kabeleinführung/ })).toHaveTextContent('icotek');
      await closeDialog(user);
    }
  });

  it.each([
    ['Keine', false],
    ['Holzkiste mit Seefolie', false],
    ['Holzkiste', true],
    ['Einwegpalette', true],
    ['Eurobox', true],
  ])('packaging %s: detail enabled = %s', async (packaging, enabled) => {
    const user = await renderNew();
    await choose(user, /^Verpackung/, packaging);
    if (enabled) expect(details('Verpackung')).toBeEnabled();
    else expect(details('Verpackung')).toBeDisabled();
  });

  it('device identification: mounting-plate label for double and triple, wire-tag label and its text for triple', async () => {
    const user = await renderNew();
    for (const [rows, plate, tag] of [
      ['Zweizeilig', true, false],
      ['Dreizeilig', true, true],
      ['Einzeilig', false, false],
    ] as const) {
      await choose(user, /^Gerätekennzeichnung/, rows);
      const dialog = await openDialog(user, 'Gerätekennzeichnung');
      expect(Boolean(dialog.queryByRole('combobox', { name: /^Montageplattenbeschriftung/ }))).toBe(plate);
      expect(Boolean(dialog.queryByRole('switch', { name: 'Kabelfahnenbeschriftung' }))).toBe(tag);
      expect(Boolean(dialog.queryByLabelText('Kabelfahnenbeschriftung – Anmerkungen'))).toBe(tag);
      if (tag) expect(dialog.getByRole('switch', { name: 'Kabelfahnenbeschriftung' })).toBeChecked();
      await closeDialog(user);
    }
  });

  it('cabinet language: the second language only for bilingual', async () => {
    const user = await renderNew();
    await choose(user, /^Sprache der Schrankbeschriftung/, 'Einsprachig');
    let dialog = await openDialog(user, 'Schranksprache');
    expect(dialog.getByRole('combobox', { name: /^Erste Sprache/ })).toBeInTheDocument();
    expect(dialog.queryByRole('combobox', { name: /^Zweite Sprache/ })).not.toBeInTheDocument();
    await closeDialog(user);
    await choose(user, /^Sprache der Schrankbeschriftung/, 'Zweisprachig');
    dialog = await openDialog(user, 'Schranksprache');
    expect(dialog.getByRole('combobox', { name: /^Zweite Sprache/ })).toBeInTheDocument();
    await closeDialog(user);
  });

  it('regulation, device identification and cabinet language dialogs are always available', async () => {
    await renderNew();
    for (const name of ['Vorschrift', 'Gerätekennzeichnung', 'Schranksprache']) expect(details(name)).toBeEnabled();
  });

  it('an INDIVIDUAL choice shows its required free text; a customer regulation its text', async () => {
    const user = await renderNew();
    await choose(user, /^Befestigung der Kabelkanäle/, 'Individuell');
    expect(screen.getByLabelText(/^Befestigung der Kabelkanäle – Individuell \*/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const text = screen.getByLabelText(/^Befestigung der Kabelkanäle – Individuell/);
    expect(text.closest('.MuiFormControl-root')).toHaveTextContent('Pflichtfeld');
    await choose(user, /^Befestigung der Kabelkanäle/, 'Geschraubt');
    expect(screen.queryByLabelText(/^Befestigung der Kabelkanäle – Individuell/)).not.toBeInTheDocument();

    const dialog = await openDialog(user, 'Vorschrift');
    expect(dialog.queryByLabelText(/^Kundenvorschrift – Individuell/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('switch', { name: 'Kundenvorschrift' }));
    expect(dialog.getByLabelText(/^Kundenvorschrift – Individuell/)).toBeInTheDocument();
    await closeDialog(user);
  });
});

describe('EnquiryFormPage: a stored enquiry', () => {
  it('draft of the own company: edit title, save; a failed save keeps the values and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const draft = makeEnquiry();
    let fail = true;
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: draft,
      extra: (c) =>
        c.url === '/api/enquiry/update'
          ? fail
            ? { status: 409, body: { code: 'enquiryLocked', message: 'x' } }
            : { body: { ...draft, title: 'Geändert' } }
          : undefined,
    });
    expect(await screen.findByTestId('status-default')).toHaveTextContent('Freigabe ausstehend');
    expect(screen.getByRole('heading', { name: 'Anfrage bearbeiten' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Titel/));
    await user.type(screen.getByLabelText(/^Titel/), 'Geändert');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/enquiry/update')).toHaveLength(1));
    expect(await screen.findByText(/Die Anfrage ist gesperrt|gesperrt|freigegeben/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Titel/)).toHaveValue('Geändert');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Anfrage wurde gespeichert.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/enquiry/update')[1].body).toMatchObject({ id: 'e1', title: 'Geändert' });
  });

  it('locked (released) for its customer: read, not edited - summary, lists, actions, only Download for the BOM', async () => {
    const released = makeEnquiry({
      released: true,
      releaseDate: new Date('2026-11-02T10:00:00Z'),
      bomFileName: 'stueckliste.xlsx',
      bomRevision: 1,
      individualWireIdentification: true,
      markingStructure: 'INDIVIDUAL',
      markingStructureIndividual: 'Ringe mit Klartext',
      regulation: 'UL',
    });
    setup({
      route: '/enquiry/e1',
      enquiry: released,
      documents: [attachedFile('enquiries/e1/documents/plan.pdf', 'CIRCUIT_DIAGRAM')],
    });
    expect(await screen.findByTestId('status-released')).toHaveTextContent('Freigegeben');
    expect(screen.getByRole('heading', { level: 1, name: 'Anfrage ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-name')).toHaveTextContent('Steuerschrank Linie 3');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    // no disabled inputs: the record is a list of label and value; the only input is the supplementary documents'
    // upload (a released enquiry takes them without a reopen)
    const supplements = await screen.findByRole('region', { name: 'Ergänzende Dokumente' });
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('combobox')).toEqual(within(supplements).queryAllByRole('combobox'));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByTestId('fact-referenceNumber')).toHaveTextContent('Referenznummer' + 'REF-1');
    expect(screen.getByTestId('fact-desiredDeliveryDate')).toHaveTextContent('01.03.2027');
    expect(screen.getByTestId('fact-releaseDate')).toHaveTextContent('02.11.2026');
    expect(screen.getByTestId('fact-regulation')).toHaveTextContent('NormUL');
    expect(screen.getByTestId('fact-individualWireIdentification')).toHaveTextContent('Ja');
    // the detail that applies, with its free text; a detail that does not apply is not listed
    expect(screen.getByTestId('fact-markingStructure')).toHaveTextContent('Individuell');
    expect(screen.getByTestId('fact-markingStructure')).toHaveTextContent('Ringe mit Klartext');
    expect(screen.queryByTestId('fact-mountingPlateLabel')).not.toBeInTheDocument();

    const bom = screen.getByTestId('bom-panel');
    expect(within(bom).getByTestId('bom-file-name')).toHaveTextContent('stueckliste.xlsx');
    expect(within(bom).getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();
    expect(within(bom).queryByRole('button', { name: 'Erneut hochladen' })).not.toBeInTheDocument();
    expect(within(bom).queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('dropzone')).toEqual([within(supplements).getByTestId('dropzone')]);
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();
    // customer actions of a released enquiry, in the summary's action bar
    const actions = within(screen.getByRole('toolbar', { name: 'Aktionen' }));
    expect(actions.getByRole('button', { name: 'Wieder öffnen' })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'Kopieren' })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'Archivieren' })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'Angebote vergleichen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Angebot erstellen' })).not.toBeInTheDocument();
  });

  it('supplier: read only with the customer, "Angebot erstellen" in the action bar leads to /offer/new/{id}', async () => {
    const user = userEvent.setup({ delay: null });
    const released = makeEnquiry({ released: true, bomFileName: 'stueckliste.xlsx', bomRevision: 1 });
    setup({ route: '/enquiry/e1', enquiry: released, user: supplierUser });
    await screen.findByTestId('status-released');
    expect(screen.getByRole('heading', { level: 1, name: 'Anfrage ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('fact-customerName')).toHaveTextContent('Müller GmbH');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    for (const name of ['Kopieren', 'Archivieren', 'Wieder öffnen', 'Freigeben', 'Erneut hochladen', 'Löschen'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Angebote vergleichen' })).not.toBeInTheDocument();
    const actions = within(screen.getByRole('toolbar', { name: 'Aktionen' }));
    await user.click(actions.getByRole('button', { name: 'Angebot erstellen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/offer/new/e1');
  });

  it('an archived enquiry of another company without actions: no action bar', async () => {
    setup({
      route: '/enquiry/e1',
      enquiry: makeEnquiry({ released: true, archived: true }),
      user: supplierUser,
    });
    await screen.findByTestId('status-archived');
    expect(screen.queryByRole('toolbar', { name: 'Aktionen' })).not.toBeInTheDocument();
  });

  it("customer of a released enquiry: 'Angebote vergleichen' opens the comparison", async () => {
    const user = userEvent.setup({ delay: null });
    setup({ route: '/enquiry/e1', enquiry: makeEnquiry({ released: true, bomFileName: 'b.xlsx', bomRevision: 1 }) });
    await screen.findByTestId('status-released');
    await user.click(screen.getByRole('button', { name: 'Angebote vergleichen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/enquiry/e1/offers');
  });

  it('no comparison on a draft', async () => {
    setup({ route: '/enquiry/e1', enquiry: makeEnquiry() });
    await screen.findByTestId('status-default');
    expect(screen.queryByRole('button', { name: 'Angebote vergleichen' })).not.toBeInTheDocument();
  });
});

describe('EnquiryFormPage: release', () => {
  const releaseCalls = (calls: MockCall[]) => calls.filter((c) => c.url.startsWith('/api/enquiry/release'));

  it('warns about the missing BOM and circuit diagram before calling', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ route: '/enquiry/e1', enquiry: makeEnquiry() });
    await screen.findByTestId('status-default');
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Für die Freigabe fehlt die Stückliste (Excel oder CSV).')).toBeInTheDocument();
    expect(screen.getByText(/Für die Freigabe fehlt der Schaltplan/)).toBeInTheDocument();
    expect(releaseCalls(calls)).toHaveLength(0);
  });

  it('with a BOM but no circuit-diagram PDF: only that warning', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: makeEnquiry({ bomFileName: 'bom.csv', bomRevision: 1 }),
      documents: [attachedFile('enquiries/e1/documents/liste.csv', 'CONNECTION_LIST')],
    });
    await screen.findByText('liste.csv');
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText(/Für die Freigabe fehlt der Schaltplan/)).toBeInTheDocument();
    expect(screen.queryByText(/fehlt die Stückliste/)).not.toBeInTheDocument();
    expect(releaseCalls(calls)).toHaveLength(0);
  });

  it("the server's 422 is shown the same way; a release locks the view", async () => {
    const user = userEvent.setup({ delay: null });
    const draft = makeEnquiry({ bomFileName: 'bom.csv', bomRevision: 1 });
    let refuse = true;
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: draft,
      documents: [attachedFile('enquiries/e1/documents/plan.pdf', 'CIRCUIT_DIAGRAM')],
      extra: (c) =>
        c.url === '/api/enquiry/release?enquiryId=e1'
          ? refuse
            ? { status: 422, body: { code: 'missingBOM', message: 'x', details: ['missingBOM'] } }
            : { body: { ...draft, released: true, releaseDate: '2026-11-03T10:00:00.000Z' } }
          : undefined,
    });
    await screen.findByText('plan.pdf');
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Für die Freigabe fehlt die Stückliste (Excel oder CSV).')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Die Anfrage wurde freigegeben.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Anfrage ansehen' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Titel/)).not.toBeInTheDocument();
    expect(screen.getByTestId('fact-title')).toHaveTextContent('Steuerschrank Linie 3');
    expect(releaseCalls(calls)).toHaveLength(2);
    expect(releaseCalls(calls)[1].method).toBe('POST');
  });

  it('reopen of a released enquiry makes it an editable draft again', async () => {
    const user = userEvent.setup({ delay: null });
    const released = makeEnquiry({ released: true });
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: released,
      extra: (c) =>
        c.url === '/api/enquiry/reopen?enquiryId=e1' ? { body: { ...released, released: false } } : undefined,
    });
    expect(await screen.findByTestId('status-released')).toHaveTextContent('Freigegeben');
    expect(screen.getByRole('heading', { name: 'Anfrage ansehen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wieder öffnen' }));
    expect(await screen.findByRole('heading', { name: 'Anfrage bearbeiten' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Titel/)).toBeEnabled();
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/reopen')).map((c) => c.method)).toEqual(['POST']);
  });

  it('closed by an order: never "Wieder öffnen"; "Archivieren" only once the order is confirmed', async () => {
    const order = { offerId: 'o1', supplierId: 's1', confirmed: false };
    setup({ route: '/enquiry/e1', enquiry: makeEnquiry({ released: true, closed: true, order }) });
    expect(await screen.findByTestId('status-closed')).toHaveTextContent('Abgeschlossen');
    const actions = within(screen.getByRole('toolbar', { name: 'Aktionen' }));
    expect(actions.getByRole('button', { name: 'Kopieren' })).toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'Wieder öffnen' })).not.toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();
  });

  it('closed by a confirmed order: "Archivieren" (no "Wieder öffnen") archives it', async () => {
    const user = userEvent.setup({ delay: null });
    const closed = makeEnquiry({
      released: true,
      closed: true,
      order: { offerId: 'o1', supplierId: 's1', confirmed: true },
    });
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: closed,
      extra: (c) =>
        c.url === '/api/enquiry/archive?enquiryId=e1' ? { body: { ...closed, archived: true } } : undefined,
    });
    await screen.findByTestId('status-closed');
    const actions = within(screen.getByRole('toolbar', { name: 'Aktionen' }));
    expect(actions.queryByRole('button', { name: 'Wieder öffnen' })).not.toBeInTheDocument();
    await user.click(actions.getByRole('button', { name: 'Archivieren' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Anfragen archivieren' })).getByRole('button', { name: 'Ja' }),
    );
    expect(await screen.findByText('Die Anfrage wurde archiviert.')).toBeInTheDocument();
    expect(screen.getByTestId('status-archived')).toHaveTextContent('Archiviert');
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/archive'))).toHaveLength(1);
  });

  it('archive asks first, then locks the enquiry', async () => {
    const user = userEvent.setup({ delay: null });
    const draft = makeEnquiry();
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: draft,
      extra: (c) =>
        c.url === '/api/enquiry/archive?enquiryId=e1' ? { body: { ...draft, archived: true } } : undefined,
    });
    await screen.findByTestId('status-default');
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anfragen archivieren' }));
    await user.click(dialog.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Anfrage wurde archiviert.')).toBeInTheDocument();
    expect(screen.getByTestId('status-archived')).toHaveTextContent('Archiviert');
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/archive'))).toHaveLength(1);
  });
});

describe('EnquiryFormPage: the target price', () => {
  const price = () => screen.getByLabelText(/^Zielpreis \(EUR\)/);

  async function fillRequired(user: UserEvent) {
    await user.type(await screen.findByLabelText(/^Titel/), 'Mit Zielpreis');
    await user.type(screen.getByLabelText(/^Referenznummer/), 'R-10');
    await choose(user, /^Lieferbedingung/, 'DAP – geliefert benannter Ort');
    await typeDay(user, /^Wunschliefertermin/, '03052027');
  }

  it('is optional, read in German format and sent as a number', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeEnquiry({ id: 'e9', price: 1234.5 });
    const calls = setup({
      extra: (c) =>
        c.method === 'POST' && c.url === '/api/enquiry/'
          ? { status: 201, body: created }
          : c.url === '/api/enquiry/?id=e9'
            ? { body: created }
            : undefined,
    });
    await fillRequired(user);
    expect(price()).toHaveValue('');
    expect(price()).not.toBeRequired();
    await user.type(price(), '1234,5');
    await user.tab();
    expect(price()).toHaveValue('1.234,50');
    expect(screen.getByText('1.234,50 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/enquiry/e9'));
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/enquiry/')!;
    expect(post.body).toMatchObject({ title: 'Mit Zielpreis', price: 1234.5 });
    // the stored enquiry's price is shown in the form again
    expect(await screen.findByLabelText(/^Zielpreis \(EUR\)/)).toHaveValue('1.234,50');
  });

  it('refuses negative prices, fractions of a cent and text with the German messages; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await fillRequired(user);
    for (const [typed, message] of [
      ['-5', 'Der Wert ist zu klein.'],
      ['10,005', 'Höchstens zwei Nachkommastellen (Cent).'],
      ['zehn', 'Ungültiger Wert.'],
    ]) {
      await user.clear(price());
      await user.type(price(), typed);
      await user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(price()).toHaveValue(typed);
    }
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.clear(price());
    await user.type(price(), '10,05');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Ungültiger Wert.')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a draft shows its price; emptying the box removes it', async () => {
    const user = userEvent.setup({ delay: null });
    const draft = makeEnquiry({ price: 18500 });
    const calls = setup({
      route: '/enquiry/e1',
      enquiry: draft,
      extra: (c) => (c.url === '/api/enquiry/update' ? { body: { ...draft, price: undefined } } : undefined),
    });
    expect(await screen.findByLabelText(/^Zielpreis \(EUR\)/)).toHaveValue('18.500,00');
    await user.clear(price());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Anfrage wurde gespeichert.')).toBeInTheDocument();
    const update = calls.find((c) => c.url === '/api/enquiry/update')!;
    expect(update.body).toMatchObject({ id: 'e1', title: draft.title });
    expect(update.body).not.toHaveProperty('price');
  });

  it('the summary of a released enquiry shows it in EUR', async () => {
    setup({ route: '/enquiry/e1', enquiry: makeEnquiry({ released: true, price: 42750.5 }), user: supplierUser });
    await screen.findByTestId('status-released');
    expect(screen.getByTestId('fact-price').textContent?.replace(/\s/g, ' ')).toBe('Zielpreis (EUR)42.750,50 €');
  });

  it('no price fact when the enquiry has none', async () => {
    setup({ route: '/enquiry/e1', enquiry: makeEnquiry({ released: true }), user: supplierUser });
    await screen.findByTestId('status-released');
    expect(screen.queryByTestId('fact-price')).not.toBeInTheDocument();
  });
});
