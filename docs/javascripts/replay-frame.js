// An embedded replay page shows whole: its frame takes the height of the page inside it, again
// whenever that changes (another step, a narrower window). The page is on the same site, so its
// height can be read; where it cannot (a page opened from disk), the frame keeps its CSS height.
(function () {
  function follow(frame) {
    function fit() {
      try {
        var page = frame.contentDocument;
        if (page && page.body) {
          frame.style.height = page.body.scrollHeight + "px";
        }
      } catch (error) {
        // another origin: nothing to measure
      }
    }
    function watch() {
      fit();
      try {
        new ResizeObserver(fit).observe(frame.contentDocument.body);
      } catch (error) {
        // another origin, or no ResizeObserver: the first fit stays
      }
    }
    frame.addEventListener("load", watch);
    if (frame.contentDocument && frame.contentDocument.readyState === "complete") {
      watch();
    }
  }
  document.querySelectorAll("iframe.replay").forEach(follow);
})();
