import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BomMappingProposal } from '@model/bom-job';
import type { TaskState } from '@model/background-task';
import { principalOf } from '@/lib/current-user/principal';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { customerUser } from '@/testing/enquiry-fixtures';
import { BomJobSection } from './bom-job-section';

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const proposal: BomMappingProposal = {
  headers: ['Pos', 'Bestellnummer', 'Menge'],
  bomHeaderRowIndex: 1,
  mapping: [{ columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' }],
  source: 'computed',
};

describe('BomJobSection: a background mapping of a large BOM', () => {
  it('closes the side panel and shows the real percent on the panel until the task is done', async () => {
    const user = userEvent.setup({ delay: null });
    let state: TaskState = 'running';
    let percent = 21;
    const calls = mockFetch((c) => {
      if (c.url === '/api/enquiry/bom/mapping?enquiryId=e1') return { body: proposal };
      if (c.url === '/api/enquiry/bom/map') return { status: 202, body: { taskId: 't1' } };
      if (c.url === '/api/enquiry/bom/job?enquiryId=e1&taskId=t1')
        return { body: { state, progress: { done: percent * 60, total: 6001, percent } } };
      return undefined;
    });
    const onCloseMapping = vi.fn();
    /** the record's panel: the Map button's state, closed by the side panel */
    function Panel() {
      const [mapping, setMapping] = useState(true);
      return (
        <BomJobSection
          owner={{ enquiryId: 'e1' }}
          hasFile
          summary={undefined}
          caller={principalOf(customerUser)}
          canChange
          mapping={mapping}
          onCloseMapping={() => {
            onCloseMapping();
            setMapping(false);
          }}
        />
      );
    }
    const { queryClient } = renderPage(<Panel />, { user: customerUser });
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onCloseMapping).toHaveBeenCalledTimes(1));
    // the side panel is gone (its closing transition ended): the panel's progress is what the user sees
    await waitFor(() => expect(screen.queryByTestId('bom-mapping')).not.toBeInTheDocument());
    expect(await screen.findByText('Die Stückliste ist groß und wird im Hintergrund zugeordnet (21 %).')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Zuordnung im Hintergrund' })).toHaveAttribute(
      'aria-valuenow',
      '21',
    );

    // the next answers of the poll (refetched on the event here, not on the 2-second clock)
    percent = 63;
    await queryClient.invalidateQueries({ queryKey: ['bom-task'] });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Zuordnung im Hintergrund' })).toHaveAttribute(
        'aria-valuenow',
        '63',
      ),
    );
    state = 'done';
    percent = 100;
    await queryClient.invalidateQueries({ queryKey: ['bom-task'] });
    await waitFor(() => expect(screen.queryByTestId('bom-task-progress')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/bom/job')).length).toBe(3);
    // a final task is forgotten: a reload of the page shows no progress
    expect(sessionStorage.getItem('schrankwerk.bomTask.e1:')).toBeNull();
  });

  it('after a reload the running task is shown again (the tab remembers it); a task the server does not know is dropped', async () => {
    sessionStorage.setItem('schrankwerk.bomTask.e1:', 't7');
    sessionStorage.setItem('schrankwerk.bomTask.e2:', 'gone');
    mockFetch((c) => {
      if (c.url === '/api/enquiry/bom/job?enquiryId=e1&taskId=t7')
        return { body: { state: 'running', progress: { done: 2400, total: 6001, percent: 40 } } };
      if (c.url === '/api/enquiry/bom/job?enquiryId=e2&taskId=gone') return { status: 404, body: { code: 'notFound' } };
      return undefined;
    });
    const section = (enquiryId: string) => (
      <BomJobSection
        owner={{ enquiryId }}
        hasFile
        summary={undefined}
        caller={principalOf(customerUser)}
        canChange={false}
        mapping={false}
        onCloseMapping={() => undefined}
      />
    );
    renderPage(
      <>
        {section('e1')}
        {section('e2')}
      </>,
      { user: customerUser },
    );
    expect(await screen.findByText('Die Stückliste ist groß und wird im Hintergrund zugeordnet (40 %).')).toBeVisible();
    await waitFor(() => expect(sessionStorage.getItem('schrankwerk.bomTask.e2:')).toBeNull());
    expect(screen.getAllByTestId('bom-task-progress')).toHaveLength(1);
    expect(sessionStorage.getItem('schrankwerk.bomTask.e1:')).toBe('t7');
  });
});
