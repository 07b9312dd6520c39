import { useLocation, useParams } from 'react-router-dom';
import { useLoad } from './use-load';

/**
 * The record of a form page `/<area>/:id` ('new' = create, data null). A row passed in navigation state
 * under `stateKey` (`navigate('/user/id', { state: { user } })`) is used as is; otherwise `get(id)` loads it.
 */
export function useRouteRecord<T extends { id: string }>(stateKey: string, get: (id: string) => Promise<T>) {
  const { id = 'new' } = useParams();
  const fromState = (useLocation().state as Record<string, T | undefined> | null)?.[stateKey];
  const isNew = id === 'new';
  const loaded = useLoad<T | null>(
    () => (isNew ? Promise.resolve(null) : fromState?.id === id ? Promise.resolve(fromState) : get(id)),
    null,
    [id],
  );
  return { id, isNew, ...loaded };
}
