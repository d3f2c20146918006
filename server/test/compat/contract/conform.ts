import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Recorded } from './recorded-answers';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Conformance = {
  /** Keys of the recorded answer that are data (a country id, a service code), renamed to Jiema's: path → new key. */
  rekey?: Record<string, string>;
  /**
   * Paths (after rekey) whose value is Jiema's own: it must exist and have the recorded value's type.
   * `#path`: a string with the same shape of digits (dates); `!path`: any type (the docs show a
   * placeholder such as "Cost").
   */
  vary?: string[];
  /** Compare only the recorded entries of a top-level map (a catalogue lists many, the docs one). */
  entries?: boolean;
  /** Objects (after rekey) cut to as many keys as the recorded one has: a country's operators list, say. */
  trim?: string[];
  /** Plain text: the `:`-separated fields (by index) that are Jiema's own (digits where the recorded are). */
  fields?: number[];
};

const split = (path: string) => (path === '' ? [] : path.split('.'));

function at(value: Json, path: string): Json | undefined {
  let here: Json | undefined = value;
  for (const key of split(path)) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, Json>)[key];
  }
  return here;
}

function put(value: Json, path: string, next: Json) {
  const keys = split(path);
  const last = keys.pop()!;
  const parent = at(value, keys.join('.')) as Record<string, Json>;
  parent[last] = next;
}

/** Renames a key, keeping its place among its siblings (key order is part of the bytes). */
function rename(value: Json, path: string, to: string) {
  const keys = split(path);
  const from = keys.pop()!;
  const parentPath = keys.join('.');
  const parent = at(value, parentPath) as Record<string, Json>;
  const renamed = Object.fromEntries(Object.entries(parent).map(([k, v]) => [k === from ? to : k, v]));
  if (parentPath === '') return renamed;
  put(value, parentPath, renamed);
  return value;
}

/** The entries of `actual` named in `expected`, in `expected`'s order. */
function pick(actual: Json, expected: Json) {
  const mine = actual as Record<string, Json>;
  return Object.fromEntries(Object.keys(expected as object).map((k) => [k, mine[k] ?? null]));
}

const kind = (v: Json | undefined) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * The answer is the recorded one byte for byte once Jiema's own values are put in: same HTTP status,
 * same Content-Type header, same keys in the same order, same types, same constants.
 */
export function expectRecorded(res: LightMyRequestResponse, recorded: Recorded, how: Conformance = {}) {
  expect(res.statusCode, res.body).toBe(recorded.status);
  expect(res.headers['content-type']).toBe(recorded.type);
  if (how.fields || !recorded.type.includes('json')) {
    const mine = res.body.split(':');
    const theirs = recorded.body.split(':');
    expect(mine.length, res.body).toBe(theirs.length);
    for (const i of how.fields ?? []) {
      expect(mine[i], res.body).toMatch(/^\d+(\.\d+)?$/);
      theirs[i] = mine[i]!;
    }
    expect(res.body).toBe(theirs.join(':'));
    return;
  }
  let expected = JSON.parse(recorded.body) as Json;
  const actual = JSON.parse(res.body) as Json;
  for (const [path, to] of Object.entries(how.rekey ?? {})) expected = rename(expected, path, to);
  for (const mark of how.vary ?? []) {
    const path = mark.replace(/^[#!]/, '');
    const theirs = at(expected, path);
    const mine = at(actual, path);
    expect(mine, `${path} in ${res.body}`).not.toBeUndefined();
    if (!mark.startsWith('!')) expect(kind(mine), `${path} in ${res.body}`).toBe(kind(theirs));
    if (mark.startsWith('#')) {
      // The same digits in the same places; fractions of a second may be longer or shorter (Go's
      // RFC 3339 with nanoseconds drops trailing zeros, so 5sim's own vary in length).
      const shape = (v: unknown) => String(v).replace(/\.\d+/, '.9').replace(/\d/g, '9');
      expect(shape(mine), path).toBe(shape(theirs));
    }
    put(expected, path, mine as Json);
  }
  for (const path of how.trim ?? []) {
    const count = Object.keys(at(expected, path) as object).length;
    const mine = at(actual, path) as Record<string, Json>;
    put(actual, path, Object.fromEntries(Object.entries(mine).slice(0, count)));
  }
  if (how.trim?.length) {
    expect(JSON.stringify(how.entries ? pick(actual, expected) : actual)).toBe(JSON.stringify(expected));
    return;
  }
  if (how.entries) {
    expect(JSON.stringify(pick(actual, expected))).toBe(JSON.stringify(expected));
    return;
  }
  expect(res.body).toBe(JSON.stringify(expected));
}
