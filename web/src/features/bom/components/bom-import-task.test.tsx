import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AdminBomTaskState } from '@model/bom-import';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { BomImportTask } from './bom-import-task';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const adminUser = makeUser({ id: 'a2', admin: false, companyId: 'adm' }, { id: 'adm', type: 'ADMIN' });

describe('BomImportTask', () => {
  it('shows the real percent of a background import, then hands over its result', async () => {
    let task: AdminBomTaskState = {
      state: 'running',
      progress: { done: 2000, total: 5402, percent: 37 },
      resultId: 'r9',
    };
    const calls = mockFetch((c) => (c.url === '/api/admin/bom/task?taskId=t9' ? { body: task } : undefined));
    const onDone = vi.fn();
    const { queryClient } = renderPage(<BomImportTask taskId="t9" onDone={onDone} />, { user: adminUser });
    expect(await screen.findByText('Die Stückliste ist groß und wird im Hintergrund importiert (37 %).')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Import im Hintergrund' })).toHaveAttribute('aria-valuenow', '37');

    // the next answer the poll gets (refetched on the event here, not on the 2-second clock)
    task = { ...task, progress: { done: 4000, total: 5402, percent: 74 } };
    await queryClient.invalidateQueries({ queryKey: ['admin-bom', 'task'] });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Import im Hintergrund' })).toHaveAttribute('aria-valuenow', '74'),
    );
    expect(onDone).not.toHaveBeenCalled();

    task = { ...task, state: 'done', progress: { done: 5402, total: 5402, percent: 100 } };
    await queryClient.invalidateQueries({ queryKey: ['admin-bom', 'task'] });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('r9'));
    expect(screen.queryByTestId('bom-import-task')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/admin/bom/task')).length).toBe(3);
  });

  it('says why a background import failed', async () => {
    mockFetch((c) =>
      c.url === '/api/admin/bom/task?taskId=t8'
        ? {
            body: {
              state: 'failed',
              progress: { done: 400, total: 5402, percent: 7 },
              resultId: 'r8',
              error: 'bomImportTooLarge',
            },
          }
        : undefined,
    );
    const onDone = vi.fn();
    renderPage(<BomImportTask taskId="t8" onDone={onDone} />, { user: adminUser });
    expect(
      await screen.findByText(
        /^Der Import im Hintergrund ist fehlgeschlagen: Die Stückliste hat mehr als 50.000 Zeilen/,
      ),
    ).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
  });
});
