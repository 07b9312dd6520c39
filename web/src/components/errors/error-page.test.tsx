import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { ErrorPage } from './error-page';

function Boom(): never {
  throw new Error('kaputt');
}

describe('ErrorPage', () => {
  it('unknown errors: title, the unknown-error text and a back button to /', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Start</p> },
        { path: '/x', element: <Boom />, errorElement: <ErrorPage /> },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(screen.getByTestId('error-detail')).toHaveTextContent('Ein unbekannter Fehler ist aufgetreten');
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByText('Start')).toBeInTheDocument();
  });

  it('route error responses show status code and text', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/x',
          loader: () => {
            throw data('nope', { status: 404, statusText: 'Not Found' });
          },
          element: <p>never</p>,
          errorElement: <ErrorPage />,
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('error-detail')).toHaveTextContent('404 Not Found');
  });
});
