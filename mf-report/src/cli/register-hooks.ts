// Registers node-hooks.ts (Lingui macros and asset imports) after tsx: `node --import tsx --import ./register-hooks.ts`.
// Synchronous hooks (module.registerHooks, Node 22.15 and later; module.register is deprecated from Node 26).
import { registerHooks } from 'node:module';
import { load } from './node-hooks.ts';

registerHooks({ load });
