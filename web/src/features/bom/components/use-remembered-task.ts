import { useState } from 'react';

const read = (key: string): string | undefined => {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage blocked: the progress just is not kept over a reload
  }
};
const write = (key: string, id: string | undefined) => {
  try {
    if (id) sessionStorage.setItem(key, id);
    else sessionStorage.removeItem(key);
  } catch {
    // storage blocked: as above
  }
};

/**
 * The id of a background BOM task this tab started for `key` (an enquiry's or offer's BOM, the admin import), kept in
 * sessionStorage: a reload shows the task's progress again instead of losing it while the task runs on. `forget`
 * once the task is final — what is shown stays until the page changes, the next reload shows nothing.
 */
export function useRememberedTask(key: string) {
  const storageKey = `schrankwerk.bomTask.${key}`;
  const [shown, setShown] = useState<{ key: string; id?: string }>(() => ({ key: storageKey, id: read(storageKey) }));
  const taskId = shown.key === storageKey ? shown.id : read(storageKey);
  return {
    taskId,
    remember(id: string | undefined) {
      write(storageKey, id);
      setShown({ key: storageKey, id });
    },
    forget: () => write(storageKey, undefined),
  };
}
