import type { FastifyInstance } from 'fastify';
import { customers } from '../src/db/schema/index.js';
import type { Db } from '../src/db/client.js';
import { bearer } from './helpers.js';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
export const CSV = Buffer.from('kundennummer;firma\n10001;Gasthaus\n');

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; content: Buffer; type?: string };
}

/** A multipart body built by hand, so the test controls names and claimed types exactly. */
export function multipart(parts: Part[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function fields(obj: Record<string, string | number>): Part[] {
  return Object.entries(obj).map(([name, v]) => ({ name, value: String(v) }));
}

export async function postMultipart(app: FastifyInstance, url: string, token: string, parts: Part[]) {
  const mp = multipart(parts);
  return app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...mp.headers, ...bearer(token) } });
}

export async function seedCustomers(db: Db) {
  await db
    .insert(customers)
    .values([
      { kundennummer: '10001', firma: 'Gasthaus Zum Goldenen Hirschen', country_id: 1, source: 'AT' },
      { kundennummer: '10002', firma: 'Café Sacher Demo', country_id: 1, source: 'AT' },
      { kundennummer: '20001', firma: 'Nile Gasthaus Kairo', country_id: 2, source: 'EG' },
      ...Array.from({ length: 30 }, (_, i) => ({
        kundennummer: `3${String(i).padStart(4, '0')}`,
        firma: `Pizzeria Nummer ${i}`,
        country_id: 1,
        source: 'AT',
      })),
    ]);
}
