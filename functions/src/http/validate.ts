import type { Request, RequestHandler, Response } from 'express';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { ApiError } from './api-error.js';

/**
 * A value of the wrong shape (an array or object where a string is expected) can make a yup transform
 * (e.g. trim) throw a TypeError instead of a ValidationError: that is the client's fault, answer 400.
 */
function asValidationError(error: unknown): Error {
  return error instanceof ValidationError
    ? error
    : ApiError.badRequest('validation', [{ path: '', key: 'validation.type' }]);
}

/** Validates what `read` picks (abortEarly off, unknown keys stripped) and hands the value to `store`. */
function validateWith<T extends AnyObject>(
  schema: ObjectSchema<T>,
  read: (req: Request) => unknown,
  store: (req: Request, res: Response, value: unknown) => void,
): RequestHandler {
  return async (req, res, next) => {
    const value = await schema
      .validate(read(req) ?? {}, { abortEarly: false, stripUnknown: true })
      .catch((error: unknown) => {
        throw asValidationError(error);
      });
    store(req, res, value);
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

/** Validates req.query; the parsed value is stored in res.locals.query (req.query is a getter). */
export function validateQuery<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return validateWith(
    schema,
    (req) => req.query,
    (_req, res, value) => {
      res.locals.query = value;
    },
  );
}
