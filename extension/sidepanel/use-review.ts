import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { commitMessage } from '../../shared/git/commit-message';
import type { Proposal } from '../../shared/protocol/messages';
import {
  askGitEarly,
  commitRequest,
  type EarlyGitInfo,
  type GitInfo,
  reviewPaths,
  untickIgnored,
} from '../ui/git-state';
import {
  type ApplyOutcome,
  type ApplyStep,
  applyReview,
  buildReview,
  defaultTicks,
  type HostCall,
  type Review,
  type ReviewFile,
  reviewLabel,
  type UndoOutcome,
} from '../ui/review';

/**
 * After the next frame is painted, so that the files planned so far are on screen before planning goes
 * on; the next task when the page is not shown (the side panel is still loading, a hidden tab), where no
 * frame comes.
 */
function afterFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

export type Planning =
  | { phase: 'idle' }
  /** Reading the files; then, planned part by part, the files planned so far (`progress.review`). */
  | { phase: 'planning'; progress?: { review: Review; planned: number; total: number } }
  | { phase: 'ready'; review: Review }
  | { phase: 'failed'; code: number; message: string };

/** The review to show: the files planned so far while planning, then the whole review. */
export function shownReview(planning: Planning): Review | undefined {
  if (planning.phase === 'ready') return planning.review;
  return planning.phase === 'planning' ? planning.progress?.review : undefined;
}

/** The review of a proposal in a folder: planning, ticks, apply, undo, re-plan. */
export function useReview(proposal: Proposal | null, root: string | undefined, call: HostCall) {
  const [planning, setPlanning] = useState<Planning>({ phase: 'idle' });
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [scriptTicks, setScriptTicks] = useState<ReadonlySet<number>>(new Set());
  const [step, setStep] = useState<ApplyStep | null>(null);
  const [outcome, setOutcome] = useState<ApplyOutcome | null>(null);
  const [undone, setUndone] = useState<(UndoOutcome & { state: 'undone' }) | null>(null);
  const [round, setRound] = useState(0);
  /** The git state of the review's files; null outside a git work tree (then nothing git is shown). */
  const [git, setGit] = useState<GitInfo | null>(null);
  /** Bumped after every write, so the history reads itself again. */
  const [writes, setWrites] = useState(0);
  const latest = useRef(0);

  // A layout effect: the reads start in the same task as the render that has the proposal and the
  // folder, not a frame later.
  useLayoutEffect(() => {
    setOutcome(null);
    setUndone(null);
    setStep(null);
    setGit(null);
    if (!proposal || !root) {
      setPlanning({ phase: 'idle' });
      return;
    }
    performance.mark('replyapply:review-started');
    // A slower earlier plan must not overwrite the plan of a newer proposal or folder.
    const token = ++latest.current;
    const stop = new AbortController();
    setPlanning({ phase: 'planning' });
    setTicked(new Set());
    setScriptTicks(new Set());
    // Files are ticked by default as they are planned; what the user ticked meanwhile stays.
    const seen = new Set<ReviewFile>();
    const tickNew = (review: Review) => {
      const fresh = review.files.filter((f) => !seen.has(f));
      for (const f of fresh) seen.add(f);
      const on = [...defaultTicks({ ...review, files: fresh })];
      if (on.length) setTicked((prev) => new Set([...prev, ...on]));
    };
    // The files' git state is asked beside the reads (after them: the plan waits for those), for the
    // very names the plan reads first. In the usual case the answer is in when the plan is done, and
    // "ready" does not wait a round trip more for it; a review that shows other names asks again for those.
    let git: EarlyGitInfo | undefined;
    const reading: HostCall = (method, params) => {
      const answer = call(method, params);
      if (method === 'readFiles' && !git)
        git = askGitEarly(call, root, (params as { paths: string[] }).paths);
      return answer;
    };
    const built = buildReview(proposal, root, reading, {
      signal: stop.signal,
      yieldAfter: afterFrame,
      onProgress: (progress) => {
        if (token !== latest.current) return;
        tickNew(progress.review);
        setPlanning({ phase: 'planning', progress });
      },
    });
    built.then(
      (r) => {
        if (token !== latest.current) return;
        if (!r.ok) {
          setPlanning({ phase: 'failed', code: r.code, message: r.message });
          return;
        }
        tickNew(r.review);
        // Apply waits for the files' git state: an ignored file must be unticked before it can be written.
        void (git ?? askGitEarly(call, root, [])).forReview(reviewPaths(r.review)).then((info) => {
          if (token !== latest.current) return;
          setGit(info);
          if (info) setTicked((prev) => untickIgnored(prev, r.review, info));
          setPlanning({ phase: 'ready', review: r.review });
        });
      },
      (e: unknown) => {
        if (token === latest.current) setPlanning({ phase: 'failed', code: -1, message: String(e) });
      },
    );
    return () => stop.abort();
  }, [proposal, root, call, round]);

  const tick = useCallback((path: string, on: boolean) => {
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);
  const tickScript = useCallback((index: number, on: boolean) => {
    setScriptTicks((prev) => {
      const next = new Set(prev);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  }, []);

  /** Apply the ticked files; with `commitTicks`, commit those of them (the "Commit these files" option). */
  const apply = useCallback(
    async (commitTicks?: ReadonlySet<string>) => {
      if (planning.phase !== 'ready' || !proposal) return;
      const { review } = planning;
      setOutcome(null);
      const reply = { summary: review.changeSet.summary, text: proposal.text };
      const out = await applyReview(
        review,
        ticked,
        scriptTicks,
        reviewLabel(proposal, review.changeSet),
        call,
        setStep,
        commitTicks ? (changes) => commitRequest(changes, commitTicks, reply) : undefined,
      );
      setStep(null);
      setOutcome(out);
      setWrites((n) => n + 1);
    },
    [planning, proposal, ticked, scriptTicks, call],
  );
  /** The commit message the option would use for `files` files. */
  const commitMessageFor = useCallback(
    (files: number) =>
      commitMessage({ summary: shownReview(planning)?.changeSet.summary, text: proposal?.text }, files),
    [planning, proposal],
  );

  const replan = useCallback(() => setRound((n) => n + 1), []);
  const onUndone = useCallback((u: UndoOutcome & { state: 'undone' }) => {
    setUndone(u);
    setWrites((n) => n + 1);
  }, []);

  return {
    planning,
    ticked,
    scriptTicks,
    tick,
    tickScript,
    step,
    outcome,
    undone,
    apply,
    replan,
    onUndone,
    writes,
    setWrites,
    git,
    commitMessageFor,
  };
}
