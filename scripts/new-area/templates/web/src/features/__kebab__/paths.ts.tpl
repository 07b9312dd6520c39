/** The __Label__ area's routes: `path` is the react-router pattern, `getHref` builds the link. */
const id = (value: string) => encodeURIComponent(value);

export const __camel__Paths = {
  list: { path: '/__kebab__', getHref: () => '/__kebab__' },
  record: { path: '/__kebab__/:id', getHref: (recordId: string) => `/__kebab__/${id(recordId)}` },
};
