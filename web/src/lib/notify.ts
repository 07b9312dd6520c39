import { toast } from 'react-toastify';

/** The four notification levels of spec 9 (warn, info, error, success); texts are already translated. */
export const notify = {
  warn: (text: string) => toast.warn(text),
  info: (text: string) => toast.info(text),
  error: (text: string) => toast.error(text),
  success: (text: string) => toast.success(text),
};
