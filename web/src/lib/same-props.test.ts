import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { sameProps } from './same-props';

describe('sameProps', () => {
  const handler = () => undefined;

  it('equal: the same values, and objects, arrays and elements built again with the same contents', () => {
    expect(sameProps({ a: 1, b: 'x', on: handler }, { a: 1, b: 'x', on: handler })).toBe(true);
    expect(
      sameProps(
        { slotProps: { htmlInput: { inputMode: 'decimal', 'data-max': 5 } }, options: [{ value: 'A', label: 'a' }] },
        { slotProps: { htmlInput: { inputMode: 'decimal', 'data-max': 5 } }, options: [{ value: 'A', label: 'a' }] },
      ),
    ).toBe(true);
    expect(
      sameProps(
        { end: createElement('span', { className: 'x' }, 'EUR') },
        { end: createElement('span', { className: 'x' }, 'EUR') },
      ),
    ).toBe(true);
    expect(sameProps({ value: Number.NaN }, { value: Number.NaN })).toBe(true);
  });

  it('different: a changed value at any level, another key, another function, another element', () => {
    expect(sameProps({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameProps({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameProps({ a: 1, c: undefined }, { a: 1, b: undefined })).toBe(false);
    expect(sameProps({ on: handler }, { on: () => undefined })).toBe(false);
    expect(sameProps({ s: { h: { max: 5 } } }, { s: { h: { max: 6 } } })).toBe(false);
    expect(sameProps({ o: [{ value: 'A' }] }, { o: [{ value: 'A' }, { value: 'B' }] })).toBe(false);
    expect(sameProps({ o: [1] }, { o: { 0: 1 } })).toBe(false);
    expect(sameProps({ e: createElement('span', null, 'a') }, { e: createElement('b', null, 'a') })).toBe(false);
    expect(sameProps({ e: createElement('span', null, 'a') }, { e: createElement('span', null, 'b') })).toBe(false);
    expect(sameProps({ e: createElement('span', { key: 1 }) }, { e: createElement('span', { key: 2 }) })).toBe(false);
  });

  it('different: objects that are not plain (a date, a map) unless they are the same object, and too deep a nesting', () => {
    expect(sameProps({ d: new Date(0) }, { d: new Date(0) })).toBe(false);
    const day = new Date(0);
    expect(sameProps({ d: day }, { d: day })).toBe(true);
    expect(sameProps({ a: { b: { c: { d: { e: 1 } } } } }, { a: { b: { c: { d: { e: 1 } } } } })).toBe(false);
  });
});
