import GlobalStyles from '@mui/material/GlobalStyles';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS, TOAST_PLACEMENT } from '@/config/toast';

/**
 * The toast container (spec 9), loaded once something that can toast is loaded (lib/toasts-needed), placed where it
 * covers no control (config/toast TOAST_PLACEMENT).
 */
export function Toasts() {
  return (
    <>
      <GlobalStyles styles={TOAST_PLACEMENT} />
      <ToastContainer {...TOAST_OPTIONS} />
    </>
  );
}
