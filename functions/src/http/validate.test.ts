import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { ApiError } from '../platform/api-error.js';
import { validateInput } from './validate.js';

const schema = yup.object({
  title: yup.string().required('validation.required'),
  rows: yup.array().of(yup.object({ name: yup.string().required('validation.required') })),
});

describe('validateInput', () => {
  it('strips keys Object.prototype has at any depth instead of throwing (yup looks them up as fields)', async () => {
    // without the stripping yup throws "field.resolve is not a function": a 500
    await expect(schema.validate({ title: 'x', toString: 1 }, { stripUnknown: true })).rejects.toThrow(TypeError);
    const input = JSON.parse('{"title":"x","toString":1,"__proto__":{"a":1},"rows":[{"name":"n","constructor":2}]}');
    await expect(validateInput(schema, input)).resolves.toEqual({ title: 'x', rows: [{ name: 'n' }] });
  });

  it('still refuses what the schema refuses, with its field keys', async () => {
    const error = await validateInput(schema, JSON.parse('{"rows":[{"__proto__":{"name":"n"}}]}')).catch((e) => e);
    expect(error).toBeInstanceOf(yup.ValidationError);
    expect((error as yup.ValidationError).inner.map((e) => e.path).sort()).toEqual(['rows[0].name', 'title']);
  });

  it('answers 400 validation for a value of the wrong shape that makes a transform throw', async () => {
    const trimmed = yup.object({ title: yup.string().trim() });
    const error = await validateInput(trimmed, { title: { toString: null } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation' });
  });
});
