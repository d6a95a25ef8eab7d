// @ts-check
// The page's one executable script tag: it starts the app's entry (`data-entry`) once the
// prerendered frame the host server put in #root has been painted, so that the entry's download and
// its evaluation (the federation runtime, then the start-up) never hold back that first paint. It is
// a classic script of its own, not a webpack chunk: it runs before the federation runtime exists.
// Emitted by configs/plugins/starter-script-plugin.cjs (StarterScriptPlugin), which also preloads the entry.
(function startAfterPaint() {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var src = entry;
  var started = false;

  function start() {
    if (started) return;
    started = true;
    var app = document.createElement('script');
    app.src = src;
    // Ordered like the deferred script it stands in for: the document has been parsed.
    app.async = false;
    document.head.appendChild(app);
  }

  var frame = document.querySelector('#root > .prerendered');
  if (frame) markWhatTheStudentDoes(frame);

  // No frame (the striped skeleton, a page without one, a hidden tab that paints nothing): nothing
  // to wait for.
  if (!frame || document.visibilityState === 'hidden') {
    start();
    return;
  }
  // After two more frames, the frame is on screen whole: the first contentful paint can come while
  // the parser is still adding the frame (the header one frame, the page the next), and the document
  // has been parsed by the time this script runs.
  function afterTwoFrames() {
    requestAnimationFrame(function firstFrame() {
      requestAnimationFrame(function secondFrame() {
        setTimeout(start, 0);
      });
    });
  }

  // Paint timing reports the first contentful paint once it is on screen; a browser without paint
  // timing goes by frames alone.
  try {
    var observer = new PerformanceObserver(function onPaint(list) {
      if (
        list.getEntries().some(function isContentful(entry) {
          return entry.name === 'first-contentful-paint';
        })
      ) {
        observer.disconnect();
        afterTwoFrames();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    afterTwoFrames();
  }
  // Whatever happens to the paint, the app starts.
  setTimeout(start, 1000);

  /**
   * The frame's fields take input before the app has started. What the DOM does not keep by itself
   * is marked on the frame, for the app to take over when it replaces it (take-over-frame.ts): the
   * field the student is in (`data-frame-focus`) and a form sent with Enter (`data-frame-submit`),
   * which the frame cannot send itself (its submit buttons wait for the app).
   * @param {Element} frame
   */
  function markWhatTheStudentDoes(frame) {
    /** @param {EventTarget | null} target */
    function markFocus(target) {
      if (!(target instanceof Element) || !frame.contains(target)) return;
      var previous = frame.querySelector('[data-frame-focus]');
      if (previous) previous.removeAttribute('data-frame-focus');
      target.setAttribute('data-frame-focus', '');
    }
    markFocus(document.activeElement);
    frame.addEventListener('focusin', function onFocus(event) {
      markFocus(event.target);
    });
    frame.addEventListener('keydown', function onKey(event) {
      var target = /** @type {KeyboardEvent} */ (event).target;
      if (/** @type {KeyboardEvent} */ (event).key !== 'Enter') return;
      if (!(target instanceof HTMLInputElement) || !target.form) return;
      event.preventDefault();
      target.form.setAttribute('data-frame-submit', '');
    });
  }
})();
