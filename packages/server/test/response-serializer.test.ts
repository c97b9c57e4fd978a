import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parsesAsItEncodes, responseSerializer } from '../src/lib/response-serializer.js';

const serialize = (schema: z.ZodType, data: unknown) =>
  responseSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<
    typeof responseSerializer
  >[0])(data);

describe('the response serializer', () => {
  it('parses only where nothing inside the schema runs differently when encoding', () => {
    const leaf = z.object({ id: z.number(), name: z.string().nullable() });
    expect(parsesAsItEncodes(z.object({ code: z.number(), data: z.array(leaf).optional() }))).toBe(true);
    expect(parsesAsItEncodes(z.union([leaf, z.record(z.string(), leaf), z.tuple([leaf])]))).toBe(true);
    // Deep inside: a transform, a codec, a default, a catch, a preprocess; and through a lazy schema.
    const hidden = [
      z.string().transform((s) => s.length),
      z.codec(z.string(), z.number(), { decode: Number, encode: String }),
      z.number().default(0),
      z.number().catch(0),
      z.preprocess((v) => v, z.number()),
    ];
    for (const inner of hidden) {
      expect(parsesAsItEncodes(z.object({ data: z.array(z.object({ deep: inner })) }))).toBe(false);
      expect(parsesAsItEncodes(z.lazy(() => z.object({ deep: inner.optional() })))).toBe(false);
    }
    // A schema that refers to itself is walked once.
    interface Node {
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ children: z.array(node) }));
    expect(parsesAsItEncodes(node)).toBe(true);
  });

  it('strips what the contract does not name and refuses what breaks it, either way', () => {
    const plain = z.object({ code: z.number(), data: z.object({ id: z.number() }) });
    const encoded = z.object({
      code: z.number(),
      data: z.object({ id: z.number(), at: z.number().default(1) }),
    });
    for (const schema of [plain, encoded]) {
      expect(
        JSON.parse(serialize(schema, { code: 0, data: { id: 1, at: 1, password: 'x' }, extra: 1 })),
      ).toEqual(schema === plain ? { code: 0, data: { id: 1 } } : { code: 0, data: { id: 1, at: 1 } });
      expect(() => serialize(schema, { code: 0, data: { id: 'one' } })).toThrow();
    }
  });
});
