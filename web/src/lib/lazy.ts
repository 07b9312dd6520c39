import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component whose code is a chunk of its own, loaded on first render or earlier through `preload()`. */
export type LazyComponent<P extends object = object> = ComponentType<P> & {
  /** loads the chunk; once it has resolved, the component renders at once (no Suspense fallback) */
  preload: () => Promise<void>;
};

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * `lazyComponent(() => import('./components/bom-panel'), 'BomPanel')`: React's `lazy` for a named export, plus
 * `preload()`. A mount after the chunk has loaded renders the component directly, so a test (or a hover) that
 * preloads waits on the load itself instead of on the next Suspense round. Each mount keeps the choice it made,
 * so a re-render never swaps the element type under the page's state.
 */
export function lazyComponent<M, N extends keyof M>(
  load: () => Promise<M>,
  name: N,
): LazyComponent<PropsOf<M[N]> & object> {
  return lazyFrom(async () => (await load())[name] as ComponentType<PropsOf<M[N]> & object>);
}

/** The same for a loader that produces the component itself (lib/feature's `lazyPage` wraps the page first). */
export function lazyFrom<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk load may be retried (next render or preload)
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Component(props: P) {
    const [Target] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Target, props);
  }
  return Object.assign(Component, { preload });
}

/** Loads the chunk of a lazily loaded component (a no-op for any other component). */
export function preload(component: unknown): Promise<void> {
  return (component as Partial<LazyComponent> | undefined)?.preload?.() ?? Promise.resolve();
}
