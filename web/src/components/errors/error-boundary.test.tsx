import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocationProbe } from '@/testing/render';
import { ErrorBoundary } from './error-boundary';

let broken = true;
function MaybeBoom() {
  const [n] = useState(0);
  if (broken) throw new Error(`kaputt ${n}`);
  return <p>Start</p>;
}

describe('ErrorBoundary (the app router has no errorElement)', () => {
  it('a render error shows the error page; its back button goes to / and renders again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/x']}>
        <ErrorBoundary>
          <Routes>
            <Route path="*" element={<MaybeBoom />} />
          </Routes>
        </ErrorBoundary>
        <LocationProbe />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(screen.getByTestId('error-detail')).toHaveTextContent('Ein unbekannter Fehler ist aufgetreten');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByText('Start')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });
});
