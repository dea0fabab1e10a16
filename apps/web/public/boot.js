/* global document, requestAnimationFrame */
// Starts the scripts of a page rendered at build time (prerender.mjs) once its HTML has been painted.
// The page is readable without them, so on a slow line they must not take bandwidth from its HTML and
// stylesheets before the first paint; afterwards they load as usual and take the page over (main.tsx).
// A plain file from the app's own origin: the Content-Security-Policy allows no inline script.
(function () {
  var boot = document.currentScript;
  var started = false;
  function add(attrs) {
    var el = document.createElement(attrs.tag);
    delete attrs.tag;
    el.crossOrigin = '';
    for (var k in attrs) el[k] = attrs[k];
    document.head.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    JSON.parse(boot.dataset.modules).forEach(function (href) {
      add({ tag: 'link', rel: 'modulepreload', href: href });
    });
    JSON.parse(boot.dataset.fetches || '[]').forEach(function (href) {
      // The app's api client fetches with credentials: 'include': the preload must use the same mode.
      add({ tag: 'link', rel: 'preload', as: 'fetch', crossOrigin: 'use-credentials', href: href });
    });
    add({ tag: 'script', type: 'module', src: boot.dataset.entry });
  }
  // After the next frame has been painted; a tab in the background paints no frames, so also soon after.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 300);
})();
