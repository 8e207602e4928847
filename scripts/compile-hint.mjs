// V8's explicit compile hint (Chrome 136+): every function of a chunk that starts with it is compiled
// with the module while it streams in, off the main thread, and goes into Chrome's code cache (written
// on a script's second load, read from the third on). Without it each function the content script
// calls is compiled on the chat page's main thread at its first call, on every page load: a third of
// the content script's CPU on a 200-reply conversation (issue 16). The price is paid once, when the
// cache is written (it holds every function, not only those that ran). The chunks of the content script
// and the format parsers carry it, and those of the review (the engine plans every file the moment the
// side panel opens); Firefox ignores the comment. Used by vite.config.ts and scripts/build-panel.mjs.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Whether a chunk made of these modules (paths or ids) starts with the hint. */
export const compiledOnLoad = (moduleIds) =>
  moduleIds.some((id) =>
    /(^|[\\/])(extension[\\/](content|sidepanel|ui)|shared[\\/](formats|engine))[\\/]/.test(id),
  );
