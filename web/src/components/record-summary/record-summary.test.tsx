import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@/testing/render';
import { FactList } from './fact-list';
import { RecordLayout } from './record-layout';
import { RecordSummary } from './record-summary';

describe('RecordSummary', () => {
  it('title, name, state, what matters and the actions in a named toolbar; back to the list', () => {
    renderPage(
      <RecordSummary
        title="Angebot ansehen"
        name="A-100"
        status={<span data-testid="chip">Offen</span>}
        testId="offer-info"
        backTo="/offer"
        actions={<button type="button">Annehmen</button>}
      >
        <p>12.345,67 €</p>
      </RecordSummary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Angebot ansehen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Angebot ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-name')).toHaveTextContent('A-100');
    expect(within(screen.getByTestId('offer-info')).getByTestId('chip')).toBeInTheDocument();
    expect(screen.getByText('12.345,67 €')).toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Aktionen' });
    expect(within(bar).getByRole('button', { name: 'Annehmen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/offer');
  });

  it('no actions: no action bar (nothing fixed at the bottom of a phone)', () => {
    renderPage(<RecordSummary title="Anfrage ansehen" name="X" status={null} backTo="/enquiry" />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('action-bar')).not.toBeInTheDocument();
  });
});

describe('FactList', () => {
  it('label and value pairs of a description list, with a note under a value', () => {
    renderPage(
      <FactList
        facts={[
          { id: 'regulation', label: 'Norm', value: 'UL' },
          { id: 'packaging', label: 'Verpackung', value: 'Holzkiste', note: 'Anfrage: Eurobox' },
        ]}
      />,
    );
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Norm', 'Verpackung']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['UL', 'HolzkisteAnfrage: Eurobox']);
    expect(screen.getByTestId('fact-packaging')).toHaveTextContent('Anfrage: Eurobox');
  });
});

describe('RecordLayout', () => {
  it('the header across, the record and its panels as two columns', () => {
    renderPage(<RecordLayout header={<header>Kopf</header>} main={<p>Bedingungen</p>} side={<p>Dokumente</p>} />);
    expect(within(screen.getByTestId('record-main')).getByText('Bedingungen')).toBeInTheDocument();
    expect(within(screen.getByTestId('record-side')).getByText('Dokumente')).toBeInTheDocument();
    expect(screen.getByText('Kopf')).toBeInTheDocument();
  });
});
