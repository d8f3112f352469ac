import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer.ts';

const compile = (schema: z.ZodType) =>
  answerSerializerCompiler({ schema, method: 'GET', url: '/api/probe', httpStatus: '200' } as never) as (data: unknown) => string;

describe('the answer serializer', () => {
  const person = z.object({
    id: z.number(),
    name: z.string(),
    team: z.string().nullable(),
    picture: z.object({ url: z.string() }).nullable(),
    tags: z.array(z.string()),
    streams: z.record(z.string(), z.string()),
  });

  it('writes the declared properties only, so a column the row carries beyond them never leaves', () => {
    const written = JSON.parse(
      compile(person)({
        id: 7,
        name: 'Mia',
        team: null,
        picture: { url: '/p.jpg', storage_key: 'secret-key' },
        tags: ['a'],
        streams: { '640x360': '/s.m3u8' },
        email: 'mia@example.com',
        password_hash: '$argon2id$secret',
      }),
    );
    expect(written).toEqual({ id: 7, name: 'Mia', team: null, picture: { url: '/p.jpg' }, tags: ['a'], streams: { '640x360': '/s.m3u8' } });
  });

  it('writes nullable values as given and strings with quotes and line breaks escaped', () => {
    const text = 'He said "stop"\nthen </script>';
    expect(JSON.parse(compile(person)({ id: 1, name: text, team: 'Line 2', picture: null, tags: [], streams: {} }))).toEqual({
      id: 1,
      name: text,
      team: 'Line 2',
      picture: null,
      tags: [],
      streams: {},
    });
  });

  it('refuses an answer missing a required property rather than sending half of it', () => {
    expect(() => compile(person)({ id: 1, team: null, picture: null, tags: [], streams: {} })).toThrow(/name/);
  });

  it("keeps zod's own serializer for a schema JSON Schema cannot express", () => {
    const dated = z.object({ at: z.date() });
    expect(JSON.parse(compile(dated)({ at: new Date(0), extra: 1 }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
