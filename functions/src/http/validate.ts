import type { RequestHandler } from 'express';
import type { AnyObject, ObjectSchema } from 'yup';

/** Validates req.body against a yup schema (abortEarly off, unknown keys stripped) and replaces it. */
export function validateBody<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return (req, _res, next) => {
    schema
      .validate(req.body ?? {}, { abortEarly: false, stripUnknown: true })
      .then((value) => {
        req.body = value;
        next();
      })
      .catch(next);
  };
}

/** Validates req.query; the parsed value is stored in res.locals.query (req.query is a getter). */
export function validateQuery<T extends AnyObject>(schema: ObjectSchema<T>): RequestHandler {
  return (req, res, next) => {
    schema
      .validate(req.query ?? {}, { abortEarly: false, stripUnknown: true })
      .then((value) => {
        res.locals.query = value;
        next();
      })
      .catch(next);
  };
}
