import { HOSTS, PROJECT_ID } from './env.js';

async function del(url: string): Promise<void> {
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`reset ${url}: ${res.status} ${await res.text()}`);
}

/** Wipes all Firestore documents (the emulator's REST reset endpoint). */
const resetFirestore = () =>
  del(`http://${HOSTS.firestore}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`);

/** Deletes all Auth emulator accounts. */
const resetAuth = () => del(`http://${HOSTS.auth}/emulator/v1/projects/${PROJECT_ID}/accounts`);

export async function resetAll(): Promise<void> {
  await Promise.all([resetFirestore(), resetAuth()]);
}
