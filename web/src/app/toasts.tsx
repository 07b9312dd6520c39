import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS } from '@/config/toast';

/** The toast container (spec 9), loaded once something that can toast is loaded (lib/toasts-needed). */
export function Toasts() {
  return <ToastContainer {...TOAST_OPTIONS} />;
}
