/** The methods the host answers; each is a thin wrapper over native-host/fs. */
import { PROTOCOL_VERSION } from '../../shared/protocol/protocol';
import type { Handlers } from './server';
import { VERSION } from './version';

export function createHandlers(): Handlers {
  const handlers: Handlers = {
    hello: async () => ({
      version: VERSION,
      protocol: PROTOCOL_VERSION,
      capabilities: Object.keys(handlers),
    }),
  };
  return handlers;
}
