import { type HostStatus, INSTALL_COMMAND } from '../../shared/protocol/messages';
import { HOST_UNREACHABLE, type HostCallError, type HostClient } from './host-client';

/** Ask the host `hello`, and say in words what is wrong when it does not answer. */
export async function hostStatus(client: HostClient): Promise<HostStatus> {
  try {
    const hello = await client.call('hello', undefined, { timeoutMs: 8000 });
    return { state: 'connected', version: hello.version, protocol: hello.protocol };
  } catch (err) {
    const e = err as HostCallError;
    if (e.code === HOST_UNREACHABLE && /not found|forbidden|exited|native host has exited/i.test(e.message)) {
      return {
        state: 'missing',
        message: `The ReplyApply host is not installed for this browser (${e.message.replace(/\.$/, '')}).`,
        installCommand: INSTALL_COMMAND,
      };
    }
    return { state: 'error', message: e.message };
  }
}
