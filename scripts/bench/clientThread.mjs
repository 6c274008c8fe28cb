// The entry of a bench client thread (scripts/bench/clients.ts): a worker does not inherit the
// main thread's tsx loader, so it registers its own before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./clients.ts');
