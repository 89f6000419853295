// What the widgets' stories share: the element as an adviser's page writes it (plain attributes, figures from
// `src` with a token), and a fetch answered in the story (a story-level test double) to show the loading and
// error states without a server.
import { createElement } from 'react';
import { defineWidgets } from './define.ts';

/** Story-level `beforeEach`: window.fetch answers with `status` (or never, for the loading state) until the story ends. */
export function answerFetch(status: number | 'never', body: unknown = null) {
  return () => {
    const real = window.fetch;
    window.fetch = (() =>
      status === 'never'
        ? new Promise<Response>(() => {})
        : Promise.resolve(
            new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
          )) as typeof fetch;
    return () => {
      window.fetch = real;
    };
  };
}

/** The element with plain attributes (as on an adviser's own page). */
export function PlainElement({ tag, attributes }: { tag: string; attributes: Record<string, string> }) {
  defineWidgets();
  return createElement(tag, attributes);
}

/** The source of the stories that read from the API (answered by answerFetch). */
export const storySource = (kind: string) => ({
  src: `https://adviser.example/api/v1/widget-data/${kind}`,
  token: 'ptw_story',
});
