// A real SFTP server for the file exchange's tests: Debian's OpenSSH (sshd, internal-sftp) on a loopback port of its
// own, with a fresh host key, one authorised client key (the current user's login) and a folder for the bank's files.
// Started and stopped by the tests themselves (.ci/run installs openssh-server).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const SSHD = process.env.SSHD_PATH ?? '/usr/sbin/sshd';

export interface SftpServer {
  host: string;
  port: number;
  username: string;
  /** The authorised client key (OpenSSH format). */
  privateKey: string;
  /** A key the server does not know. */
  wrongKey: string;
  /** The folder the bank drops its files in (absolute: the SFTP path too). */
  folder: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function keyPair(dir: string, name: string): string {
  const file = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
  return file;
}

/** Starts sshd and waits until it accepts connections. */
export async function startSftpServer(): Promise<SftpServer> {
  const dir = mkdtempSync(join(tmpdir(), 'patrimonio-sftp-'));
  const folder = join(dir, 'outgoing');
  mkdirSync(folder);
  const hostKey = keyPair(dir, 'host_ed25519');
  const client = keyPair(dir, 'client_ed25519');
  const wrong = keyPair(dir, 'wrong_ed25519');
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(`${client}.pub`));
  // sshd's privilege separation directory.
  mkdirSync('/run/sshd', { recursive: true });
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'UsePAM no',
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  const proc: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`sshd exited (${proc.exitCode}): ${stderr}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(true));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
    });
    if (up) break;
    if (i > 100) throw new Error(`sshd did not listen on ${port}: ${stderr}`);
    await sleep(50);
  }
  return {
    host: '127.0.0.1',
    port,
    username: userInfo().username,
    privateKey: readFileSync(client, 'utf8'),
    wrongKey: readFileSync(wrong, 'utf8'),
    folder,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
    },
  };
}
