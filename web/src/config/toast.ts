import { TOAST_AUTO_CLOSE_MS } from '@model/constants';
import type { ToastContainerProps } from 'react-toastify';

/** Spec 9: top-right, 5000 ms auto close, drag to dismiss at 80 %. */
export const TOAST_OPTIONS: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggablePercent: 80,
  newestOnTop: true,
};
