import type { Request, RequestHandler, Response } from 'express';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { ApiError } from '../platform/api-error.js';

/**
 * A value of the wrong shape (an array or object where a string is expected) can make a yup transform
 * (e.g. trim) throw a TypeError instead of a ValidationError: that is the client's fault, answer 400.
 */
function asValidationError(error: unknown): Error {
  return error instanceof ValidationError
    ? error
    : ApiError.badRequest('validation', [{ path: '', key: 'validation.type' }]);
}

/**
 * `value` without the keys `Object.prototype` has (`__proto__`, `constructor`, `toString`, …), at any depth: no schema
 * has such a field, and yup looks an unknown key up in a plain object of fields, so `{"toString": 1}` would reach
 * `Object.prototype.toString` and throw a TypeError (a 500) instead of being stripped like any other unknown key.
 */
function withoutPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(key in Object.prototype))
      .map(([key, v]) => [key, withoutPrototypeKeys(v)]),
  );
}

/**
 * The API's one way to check a client's input against a model schema (the body and query middlewares below, and the
 * multipart and JSON form fields the routes read themselves): abortEarly off, unknown keys stripped unless
 * `stripUnknown: false`, and anything the client sent that makes the schema throw answers 400, never 500.
 */
export async function validateInput<T extends AnyObject>(
  schema: ObjectSchema<T>,
  input: unknown,
  { stripUnknown = true } = {},
): ReturnType<ObjectSchema<T>['validate']> {
  return schema.validate(withoutPrototypeKeys(input), { abortEarly: false, stripUnknown }).catch((error: unknown) => {
    throw asValidationError(error);
  });
}

/** Validates what `read` picks and hands the value to `store`. */
function validateWith<T extends AnyObject>(
  schema: ObjectSchema<T>,
  read: (req: Request) => unknown,
  store: (req: Request, res: Response, value: unknown) => void,
): RequestHandler {
  return async (req, res, next) => {
    store(req, res, await validateInput(schema, read(req) ?? {}));
    next();
  };
}

/** Validates req.body against a yup schema (abortEarly off, unknown keys stripped) and replaces it. */
export function validateBody<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return validateWith(
    schema,
    (req) => req.body,
    (req, _res, value) => {
      req.body = value;
    },
  );
}

/**
 * A query parameter sent twice (`page=1&page=2`) is only meaningful for list fields: any other repeated one answers
 * 400 instead of silently taking a value.
 */
function refuseRepeatedScalars<T extends AnyObject>(schema: ObjectSchema<T>, query: Record<string, unknown>) {
  const fields = schema.fields as Record<string, { type?: string } | undefined>;
  const repeated = Object.entries(query)
    .filter(([key, value]) => Array.isArray(value) && fields[key] && fields[key].type !== 'array')
    .map(([key]) => ({ path: key, key: 'validation.type' }));
  if (repeated.length) throw ApiError.badRequest('validation', repeated);
  return query;
}

/** Validates req.query; the parsed value is stored in res.locals.query (req.query is a getter). */
export function validateQuery<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return validateWith(
    schema,
    (req) => refuseRepeatedScalars(schema, req.query as Record<string, unknown>),
    (_req, res, value) => {
      res.locals.query = value;
    },
  );
}
