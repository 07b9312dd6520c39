import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BomMappingProposal } from '@model/bom-job';
import { principalOf } from '@/lib/current-user/principal';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { makeOffer, supplierUser } from '@/testing/offer-fixtures';
import { bomFeature } from '../feature';
import { OfferBomPanel } from './offer-bom-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary = {
  revision: 1,
  bomFileName: 'liste.csv',
  lineCount: 4,
  errorCount: 1,
  successRate: 75,
  errorsByType: {},
  mappedAt: new Date('2026-11-20T10:00:00Z'),
};
const proposal: BomMappingProposal = {
  headers: ['Pos', 'Bestellnummer', 'Menge'],
  bomHeaderRowIndex: 2,
  mapping: [{ columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' }],
  source: 'computed',
};
const offerQuery = 'enquiryId=e1&offerId=o1';

function show(canChange: boolean, answer: (c: MockCall) => { status?: number; body?: unknown } | undefined) {
  const calls = mockFetch(answer);
  const offer = makeOffer({ id: 'o1', enquiryId: 'e1', enquiryBomRevision: 1, released: !canChange });
  renderPage(<OfferBomPanel record={offer} caller={principalOf(supplierUser)} canChange={canChange} />, {
    user: supplierUser,
  });
  return calls;
}

describe('OfferBomPanel', () => {
  it('not mapped yet: the supplier maps the priced revision with the offer as owner', async () => {
    const user = userEvent.setup({ delay: null });
    let mapped = false;
    const calls = show(true, (c) => {
      if (c.url === `/api/enquiry/bom/summary?${offerQuery}`) return { body: { summary: mapped ? summary : null } };
      if (c.url === `/api/enquiry/bom/mapping?${offerQuery}`) return { body: proposal };
      if (c.url === '/api/enquiry/bom/mapping?enquiryId=e1&offerId=o1&headerRowIndex=3')
        return { body: { ...proposal, bomHeaderRowIndex: 3, headers: ['A', 'Art.-Nr.', 'Anzahl'], mapping: [] } };
      if (c.url === '/api/enquiry/bom/map') {
        mapped = true;
        return { body: { offer: makeOffer({ id: 'o1' }), summary, lines: { content: [], totalElements: 4 } } };
      }
      return undefined;
    });
    expect(await screen.findByText('Die Stückliste ist noch nicht zugeordnet.')).toBeInTheDocument();
    expect(screen.getByText(/Revision 1/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zuordnen' }));
    const drawer = within(await screen.findByRole('region', { name: 'Spalten zuordnen' }));
    expect(await drawer.findByRole('combobox', { name: 'Bestellnummer' })).toBeInTheDocument();
    // Update header asks for the proposal of that row; the enquiry's header call is never made
    await user.clear(drawer.getByLabelText('Kopfzeile'));
    await user.type(drawer.getByLabelText('Kopfzeile'), '3');
    await user.click(drawer.getByRole('button', { name: 'Kopfzeile übernehmen' }));
    expect(await drawer.findByRole('combobox', { name: 'Art.-Nr.' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/enquiry/bom/header'))).toBe(false);

    await user.click(drawer.getByRole('combobox', { name: 'Art.-Nr.' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bestellnummer' }));
    await user.click(drawer.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/enquiry/bom/map')).toBe(true));
    expect(calls.find((c) => c.url === '/api/enquiry/bom/map')!.body).toEqual({
      enquiryId: 'e1',
      offerId: 'o1',
      headerRowIndex: 3,
      mapping: [{ columnIndex: 1, importHeader: 'Art.-Nr.', articleField: 'orderNumber' }],
    });
    // the panel follows the offer's job
    expect(await screen.findByTestId('bom-summary')).toHaveTextContent('75');
  });

  it('a released offer: only the downloads (original revision, generated supplier files), no Map', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show(false, (c) =>
      c.url === `/api/enquiry/bom/summary?${offerQuery}` ? { body: { summary } } : undefined,
    );
    expect(await screen.findByTestId('bom-summary')).toHaveTextContent('4');
    expect(screen.queryByRole('button', { name: 'Zuordnen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    await user.click(screen.getByRole('button', { name: /Beistellteile/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/enquiry/bom/generated?${offerQuery}&part=suppliedParts`)).toBe(true),
    );
  });

  it('is on the offer page of the offer’s supplier only', () => {
    const panel = bomFeature.panels!.find((p) => p.record === 'offer')!;
    const offer = makeOffer({ supplierId: 's1', customerId: 'c1' });
    const visible = panel.visible as (o: typeof offer, c: ReturnType<typeof principalOf>) => boolean;
    expect(visible(offer, principalOf(supplierUser))).toBe(true);
    expect(visible(makeOffer({ supplierId: 's2' }), principalOf(supplierUser))).toBe(false);
  });
});
