import { expect, it } from 'vitest';
import * as protocol from '../../shared/protocol/protocol';
import { createHandlers } from './handlers';
import { HOST_NAME, METHOD_NAMES, PROTOCOL_VERSION } from './protocol-mirror';

it('holds the same values as the protocol and the handlers', () => {
  expect(HOST_NAME).toBe(protocol.HOST_NAME);
  expect(PROTOCOL_VERSION).toBe(protocol.PROTOCOL_VERSION);
  expect(METHOD_NAMES).toEqual(Object.keys(createHandlers()));
  expect(METHOD_NAMES).toEqual(Object.keys(protocol.METHODS));
});
