// Demo documents and support tickets (issue 19): two documents of `pro`'s practice about Mario Rossi (a mandate in
// PDF, and an identity document in PNG that has expired), and two tickets: Mario Rossi's, open and unassigned, and
// `pro`'s, in progress with `backoffice` and a staff reply. Fixed data, so two seeds give the same rows.
import type { Queryable } from '../database.ts';

/** A one-page PDF saying "Mandato di consulenza - demo" (built by hand: header, catalog, page, content, xref). */
export function demoPdf(text = 'Mandato di consulenza - demo'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** An 8 x 8 blue PNG. */
export const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQi1qAFTEMLQkAOd1GAUE19XUAAAAASUVORK5CYII=',
  'base64',
);

export async function seedSupport(
  tx: Queryable,
  userIds: Map<string, number>,
  clientIds: Map<string, number>,
): Promise<void> {
  const user = (login: string) => {
    const id = userIds.get(login);
    if (id === undefined) throw new Error(`demo user ${login} is missing`);
    return id;
  };
  const mario = clientIds.get('client');
  if (mario === undefined) throw new Error('demo client Mario Rossi is missing');
  const pdf = demoPdf();
  const documents = [
    ['MANDATE', 'Mandato di consulenza 2024', '2030-12-31', 'mandato-rossi.pdf', 'application/pdf', pdf],
    ['IDENTITY_DOCUMENT', "Carta d'identità", '2024-06-30', 'carta-identita-rossi.png', 'image/png', DEMO_PNG],
  ] as const;
  for (const [category, title, expiresOn, fileName, mediaType, bytes] of documents)
    await tx.query(
      `insert into documents (pro_id, client_id, category, title, expires_on, file_name, media_type, size_bytes, content,
                              created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $1)`,
      [user('pro'), mario, category, title, expiresOn, fileName, mediaType, bytes.length, bytes],
    );

  const ticket = async (opener: string, category: string, subject: string, state: string, assignee: string | null) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into support_tickets (opened_by, category, subject, state, assignee_id) values ($1, $2, $3, $4, $5)
       returning id`,
      [user(opener), category, subject, state, assignee === null ? null : user(assignee)],
    );
    return Number(rows[0]!.id);
  };
  const message = (ticketId: number, author: string, staff: boolean, body: string) =>
    tx.query('insert into support_messages (ticket_id, author_id, staff, body) values ($1, $2, $3, $4)', [
      ticketId,
      user(author),
      staff,
      body,
    ]);
  const report = await ticket('client', 'REPORT', 'Il report non mostra il conto deposito', 'OPEN', null);
  await message(report, 'client', false, 'Nel report PDF di ottobre non vedo il conto deposito aperto a settembre.');
  const data = await ticket('pro', 'DATA', 'Prezzi mancanti per un titolo', 'IN_PROGRESS', 'backoffice');
  await message(data, 'pro', false, "Il titolo IT0005240830 non ha prezzi dall'inizio del mese.");
  await message(data, 'backoffice', true, 'Stiamo verificando con il fornitore dei prezzi: la aggiorniamo a breve.');
}
