// The bank file exchange's routes (issue 17; spec data-and-admin 7 "Admin", 8, 9): servers (ADMIN), counterparts,
// mapping, the file log and import activity (ADMIN, BACK_OFFICE; access/exchange.ts). Writes are audited; secrets
// are sealed before they are stored and never answered. Checks and fetches connect now and answer what they saw;
// reloads queue a new run of the file on the job queue (exchange-import).
import { type CounterpartInput, LAYOUT_FIELDS, routes, type ServerInput } from '@patrimonio/shared-api';
import { CronExpressionParser } from 'cron-parser';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FILE_EXCHANGE_ROLES, SERVER_ROLES } from '../../access/exchange.ts';
import {
  counterpartFiles,
  dashboard,
  deleteCounterpart,
  deleteMapping,
  deleteServer,
  exists,
  fileContent,
  findCounterpart,
  findFile,
  findMapping,
  findRun,
  findServer,
  insertCounterpart,
  insertMapping,
  insertRun,
  insertServer,
  listCounterparts,
  listFiles,
  listMappings,
  listRuns,
  listServers,
  type SealedSecrets,
  serverInUse,
  serverNames,
  unmappedCodes,
  updateCounterpart,
  updateMapping,
  updateServer,
} from '../../data/exchange.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { checkServer, EXCHANGE_IMPORT, fetchServer } from '../../exchange/fetch.ts';
import { localFolder } from '../../exchange/sources.ts';
import { scheduleServer } from '../../jobs/exchange.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { sendFile } from '../../uploads/attachment.ts';

export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const deps = () => ({ db: app.db, send: (n: string, d: object) => app.jobs.send(n, d), ...app.exchange });
  const admin = { roles: SERVER_ROLES };
  const exchange = { roles: FILE_EXCHANGE_ROLES };

  /** The rules beyond the schema: SFTP needs a host and a user, a schedule must be a valid cron, folders stay put. */
  function checkServerInput(v: ServerInput) {
    const faults: Array<{ field: string; message: string }> = [];
    if (v.protocol === 'SFTP') {
      if (!v.host) faults.push({ field: 'host', message: 'required for SFTP' });
      if (!v.username) faults.push({ field: 'username', message: 'required for SFTP' });
    } else {
      try {
        localFolder(app.exchange.dropDir, v.folder);
      } catch {
        faults.push({ field: 'folder', message: 'must be a folder inside the drop directory' });
      }
    }
    if (v.schedule !== null) {
      try {
        CronExpressionParser.parse(v.schedule);
      } catch {
        faults.push({ field: 'schedule', message: 'not a valid cron expression (minute hour day month weekday)' });
      }
    }
    if (faults.length) throw badRequest(faults);
  }

  const seal = (v: ServerInput): SealedSecrets => ({
    passwordEnc: v.password === undefined ? undefined : v.password === null ? null : app.exchange.box.seal(v.password),
    privateKeyEnc:
      v.privateKey === undefined ? undefined : v.privateKey === null ? null : app.exchange.box.seal(v.privateKey),
  });
  /** What the audit keeps of a server: never a secret. */
  const audited = (s: object) => s;
  const nameTaken = (err: unknown) => {
    if (isUniqueViolation(err)) throw new HttpError(409, 'A server or counterpart with this name exists', 'name_taken');
    throw err;
  };

  route(app, routes.adminDashboard, async () => dashboard(app.db), admin);

  // ---- Servers ----
  route(app, routes.listServers, async () => listServers(app.db), admin);
  route(app, routes.serverNames, async () => serverNames(app.db), exchange);
  route(
    app,
    routes.getServer,
    async (request) => (await findServer(app.db, request.params.id)) ?? Promise.reject(notFound()),
    admin,
  );
  route(
    app,
    routes.createServer,
    async (request) => {
      checkServerInput(request.body);
      const server = await app.db
        .transaction(async (tx) => {
          const s = await insertServer(tx, request.body, seal(request.body));
          await audit(tx, caller(request), 'create', 'external_server', s.id, null, audited(s));
          return s;
        })
        .catch(nameTaken);
      await scheduleServer(app.jobs, server);
      return server;
    },
    admin,
  );
  route(
    app,
    routes.updateServer,
    async (request) => {
      checkServerInput(request.body);
      const before = await findServer(app.db, request.params.id);
      if (!before) throw notFound();
      const server = await app.db
        .transaction(async (tx) => {
          const s = await updateServer(tx, request.params.id, request.body, seal(request.body));
          await audit(tx, caller(request), 'update', 'external_server', request.params.id, before, s);
          return s;
        })
        .catch(nameTaken);
      if (!server) throw notFound();
      await scheduleServer(app.jobs, server);
      return server;
    },
    admin,
  );
  route(
    app,
    routes.deleteServer,
    async (request) => {
      const { id } = request.params;
      const before = await findServer(app.db, id);
      if (!before) throw notFound();
      const users = await serverInUse(app.db, id);
      if (users > 0)
        throw new HttpError(
          409,
          `${users} counterparts take their files from this server`,
          'server_in_use',
          undefined,
          {
            counterparts: users,
          },
        );
      await app.db.transaction(async (tx) => {
        await deleteServer(tx, id);
        await audit(tx, caller(request), 'delete', 'external_server', id, before, null);
      });
      await scheduleServer(app.jobs, { id, deleted: true });
      return { id };
    },
    admin,
  );
  route(
    app,
    routes.checkServer,
    async (request) => (await checkServer(deps(), request.params.id)) ?? Promise.reject(notFound()),
    admin,
  );
  route(
    app,
    routes.fetchServer,
    async (request) => {
      const result = await fetchServer(deps(), request.params.id);
      if (!result) throw notFound();
      await app.db.transaction((tx) =>
        audit(tx, caller(request), 'fetch', 'external_server', request.params.id, null, result),
      );
      return result;
    },
    admin,
  );

  // ---- Counterparts ----
  async function checkCounterpartInput(v: CounterpartInput) {
    const faults: Array<{ field: string; message: string }> = [];
    if (v.intermediaryId !== null && !(await exists(app.db, 'financial_intermediaries', v.intermediaryId)))
      faults.push({ field: 'intermediaryId', message: 'no such intermediary' });
    if (v.serverId !== null && !(await exists(app.db, 'external_servers', v.serverId)))
      faults.push({ field: 'serverId', message: 'no such server' });
    v.formats.forEach((f, i) => {
      if ((f.format === 'LAYOUT') !== (f.layout !== null))
        faults.push({
          field: `formats/${i}/layout`,
          message: 'a LAYOUT format needs its layout; the others have none',
        });
      if (!f.layout) return;
      const { required, optional } = LAYOUT_FIELDS[f.layout.kind];
      const columns = f.layout.columns as Record<string, string | undefined>;
      for (const field of required)
        if (!columns[field]?.trim())
          faults.push({ field: `formats/${i}/layout/columns/${field}`, message: 'required' });
      for (const field of Object.keys(columns))
        if (!required.includes(field) && !optional.includes(field))
          faults.push({ field: `formats/${i}/layout/columns/${field}`, message: `not a field of ${f.layout.kind}` });
    });
    if (faults.length) throw badRequest(faults);
  }

  route(app, routes.listCounterparts, async () => listCounterparts(app.db), exchange);
  route(
    app,
    routes.getCounterpart,
    async (request) => (await findCounterpart(app.db, request.params.id)) ?? Promise.reject(notFound()),
    exchange,
  );
  route(
    app,
    routes.createCounterpart,
    async (request) => {
      await checkCounterpartInput(request.body);
      const id = await app.db
        .transaction(async (tx) => {
          const newId = await insertCounterpart(tx, request.body);
          await audit(tx, caller(request), 'create', 'counterpart', newId, null, request.body);
          return newId;
        })
        .catch(nameTaken);
      return (await findCounterpart(app.db, id))!;
    },
    exchange,
  );
  route(
    app,
    routes.updateCounterpart,
    async (request) => {
      const before = await findCounterpart(app.db, request.params.id);
      if (!before) throw notFound();
      await checkCounterpartInput(request.body);
      await app.db
        .transaction(async (tx) => {
          await updateCounterpart(tx, request.params.id, request.body);
          await audit(tx, caller(request), 'update', 'counterpart', request.params.id, before, request.body);
        })
        .catch(nameTaken);
      return (await findCounterpart(app.db, request.params.id))!;
    },
    exchange,
  );
  route(
    app,
    routes.deleteCounterpart,
    async (request) => {
      const { id } = request.params;
      const before = await findCounterpart(app.db, id);
      if (!before) throw notFound();
      const files = await counterpartFiles(app.db, id);
      if (files > 0)
        throw new HttpError(409, `${files} files of this counterpart were received`, 'counterpart_in_use', undefined, {
          files,
        });
      await app.db.transaction(async (tx) => {
        await deleteCounterpart(tx, id);
        await audit(tx, caller(request), 'delete', 'counterpart', id, before, null);
      });
      return { id };
    },
    exchange,
  );

  // ---- Mapping ----
  async function checkMappingInput(v: {
    counterpartId: number;
    kind: string;
    cause: string | null;
    subcause: string | null;
    instrumentId: number | null;
    accountId: number | null;
  }) {
    const faults: Array<{ field: string; message: string }> = [];
    if (!(await exists(app.db, 'counterparts', v.counterpartId)))
      faults.push({ field: 'counterpartId', message: 'no such counterpart' });
    if (v.kind === 'CAUSE' && v.cause === null) faults.push({ field: 'cause', message: 'required for a CAUSE' });
    if (v.subcause !== null && v.cause !== 'FEE') faults.push({ field: 'subcause', message: 'only a FEE has one' });
    if (v.kind === 'INSTRUMENT' && (v.instrumentId === null || !(await exists(app.db, 'instruments', v.instrumentId))))
      faults.push({ field: 'instrumentId', message: 'an existing instrument is required' });
    if (v.kind === 'ACCOUNT' && (v.accountId === null || !(await exists(app.db, 'accounts', v.accountId))))
      faults.push({ field: 'accountId', message: 'an existing account is required' });
    if (faults.length) throw badRequest(faults);
  }
  const mappingTaken = (err: unknown) => {
    if (isUniqueViolation(err))
      throw new HttpError(409, 'This code is already mapped for the counterpart', 'mapping_exists');
    throw err;
  };

  route(app, routes.listMappings, async (request) => listMappings(app.db, request.query), exchange);
  route(app, routes.unmappedCodes, async () => unmappedCodes(app.db), exchange);
  route(
    app,
    routes.createMapping,
    async (request) => {
      await checkMappingInput(request.body);
      const user = caller(request);
      const id = await app.db
        .transaction(async (tx) => {
          const newId = await insertMapping(tx, user.userId, request.body);
          await audit(tx, user, 'create', 'exchange_mapping', newId, null, request.body);
          return newId;
        })
        .catch(mappingTaken);
      return (await findMapping(app.db, id))!;
    },
    exchange,
  );
  route(
    app,
    routes.updateMapping,
    async (request) => {
      const before = await findMapping(app.db, request.params.id);
      if (!before) throw notFound();
      await checkMappingInput(request.body);
      const user = caller(request);
      await app.db
        .transaction(async (tx) => {
          await updateMapping(tx, request.params.id, user.userId, request.body);
          await audit(tx, user, 'update', 'exchange_mapping', request.params.id, before, request.body);
        })
        .catch(mappingTaken);
      return (await findMapping(app.db, request.params.id))!;
    },
    exchange,
  );
  route(
    app,
    routes.deleteMapping,
    async (request) => {
      const before = await findMapping(app.db, request.params.id);
      if (!before) throw notFound();
      await app.db.transaction(async (tx) => {
        await deleteMapping(tx, request.params.id);
        await audit(tx, caller(request), 'delete', 'exchange_mapping', request.params.id, before, null);
      });
      return { id: request.params.id };
    },
    exchange,
  );

  // ---- File log and import activity ----
  /** Queues a new run of a file: 409 run_busy while one of its runs is queued or running. */
  async function reload(fileId: number, user: ReturnType<typeof caller>) {
    const file = await findFile(app.db, fileId);
    if (!file) throw notFound();
    const runId = await app.db
      .transaction(async (tx) => {
        const id = await insertRun(tx, fileId, file.counterpartId, file.format, user.userId);
        await audit(tx, user, 'reload', 'exchange_file', fileId, null, { runId: id });
        return id;
      })
      .catch((err) => {
        if (isUniqueViolation(err))
          throw new HttpError(409, 'This file is being imported: wait for its run to end', 'run_busy');
        throw err;
      });
    await app.jobs.send(EXCHANGE_IMPORT, { runId });
    return (await findRun(app.db, runId))!;
  }

  route(app, routes.listFiles, async (request) => listFiles(app.db, request.query), exchange);
  route(app, routes.reloadFile, async (request) => reload(request.params.id, caller(request)), exchange);
  route(
    app,
    routes.downloadFile,
    async (request, reply) => {
      const file = await fileContent(app.db, request.params.id);
      if (!file) throw notFound();
      return sendFile(reply, file);
    },
    exchange,
  );
  route(app, routes.listRuns, async (request) => listRuns(app.db, request.query), exchange);
  route(
    app,
    routes.getRun,
    async (request) => (await findRun(app.db, request.params.id)) ?? Promise.reject(notFound()),
    exchange,
  );
  route(
    app,
    routes.reloadRun,
    async (request) => {
      const run = await findRun(app.db, request.params.id);
      if (!run) throw notFound();
      return reload(run.fileId, caller(request));
    },
    exchange,
  );
  route(
    app,
    routes.downloadRun,
    async (request, reply) => {
      const run = await findRun(app.db, request.params.id);
      const file = run ? await fileContent(app.db, run.fileId) : null;
      if (!file) throw notFound();
      return sendFile(reply, file);
    },
    exchange,
  );
}
