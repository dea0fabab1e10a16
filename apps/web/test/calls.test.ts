import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { access, defineCalls, fileAnswer } from '@portal/shared/contracts';
import { ApiError } from '../src/lib/api';
import { callApi, callKey, callUrl } from '../src/lib/calls';

// The web side of the declarations: the declaration alone says where each input field goes and
// what an answer must look like; no area writes a path, a query string or a header of its own.

const calls = defineCalls('demo', {
  getThing: {
    method: 'GET',
    path: '/api/things/:id/:part',
    access: access.staff,
    summary: 'x',
    params: z.object({ id: z.coerce.number(), part: z.string() }),
    query: z.object({ q: z.string().optional(), tag: z.array(z.string()).optional(), limit: z.coerce.number() }),
    answer: z.object({ id: z.number(), name: z.string() }),
    errors: [400],
  },
  createThing: {
    method: 'POST',
    path: '/api/things/:id',
    access: access.staff,
    summary: 'x',
    params: z.object({ id: z.coerce.number() }),
    body: z.object({ name: z.string(), note: z.string().optional() }),
    answer: z.object({ ok: z.boolean() }),
    status: 201,
    idempotent: true,
    errors: [400],
  },
  uploadThing: {
    method: 'POST',
    path: '/api/things/:id/files',
    access: access.staff,
    summary: 'x',
    params: z.object({ id: z.coerce.number() }),
    multipart: { fields: z.object({ title: z.string() }), fileField: 'files' },
    answer: z.object({ ok: z.boolean() }),
    errors: [400],
  },
  thingCsv: {
    method: 'GET',
    path: '/api/things.csv',
    access: access.staff,
    summary: 'x',
    answer: fileAnswer('text/csv'),
    errors: [400],
  },
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
let sent: Sent[] = [];
const realFetch = globalThis.fetch;
function answer(status: number, text: string, type = 'application/json') {
  sent = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body });
    return new Response(text, { status, headers: { 'content-type': type } });
  }) as typeof fetch;
}
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('calls from declarations', () => {
  it('fills the path parameters (encoded) and only the declared query fields, repeated for a list', () => {
    assert.equal(
      callUrl(calls.getThing, { id: 7, part: 'a/b', q: 'x y', tag: ['1', '2'], limit: 50, stray: 'no' }),
      '/api/things/7/a%2Fb?q=x+y&tag=1&tag=2&limit=50',
    );
    assert.equal(callUrl(calls.getThing, { id: 7, part: 'p', q: '', limit: 5 }), '/api/things/7/p?limit=5');
  });

  it('sends the body fields as JSON with an Idempotency-Key kept for the same attempt', async () => {
    answer(201, '{"ok":true}');
    const input = { id: 3, name: 'N', note: undefined };
    assert.deepEqual(await callApi(calls.createThing, input), { ok: true });
    await callApi(calls.createThing, input);
    await callApi(calls.createThing, { id: 3, name: 'N' });
    assert.equal(sent.length, 3);
    assert.equal(sent[0]!.url, '/api/things/3');
    assert.equal(sent[0]!.method, 'POST');
    assert.deepEqual(JSON.parse(sent[0]!.body as string), { name: 'N' });
    const key = (s: Sent) => s.headers['Idempotency-Key'];
    assert.ok(key(sent[0]!));
    assert.equal(key(sent[0]!), key(sent[1]!), 'a retry of the same attempt keeps its key');
    assert.notEqual(key(sent[0]!), key(sent[2]!), 'the next submit gets a new key');
  });

  it('sends a multipart call as form data: its fields and each file under the declared field', async () => {
    answer(200, '{"ok":true}');
    const file = new Blob(['x'], { type: 'text/plain' });
    await callApi(calls.uploadThing, { id: 1, title: 'T', files: [file, file] });
    const form = sent[0]!.body as FormData;
    assert.ok(form instanceof FormData);
    assert.equal(form.get('title'), 'T');
    assert.equal(form.getAll('files').length, 2);
    assert.equal(sent[0]!.url, '/api/things/1/files');
  });

  it('refuses an answer that is not JSON and one of another shape, naming the call’s area', async () => {
    answer(200, '<html>login</html>', 'text/html');
    await assert.rejects(callApi(calls.getThing, { id: 1, part: 'p', limit: 1 }), (e: ApiError) => {
      assert.equal(e.kind, 'notJson');
      assert.equal(e.area, 'demo');
      return true;
    });
    answer(502, '<html>bad gateway</html>', 'text/html');
    await assert.rejects(
      callApi(calls.getThing, { id: 1, part: 'p', limit: 1 }),
      (e: ApiError) => e.kind === 'notJson',
    );
    answer(200, '{"id":"1"}');
    await assert.rejects(callApi(calls.getThing, { id: 1, part: 'p', limit: 1 }), (e: ApiError) => e.kind === 'shape');
  });

  it('keeps the server’s error message and code', async () => {
    answer(409, '{"message":"Schon vergeben","code":"demo.taken"}');
    await assert.rejects(callApi(calls.createThing, { id: 1, name: 'x' }), (e: ApiError) => {
      assert.equal(e.status, 409);
      assert.equal(e.message, 'Schon vergeben');
      assert.equal(e.kind, undefined);
      return true;
    });
  });

  it('fetches a file answer as a blob', async () => {
    answer(200, 'a;b\r\n', 'text/csv');
    const blob = await callApi(calls.thingCsv, {});
    assert.equal(await blob.text(), 'a;b\r\n');
  });

  it('keys queries by area, name and input', () => {
    assert.deepEqual(callKey(calls.getThing, { id: 1 }), ['demo', 'getThing', { id: 1 }]);
    assert.deepEqual(callKey(calls.thingCsv), ['demo', 'thingCsv']);
  });
});
