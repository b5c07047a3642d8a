// Applies the saved colour scheme (src/lib/color-scheme.ts) before the first paint, so a dark page never
// flashes light. A file of its own, loaded by a blocking <script> in index.html: the Content-Security-Policy
// allows scripts from this origin only, never inline ones. The app takes over once loaded.
(function () {
  var dark = false;
  try {
    var saved = localStorage.getItem('color-scheme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {}
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
