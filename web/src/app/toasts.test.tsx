import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { TOAST_CLEAR_OF_HEADER_ICONS } from '@/config/toast';
import { Toasts } from './toasts';

describe('Toasts', () => {
  it('stand at the top right inside the app bar, left of its icons; on a phone at the bottom above the action bar', async () => {
    render(<Toasts />);
    toast.success('Die Anfrage wurde gespeichert.');
    expect(await screen.findByText('Die Anfrage wurde gespeichert.')).toBeInTheDocument();
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    const rule = /\.Toastify__toast-container\.Toastify__toast-container--top-right\{([^}]*)\}/.exec(
      css.replace(/\s/g, ''),
    );
    expect(rule?.[1]).toContain('top:8px');
    expect(rule?.[1]).toContain(`right:${TOAST_CLEAR_OF_HEADER_ICONS}px`);
    expect(rule?.[1]).toContain('--toastify-toast-width:340px');
    expect(css.replace(/\s/g, '')).toContain('bottom:calc(var(--page-bottom-bar,0px)+8px)');
  });
});
