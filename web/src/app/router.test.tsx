import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RenderedLocation } from './router';

describe('RenderedLocation', () => {
  it('marks the address whose page is on screen, with its query, after each navigation', async () => {
    const router = createMemoryRouter([{ path: '*', element: <RenderedLocation /> }], {
      initialEntries: ['/enquiry'],
    });
    render(<RouterProvider router={router} />);
    expect(document.documentElement.dataset.renderedLocation).toBe('/enquiry');
    await act(() => router.navigate('/offer?page=2'));
    expect(document.documentElement.dataset.renderedLocation).toBe('/offer?page=2');
  });
});
