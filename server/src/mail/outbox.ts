// Outgoing mail through an outbox: every message is first recorded in mail_outbox (in the caller's transaction,
// so a rolled-back write sends nothing), then delivered after commit. Without SMTP_URL delivery means writing
// the message to the server log (the outbox table is then the development inbox); with SMTP_URL it goes
// through a nodemailer SMTP transport and the row records whether it was sent.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/database.ts';

export interface MailMessage {
  /** What the message is, e.g. client_invitation. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  clientId?: number | null;
}

export type DeliveryStatus = 'logged' | 'sent' | 'failed';

export interface Mailer {
  readonly transport: 'log' | 'smtp';
  /** Records the message in the outbox with tx; returns the outbox id to deliver after commit. */
  enqueue(tx: Queryable, message: MailMessage): Promise<number>;
  /** Delivers a recorded message (log or SMTP) and records the outcome. Never throws. */
  deliver(id: number): Promise<DeliveryStatus>;
}

export interface MailerOptions {
  db: Queryable;
  log: FastifyBaseLogger;
  /** smtp(s)://user:pass@host:port (config SMTP_URL); unset: log and outbox only. */
  smtpUrl?: string | undefined;
  /** Sender address (config MAIL_FROM). */
  from?: string | undefined;
  /** A ready transport (tests); takes the place of smtpUrl. */
  transporter?: Transporter;
}

/** The server's mailer (a route plugin's): its database, its log and the configured SMTP_URL and MAIL_FROM. */
export function appMailer(app: { db: Queryable; log: FastifyBaseLogger; config: ServerConfig }): Mailer {
  return createMailer({ db: app.db, log: app.log, smtpUrl: app.config.mail.smtpUrl, from: app.config.mail.from });
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, log } = options;
  const { smtpUrl } = options;
  const from = options.from ?? 'Patrimonio <no-reply@patrimonio.local>';
  const transporter = options.transporter ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : null);
  const transport = transporter ? 'smtp' : 'log';

  return {
    transport,
    async enqueue(tx, m) {
      const { rows } = await tx.query<{ id: number }>(
        `insert into mail_outbox (kind, to_address, subject, body_text, body_html, transport, client_id)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [m.kind, m.to, m.subject, m.text, m.html ?? null, transport, m.clientId ?? null],
      );
      return rows[0]!.id;
    },
    async deliver(id) {
      const { rows } = await db.query<{
        kind: string;
        to_address: string;
        subject: string;
        body_text: string;
        body_html: string | null;
      }>('select kind, to_address, subject, body_text, body_html from mail_outbox where id = $1', [id]);
      const m = rows[0];
      if (!m) return 'failed';
      if (!transporter) {
        log.info(
          { mail: { id, kind: m.kind, to: m.to_address, subject: m.subject, text: m.body_text } },
          'mail (no SMTP_URL)',
        );
        await db.query(`update mail_outbox set status = 'logged', sent_at = now() where id = $1`, [id]);
        return 'logged';
      }
      try {
        await transporter.sendMail({
          from,
          to: m.to_address,
          subject: m.subject,
          text: m.body_text,
          ...(m.body_html ? { html: m.body_html } : {}),
        });
        await db.query(`update mail_outbox set status = 'sent', sent_at = now(), error = null where id = $1`, [id]);
        return 'sent';
      } catch (err) {
        log.error({ err, mailId: id }, 'mail delivery failed');
        await db.query(`update mail_outbox set status = 'failed', error = $2 where id = $1`, [
          id,
          err instanceof Error ? err.message : String(err),
        ]);
        return 'failed';
      }
    },
  };
}
