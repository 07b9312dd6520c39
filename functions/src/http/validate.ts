import type { NextFunction, RequestHandler } from 'express';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { ApiError } from './api-error.js';

/**
 * A value of the wrong shape (an array or object where a string is expected) can make a yup transform
 * (e.g. trim) throw a TypeError instead of a ValidationError: that is the client's fault, answer 400.
 */
function toValidationError(next: NextFunction) {
  return (error: unknown) => {
    if (error instanceof ValidationError) next(error);
    else next(ApiError.badRequest('validation', [{ path: '', key: 'validation.type' }]));
  };
}

/** Validates req.body against a yup schema (abortEarly off, unknown keys stripped) and replaces it. */
export function validateBody<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return (req, _res, next) => {
    Promise.resolve()
      .then(() => schema.validate(req.body ?? {}, { abortEarly: false, stripUnknown: true }))
      .then((value) => {
        req.body = value;
        next();
      }, toValidationError(next));
  };
}

/** Validates req.query; the parsed value is stored in res.locals.query (req.query is a getter). */
export function validateQuery<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => schema.validate(req.query ?? {}, { abortEarly: false, stripUnknown: true }))
      .then((value) => {
        res.locals.query = value;
        next();
      }, toValidationError(next));
  };
}
