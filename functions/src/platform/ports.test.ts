import { describe, expect, it } from 'vitest';
import { Port, Ports } from './ports.js';

describe('Ports', () => {
  it('hands a later port out on first use, once an area listed after the asker provided it', () => {
    const ports = new Ports();
    const port = new Port<{ n: number }>('later');
    const read = ports.later(port);
    expect(() => read()).toThrow(/not provided yet/);
    ports.provide(port, { n: 1 });
    ports.assertComplete();
    expect(read()).toEqual({ n: 1 });
  });

  it('fails the composition when a port asked for later is never provided', () => {
    const ports = new Ports();
    ports.later(new Port<number>('missing'));
    expect(() => ports.assertComplete()).toThrow('ports missing are asked for but no area provides them');
  });
});
