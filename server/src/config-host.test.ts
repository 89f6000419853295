// The address the server listens on (issue 15): HOST when given, otherwise loopback outside a container and every
// interface inside one (Docker, Podman, Kubernetes), whose published port reaches it from outside.
import { expect, it } from 'vitest';
import { defaultHost, loadConfig } from './config.ts';

const none = () => false;
const only = (file: string) => (path: string) => path === file;

it('listens on loopback outside a container', () => {
  expect(defaultHost({}, none)).toBe('127.0.0.1');
});

it('listens on every interface in a Docker or Podman container, or on Kubernetes', () => {
  expect(defaultHost({}, only('/.dockerenv'))).toBe('0.0.0.0');
  expect(defaultHost({}, only('/run/.containerenv'))).toBe('0.0.0.0');
  expect(defaultHost({ KUBERNETES_SERVICE_HOST: '10.96.0.1' }, none)).toBe('0.0.0.0');
});

it('takes HOST when given', () => {
  expect(loadConfig({ HOST: '192.0.2.10' }).host).toBe('192.0.2.10');
  expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
  expect(['127.0.0.1', '0.0.0.0']).toContain(loadConfig({}).host);
  expect(loadConfig({ HOST: '' }).host).toBe(loadConfig({}).host);
});
