import { useEffect, useState } from 'preact/hooks';
import type { HostStatus } from '../../shared/protocol/messages';
import { getHostStatus } from './rpc';

/** "Host connected, version X", or what is wrong and the command that fixes it. */
export function HostStatusView() {
  const [status, setStatus] = useState<HostStatus | null>(null);
  useEffect(() => {
    getHostStatus().then(setStatus, (e: Error) => setStatus({ state: 'error', message: e.message }));
  }, []);
  if (!status)
    return (
      <p class="host-status" data-host-state="checking">
        Checking the ReplyApply host…
      </p>
    );
  if (status.state === 'connected') {
    return (
      <p class="host-status ok" data-host-state="connected">
        Host connected, version {status.version}
      </p>
    );
  }
  if (status.state === 'missing') {
    return (
      <div class="host-status missing" data-host-state="missing">
        <p>{status.message}</p>
        <p>
          Install it from the ReplyApply folder with <code>{status.installCommand}</code>, then reopen this
          panel.
        </p>
      </div>
    );
  }
  return (
    <p class="host-status error" data-host-state="error">
      The host did not answer: {status.message}
    </p>
  );
}
