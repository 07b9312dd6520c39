import { isValidElement } from 'react';

/** Deeper than this, values count as equal only when they are the same object. */
const MAX_DEPTH = 4;

/**
 * `React.memo`'s comparison for components whose callers build their props inline: equal when every prop is the same
 * value, or a plain object, array or React element with equal contents (a few levels deep: `slotProps.htmlInput`, a
 * select's options, an adornment). Functions count as equal only when they are the same function, so a component
 * whose caller passes a fresh handler renders again - slower, never stale.
 */
export function sameProps(a: object, b: object): boolean {
  return equal(a, b, 0);
}

function equal(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (depth >= MAX_DEPTH || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isValidElement(a) || isValidElement(b))
    return (
      isValidElement(a) &&
      isValidElement(b) &&
      a.type === b.type &&
      a.key === b.key &&
      equal(a.props, b.props, depth + 1)
    );
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i], depth + 1))
    );
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1),
  );
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
