// The practice's documents and the support tickets on the real app (issue 19): the generic upload control's refusals
// (a fake PDF named .pdf, two files, more than 15 MB: nothing stored), upload, list with filters, download with the
// stored media type and nosniff, delete; another practice's document and other roles; ticket visibility, replies
// that mail the other side through the outbox, the staff's assign, close and reopen.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PNG, demoPdf } from '../db/demo/support.ts';
import { type Harness, type Login, startHarness } from '../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let rossi: number;
let ferrari: number;

const idOf = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);
const count = async (table: string) =>
  Number((await h.one<{ n: number }>(`select count(*)::int as n from ${table}`)).n);

interface FilePart {
  name: string;
  type: string;
  bytes: Uint8Array;
  field?: string;
}

/** A multipart request with fetch: text fields and files. */
async function send(login: Login, method: string, url: string, fields: Record<string, string>, files: FilePart[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(f.field ?? 'file', new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
  const res = await fetch(`${h.t.url}${API}${url}`, {
    method,
    headers: { authorization: `Bearer ${h.token(login)}` },
    body: form,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked by the assertions
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

async function download(login: Login, url: string) {
  const res = await fetch(`${h.t.url}${API}${url}`, { headers: { authorization: `Bearer ${h.token(login)}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const pdf = demoPdf('Questionario MiFID');
const FAKE_PDF = new TextEncoder().encode('<html><script>alert(1)</script></html>');

beforeAll(async () => {
  h = await startHarness();
  rossi = await idOf("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  ferrari = await idOf("select id from clients where tax_code = 'FRRGNN58T10D612I'");
});
afterAll(async () => {
  await h?.t.close();
});

describe('documents: the upload control', () => {
  test('a PDF by its content is stored with its type and a safe name, audited without the bytes', async () => {
    const r = await send(
      'pro',
      'POST',
      '/document',
      { clientId: String(rossi), category: 'MIFID_QUESTIONNAIRE', title: 'Questionario 2026', expiresOn: '2031-01-31' },
      [{ name: '../../etc/questionario<1>.PDF', type: 'text/plain', bytes: pdf }],
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      clientId: rossi,
      category: 'MIFID_QUESTIONNAIRE',
      title: 'Questionario 2026',
      expiresOn: '2031-01-31',
      expired: false,
      fileName: 'questionario_1.pdf',
      mediaType: 'application/pdf',
      sizeBytes: pdf.length,
    });
    const audit = await h.one<{ after: string }>(
      "select after::text from audit_log where entity = 'document' and entity_id = $1",
      [String(r.body.id)],
    );
    expect(audit.after).toContain('questionario_1.pdf');
    expect(audit.after).not.toContain('Questionario MiFID');

    const file = await download('pro', `/document/${r.body.id}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toContain('filename="questionario_1.pdf"');
    expect(Buffer.from(file.bytes).equals(Buffer.from(pdf))).toBe(true);
  });

  test('a fake PDF named .pdf is bad_file_generic and nothing is stored', async () => {
    const before = await count('documents');
    const r = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'CONTRACT' }, [
      { name: 'contratto.pdf', type: 'application/pdf', bytes: FAKE_PDF },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('bad_file_generic');
    expect(await count('documents')).toBe(before);
  });

  test('two files are too_many_files; none is bad_file_generic; nothing stored', async () => {
    const before = await count('documents');
    const two = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'OTHER' }, [
      { name: 'a.png', type: 'image/png', bytes: DEMO_PNG },
      { name: 'b.png', type: 'image/png', bytes: DEMO_PNG, field: 'other' },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('too_many_files');
    const none = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'OTHER' }, []);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('bad_file_generic');
    expect(await count('documents')).toBe(before);
  });

  test('more than 15,000,000 bytes is 413 file_too_large; nothing stored', async () => {
    const before = await count('documents');
    const big = new Uint8Array(15_000_001);
    big.set(pdf.subarray(0, 8));
    const r = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'OTHER' }, [
      { name: 'grande.pdf', type: 'application/pdf', bytes: big },
    ]);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('file_too_large');
    expect(await count('documents')).toBe(before);
  });

  test('bad fields are 400 naming the field; a GIF and a JPEG pass by content', async () => {
    const bad = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'PASSPORT' }, [
      { name: 'x.png', type: 'image/png', bytes: DEMO_PNG },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toContain('body.category');
    const date = await send(
      'pro',
      'POST',
      '/document',
      { clientId: String(rossi), category: 'OTHER', expiresOn: '2024-02-30' },
      [{ name: 'x.png', type: 'image/png', bytes: DEMO_PNG }],
    );
    expect(date.status).toBe(400);
    const gif = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'OTHER' }, [
      {
        name: 'animazione',
        type: 'application/octet-stream',
        bytes: new TextEncoder().encode('GIF89a\x01\x00\x01\x00'),
      },
    ]);
    expect(gif.body).toMatchObject({ mediaType: 'image/gif', fileName: 'animazione.gif' });
    const jpeg = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'OTHER' }, [
      { name: 'foto.gif', type: 'image/gif', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
    ]);
    expect(jpeg.body).toMatchObject({ mediaType: 'image/jpeg', fileName: 'foto.jpg' });
  });
});

describe('documents: list, other practices and roles', () => {
  test('the list filters by client, category and expired, and flags the expired demo document', async () => {
    const all = await h.call('pro', 'GET', `${API}/document?clientId=${rossi}&size=100`);
    expect(all.status).toBe(200);
    const expired = await h.call('pro', 'GET', `${API}/document?expired=true&size=100`);
    expect(expired.body.item.length).toBeGreaterThan(0);
    expect(expired.body.item.every((d: { expired: boolean }) => d.expired)).toBe(true);
    expect(expired.body.item.map((d: { category: string }) => d.category)).toContain('IDENTITY_DOCUMENT');
    const mandates = await h.call('pro', 'GET', `${API}/document?category=MANDATE&size=100`);
    expect(mandates.body.item.every((d: { category: string }) => d.category === 'MANDATE')).toBe(true);
    // pro2's practice sees none of pro's documents.
    const other = await h.call('pro2', 'GET', `${API}/document?size=100`);
    expect(other.body.item.map((d: { clientId: number }) => d.clientId)).not.toContain(rossi);
  });

  test("another practice's document and a client the PRO does not see answer 404", async () => {
    const own = await idOf(
      "select d.id from documents d join users u on u.id = d.pro_id where u.login = 'pro' limit 1",
    );
    expect((await h.call('pro2', 'GET', `${API}/document/${own}/download`)).status).toBe(404);
    expect((await h.call('pro2', 'DELETE', `${API}/document/${own}`)).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/document?clientId=${ferrari}`)).status).toBe(404);
    const foreign = await send('pro', 'POST', '/document', { clientId: String(ferrari), category: 'OTHER' }, [
      { name: 'x.png', type: 'image/png', bytes: DEMO_PNG },
    ]);
    expect(foreign.status).toBe(404);
  });

  test('BASIC, DELEGATE and staff are refused with 403', async () => {
    const own = await idOf('select id from documents limit 1');
    for (const login of ['client', 'delegate', 'backoffice', 'admin'] as const) {
      expect((await h.call(login, 'GET', `${API}/document`)).status, login).toBe(403);
      expect((await h.call(login, 'GET', `${API}/document/${own}/download`)).status, login).toBe(403);
      expect((await h.call(login, 'DELETE', `${API}/document/${own}`)).status, login).toBe(403);
      const up = await send(login, 'POST', '/document', { clientId: String(rossi), category: 'OTHER' }, [
        { name: 'x.png', type: 'image/png', bytes: DEMO_PNG },
      ]);
      expect(up.status, login).toBe(403);
    }
  });

  test('delete removes the document, audited', async () => {
    const up = await send('pro', 'POST', '/document', { clientId: String(rossi), category: 'CONTRACT' }, [
      { name: 'contratto.png', type: 'image/png', bytes: DEMO_PNG },
    ]);
    const del = await h.call('pro', 'DELETE', `${API}/document/${up.body.id}`);
    expect(del.status).toBe(200);
    expect((await h.call('pro', 'GET', `${API}/document/${up.body.id}/download`)).status).toBe(404);
    const audit = await h.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'document' and action = 'delete' and entity_id = $1",
      [String(up.body.id)],
    );
    expect(Number(audit.n)).toBe(1);
  });
});

describe('support tickets', () => {
  const mailsTo = async (login: string) =>
    Number(
      (
        await h.one<{ n: number }>(
          "select count(*)::int as n from mail_outbox where to_address = $1 and kind like 'support_%'",
          [`${login}@patrimonio.example`],
        )
      ).n,
    );

  test('a client opens a ticket with a PNG; the staff are mailed; a fake PDF is refused', async () => {
    const refused = await send('client', 'POST', '/support/ticket', { category: 'DATA', subject: 'S', text: 'T' }, [
      { name: 'estratto.pdf', type: 'application/pdf', bytes: FAKE_PDF },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('bad_file_generic');

    const before = await mailsTo('backoffice');
    const r = await send(
      'client',
      'POST',
      '/support/ticket',
      { category: 'ACCESS', subject: 'Non vedo il mio conto', text: 'Dopo il login il conto non compare.' },
      [{ name: 'schermata.png', type: 'image/png', bytes: DEMO_PNG }],
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ state: 'OPEN', assignee: null, category: 'ACCESS', messages: 1 });
    expect(r.body.thread[0].attachment).toMatchObject({ fileName: 'schermata.png', mediaType: 'image/png' });
    expect(await mailsTo('backoffice')).toBe(before + 1);
    const file = await download('client', `/support/attachment/${r.body.thread[0].attachment.id}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(file.bytes).equals(DEMO_PNG)).toBe(true);
  });

  test('others see only their own tickets; the staff see all', async () => {
    const r = await send('client', 'POST', '/support/ticket', { category: 'OTHER', subject: 'Privato', text: 'x' }, []);
    const id = r.body.id as number;
    for (const login of ['pro', 'pro2', 'delegate'] as const) {
      expect((await h.call(login, 'GET', `${API}/support/ticket/${id}`)).status, login).toBe(404);
      const list = await h.call(login, 'GET', `${API}/support/ticket?size=100`);
      expect(
        list.body.item.map((t: { id: number }) => t.id),
        login,
      ).not.toContain(id);
      const reply = await send(login, 'POST', `/support/ticket/${id}/reply`, { text: 'intruso' }, []);
      expect(reply.status, login).toBe(404);
    }
    const attachment = await idOf(
      'select f.id from support_attachments f join support_messages m on m.attachment_id = f.id limit 1',
    );
    expect((await h.call('pro2', 'GET', `${API}/support/attachment/${attachment}`)).status).toBe(404);
    for (const login of ['admin', 'backoffice'] as const)
      expect((await h.call(login, 'GET', `${API}/support/ticket/${id}`)).status, login).toBe(200);
    // Only the staff assign and close.
    expect((await h.call('client', 'PATCH', `${API}/support/ticket/${id}`, { state: 'CLOSED' })).status).toBe(403);
    expect((await h.call('pro', 'GET', `${API}/support/staff`)).status).toBe(403);
  });

  test('the back office assigns itself and replies: the opener is mailed; the user replies: the assignee is mailed', async () => {
    const opened = await send(
      'client',
      'POST',
      '/support/ticket',
      { category: 'REPORT', subject: 'Report', text: 'x' },
      [],
    );
    const id = opened.body.id as number;
    const backoffice = await idOf("select id from users where login = 'backoffice'");
    const staff = await h.call('backoffice', 'GET', `${API}/support/staff`);
    expect(staff.body.map((s: { id: number }) => s.id)).toContain(backoffice);
    const assigned = await h.call('backoffice', 'PATCH', `${API}/support/ticket/${id}`, { assigneeId: backoffice });
    expect(assigned.body.assignee).toEqual({ id: backoffice, name: expect.any(String) });
    const notStaff = await idOf("select id from users where login = 'pro'");
    expect((await h.call('backoffice', 'PATCH', `${API}/support/ticket/${id}`, { assigneeId: notStaff })).status).toBe(
      400,
    );

    const clientMails = await mailsTo('client');
    const reply = await send('backoffice', 'POST', `/support/ticket/${id}/reply`, { text: 'Ci pensiamo noi.' }, []);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.state).toBe('IN_PROGRESS');
    expect(reply.body.thread.map((m: { staff: boolean }) => m.staff)).toEqual([false, true]);
    expect(await mailsTo('client')).toBe(clientMails + 1);
    const mail = await h.one<{ subject: string; body_text: string }>(
      "select subject, body_text from mail_outbox where to_address = 'client@patrimonio.example' order by id desc limit 1",
    );
    expect(mail.subject).toContain(`#${id}`);
    expect(mail.body_text).toContain(`/support?ticket=${id}`);
    expect(mail.body_text).toContain('Dear user');

    const staffMails = await mailsTo('backoffice');
    const adminMails = await mailsTo('admin');
    await send('client', 'POST', `/support/ticket/${id}/reply`, { text: 'Grazie!' }, []);
    expect(await mailsTo('backoffice')).toBe(staffMails + 1);
    expect(await mailsTo('admin')).toBe(adminMails);

    const closed = await h.call('backoffice', 'PATCH', `${API}/support/ticket/${id}`, { state: 'CLOSED' });
    expect(closed.body.state).toBe('CLOSED');
    const late = await send('client', 'POST', `/support/ticket/${id}/reply`, { text: 'Ancora' }, []);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ticket_closed');
    const reopened = await h.call('admin', 'PATCH', `${API}/support/ticket/${id}`, { state: 'OPEN' });
    expect(reopened.body.state).toBe('OPEN');
    const listed = await h.call('backoffice', 'GET', `${API}/support/ticket?state=OPEN&q=Report&size=100`);
    expect(listed.body.item.map((t: { id: number }) => t.id)).toContain(id);
    const audits = await h.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'support_ticket' and entity_id = $1",
      [String(id)],
    );
    expect(Number(audits.n)).toBe(6);
  });
});
