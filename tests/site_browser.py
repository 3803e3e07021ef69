"""The built docs site in a real browser, offline: for the Workshop's browser tests and its benchmark.

:func:`serve` serves a folder on 127.0.0.1 as ``python -m http.server``
would; :func:`offline_context` opens Debian's Chromium through Playwright for
Python (never a browser Playwright downloads) in a context where every
request to another host is blocked and recorded, so a page that reaches for
the network fails visibly instead of working by luck.
"""

from __future__ import annotations

import contextlib
import functools
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

#: What the machine's own Chromium is started with (no sign-in, sync, updates or other background traffic).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """The installed Chromium (Debian's ``chromium``), or ``None``."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class _Quiet(SimpleHTTPRequestHandler):
    #: Where the bytes of each answered request are added up by path (``serve``'s ``served``), if anywhere.
    served: dict[str, int] | None = None

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_header(self, keyword: str, value: str) -> None:
        if keyword == "Content-Length" and self.served is not None:
            self.served[self.path] = self.served.get(self.path, 0) + int(value)
        super().send_header(keyword, value)


@contextlib.contextmanager
def serve(folder: Path, served: dict[str, int] | None = None) -> Iterator[str]:
    """``folder`` served over HTTP on 127.0.0.1 (a free port); yields its base URL, ending in ``/``.

    ``served``, if given, adds up the bytes sent for each path (a file the
    browser took from its cache sends nothing).
    """
    handler = type("Counting", (_Quiet,), {"served": served})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def offline_context(base: str, chromium: str, *, block: bool = True, **options: Any) -> Iterator[tuple[Any, list[str]]]:
    """A Playwright browser context that may fetch only under ``base``; yields it and the blocked addresses.

    ``options`` go to ``new_context`` (``viewport``, ``accept_downloads``, ...).
    Blocking intercepts every request, which turns the browser's HTTP cache
    off (Playwright's routing does): ``block=False`` keeps the cache, for
    measuring what a visitor's browser really downloads.
    """
    from playwright.sync_api import Route, sync_playwright

    blocked: list[str] = []

    def only_the_site(route: Route) -> None:
        url = route.request.url
        if url.startswith(base) or url.startswith(("blob:", "data:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(**options)
            if block:
                context.route("**/*", only_the_site)
            yield context, blocked
            context.close()
        finally:
            browser.close()
