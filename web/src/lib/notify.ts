import { toast } from 'react-toastify';
import { requestToasts } from './toasts-needed';

// whoever loads this module can raise toasts: the app mounts its toast container now
requestToasts();

/** The four notification levels of spec 9 (warn, info, error, success); texts are already translated. */
export const notify = {
  warn: (text: string) => toast.warn(text),
  info: (text: string) => toast.info(text),
  error: (text: string) => toast.error(text),
  success: (text: string) => toast.success(text),
};

/** react-toastify's `toast` for own toast flows (the form page's pending -> result toast); use it only via here. */
export { toast };
