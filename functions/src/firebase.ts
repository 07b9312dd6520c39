import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { defaultBucketName } from './config.js';

// One admin app per process. The project id comes from the runtime (GCLOUD_PROJECT), so the
// emulator stack's `demo-` project can never reach production.
const app = getApps()[0] ?? initializeApp({ storageBucket: defaultBucketName() });

export const db = getFirestore(app);
db.settings({ ignoreUndefinedProperties: true });
export const auth = getAuth(app);
export const bucket = () => getStorage(app).bucket();
