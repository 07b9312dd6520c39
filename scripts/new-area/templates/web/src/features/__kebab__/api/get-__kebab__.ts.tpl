import { queryOptions, useQuery } from '@tanstack/react-query';
import type { __Pascal__Record } from '@model/__kebab__';
import { api } from '@/lib/api-client';
import { __camel__Keys } from './keys';

/** GET /__kebab__/?id= - platform admin. No toast: the record page shows not found / forbidden. */
function get__Pascal__(id: string): Promise<__Pascal__Record> {
  return api.get<__Pascal__Record>('/__kebab__/', { query: { id } });
}

const get__Pascal__QueryOptions = (id: string) =>
  queryOptions({ queryKey: __camel__Keys.detail(id), queryFn: () => get__Pascal__(id) });

/** One record; `initialData`: the row the list passed in navigation state. */
export function use__Pascal__({ id, initialData }: { id: string; initialData?: __Pascal__Record }) {
  return useQuery({ ...get__Pascal__QueryOptions(id), initialData });
}
