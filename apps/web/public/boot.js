// Runs before the app's modules, as a file of its own (the Content-Security-Policy allows scripts from
// this origin only, never inline ones).
/* global window, document, localStorage */

// The saved colour scheme (src/lib/color-scheme.ts) before the first paint, so a dark page never flashes
// light. The app takes over once loaded.
(function () {
  var dark = false;
  try {
    var saved = localStorage.getItem('color-scheme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // Storage refused (private mode, policy): the system's scheme decides.
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();

// Zod compiles object parsers with `new Function` when it may, and probes for that the first time one
// parses; under the policy (no 'unsafe-eval') the probe is refused and reported as a violation. Zod reads
// this object when it loads, which a module cannot precede: shared chunks run before the entry's code.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
