import { auth, bucket, db } from './firebase.js';
import { createModules } from './modules.js';

/** The production wiring: the process-wide admin app of firebase.ts. */
export const defaultModules = () => createModules({ db, auth, bucket });
