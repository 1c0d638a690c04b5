// @vitest-environment happy-dom
import { catalogues } from '@mutirao/core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { button, cleanup, click, errorOf, field, render, type, until } from '../testing/dom';
import type { UploadedImport } from './activistsApi';
import { ImportDialog } from './ImportDialog';
import { columnOptions, startErrors, withColumn } from './importMapping';

const words = catalogues['pt-BR'].activists;

describe('the import’s column mapping', () => {
  it('sets a field to a column by its position, and clears it with the empty choice', () => {
    const mapping = withColumn({ email: 0 }, 'name', '2');
    expect(mapping).toEqual({ email: 0, name: 2 });
    expect(withColumn(mapping, 'email', '')).toEqual({ name: 2 });
    // The mapping it was given is left as it was.
    expect(mapping).toEqual({ email: 0, name: 2 });
  });

  it('offers no column first, then the file’s columns, a nameless one by its number', () => {
    expect(columnOptions(['E-mail', '', 'Cidade'], words.importNoColumn)).toEqual([
      { value: '', label: '— não importar —' },
      { value: '0', label: 'E-mail' },
      { value: '1', label: '#2' },
      { value: '2', label: 'Cidade' },
    ]);
  });

  it('puts a refusal on the field it names, on the tags, or else in one alert', () => {
    const refused = (fields: Record<string, string[]>, messages: string[] = []) =>
      startErrors(new ApiError('response', 422, fields, messages));
    expect(refused({ 'mapping.email': [words.importEmailColumnRequired] })).toEqual({
      fields: { email: words.importEmailColumnRequired },
      tags: undefined,
      alert: undefined,
    });
    expect(refused({ 'mapping.city': [words.importColumnMissing], tags: ['Etiqueta longa demais'] })).toMatchObject({
      fields: { city: words.importColumnMissing },
      tags: 'Etiqueta longa demais',
      alert: undefined,
    });
    expect(refused({ base: [words.importAlreadyStarted] }).alert).toBe(words.importAlreadyStarted);
    expect(refused({}, ['Muitas tentativas']).alert).toBe('Muitas tentativas');
    // Not a refusal (the network, a 500): the toast says it, nothing here.
    expect(startErrors(new ApiError('request', 0))).toEqual({ fields: {}, tags: undefined, alert: undefined });
  });
});

const UPLOADED: UploadedImport = {
  id: 8,
  file_name: 'pessoas.csv',
  status: 'uploaded',
  header: ['Nome completo', 'Correio', 'Município', ''],
  preview: [['Ana Souza', 'ana@example.org', 'Recife', 'x']],
  total: 120,
  imported: 0,
  updated: 0,
  duplicates: 0,
  rejected: 0,
  percent: 0,
  suggested_mapping: { name: 0, email: 1, city: 2 },
};

/** A fetch double answering as the imports API does, recording each request; the start answers `start`. */
function stubImports(start: { status: number; body: unknown }) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method: init.method ?? 'GET', url, body });
    if (url.startsWith('/api/communities/5/activist_imports?file_name='))
      return Response.json(UPLOADED, { status: 201 });
    if (url === '/api/communities/5/activist_imports/8/start') return Response.json(start.body, start);
    return Response.json({ ...UPLOADED, status: 'running', percent: 10 });
  });
  return calls;
}

async function chooseFile() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['Nome completo,Correio\n'], 'pessoas.csv', { type: 'text/csv' });
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await click(button(words.importUpload));
  await until(() => document.querySelector('select'), 'the mapping step');
}

describe('the import dialog', () => {
  beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('preselects the server’s guesses, sends the columns as chosen, and names a refusal on its field', async () => {
    const calls = stubImports({
      status: 422,
      body: { errors: { 'mapping.email': [words.importEmailColumnRequired] } },
    });
    await render(<ImportDialog communityId={5} opened onClose={() => {}} />);
    await chooseFile();
    expect(calls[0]?.url).toBe('/api/communities/5/activist_imports?file_name=pessoas.csv');
    expect(document.body.textContent).toContain('Primeiras linhas do arquivo (1 de 120)');
    const email = field<HTMLSelectElement>(words.importField_email);
    expect(email.value).toBe('1');
    expect(field<HTMLSelectElement>(words.importField_name).value).toBe('0');
    expect(field<HTMLSelectElement>(words.importField_phone).value).toBe('');
    expect([...email.options].map((o) => o.textContent)).toEqual([
      words.importNoColumn,
      'Nome completo',
      'Correio',
      'Município',
      '#4',
    ]);
    // The organiser moves the e-mail off and the phone onto the nameless column.
    await type(email, '');
    await type(field<HTMLSelectElement>(words.importField_phone), '3');
    await click(button(words.importStart));
    await until(() => errorOf(field(words.importField_email)), 'the refusal');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/communities/5/activist_imports/8/start',
      body: { mapping: { name: 0, city: 2, phone: 3 }, tags: [] },
    });
    expect(errorOf(field(words.importField_email))).toBe(words.importEmailColumnRequired);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a refusal that names no field above the button', async () => {
    stubImports({ status: 409, body: { errors: { base: [words.importAlreadyStarted] } } });
    await render(<ImportDialog communityId={5} opened onClose={() => {}} />);
    await chooseFile();
    await click(button(words.importStart));
    await until(() => document.querySelector('[role="alert"]'), 'the alert');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(words.importAlreadyStarted);
    expect(errorOf(field(words.importField_email))).toBeUndefined();
  });
});
