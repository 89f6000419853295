// The issuer's own address comes from PUBLIC_URL, never from a request header.
import type { FastifyRequest } from 'fastify';

/**
 * Makes oidc-provider see the request as addressed to PUBLIC_URL. It builds the issuer's own URLs (the discovery
 * document, redirects) and decides on secure cookies from the request's host and protocol, which it reads from
 * X-Forwarded-Host and X-Forwarded-Proto (its `proxy` flag): these are set here from the configuration, so a Host or
 * X-Forwarded-* header a caller sent changes nothing. X-Forwarded-For becomes the client address Fastify resolved,
 * which trusts forwarded headers only from the proxies TRUST_PROXY names.
 */
export function addressToPublicUrl(request: FastifyRequest, publicUrl: URL): void {
  const headers = request.raw.headers;
  const ip = request.ip;
  headers.host = publicUrl.host;
  headers['x-forwarded-host'] = publicUrl.host;
  headers['x-forwarded-proto'] = publicUrl.protocol.replace(/:$/, '');
  headers['x-forwarded-for'] = ip;
  delete headers.forwarded;
}
