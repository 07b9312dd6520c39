import { Router } from 'express';
import { db, bucket } from '../../firebase.js';

// Proves browser -> Hosting -> function -> Firestore + Storage end to end.
export const healthRouter = Router();

healthRouter.get('/', async (_req, res) => {
  const probe = db.collection('_health').doc('probe');
  await probe.set({ checkedAt: new Date() });
  const firestore = (await probe.get()).exists;
  const file = bucket().file('_health/probe.txt');
  await file.save('ok', { contentType: 'text/plain' });
  const [content] = await file.download();
  res.json({ status: 'ok', firestore, storage: content.toString() === 'ok' });
});
