import { TOAST_AUTO_CLOSE_MS } from '@model/constants';
import type { ToastContainerProps } from 'react-toastify';

/** Spec 9: top-right, 5000 ms auto close, drag to dismiss at 80 %. Several toasts stack into one place. */
export const TOAST_OPTIONS: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggablePercent: 80,
  newestOnTop: true,
  stacked: true,
};

/** The header's icons at the right of the app bar (booking, profile) that a toast leaves free. */
export const TOAST_CLEAR_OF_HEADER_ICONS = 112;

/** What a phone's action bar (components/record-summary ActionBar) reserves at the bottom of the screen. */
export const BOTTOM_BAR_VARIABLE = '--page-bottom-bar';

/**
 * Where toasts stand, so they cover no control of the page: from `sm` at the top right inside the app bar's band,
 * left of its icons, narrow and compact (the list's search box, export button and column headers stay free); on a
 * phone at the bottom, above a record's action bar.
 */
export const TOAST_PLACEMENT = {
  '.Toastify__toast-container.Toastify__toast-container--top-right': {
    '--toastify-toast-width': '340px',
    '--toastify-toast-min-height': '48px',
    '--toastify-toast-padding': '8px 12px',
    top: 8,
    right: TOAST_CLEAR_OF_HEADER_ICONS,
    fontSize: '0.875rem',
    '@media (max-width: 599.95px)': {
      top: 'auto',
      bottom: `calc(var(${BOTTOM_BAR_VARIABLE}, 0px) + 8px)`,
      left: 8,
      right: 8,
      width: 'auto',
    },
  },
} as const;
