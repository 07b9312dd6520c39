import { createContainer } from './container.js';
import { auth, db } from './firebase.js';

/** The production wiring: the process-wide admin app of firebase.ts. */
export const defaultContainer = () => createContainer({ db, auth });
